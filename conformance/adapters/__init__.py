"""Adapters for truco engines that we did not write, so that ``truco conform`` can test them.

- ``gat_games``: gat-games 0.0.2 (PyPI), a Truco Paulista engine driven by player callbacks. Its
  report and its expected failures are in ``gat-games.expectations.yaml`` beside this file and in
  the README ("A third-party engine: gat-games 0.0.2").
"""
