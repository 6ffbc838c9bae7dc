"""What a rule change does to every scenario: the second part of ``truco diff``.

The scenarios are the exported cases (``conformance.suite.cases``: each step's structured forms)
written for a rule set of either side's lineage (``atb-2004``'s for a variant of it, and both
regulations' for two of them), and the scenarios each side's files carry (``features:``). Each is
played under both rule sets on the reference engine (``engines.adapter.ReferenceAdapter``, the
side's rule set in place of the one the scenario names, as ``truco conform --ruleset`` plays a
variant), step by step, its expectations left out: no scenario is judged, the two plays are
compared. After every form of a setup or action step the *observation* is taken: what the action
did (accepted, or refused with its reason), the scores, games won, phase, the game's and match's
winner, the target, the next dealer, and of the hand its stake, turn, vira and manilhas, cards
held, vazas (who led, who took it or tied), a pending raise or mão de onze decision, whether it is
over or blind, who cut, and for every seat its legal actions and whose cards it sees.

A scenario whose observations differ is listed with the first step where they part (its line and
text, and the action within it), every observation that differs there with its old and new value,
and the clauses that acted there (the engine's events name them; for a legal action only one side
lists, or an action only one side refuses, the clause that refuses it, tried on a fork of that
side's engine). A scenario one side cannot play
is counted with why: a player count it does not allow, a deal it cannot deal (a card not in its
deck, no vira), a deal that means something else without the vira it does not turn
(``translation.NotTranslatable``); the reference engine has every optional capability, so none is
missing. Differences are grouped by the changed clauses (``text.TextDiff.changed_ids``) that acted
where the scenario parts (at its first parting and where its play parts), or else by the
changed clause whose undoing alone makes the new rule set play the scenario as the old one does
to that step (blame by experiment, ``undone``: the engine's events do not name every clause, a
vaza given by ``take_trick`` for one), or else by the scenario's own ``@clause:`` tags (a changed
parameter is not undone by experiment).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.suite.cases import export_cases
from truco_dsl.engine.engine import STRUCTURAL
from truco_dsl.errors import IllegalAction, RuleSetIncomplete, SetupRefused
from truco_dsl.review.revisions import Side
from truco_dsl.rules import RuleSet


@dataclass(frozen=True)
class Parting:
    """Where a scenario's two plays part: the step's ``line`` and ``text``, the ``action`` within
    it (``seat 0 play:3c``, or the deal), ``values`` (observation -> (old, new)) and ``clauses``
    (the clause ids the engine's events name at that step, under either rule set, sorted)."""

    line: int
    text: str
    action: str
    values: dict[str, tuple[Any, Any]]
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class Scenario:
    """A scenario as a report names it: ``id``, ``name``, ``feature`` file and ``line``, the rule
    set it is written for (``ruleset``) and its ``@clause:`` ids (``clauses``)."""

    id: str
    name: str
    feature: str
    line: int
    ruleset: str
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class Differing:
    """A scenario both sides play whose observations part, and where (``parting``). The play
    goes on after it: ``in_play`` is the first later step where what was played (scores, stake,
    turn, vazas, the hand's end …: not the legal actions and views) differs in an observation the
    first parting did not tell (a covered card legal at the deal, then a vaza taken otherwise);
    None when none does."""

    scenario: Scenario
    parting: Parting
    in_play: Parting | None = None


@dataclass(frozen=True)
class Unplayable:
    """A scenario one side (``side``: ``old``, ``new`` or ``both``) cannot play, and ``why``."""

    scenario: Scenario
    side: str
    why: str


@dataclass
class BehaviourDiff:
    """The behaviour part: ``scenarios`` looked at, ``same`` (played alike by both),
    ``differing`` (in the order of the cases), ``unplayable``, and ``groups``: clause id -> the
    ids of the differing scenarios grouped under it (module docstring), sorted."""

    scenarios: int = 0
    same: int = 0
    differing: list[Differing] = field(default_factory=list)
    unplayable: list[Unplayable] = field(default_factory=list)
    groups: dict[str, list[str]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.differing


class _Stop(Exception):
    """A side cannot play the scenario on (why: the message)."""


def scenario_cases(old: Side, new: Side) -> list[dict[str, Any]]:
    """The exported cases both sides are compared on (module docstring), each once, in the export's
    order: the bundled ones written for a rule set of either lineage, then each side's own.
    Raises ``CasesError`` for a feature file the export cannot read."""
    lineages = set(old.ruleset.lineage) | set(new.ruleset.lineage)
    bundled = [case for case in export_cases()["cases"] if case["ruleset"] in lineages]
    taken = {(case["feature"], case["line"]) for case in export_cases()["cases"]}
    for side in (old, new):
        if side.ruleset.features:
            for case in export_cases(side.reference)["cases"]:
                if (case["feature"], case["line"]) not in taken:
                    taken.add((case["feature"], case["line"]))
                    bundled.append(case)
    return bundled


def behaviour_diff(old: Side, new: Side, changed: frozenset[str] = frozenset()) -> BehaviourDiff:
    """Play every case of ``scenario_cases`` under both sides and compare (module docstring).
    ``changed``: the clause ids the text part found changed, preferred for grouping. Raises
    ``CasesError`` as ``scenario_cases`` does."""
    found = BehaviourDiff()
    groups: dict[str, set[str]] = defaultdict(set)
    for case in scenario_cases(old, new):
        found.scenarios += 1
        scenario = Scenario(case["id"] or "", case["name"], case["feature"], case["line"], case["ruleset"] or "", tuple(case["clauses"]))
        before, after = play(case, old.ruleset), play(case, new.ruleset)
        index = next((number for number, (first, second) in enumerate(zip(before, after)) if _seen(first) != _seen(second)), None)
        if index is None and len(before) == len(after):
            if before and "cannot play" in before[-1]:  # neither plays it, for the same reason
                found.unplayable.append(Unplayable(scenario, "both", before[-1]["cannot play"]))
            else:
                found.same += 1
            continue
        index = min(len(before), len(after)) - 1 if index is None else index
        first, second = before[index], after[index]
        if "cannot play" in first or "cannot play" in second:
            side = "both" if "cannot play" in first and "cannot play" in second else "old" if "cannot play" in first else "new"
            why = first.get("cannot play") or second.get("cannot play")
            found.unplayable.append(Unplayable(scenario, side, why))
            continue
        parting = _parting(case, old, new, before, after, index)
        told = set(parting.values)
        later = next((number for number in range(index + 1, min(len(before), len(after)))
                      if _news(_played(_seen(before[number])), _played(_seen(after[number])), told)), None)
        in_play = None
        if later is not None and "cannot play" not in before[later] and "cannot play" not in after[later]:
            in_play = _parting(case, old, new, before, after, later)
        found.differing.append(Differing(scenario, parting, in_play))
        keys = {clause for clause in parting.clauses if clause in changed}
        if in_play is not None:  # where the play parts: a changed clause acting there, else one found by experiment
            keys |= ({clause for clause in in_play.clauses if clause in changed}
                     or _blamed(case, old.ruleset, new.ruleset, changed, before, later, _played) or set(scenario.clauses))
        elif not keys:
            keys = _blamed(case, old.ruleset, new.ruleset, changed, before, index, _seen)
        keys = sorted(keys) or list(scenario.clauses) or ["(no clause)"]
        for key in keys:
            groups[key].add(scenario.id)
    found.groups = {key: sorted(ids) for key, ids in sorted(groups.items())}
    return found


#: the order observations are listed in (others after, by name)
_ORDER = ("action", "score", "games won", "phase", "game winner", "winner", "target", "next dealer", "stake", "turn",
          "hand over", "vazas", "pending raise", "deciding mão de onze", "mão de onze", "blind", "vira", "manilhas", "hands",
          "cutter", "shuffled deals", "engine")


def _order(name: str) -> tuple[int, str]:
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), name)


