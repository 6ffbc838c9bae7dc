"""truco-dsl: the regulations of Truco Paulista as rule files, a reference interpreter, and a
conformance suite for truco engines.

Layers, each importing only the ones before it: ``cards`` → ``lang`` → ``rules`` → ``engine`` →
``cli`` (and the conformance harness in ``truco_dsl.conformance``).
"""

__version__ = "0.1.0"
