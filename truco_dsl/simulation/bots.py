"""STAND-IN until the bots branch is merged (random only)."""
from __future__ import annotations
import random
from typing import Any


class _Random:
    name = "random"

    def __init__(self, seed: int):
        self.random = random.Random(seed)

    def choose(self, view: Any, legal: list[str]) -> str:
        return legal[self.random.randrange(len(legal))]

    def close(self) -> None:
        pass


def make_bot(spec: str, seed: int) -> _Random:
    return _Random(seed)


def seat_view(engine: Any, seat: int, history: list) -> Any:
    return None
