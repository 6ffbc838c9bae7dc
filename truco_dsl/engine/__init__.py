"""The reference interpreter: runs a RuleSet as a deterministic state machine."""

from truco_dsl.engine.engine import BadDeal, Engine, Event, IllegalAction, RuleSetIncomplete

__all__ = ["BadDeal", "Engine", "Event", "IllegalAction", "RuleSetIncomplete"]
