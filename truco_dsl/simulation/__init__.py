"""Bots of graded strength and whole games played by them, on the reference engine.

``bots.py``: the ``Bot`` interface, the ``random`` bot and ``make_bot`` (a bot from its spec);
``view.py``: what a seat sees (``SeatView``) and which seat is asked next; ``heuristic.py``,
``mcts.py`` and ``program.py``: the ``heuristic``, ``mcts`` and ``cmd:`` bots; ``match.py``: one
game played by bots and recorded (``play_game``, ``GameRecord``, ``replay``); ``statistics.py``:
the interval of a rate (``wilson``). Import each from its module.
"""
