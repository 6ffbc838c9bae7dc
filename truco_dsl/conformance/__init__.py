"""The conformance harness: run the scenarios of features/ against any engine and report them.

- ``engines/``: the only door to an engine under test (``EngineAdapter``), the reference engine
  behind it, the JSON-lines protocol (both codecs), the subprocess adapter, the transcript of an
  exchange, and a third-party engine's adapter (gat-games);
- ``suite/``: which scenarios run (``selection``), the pytest plugin and step definitions that run
  them, the catalogue of scenarios, and their export as data (``cases``);
- ``report/``: a scenario's outcome, an engine's expectations file, the JUnit XML and HTML reports;
- ``runner``: the suite run in-process (``run_suite``), the engine named by ``--engine``;
- ``mutate``: wrong copies of a rule set that the suite must kill; ``coverage``: which clauses are
  encoded, informative and checked; ``where``: where a clause id, builtin, hook or scenario id is
  written, encoded, run and checked (``truco where``; here, the lowest layer that sees both the
  rule files and the scenarios).

What a user types and reads (``truco conform`` and the rest) is in ``truco_dsl.cli``.
"""