def play(case: dict[str, Any], ruleset: RuleSet, until: int | None = None, adapter: ReferenceAdapter | None = None) -> list[dict[str, Any]]:
    """Play the exported ``case`` under ``ruleset`` in place of the rule set it names, and return
    an observation after every form of its setup and action steps (expectations are skipped). A
    form the side cannot play gives ``{"cannot play": why}`` and ends the list; an engine that
    stops (``RuleSetIncomplete``) gives ``{"engine": "stopped: …"}`` and ends it. ``until``: stop
    after that many observations; ``adapter``: the ``ReferenceAdapter`` to play on (left as the
    play leaves it), a new one by default. Raises nothing else for a case the export made."""
    adapter = adapter if adapter is not None else ReferenceAdapter()
    adapter.rulesets = {case["ruleset"]: ruleset}
    table: dict[str, Any] = {"players": case["players"], "dealer": case["players"] - 1, "scores": [0, 0], "games_won": None}
    observations: list[dict[str, Any]] = []
    for step in case["steps"]:
        if step["phase"] == "expectation":
            continue
        for form in step["forms"]:
            where = {"line": step["line"], "text": step["text"], "action": _action(form)}
            try:
                observation = _form(adapter, case, table, form)
            except (_Stop, SetupRefused) as stop:  # NotTranslatable is a SetupRefused
                observations.append({"step": where, "cannot play": str(stop)})
                return observations
            except RuleSetIncomplete as stopped:
                observations.append({"step": where, "engine": f"stopped: {stopped}"})
                return observations
            observations.append({"step": where, **observation})
            if until is not None and len(observations) >= until:
                return observations
    return observations


