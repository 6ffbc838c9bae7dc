"""Failures grouped by their likely cause: the first point where the engine departs from the reference.

One fault of an engine often fails a hundred scenarios (who leads the first vaza at 2 players fails
every scenario that plays a card there), each charged to its own clauses. To name the fault once,
``departure`` replays a failing scenario's own exchange with the engine (``transcript.Transcript``:
every request and reply, in order) request by request on the reference engine, through the
protocol's own request handler (``protocol.ProtocolServer``, what ``truco serve`` answers with), and
compares each reply with the engine's by structure, leaving out the engine's own words (``detail``,
``message``) and the events (an engine's events are its own; the protocol fixes only their list):

- ``act``: accepted or refused, and the refusal's reason code;
- ``legal_actions``: the set of actions;
- ``state``: the canonical fields (``adapter.py``, "The canonical state"), in their order;
- ``count``: the total; any command: an error reply and its code where the other answered.

The first reply that differs is the departure. Its ``key`` says what differed without the values of
one deal (``act play: refused not_your_turn where the reference accepts``, ``state hand.turn``),
so the scenarios failing for one cause share it; ``said`` is the same with this scenario's values.
Its clause is the one the departure itself breaks, found on the reference engine's own trace
(``engine.TracedEngine``): the guard that refused an action the engine took, the guard whose reason
the engine gave for an action the reference took, else the clause that last set the state the
departure is about (``engine.STATE_SETTERS``: who leads, the clause calling ``lead``; the score,
one calling ``award``…). A vaza given to another seat is the ranking's fault when the engine did
not see the reference's top cards (``_ranking``): the clauses are then those the rule file's
ranking parameter cites (``deck.manilha`` or ``deck``, ``rules.model``; ``Resolved.cited_by``),
not the clause that happened to run last; a tie the engine saw and settled otherwise is the tie
clause's. A reply that breaks the protocol's schema is a departure of its own: a protocol error at
its exchange (``act truco``), whatever its values; so is a refusal whose reason code is neither the
engine's own nor the rule set's (``reason_codes.unknown_reason_in``), not the reference's guard.

No departure is found when the exchange shuffles a deal (the engine's shuffle is its own), when a
reply never came or was no protocol line, or when every reply agrees (the engine replied as the
reference and the step judged otherwise). ``cause`` keys an engine fault (a timeout, a crash, a
protocol error) by the command it broke off at and its message, any other failure by its failing
step and message, numbers and quoted words left out (``fallback``).

``groups`` gathers the failing records by ``cause["key"]``, largest first; ``charged`` says which
clauses a failing record counts for in a per-clause table.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from truco_dsl.conformance.engines.adapter import FAULT_OUTCOMES, ReferenceAdapter
from truco_dsl.conformance.engines.protocol import ProtocolServer, check_reply, parse_line
from truco_dsl.conformance.reason_codes import unknown_reason_in
from truco_dsl.conformance.report.outcomes import PROTOCOL_ERROR, label
from truco_dsl.engine.engine import STATE_SETTERS, TracedEngine
from truco_dsl.engine.vaza import top_seats
from truco_dsl.errors import IllegalAction, MessageError
from truco_dsl.rules import RuleSet
from truco_dsl.rules.model import CARD_RANKING, MANILHA_RANKING
from truco_dsl.rules.resolved import resolve

#: the canonical state's fields (adapter.py, "The canonical state") in the order they are compared:
#: what decides before what follows from it — who took each vaza before whose turn it is (the taker
#: leads) and the score; the hand's stake and end before the score; the score before the phase
STATE_FIELDS = ("hand", "score", "games_won", "winner", "game_winner", "phase", "target", "next_dealer")
HAND_FIELDS = ("tricks", "stake", "over", "turn", "blind", "vira", "hands")
TRICK_FIELDS = ("number", "tied", "winner_seat")

#: the longest key of a failure without a departure (characters)
FALLBACK_LENGTH = 200
#: the refusal that is about whose turn it is (no guard clause gives it: the engine's order of play does)
NOT_YOUR_TURN = "not_your_turn"


@dataclass(frozen=True)
class Departure:
    """Where an engine first replied otherwise than the reference. ``request``: the exchange's
    position (1-based); ``command``: its command; ``key``: what differed, shared by every scenario
    failing for the same cause; ``said``: the same with this scenario's values; ``clauses``: the
    source clause ids the departure breaks (one, or those a parameter group cites: ``parameter``,
    the group, as ``deck.manilha``), empty when none is found; ``clause``: the first of them."""

    request: int
    command: str
    key: str
    said: str
    clauses: tuple[str, ...] = ()
    parameter: str | None = None

    @property
    def clause(self) -> str | None:
        return self.clauses[0] if self.clauses else None


class _TracedReference(ReferenceAdapter):
    """The reference engine, traced: after each deal and action, ``engine.trace`` says which clause did what."""

    engine_type = TracedEngine


def departure(exchange: Iterable[tuple[str, str | None]], rulesets: Mapping[str, RuleSet] | None = None) -> Departure | None:
    """The first reply of ``exchange`` (``(request line, reply line)`` pairs, oldest first: a
    ``Transcript.whole()``) that differs from the reference engine's, replaying the requests on it
    (``rulesets``: id -> RuleSet played in place of that id, as the run's reference adapter plays).
    None when no departure is found (module docstring). Raises nothing for any exchange."""
    pairs = [(_object(request) or {}, _object(reply)) for request, reply in exchange]
    offered: dict[str, set[int]] = {}
    for request, _ in pairs:
        if request.get("command") == "new_game" and isinstance(request.get("ruleset"), str):
            offered.setdefault(request["ruleset"], set()).add(request.get("players"))
    reference = _TracedReference(rulesets)
    server = ProtocolServer(reference, [(ruleset, [p for p in players if isinstance(p, int)]) for ruleset, players in offered.items()],
                            "reference", "")
    effects: list[Any] = []  # the clauses that ran on the reference, in order (runtime.Traced)
    played: str | None = None  # the rule set of the game being played
    for position, (request, reply) in enumerate(pairs, 1):
        command = request.get("command")
        if command == "hello":
            continue
        if command == "new_game" and isinstance(request.get("ruleset"), str):
            played = request["ruleset"]
        if not request or reply is None:  # no reply came, or none the protocol reads: the fault is the cause
            return None
        if command in ("new_game", "next_hand") and request.get("deal") is None:
            return None  # a shuffled deal: the engine's shuffle is its own
        try:
            check_reply(str(command), reply)
        except MessageError as problem:  # a reply that is no protocol: the fault is the cause, not its values
            said = str(problem).removeprefix("(the message): ")  # about the whole reply: a property missing
            key = f"{label(PROTOCOL_ERROR)} at {_exchange_kind(request)}: the reply breaks the protocol's schema"
            return Departure(position, str(command), key + (f" at {said.split(':', 1)[0]}" if said == str(problem) else ""),
                             f"{_exchange_words(request)}: the reply breaks the protocol's schema ({said})")
        unknown = unknown_reason_in(reply.get("reason"), played) if command == "act" and reply.get("accepted") is False else None
        if unknown is not None:  # a refusal the contract does not know: the fault is the cause, not the reference's guard
            return Departure(position, "act", f"{label(PROTOCOL_ERROR)} at act: the reply refuses with an unknown reason code",
                             f"{_exchange_words(request)}: {unknown}")
        expected = server.answer(json.dumps(request))
        trace = list(reference.engine.trace) if command in ("new_game", "next_hand", "act") and reference.engine else []
        effects += [entry for entry in trace if entry.kind == "effect" and entry.held]
        difference = _difference(command, request, reply, expected)
        if difference is None:
            continue
        key, said, about = difference
        if command == "legal_actions":  # an action listed that the reference refuses: keyed as if it were taken
            key, trace = _refused_extra(request, reply, expected, reference, key, trace)
        vaza = re.match(r"hand\.tricks\[(\d+)\]\.(?:tied|winner_seat)$", about or "")
        if command == "state" and vaza:  # who takes a vaza: the cards' ranking, or a tie's rule
            ranked = _ranking(int(vaza.group(1)), reply, reference, key, said)
            if ranked is not None:
                key, said, parameter, clauses = ranked
                return Departure(position, command, key, said, clauses, parameter)
        if about and about.startswith("hand.tricks["):  # a field of a vaza
            about = about.rsplit(".", 1)[1]
        clause = _guard_clause(command, request, reply, expected, trace, reference) or _setter(about, effects)
        return Departure(position, command, key, said, (clause,) if clause else ())
    return None


def _object(line: str | None) -> dict[str, Any] | None:
    """A protocol line as a JSON object, None when it is none (no reply, not a protocol line: not
    JSON, nested past the protocol's limit, not an object)."""
    try:
        return parse_line(line) if line else None
    except MessageError:
        return None


def _kind(action: Any) -> str:
    """An action as a kind, the same whatever the deal: ``play:7c`` -> ``play``; an infraction and
    a mão de onze decision keep their word (``infraction:talking``)."""
    action = str(action)
    return action if action.startswith(("infraction:", "mao_de_onze:")) else action.split(":", 1)[0]


def _difference(command: str, request: dict[str, Any], reply: dict[str, Any],
                expected: dict[str, Any]) -> tuple[str, str, str | None] | None:
    """``(key, said, about)`` when ``reply`` differs from the reference's ``expected`` (``about``:
    the state field the difference is about, for ``_setter``; a vaza's field with its path:
    ``hand.tricks[0].winner_seat``), else None."""
    if reply.get("ok") is not True or expected.get("ok") is not True:
        if reply.get("ok") == expected.get("ok") and reply.get("error") == expected.get("error"):
            return None
        engine = f"error {reply.get('error')}" if reply.get("ok") is not True else "answered"
        theirs = f"gives error {expected.get('error')}" if expected.get("ok") is not True else "answers"
        text = f"{command}: {engine} where the reference {theirs}"
        return text, text, None
    if command == "act":
        return _act_difference(request, reply, expected)
    if command == "legal_actions":
        return _legal_difference(request, reply, expected)
    if command == "state":
        path = _state_difference(reply.get("state"), expected.get("state"))
        if path is None:
            return None
        field_path, ours, theirs = path
        seat = request.get("seat")
        view = "" if seat is None else f" (seat {seat}'s view)"
        return (f"state {_generic(field_path)}", f"state{view} {field_path} is {_json(ours)} where the reference has {_json(theirs)}",
                field_path if field_path.startswith("hand.tricks[") else
                "tricks" if field_path.startswith("hand.tricks") else field_path.split(".")[-1])
    if command == "count" and reply.get("total") != expected.get("total"):
        return "count total", f"count total {reply.get('total')} where the reference has {expected.get('total')}", None
    return None


def _act_difference(request: dict[str, Any], reply: dict[str, Any], expected: dict[str, Any]) -> tuple[str, str, str | None] | None:
    ours, theirs = reply.get("accepted"), expected.get("accepted")
    reason, reference_reason = reply.get("reason"), expected.get("reason")
    if ours == theirs and (ours or reason == reference_reason):
        return None
    kind, seat, action = _kind(request.get("action")), request.get("seat"), request.get("action")
    if ours and not theirs:  # the key a legal_actions listing it shares (_allowed)
        return (_allowed(kind, reference_reason), f"act {action} by seat {seat}: accepted where the reference refuses "
                f"{reference_reason}", "turn" if reference_reason == NOT_YOUR_TURN else None)
    if theirs and not ours:
        what = f"refused {reason} where the reference accepts"
    else:
        what = f"refused {reason} where the reference refuses {reference_reason}"
    about = "turn" if NOT_YOUR_TURN in (reason, reference_reason) else None
    return f"act {kind}: {what}", f"act {action} by seat {seat}: {what}", about


def _allowed(kind: str, reason: Any) -> str:
    """The key of an action the engine allows (takes, or lists) where the reference refuses it with ``reason``."""
    return f"{kind}: allowed where the reference refuses {reason}"


def _legal_difference(request: dict[str, Any], reply: dict[str, Any],
                      expected: dict[str, Any]) -> tuple[str, str, str | None] | None:
    ours, theirs = set(map(str, reply.get("actions") or [])), set(map(str, expected.get("actions") or []))
    if ours == theirs:
        return None
    lacks, extra = sorted(theirs - ours), sorted(ours - theirs)
    seat = request.get("seat")
    if not ours or not theirs:  # one of the two has another seat on turn or deciding, or none
        deciding = any(action.startswith("mao_de_onze:") for action in ours | theirs)
        why = "the mão de onze decision" if deciding else "whose turn it is"
        return (f"legal_actions lists none of the reference's ({why})" if theirs else
                f"legal_actions lists actions where the reference lists none ({why})",
                f"legal_actions of seat {seat} are {sorted(ours)} where the reference lists {sorted(theirs)}",
                "mao_de_onze" if deciding else "turn")
    parts, said = [], []
    if lacks:
        parts.append("lacks " + ", ".join(dict.fromkeys(map(_kind, lacks))))
        said.append("lacks " + ", ".join(lacks))
    if extra:
        parts.append("has extra " + ", ".join(dict.fromkeys(map(_kind, extra))))
        said.append("has extra " + ", ".join(extra))
    about = "mao_de_onze" if any(action.startswith("mao_de_onze:") for action in lacks + extra) else None
    return f"legal_actions {' / '.join(parts)}", f"legal_actions of seat {seat} {' / '.join(said)}", about


def _state_difference(ours: Any, theirs: Any) -> tuple[str, Any, Any] | None:
    """The first canonical field where state ``ours`` differs from the reference's ``theirs``, as
    ``(path, ours, theirs)`` (``hand.turn``, ``hand.tricks[1].winner_seat``), else None."""
    if not isinstance(ours, dict) or not isinstance(theirs, dict):
        return None if ours == theirs else ("(the state)", ours, theirs)
    for name in STATE_FIELDS:
        if name not in theirs:
            continue
        mine, reference = ours.get(name, "(missing)"), theirs[name]
        if name != "hand" or not isinstance(mine, dict) or not isinstance(reference, dict):
            if mine != reference:
                return name, mine, reference
            continue
        for part in HAND_FIELDS:
            if part not in reference:
                continue
            mine_part, reference_part = mine.get(part, "(missing)"), reference[part]
            if part == "tricks" and isinstance(mine_part, list) and isinstance(reference_part, list):
                for number, (trick, reference_trick) in enumerate(zip(mine_part, reference_part)):
                    for field in TRICK_FIELDS:
                        got = trick.get(field, "(missing)") if isinstance(trick, dict) else trick
                        if field in reference_trick and got != reference_trick[field]:
                            return f"hand.tricks[{number}].{field}", got, reference_trick[field]
                if len(mine_part) != len(reference_part):
                    return "hand.tricks (count)", len(mine_part), len(reference_part)
            elif mine_part != reference_part:
                return f"hand.{part}", mine_part, reference_part
    return None


def _generic(path: str) -> str:
    """A state path without the vaza it is in: ``hand.tricks[1].winner_seat`` -> ``hand.tricks[].winner_seat``."""
    return re.sub(r"\[\d+\]", "[]", path)


def _json(value: Any) -> str:
    return value if value == "(missing)" else json.dumps(value, ensure_ascii=False)


def _refused_extra(request: dict[str, Any], reply: dict[str, Any], expected: dict[str, Any], reference: ReferenceAdapter,
                   key: str, trace: list[Any]) -> tuple[str, list[Any]]:
    """For a ``legal_actions`` reply that lists only actions the reference lists and some it does
    not: the key of the first of those the reference refuses (``_allowed``) and the reference's
    trace of that refusal; else ``key`` and ``trace`` unchanged. The action is tried on the
    reference, which a refusal leaves as it was (and the replay stops here)."""
    ours, theirs = set(map(str, reply.get("actions") or [])), set(map(str, expected.get("actions") or []))
    if theirs - ours or reference.engine is None:
        return key, trace
    for action in sorted(ours - theirs):
        try:
            reference.engine.act(request["seat"], action)
        except IllegalAction as refusal:
            return _allowed(_kind(action), refusal.reason), list(reference.engine.trace)
        return key, trace  # the reference took it after all: the listing alone differs
    return key, trace


def _guard_clause(command: str, request: dict[str, Any], reply: dict[str, Any], expected: dict[str, Any],
                  trace: list[Any], reference: ReferenceAdapter) -> str | None:
    """The guard clause an action's departure breaks: the reference's own refusal (the guard its
    trace ends with), or the guard giving the engine's reason that did not hold on the reference;
    for an action the engine lists and the reference refuses, the guard refusing it (``trace``
    is then that refusal's, ``_refused_extra``)."""
    if command == "legal_actions" and trace and trace[-1].kind == "guard" and trace[-1].held:
        return trace[-1].clause.source_id
    if command != "act":
        return None
    if expected.get("accepted") is False and trace and trace[-1].kind == "guard" and trace[-1].held:
        return trace[-1].clause.source_id
    reason = reply.get("reason")
    if reply.get("accepted") is False and reason:
        for entry in trace:
            if entry.kind == "guard" and entry.clause is not None and entry.clause.then.reason == reason:
                return entry.clause.source_id
    return None


def _setter(about: str | None, effects: list[Any]) -> str | None:
    """The clause that last set the state field ``about`` on the reference (``engine.STATE_SETTERS``;
    a field of a vaza not set by a call of its own: by what takes a vaza or begins the next), or None."""
    for field in (about, "tricks") if about in TRICK_FIELDS else (about,):
        calls = set(STATE_SETTERS.get(field or "", ()))
        for entry in reversed(effects):
            if calls & set(entry.clause.then.calls):
                return entry.clause.source_id
    return None


def _ranking(number: int, reply: dict[str, Any], reference: ReferenceAdapter, key: str,
             said: str) -> tuple[str, str, str, tuple[str, ...]] | None:
    """For a state reply that gives vaza ``number`` (0-based) to another seat than the reference
    does, or ties it otherwise: ``(key, said, parameter, clauses)`` when the engine ranks the vaza's
    cards otherwise — the card of the seat it gives the vaza to is not among the reference's top
    cards, or it ties what the reference does not, or does not tie what the reference does. The
    clauses are those the rule file's ranking parameter cites (``parameter``: ``deck.manilha`` when
    a manilha is among the cards ranked otherwise, else ``deck``; ``rules.model``). None when the
    engine saw the reference's top cards and settled their tie otherwise (a tie's rule: the clause
    is the one that gave the vaza, ``_setter``), when the reference has not finished the vaza, or
    when a covered card is in it."""
    engine = reference.engine
    hand = engine.hand if engine is not None else None
    if hand is None or number >= len(hand.tricks):
        return None
    trick, strengths = hand.tricks[number], hand.strengths
    if trick.winner_seat is None and not trick.tied:
        return None  # unfinished on the reference: the engine ended it, no card ranked otherwise
    if any(play.covered for play in trick.plays):
        return None  # a covered card ranks below every card by the engine's shape, not by the deck
    tricks = ((reply.get("state") or {}).get("hand") or {}).get("tricks") or []
    ours = tricks[number] if number < len(tricks) and isinstance(tricks[number], dict) else {}
    tops = top_seats([(play.seat, strengths[play.card]) for play in trick.plays])
    taker = ours.get("winner_seat")
    if len(tops) > 1 and (ours.get("tied") is True or taker in tops):
        return None  # the same top cards, their tie settled otherwise
    cards = {play.seat: play.card for play in trick.plays}
    if taker in cards:  # the reference's top card(s) and the one the engine let win
        ranked = list(dict.fromkeys([cards[seat] for seat in tops] + [cards[taker]]))
    else:  # the engine tied the vaza, with which cards it does not say
        ranked = [play.card for play in trick.plays]
    try:
        manilhas = set(engine.ruleset.manilhas(hand.vira))
    except ValueError:  # a vira rule dealt without its vira (a variant's translation)
        manilhas = set()
    parameter = MANILHA_RANKING if manilhas & set(ranked) else CARD_RANKING
    ranked.sort(key=lambda card: -strengths[card])
    order = str(ranked[0]) + "".join(f" {'>' if strengths[higher] > strengths[card] else '='} {card}"
                                     for higher, card in zip(ranked, ranked[1:]))
    return (f"{key}: the {'manilhas' if parameter == MANILHA_RANKING else 'cards'} rank otherwise",
            f"{said}: the reference ranks {order}" + (f" (vira {hand.vira})" if hand.vira else ""),
            parameter, tuple(_cited(engine.ruleset, parameter)))


def _cited(ruleset: RuleSet, parameter: str) -> list[str]:
    """The clause ids the parameter group ``parameter`` of ``ruleset`` cites (``Resolved.cited_by``), in its file's order."""
    return list(_resolved(ruleset.file).cited_by(parameter)) if ruleset.file else []


@lru_cache(maxsize=16)
def _resolved(file: str) -> Any:
    """The rule file ``file`` resolved (``rules.resolved.resolve``), once per run."""
    return resolve(Path(file))


def _exchange_kind(request: dict[str, Any]) -> str:
    """A request as the kind of exchange, the same whatever the deal: ``act truco``, ``state``."""
    command = str(request.get("command"))
    return f"{command} {_kind(request.get('action'))}" if command == "act" else command


def _exchange_words(request: dict[str, Any]) -> str:
    """A request in this scenario's words: ``act truco by seat 0``, ``legal_actions of seat 1``."""
    command, seat = str(request.get("command")), request.get("seat")
    if command == "act":
        return f"act {request.get('action')} by seat {seat}"
    return f"{command} of seat {seat}" if seat is not None else command


# ------------------------------------------------------------------------------------ a scenario's cause
def cause(exchange: list[tuple[str, str | None]] | None, rulesets: Mapping[str, RuleSet] | None, outcome: str,
          failing_step: str | None, message: str | None) -> dict[str, Any]:
    """A failing scenario's likely cause (``ScenarioResult.cause``): ``{"key", "said", "clause",
    "clauses", "parameter", "command", "request"}``. ``exchange``: its whole exchange with the
    engine (``Transcript.whole()``; None without one), replayed on the reference engine
    (``departure``, with ``rulesets``); ``outcome``, ``failing_step``, ``message``: the scenario's.
    Without a departure, an engine fault (a timeout, a crash, a protocol error) is keyed by the
    outcome, the exchange it broke off at (``act``, whatever the action) and its message with
    numbers and quoted words left out, so one fault met at many steps is one cause; any other
    failure by its failing step (``fallback``). Raises nothing."""
    pairs = list(exchange or [])
    found = departure(pairs, rulesets) if pairs else None
    if found is not None:
        return {"key": found.key, "said": found.said, "clause": found.clause, "clauses": list(found.clauses),
                "parameter": found.parameter, "command": found.command, "request": found.request}
    first = next(iter((message or "").strip().splitlines()), "")
    if outcome in FAULT_OUTCOMES and pairs:  # the fault broke the exchange off: its last request
        request = _object(pairs[-1][0]) or {}
        key = f"{label(outcome)} at {request.get('command')}: {_shape(first)}"
        return {"key": _shortened(key), "said": f"{label(outcome)} at {_exchange_words(request)}: {first or outcome}",
                "clause": None, "clauses": [], "parameter": None, "command": request.get("command"), "request": len(pairs)}
    return {"key": fallback(outcome, failing_step, message), "said": first or outcome, "clause": None, "clauses": [],
            "parameter": None, "command": None, "request": None}


# ------------------------------------------------------------------------------------ without a departure
def fallback(outcome: str, failing_step: str | None, message: str | None) -> str:
    """The group key of a failure without a departure: the outcome, the failing step and the first
    line of its message, cards, numbers and quoted words left out (``Then the score is N to N: …``)."""
    step = re.sub(r"\s*\(line \d+\)$", "", failing_step or "")
    first = (message or "").strip().splitlines()[0] if (message or "").strip() else ""
    return _shortened(": ".join([outcome] + [_shape(part) for part in (step, first) if part]))


def _shortened(text: str) -> str:
    return text if len(text) <= FALLBACK_LENGTH else text[:FALLBACK_LENGTH - 1] + "…"


#: a card in the notation of conformance/STEPS.md (7c, Qh, 10d)
_CARD = re.compile(r"\b(?:10|[2-9AJQK])[cdhs]\b")


def _shape(text: str) -> str:
    """``text`` without what changes from one deal to another: cards (``<card>``), numbers (``N``), quoted words."""
    text = _CARD.sub("<card>", text)
    text = re.sub(r'"[^"]*"', '"…"', text)
    text = re.sub(r"'[^']*'", "'…'", text)
    return re.sub(r"\d+", "N", text)


# ------------------------------------------------------------------------------------ the groups
@dataclass
class Group:
    """The failing scenarios that share a likely cause. ``key``: the cause (``cause["key"]`` of each);
    ``clauses``: the clauses its departure breaks (the most common among them; empty: none found),
    ``parameter``: the parameter group citing them, if they are its cites (``Departure``);
    ``said``: the smallest scenario's own departure; ``smallest``: that scenario's record (fewest
    steps, then id); ``results``: every record of the group, in run order."""

    key: str
    clauses: tuple[str, ...]
    parameter: str | None
    said: str
    smallest: Any
    results: list[Any]

    @property
    def clause(self) -> str | None:
        """The first of ``clauses``, None without."""
        return self.clauses[0] if self.clauses else None

    @property
    def count(self) -> int:
        return len(self.results)

    @property
    def checked(self) -> list[str]:
        """The clauses its scenarios check (their ``@clause:`` tags), the most shared first."""
        tally: dict[str, int] = {}
        for result in self.results:
            for clause in result.clauses:
                tally[clause] = tally.get(clause, 0) + 1
        return sorted(tally, key=lambda clause: (-tally[clause], clause))


def groups(results: Iterable[Any]) -> list[Group]:
    """The records of ``results`` (``ScenarioResult``) that carry a ``cause``, grouped by its key,
    the largest group first (then by key)."""
    gathered: dict[str, list[Any]] = {}
    for result in results:
        if result.cause:
            gathered.setdefault(result.cause["key"], []).append(result)
    made = []
    for key, members in gathered.items():
        smallest = min(members, key=lambda result: (len(result.steps) or 10 ** 6, result.shown_id))
        found = [(_clauses_of(result), result.cause.get("parameter")) for result in members if _clauses_of(result)]
        clauses, parameter = max(dict.fromkeys(found), key=found.count) if found else ((), None)
        made.append(Group(key, clauses, parameter, smallest.cause.get("said") or key, smallest, members))
    return sorted(made, key=lambda group: (-group.count, group.key))


def _clauses_of(result: Any) -> tuple[str, ...]:
    """The clauses a record's cause names (a record written before ``clauses`` was: its ``clause``)."""
    cause = result.cause or {}
    return tuple(cause.get("clauses") or ([cause["clause"]] if cause.get("clause") else []))


def charged(result: Any) -> tuple[str, ...]:
    """The clauses a record (``ScenarioResult``) counts for in a per-clause table: all its own
    (``@clause:``) clauses, but for a scenario that failed before its check only those of them its
    cause names — a failure there says nothing of what the scenario checks unless the engine's first
    departure breaks one of its own clauses (a vaza misranked on the way to the check of the ranking)."""
    if not result.before_check:
        return tuple(result.clauses)
    return tuple(clause for clause in result.clauses if clause in _clauses_of(result))
