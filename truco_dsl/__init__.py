"""truco-dsl: the regulations of Truco Paulista as rule files, a reference interpreter, and a
conformance suite for truco engines.

Layers, each importing only itself and the ones before it (tests/test_layers.py checks it):
``diagnostics``, ``errors``, ``bundled`` and ``programs`` (the foundation: places and problems, every
exception, where the bundled folders are, a program spoken to in lines) → ``cards`` → ``lang`` (the clause language) → ``rules`` (rule
files) → ``engine`` (the reference interpreter) → ``simulation`` (bots and whole games played by
them) → ``conformance`` (the suite, its engines and reports) → ``review`` (reviewers' tools) →
``cli`` (the ``truco`` command).
"""

__version__ = "0.1.0"
