"""In-process engines that hang, for the tests of ``--engine python:`` under ``--timeout``: the
reference engine, hanging where each class says until ``RELEASE`` is set (a test sets it when done,
so that no thread is left waiting).

- ``HangsWhenMadeAgain``: the first one is made at once (``engine_factory`` makes one to see it is
  an engine); making the second (the first scenario's) hangs; later ones are made at once.
- ``HangsOnFirstAct``: the first game's first ``act`` hangs; later games play well.
- ``HangsWhenMade``: making any hangs.
"""

from __future__ import annotations

import threading

from truco_dsl.conformance.engines.adapter import Outcome, ReferenceAdapter

RELEASE = threading.Event()
#: engines made, and games started, since the test reset them
counts = {"made": 0, "games": 0}


def reset() -> None:
    """Start counting again, and hang again where a class says."""
    counts.update(made=0, games=0)
    RELEASE.clear()


class HangsWhenMadeAgain(ReferenceAdapter):
    def __init__(self) -> None:
        counts["made"] += 1
        if counts["made"] == 2:
            RELEASE.wait(600)
        super().__init__()


class HangsOnFirstAct(ReferenceAdapter):
    def new_game(self, *arguments, **keywords):
        counts["games"] += 1
        self.game = counts["games"]
        return super().new_game(*arguments, **keywords)

    def act(self, seat: int, action: str) -> Outcome:
        if self.game == 1:
            RELEASE.wait(600)
        return super().act(seat, action)


class HangsWhenMade(ReferenceAdapter):
    def __init__(self) -> None:
        RELEASE.wait(600)
        super().__init__()
