"""The reference interpreter: runs a RuleSet as a deterministic state machine."""

from truco_dsl.engine.engine import Engine, Event

__all__ = ["Engine", "Event"]