def undone(old: RuleSet, new: RuleSet, clause_id: str) -> RuleSet:
    """``new`` with its clause ``clause_id`` as ``old`` has it: ``old``'s version in its place, taken
    out when ``old`` has none, put back after the clause before it in ``old`` when ``new`` has none."""
    before = {clause.id: clause for clause in old.clauses}
    clauses = [before.get(clause.id, clause) for clause in new.clauses if clause.id != clause_id or clause_id in before]
    if clause_id in before and all(clause.id != clause_id for clause in new.clauses):
        order = [clause.id for clause in old.clauses]
        previous = order[:order.index(clause_id)]
        at = max((index + 1 for index, clause in enumerate(clauses) if clause.id in previous), default=0)
        clauses.insert(at, before[clause_id])
    clauses = [before[clause.id] if clause.id == clause_id else clause for clause in clauses]
    return dataclasses.replace(new, clauses=tuple(clauses))


def _blamed(case: dict[str, Any], old: RuleSet, new: RuleSet, changed: frozenset[str], before: list[dict[str, Any]],
            index: int, compared: Callable[[dict[str, Any]], dict[str, Any]]) -> set[str]:
    """The changed clauses whose undoing alone (``undone``) makes ``new`` play ``case`` as ``old``
    does up to observation ``index``, observations compared as ``compared`` keeps them (``_played``:
    the play alone): blame by experiment, where no event names the clause."""
    ids = {clause.id for clause in old.clauses} | {clause.id for clause in new.clauses}
    blamed = set()
    for clause_id in sorted(changed & ids):
        again = play(case, undone(old, new, clause_id), index + 1)
        if [compared(_seen(entry)) for entry in again] == [compared(_seen(entry)) for entry in before[:index + 1]]:
            blamed.add(clause_id)
    return blamed


def _refusing(case: dict[str, Any], ruleset: RuleSet, index: int, seat: int, actions: list[str]) -> set[str]:
    """The clauses that refuse ``actions`` to ``seat`` under ``ruleset`` after observation
    ``index`` of ``case`` (each tried on a fork of the engine: ``IllegalAction.clause``)."""
    adapter = ReferenceAdapter()
    play(case, ruleset, index + 1, adapter)
    clauses: set[str] = set()
    if adapter.engine is None:
        return clauses
    for action in actions:
        try:
            adapter.engine.fork().act(seat, action)
        except IllegalAction as refusal:
            if refusal.clause:
                clauses.add(refusal.clause)
        except RuleSetIncomplete:
            continue
    return clauses


def _action(form: dict[str, Any]) -> str:
    if form["step"] in ("act", "try"):
        return f"seat {form['seat']} {form['action']}"
    return form["step"].replace("_", " ")


def _form(adapter: ReferenceAdapter, case: dict[str, Any], table: dict[str, Any], form: dict[str, Any]) -> dict[str, Any]:
    """Do one form (STEPS.md, "Exported form") and return the observation after it. Raises
    ``_Stop`` or ``SetupRefused`` when the side cannot play it."""
    kind, named, players = form["step"], case["ruleset"], table["players"]
    if kind == "game":
        played = adapter.ruleset(named)
        if players not in played.players:
            raise _Stop(f"{played.id} is played by {', '.join(map(str, played.players))} players, not {players}")
        return {}
    if kind == "seat_deals":
        table["dealer"] = form["seat"]
        return {}
    if kind == "starting_score":
        table["scores"] = [form["first"], form["second"]]
        return {}
    if kind == "starting_games":
        table["games_won"] = [form["first"], form["second"]]
        return {}
    if kind in ("deal", "shuffled_deal"):
        hands, vira, seed = (form["hands"], form["vira"], None) if kind == "deal" else (None, None, form["seed"])
        table["seed"] = seed
        adapter.new_game(named, players, table["dealer"], list(table["scores"]), hands, vira, seed, games_won=table["games_won"])
        return _observe(adapter, players)
    if kind == "next_deal":
        phase = adapter.state().get("phase")
        if phase != "deal":
            return {**_observe(adapter, players), "action": f"no next deal: the phase is {phase}"}
        adapter.next_hand(form["hands"], form["vira"])
        return _observe(adapter, players)
    if kind == "next_deals_shuffled":
        deals = []
        for number in range(1, form["count"] + 1):
            adapter.new_game(named, players, table["dealer"], list(table["scores"]), None, None, (table.get("seed") or 0) + number,
                             games_won=table["games_won"])
            hand = adapter.state().get("hand") or {}
            deals.append({"vira": hand.get("vira"), "hands": hand.get("hands")})
        return {**_observe(adapter, players), "shuffled deals": deals}
    if kind in ("act", "try"):
        if adapter.engine is None:
            raise _Stop("no hand was dealt before this action")
        outcome = adapter.act(form["seat"], form["action"])
        observation = _observe(adapter, players)
        observation["action"] = "accepted" if outcome.accepted else f"refused: {outcome.reason}"
        observation["acted"] = sorted({str(event["clause"]) for event in outcome.events
                                       if isinstance(event, dict) and event.get("clause") not in (None, STRUCTURAL)})
        return observation
    raise _Stop(f"the step {kind!r} is not one a diff can play")


