"""Bots of graded strength and whole games played by them, on the reference engine.

``bots.py``: the ``Bot`` interface, the ``random`` bot and ``make_bot`` (a bot from its spec);
``view.py``: what a seat sees (``SeatView``) and which seat is asked next; ``heuristic.py``,
``mcts.py`` and ``program.py``: the ``heuristic``, ``mcts`` and ``cmd:`` bots; ``games.py``: one
game played by bots, counted (``measures.py``) and recorded (``play_game``, ``replay``);
``runner.py``: many games over processes or a cluster, the same for a seed; ``statistics.py`` and
``summary.py``: the figures and their intervals; ``plot.py``: their picture. Import each from its module.
"""