def _to(pair: Any) -> Any:
    """Team 0's and team 1's numbers as a score is said (``3 to 0``)."""
    return " to ".join(map(str, pair)) if isinstance(pair, list) else pair


#: the observations of what a seat may do or see, not of what was played
_OPTIONS = ("legal actions of seat ", "seat ")


def _seen(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation without the clauses that acted (the engine's word, not what a player sees)."""
    return {name: value for name, value in observation.items() if name != "acted"}


def _played(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation without the legal actions and views: what the play itself did."""
    return {name: value for name, value in observation.items() if not name.startswith(_OPTIONS)}


def _news(first: dict[str, Any], second: dict[str, Any], told: set[str]) -> bool:
    """Whether two observations differ in something the first parting did not tell (``told``)."""
    return any(first.get(name) != second.get(name) for name in set(first) | set(second) if name not in told)


def _parting(case: dict[str, Any], old: Side, new: Side, before: list[dict[str, Any]], after: list[dict[str, Any]],
             index: int) -> Parting:
    """The ``Parting`` at observation ``index`` of the two plays: the values that differ there and
    the clauses that acted (events, and the clause refusing a legal action only one side lists)."""
    first, second = before[index], after[index]
    values = {name: (first.get(name), second.get(name)) for name in sorted(set(first) | set(second), key=_order)
              if name not in ("step", "acted") and first.get(name) != second.get(name)}
    acted = set(first.get("acted", ())) | set(second.get("acted", ()))
    for name, (was, now) in values.items():
        if name.startswith("legal actions of seat ") and isinstance(was, list) and isinstance(now, list):
            seat = int(name.rpartition(" ")[2])
            acted |= _refusing(case, new.ruleset, index, seat, sorted(set(was) - set(now)))
            acted |= _refusing(case, old.ruleset, index, seat, sorted(set(now) - set(was)))
    step = first["step"]
    if "action" in values and step["action"].startswith("seat "):  # the action itself refused by one side only
        seat, _, action = step["action"].removeprefix("seat ").partition(" ")
        for side, (was, now) in ((new.ruleset, values["action"]), (old.ruleset, values["action"][::-1])):
            if str(now).startswith("refused") and not str(was).startswith("refused"):
                acted |= _refusing(case, side, index - 1, int(seat), [action])
    return Parting(step["line"], step["text"], step["action"], values, tuple(sorted(acted)))


def _observe(adapter: ReferenceAdapter, players: int) -> dict[str, Any]:
    """What an engine author could observe now (module docstring)."""
    state = adapter.state()
    seen: dict[str, Any] = {"score": _to(state.get("score")), "games won": _to(state.get("games_won")), "phase": state.get("phase"),
                            "winner": state.get("winner"), "game winner": state.get("game_winner"),
                            "target": state.get("target"), "next dealer": state.get("next_dealer")}
    hand = state.get("hand")
    if hand:
        seen.update({"stake": hand.get("stake"), "turn": hand.get("turn"), "hand over": hand.get("over"),
                     "vira": hand.get("vira"), "manilhas": hand.get("manilhas"), "hands": hand.get("hands"),
                     "vazas": [f"led by {trick.get('leader')}: " + ("tied" if trick.get("tied") else
                                                                    f"seat {trick['winner_seat']}" if trick.get("winner_seat") is not None
                                                                    else "open") for trick in hand.get("tricks") or []],
                     "pending raise": hand.get("pending_raise"), "deciding mão de onze": hand.get("decision_pending"),
                     "mão de onze": hand.get("mao_de_onze"), "blind": hand.get("blind"), "cutter": hand.get("cutter")})
        for seat in range(players):
            seen[f"legal actions of seat {seat}"] = sorted(adapter.legal_actions(seat))
            seen[f"seat {seat} sees"] = sorted(int(other) for other in ((adapter.state(seat).get("hand") or {}).get("hands") or {}))
    return seen

