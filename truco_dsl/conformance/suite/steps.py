"""Step definitions of the step vocabulary (conformance/STEPS.md), written against ``EngineAdapter``.

Loaded as a pytest plugin by ``truco_dsl.conformance.suite.plugin``; the ``adapter`` fixture (an
``EngineAdapter``) comes from that plugin. Nothing here knows which engine is playing: every step
goes through the adapter, and every check reads the canonical state documented in ``adapter.py``.

A failing check says what the scenario expected, what the engine replied (the refusal's reason or
an excerpt of its state) and the action involved; the plugin adds the step and its line.

Each step is declared with ``given`` / ``when`` / ``then`` below, which register it with pytest-bdd
and in ``VOCABULARY``: its pattern and its *exported form*, the structured step ``truco cases
export`` writes for runners in other languages (``{"step": "act", "seat": 0, "action": "truco"}``).

A forced deal the engine refuses fails the scenario with ``DealRefused``; the plugin reports it as
*not applicable* instead when the rule set played is not the one the scenario names (a variant or a
mutant played in its place), since such a rule set may have no such cards or no vira to deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn

import pytest
import pytest_bdd
from pytest_bdd import parsers

from truco_dsl.conformance.engines.adapter import EngineAdapter, Outcome
from truco_dsl.conformance.suite.readings import other_reading
from truco_dsl.errors import SetupRefused, VariantCannotDeal
from truco_dsl.rules import RuleSet

#: suit symbols accepted in feature files, written as the canonical letters
_SUIT_SYMBOLS = str.maketrans({"♣": "c", "♥": "h", "♠": "s", "♦": "d"})


class DealRefused(pytest.fail.Exception):  # type: ignore[misc,name-defined]
    """The engine refused a forced deal of the scenario (``SetupRefused``), or dealt without the
    vira the scenario is about. A failure like any other, unless the rule set played stands in for
    the one the scenario names: then the plugin reports the scenario as not applicable — when the
    reference engine plays it, or when ``by_variant`` (the refusal is the variant's, found on the
    reference engine before an engine under test was asked: ``errors.VariantCannotDeal``)."""

    def __init__(self, message: str, by_variant: bool = False):
        super().__init__(msg=message, pytrace=False)
        self.by_variant = by_variant


Exported = dict[str, Any]


@dataclass(frozen=True)
class StepForm:
    """One step of the vocabulary: ``keyword`` (given, when, then), ``parser`` (pytest-bdd's, for
    its regular expression ``pattern``), ``converters`` of its named groups, ``name`` (the step
    function's), and ``export``: (converted groups, data table rows or None) -> the structured
    steps it stands for (JSON objects with a ``step`` key)."""

    keyword: str
    pattern: str
    parser: Any
    converters: dict[str, Callable[[str], Any]]
    name: str
    export: Callable[[dict[str, Any], list[list[str]] | None], list[Exported]]

    def match(self, text: str) -> dict[str, Any] | None:
        """The converted named groups when ``text`` is this step (pytest-bdd's full match), else None."""
        if not self.parser.is_matching(text):
            return None
        groups = self.parser.parse_arguments(text) or {}
        return {name: self.converters.get(name, str)(value) for name, value in groups.items()}


#: every step definition, in the order declared
VOCABULARY: list[StepForm] = []


def _declare(keyword: str, pattern: str, converters: dict[str, Callable[[str], Any]] | None = None,
             target_fixture: str | None = None,
             export: Callable[[dict[str, Any], list[list[str]] | None], list[Exported]] | None = None) -> Callable:
    """Register a step definition with pytest-bdd and in ``VOCABULARY``. ``export``: its structured
    form; default ``{"step": <function name>, **groups}``."""
    bdd = {"given": pytest_bdd.given, "when": pytest_bdd.when, "then": pytest_bdd.then}[keyword]

    def decorate(function: Callable) -> Callable:
        VOCABULARY.append(StepForm(keyword, pattern, parsers.re(pattern), dict(converters or {}), function.__name__,
                                   export or (lambda groups, rows: [{"step": function.__name__, **groups}])))
        # stacklevel 2: pytest-bdd puts the step's fixture in this module, the caller of decorate
        return bdd(parsers.re(pattern), converters=converters, target_fixture=target_fixture, stacklevel=2)(function)

    return decorate


def given(pattern: str, **options: Any) -> Callable:
    """A Given step (see ``_declare``)."""
    return _declare("given", pattern, **options)


def when(pattern: str, **options: Any) -> Callable:
    """A When step (see ``_declare``)."""
    return _declare("when", pattern, **options)


def then(pattern: str, **options: Any) -> Callable:
    """A Then step (see ``_declare``)."""
    return _declare("then", pattern, **options)


def _acting(action_of: Callable[[dict[str, Any]], str]) -> Callable[[dict[str, Any], Any], list[Exported]]:
    """The exported form of a When step that sends one action: ``{"step": "act", "seat", "action"}``."""
    return lambda groups, rows: [{"step": "act", "seat": groups["seat"], "action": action_of(groups)}]


def _dealing(step: str) -> Callable[[dict[str, Any], Any], list[Exported]]:
    """The exported form of a forced deal: ``{"step": step, "vira": card or None, "hands": [[card…] by seat]}``."""
    def export(groups: dict[str, Any], rows: list[list[str]] | None) -> list[Exported]:
        hands: dict[int, list[str]] = {}
        for row in (rows or [])[1:]:
            hands[int(row[0].strip())] = [card(token) for token in row[1].split()]
        return [{"step": step, "vira": card(groups["vira"]) if "vira" in groups else None,
                 "hands": [hands[seat] for seat in sorted(hands)]}]

    return export


@dataclass(frozen=True)
class ShuffledDeal:
    """One deal made by ``the next <k> deals are shuffled``: the seed of the game it started, the
    cards of every seat (referee's view, keyed by the seat as a string) and the vira (None: none)."""

    seed: int
    hands: dict[str, list[str]]
    vira: str | None


@dataclass
class Attempt:
    """The last ``tries to`` step: who tried what, what the engine did, and the referee's view of
    the state just before (for ``the state is unchanged``)."""

    seat: int
    action: str
    outcome: Outcome
    state_before: dict[str, Any]


@dataclass
class Table:
    """What a scenario has set up so far: the game asked for (``ruleset`` id, ``players``, first
    ``dealer``, starting ``scores``), whether the engine has started it, and the last attempt;
    ``seed``: the seed of the scenario's shuffled deal (None: none yet); ``shuffled``: the deals of
    the last ``the next <k> deals are shuffled`` step."""

    ruleset: str | None = None
    players: int = 0
    dealer: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    games_won: list[int] | None = None
    started: bool = False
    attempt: Attempt | None = None
    seed: int | None = None
    shuffled: list[ShuffledDeal] | None = None


#: what a scenario's game is when its steps say nothing else: ``default_dealer(players)`` deals the
#: first hand (``Given seat <s> deals`` says otherwise), the teams start at ``DEFAULT_SCORES`` points
#: (``Given the score is``) and ``DEFAULT_GAMES_WON`` games of the match (``Given the match score is``)
DEFAULT_SCORES = (0, 0)
DEFAULT_GAMES_WON = (0, 0)


def default_dealer(players: int) -> int:
    """The seat dealing a scenario's first hand when no step says: the last (``players - 1``), so
    that seat 0, the next in the order of play, is the mão."""
    return players - 1


#: the optional capability (``adapter.FEATURES``) a structured form needs of the engine: the adapter
#: call its step makes raises ``NotSupported`` without it, and the scenario is unsupported
#: (``next_hand``; ``state(seat)``). An ``act`` or ``try`` of ``infraction:<kind>`` needs ``infractions``
#: (``capabilities``); no step counts lines (``count`` is for ``truco conform --perft``).
NEEDS = {"next_deal": "next_hand", "sees": "views", "does_not_see": "views", "does_not_see_own": "views"}


def capabilities(form: Exported) -> set[str]:
    """The capabilities a structured form (``{"step": …}``) needs of the engine (``NEEDS``)."""
    needed = {NEEDS[form["step"]]} if form["step"] in NEEDS else set()
    if form["step"] in ("act", "try") and str(form.get("action", "")).startswith("infraction:"):
        needed.add("infractions")
    return needed


@pytest.fixture
def table() -> Table:
    """The scenario's table before ``Given a game of ...`` (no game asked for yet)."""
    return Table()


# ---------------------------------------------------------------------------------------- helpers
def fail(message: str) -> NoReturn:
    """Fail the scenario with ``message`` (no Python traceback: the message says it all)."""
    pytest.fail(message, pytrace=False)


def card(token: str) -> str:
    """A card in canonical notation (suit symbols become letters)."""
    return token.translate(_SUIT_SYMBOLS)


def action(token: str) -> str:
    """An action in canonical form (``play:7♣`` -> ``play:7c``)."""
    return token.strip().translate(_SUIT_SYMBOLS)


def excerpt(state: dict[str, Any]) -> str:
    """A one-line summary of a canonical state for failure messages."""
    parts = [f"score {_score(state)}", f"phase {state.get('phase')!r}"]
    if state.get("winner") is not None:
        parts.append(f"winner team {state['winner']}")
    hand = state.get("hand")
    if not hand:
        parts.append("no hand dealt")
        return ", ".join(parts)
    parts.append(f"hand worth {hand.get('stake')}")
    parts.append("hand over" if hand.get("over") else f"turn of seat {hand.get('turn')}")
    vazas = []
    for trick in hand.get("tricks") or []:
        taken = "tied" if trick.get("tied") else (f"seat {trick.get('winner_seat')}" if trick.get("winner_seat") is not None else "unfinished")
        vazas.append(f"{trick.get('number')}: {taken}")
    parts.append(f"vazas [{', '.join(vazas)}]")
    return ", ".join(parts)


def _score(state: dict[str, Any]) -> str:
    score = state.get("score")
    return " to ".join(str(points) for points in score) if isinstance(score, list) else repr(score)


def _events(outcome: Outcome) -> str:
    kinds = [str(event.get("type", "?")) for event in outcome.events if isinstance(event, dict)]
    return ", ".join(kinds) if kinds else "none"


def _refusal(outcome: Outcome) -> str:
    text = f"reason {outcome.reason!r}" if outcome.reason else "no reason given"
    return f"{text} ({outcome.detail})" if outcome.detail else text


def _require_game(table: Table) -> None:
    if table.ruleset is None:
        fail('the scenario has no game: it must start with  Given a game of "<ruleset>" for <n> players')


def _require_started(table: Table) -> None:
    _require_game(table)
    if not table.started:
        fail("no hand has been dealt yet: a deal step (Given the deal: ...) must come first")


def _hand(adapter: EngineAdapter, seat: int | None = None) -> dict[str, Any]:
    state = adapter.state(seat)
    hand = state.get("hand")
    if not isinstance(hand, dict):
        fail(f"the engine's state has no hand: {excerpt(state)}")
    return hand


def _deal_rows(datatable: list[list[str]] | None, players: int) -> list[list[str]]:
    """The table ``| seat | cards |`` as a list of hands by seat."""
    if not datatable:
        fail("the deal step needs a table | seat | cards |")
    header = [cell.strip().lower() for cell in datatable[0]]
    if header != ["seat", "cards"]:
        fail(f"the deal table's header must be | seat | cards |, not | {' | '.join(datatable[0])} |")
    hands: dict[int, list[str]] = {}
    for row in datatable[1:]:
        seat_text, cards_text = (cell.strip() for cell in row)
        if not seat_text.isdigit() or not 0 <= int(seat_text) < players:
            fail(f"the deal table names seat {seat_text!r}; seats are 0 to {players - 1}")
        if int(seat_text) in hands:
            fail(f"the deal table gives seat {seat_text} cards twice")
        hands[int(seat_text)] = [card(token) for token in cards_text.split()]
    missing = [seat for seat in range(players) if seat not in hands]
    if missing:
        fail(f"the deal table gives no cards to seat(s) {', '.join(map(str, missing))}")
    return [hands[seat] for seat in range(players)]


def _played_in_place(adapter: EngineAdapter, ruleset: str) -> RuleSet | None:
    """The variant an engine under test is asked to play where the scenario names ``ruleset``
    (``engines/stand_in.py``), None when it plays ``ruleset`` itself or is the reference engine."""
    return getattr(adapter, "played_in_place", lambda named: None)(ruleset)


def _start(adapter: EngineAdapter, table: Table, hands: list[list[str]] | None, vira: str | None, seed: int | None) -> None:
    _require_game(table)
    if table.started:
        fail("the game already has a hand; deal the next one with  Given the next deal: vira <card>")
    try:
        if table.games_won is None:
            adapter.new_game(table.ruleset, table.players, table.dealer, list(table.scores), hands, vira, seed)
        else:
            adapter.new_game(table.ruleset, table.players, table.dealer, list(table.scores), hands, vira, seed,
                             games_won=list(table.games_won))
    except VariantCannotDeal as refusal:  # found before the engine under test was asked
        raise DealRefused(str(refusal), by_variant=True) from None
    except SetupRefused as refusal:
        message = (f"{adapter.name} could not start the game ({table.ruleset}, {table.players} players, seat {table.dealer} "
                   f"dealing, score {table.scores[0]} to {table.scores[1]}): {refusal}")
        if hands is not None:
            raise DealRefused(message) from None
        fail(message)
    table.started = True


def _next_deal(adapter: EngineAdapter, table: Table, datatable: list[list[str]] | None, vira: str | None) -> None:
    _require_started(table)
    hands = _deal_rows(datatable, table.players)
    state = adapter.state()
    if state.get("phase") != "deal":
        # not a deal the rule set cannot make: the engine is not waiting for one (a hand still in
        # play, the game over), whatever rule set it plays
        fail(f"expected the engine to wait for the next deal, but its phase is {state.get('phase')!r}: {excerpt(state)}")
    try:
        adapter.next_hand(hands, None if vira is None else card(vira))
    except VariantCannotDeal as refusal:
        raise DealRefused(str(refusal), by_variant=True) from None
    except SetupRefused as refusal:
        raise DealRefused(f"{adapter.name} could not deal the next hand ({'vira ' + vira if vira else 'without vira'}): "
                          f"{refusal}; state: {excerpt(adapter.state())}") from None
    table.attempt = None


def _act(adapter: EngineAdapter, table: Table, seat: int, move: str) -> Outcome:
    """Send ``move`` for ``seat``; fail the scenario if the engine refuses it."""
    _require_started(table)
    before = adapter.state()
    outcome = adapter.act(seat, move)
    if not outcome.accepted:
        fail(f"expected the engine to accept {move!r} from seat {seat}, but it refused it: {_refusal(outcome)}. "
             f"State: {excerpt(before)}")
    return outcome


def _last_attempt(table: Table) -> Attempt:
    if table.attempt is None:
        fail("no action was tried: this check follows a  When seat <s> tries to <action>  step")
    return table.attempt


def differences(before: Any, after: Any, path: str = "") -> list[str]:
    """Where two JSON values differ, as ``path: before -> after`` lines."""
    if isinstance(before, dict) and isinstance(after, dict):
        found = []
        for key in sorted(set(before) | set(after), key=str):
            found += differences(before.get(key, "<absent>"), after.get(key, "<absent>"), f"{path}.{key}" if path else str(key))
        return found
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        found = []
        for index, (old, new) in enumerate(zip(before, after)):
            found += differences(old, new, f"{path}[{index}]")
        return found
    return [] if before == after else [f"{path or 'state'}: {before!r} -> {after!r}"]


# ---------------------------------------------------------------------------------------- Given
@given(r'a game of "(?P<ruleset>[^"]+)" for (?P<players>\d+) players',
       converters={"players": int}, target_fixture="table", export=lambda groups, rows: [{"step": "game", **groups}])
def a_game(adapter: EngineAdapter, request: pytest.FixtureRequest, ruleset: str, players: int) -> Table:
    """A new game of ``ruleset`` for ``players`` seats; seat players-1 deals; score 0 to 0. Not
    supported when the engine does not play that table, or reads one of the scenario's clauses of
    that rule set's regulations otherwise than the rule file (``hello``'s ``readings``)."""
    # the plugin adds the rule set played, when another stands in, and says when that one has no such table
    request.node.user_properties += [("ruleset", ruleset), ("players", players)]
    if not adapter.supports(ruleset, players):
        asked = _played_in_place(adapter, ruleset)
        pytest.skip(f"not supported: {adapter.name} does not play {asked.id if asked else ruleset!r} with {players} players")
    clauses = [mark.args[0] for mark in request.node.iter_markers("clause")]
    read = other_reading(getattr(adapter, "readings", None) or {}, clauses, ruleset)
    if read is not None:  # the record keeps the rule set (above): it tells an outline's rows apart
        pytest.skip(f"not supported: {adapter.name} reads {read[0]} otherwise: {read[1]}")
    return Table(ruleset=ruleset, players=players, dealer=default_dealer(players), scores=list(DEFAULT_SCORES))


@given(r"seat (?P<seat>\d+) deals", converters={"seat": int})
def seat_deals(table: Table, seat: int) -> None:
    """The first hand's dealer."""
    _require_game(table)
    if table.started:
        fail("the dealer is chosen before the deal: put  Given seat <s> deals  before the deal step")
    if not 0 <= seat < table.players:
        fail(f"seat {seat} is not at a table of {table.players}")
    table.dealer = seat


@given(r"the score is (?P<first>\d+) to (?P<second>\d+)", converters={"first": int, "second": int})
def starting_score(table: Table, first: int, second: int) -> None:
    """Team 0 has ``first`` points, team 1 ``second``, before the deal."""
    _require_game(table)
    if table.started:
        fail("the starting score is set before the deal: put  Given the score is <a> to <b>  before the deal step")
    table.scores = [first, second]


@given(r"the deal: vira (?P<vira>\S+)", export=_dealing("deal"))
def forced_deal(adapter: EngineAdapter, table: Table, datatable: list[list[str]], vira: str) -> None:
    """Start the game with a forced deal and a vira."""
    _require_game(table)
    _start(adapter, table, _deal_rows(datatable, table.players), card(vira), None)


@given(r"the deal without vira:", export=_dealing("deal"))
def forced_deal_without_vira(adapter: EngineAdapter, table: Table, datatable: list[list[str]]) -> None:
    """Start the game with a forced deal, no vira (manilha velha)."""
    _require_game(table)
    _start(adapter, table, _deal_rows(datatable, table.players), None, None)


@given(r"a shuffled deal with seed (?P<seed>\d+)", converters={"seed": int})
def shuffled_deal(adapter: EngineAdapter, table: Table, seed: int) -> None:
    """Start the game; the engine deals from its shuffle seeded with ``seed``."""
    _start(adapter, table, None, None, seed)
    table.seed = seed


@given(r"the next deal: vira (?P<vira>\S+)", export=_dealing("next_deal"))
def next_deal_given(adapter: EngineAdapter, table: Table, datatable: list[list[str]], vira: str) -> None:
    """After a hand is over, a forced deal of the next hand."""
    _next_deal(adapter, table, datatable, vira)


@given(r"the next deal without vira:", export=_dealing("next_deal"))
def next_deal_without_vira_given(adapter: EngineAdapter, table: Table, datatable: list[list[str]]) -> None:
    """After a hand is over, a forced deal of the next hand without a vira (manilha velha)."""
    _next_deal(adapter, table, datatable, None)


# ---------------------------------------------------------------------------------------- When
@when(r"the next deal is: vira (?P<vira>\S+)", export=_dealing("next_deal"))
def next_deal_when(adapter: EngineAdapter, table: Table, datatable: list[list[str]], vira: str) -> None:
    """After a hand is over, a forced deal of the next hand."""
    _next_deal(adapter, table, datatable, vira)


@when(r"the next deal is without vira:", export=_dealing("next_deal"))
def next_deal_without_vira_when(adapter: EngineAdapter, table: Table, datatable: list[list[str]]) -> None:
    """After a hand is over, a forced deal of the next hand without a vira (manilha velha)."""
    _next_deal(adapter, table, datatable, None)


@when(r"the next (?P<count>\d+) deals are shuffled", converters={"count": int})
def next_deals_shuffled(adapter: EngineAdapter, table: Table, count: int) -> None:
    """``count`` deals from the engine's own seeded shuffle, recorded for the next Then.

    Each deal is the first hand of a fresh game at the same table (rule set, players, first dealer,
    starting score), seeded ``seed + 1`` … ``seed + count`` where ``seed`` is the scenario's shuffled
    deal's (0 without one): a fresh game needs no hand to be played out first, so no rule of play
    can make this step fail. The adapter is left with the last of these games.
    """
    _require_game(table)
    if count < 1:
        fail("the next <k> deals are shuffled needs k >= 1")
    base = table.seed if table.seed is not None else 0
    deals = []
    for number in range(1, count + 1):
        seed = base + number
        try:
            adapter.new_game(table.ruleset, table.players, table.dealer, list(table.scores), None, None, seed)
        except SetupRefused as refusal:
            fail(f"{adapter.name} could not deal shuffled deal {number} of {count} (a fresh game of {table.ruleset} for "
                 f"{table.players} players seeded {seed}): {refusal}")
        hand = _hand(adapter)
        hands = hand.get("hands") or {}
        deals.append(ShuffledDeal(seed=seed, hands={str(seat): list(cards) for seat, cards in hands.items()},
                                  vira=hand.get("vira")))
    table.started = True
    table.attempt = None
    table.shuffled = deals


@when(r"seat (?P<seat>\d+) plays (?P<token>\S+)", converters={"seat": int}, export=_acting(lambda groups: f"play:{card(groups['token'])}"))
def plays(adapter: EngineAdapter, table: Table, seat: int, token: str) -> None:
    _act(adapter, table, seat, f"play:{card(token)}")


@when(r"seat (?P<seat>\d+) plays (?P<token>\S+) covered", converters={"seat": int}, export=_acting(lambda groups: f"play_covered:{card(groups['token'])}"))
def plays_covered(adapter: EngineAdapter, table: Table, seat: int, token: str) -> None:
    _act(adapter, table, seat, f"play_covered:{card(token)}")


@when(r"seat (?P<seat>\d+) calls truco", converters={"seat": int}, export=_acting(lambda groups: "truco"))
def calls_truco(adapter: EngineAdapter, table: Table, seat: int) -> None:
    _act(adapter, table, seat, "truco")


@when(r"seat (?P<seat>\d+) accepts", converters={"seat": int}, export=_acting(lambda groups: "accept"))
def accepts(adapter: EngineAdapter, table: Table, seat: int) -> None:
    _act(adapter, table, seat, "accept")


@when(r"seat (?P<seat>\d+) folds", converters={"seat": int}, export=_acting(lambda groups: "fold"))
def folds(adapter: EngineAdapter, table: Table, seat: int) -> None:
    _act(adapter, table, seat, "fold")


@when(r"seat (?P<seat>\d+) decides to play the mão de onze", converters={"seat": int}, export=_acting(lambda groups: "mao_de_onze:play"))
def plays_mao_de_onze(adapter: EngineAdapter, table: Table, seat: int) -> None:
    _act(adapter, table, seat, "mao_de_onze:play")


@when(r"seat (?P<seat>\d+) gives up the mão de onze", converters={"seat": int}, export=_acting(lambda groups: "mao_de_onze:fold"))
def gives_up_mao_de_onze(adapter: EngineAdapter, table: Table, seat: int) -> None:
    _act(adapter, table, seat, "mao_de_onze:fold")


@when(r"the seats play: (?P<plays>.+)", export=lambda groups, rows: [
    {"step": "act", "seat": int(token.partition(":")[0]), "action": f"play:{card(token.partition(':')[2])}"}
    for token in groups["plays"].split()])
def seats_play(adapter: EngineAdapter, table: Table, plays: str) -> None:
    """``0:3c 1:Kd ...``: each seat plays its card, in order."""
    for token in plays.split():
        seat_text, _, card_text = token.partition(":")
        if not seat_text.isdigit() or not card_text:
            fail(f"{token!r} is not <seat>:<card> (like 0:3c)")
        _act(adapter, table, int(seat_text), f"play:{card(card_text)}")


@when(r"seat (?P<seat>\d+) tries to (?P<move>\S+)", converters={"seat": int}, export=lambda groups, rows: [
    {"step": "try", "seat": groups["seat"], "action": action(groups["move"])}])
def tries(adapter: EngineAdapter, table: Table, seat: int, move: str) -> None:
    """Send an action that may be refused; the next Then checks what happened."""
    _require_started(table)
    before = adapter.state()
    table.attempt = Attempt(seat, action(move), adapter.act(seat, action(move)), before)


# ---------------------------------------------------------------------------------------- Then
@then(r"the action is refused")
def refused(adapter: EngineAdapter, table: Table) -> None:
    attempt = _last_attempt(table)
    if attempt.outcome.accepted:
        fail(f"expected the engine to refuse {attempt.action!r} from seat {attempt.seat}, but it accepted it "
             f"(events: {_events(attempt.outcome)}). State now: {excerpt(adapter.state())}")


@then(r'the action is refused with reason "(?P<reason>[^"]+)"')
def refused_with_reason(adapter: EngineAdapter, table: Table, reason: str) -> None:
    refused(adapter, table)
    attempt = _last_attempt(table)
    if attempt.outcome.reason != reason:
        fail(f"expected {attempt.action!r} from seat {attempt.seat} to be refused with reason {reason!r}; "
             f"the engine refused it with {_refusal(attempt.outcome)}")


@then(r"the action is accepted")
def accepted(adapter: EngineAdapter, table: Table) -> None:
    attempt = _last_attempt(table)
    if not attempt.outcome.accepted:
        fail(f"expected the engine to accept {attempt.action!r} from seat {attempt.seat}, but it refused it: "
             f"{_refusal(attempt.outcome)}. State: {excerpt(attempt.state_before)}")


@then(r"the state is unchanged")
def unchanged(adapter: EngineAdapter, table: Table) -> None:
    attempt = _last_attempt(table)
    changes = differences(attempt.state_before, adapter.state())
    if changes:
        shown = "; ".join(changes[:8]) + (f"; and {len(changes) - 8} more" if len(changes) > 8 else "")
        fail(f"expected the state to be unchanged after {attempt.action!r} from seat {attempt.seat} "
             f"({'accepted' if attempt.outcome.accepted else 'refused'}), but it changed: {shown}")


@then(r"the score is (?P<first>\d+) to (?P<second>\d+)", converters={"first": int, "second": int})
def score_is(adapter: EngineAdapter, first: int, second: int) -> None:
    state = adapter.state()
    if state.get("score") != [first, second]:
        fail(f"expected the score to be {first} to {second}, the engine has {_score(state)}. State: {excerpt(state)}")


@then(r"the hand is over")
def hand_over(adapter: EngineAdapter) -> None:
    if _hand(adapter).get("over") is not True:
        fail(f"expected the hand to be over, it is still being played. State: {excerpt(adapter.state())}")


@then(r"the hand is not over")
def hand_not_over(adapter: EngineAdapter) -> None:
    if _hand(adapter).get("over") is not False:
        fail(f"expected the hand to go on, the engine ended it. State: {excerpt(adapter.state())}")


def _vaza(adapter: EngineAdapter, number: int) -> dict[str, Any]:
    tricks = _hand(adapter).get("tricks") or []
    if not 1 <= number <= len(tricks):
        fail(f"expected a vaza {number}, the hand has {len(tricks)}. State: {excerpt(adapter.state())}")
    return tricks[number - 1]


@then(r"vaza (?P<number>\d+) is tied", converters={"number": int})
def vaza_tied(adapter: EngineAdapter, number: int) -> None:
    trick = _vaza(adapter, number)
    if trick.get("tied") is not True:
        fail(f"expected vaza {number} to be tied, the engine says "
             f"{'seat ' + str(trick.get('winner_seat')) + ' took it' if trick.get('winner_seat') is not None else 'it is not tied'}. "
             f"State: {excerpt(adapter.state())}")


@then(r"vaza (?P<number>\d+) is won by seat (?P<seat>\d+)", converters={"number": int, "seat": int})
def vaza_won(adapter: EngineAdapter, number: int, seat: int) -> None:
    trick = _vaza(adapter, number)
    if trick.get("winner_seat") != seat or trick.get("tied"):
        taken = "it is tied" if trick.get("tied") else f"the winner is seat {trick.get('winner_seat')}"
        fail(f"expected seat {seat} to take vaza {number}, the engine says {taken}. State: {excerpt(adapter.state())}")


@then(r"the hand has (?P<count>\d+) vazas?", converters={"count": int})
def vaza_count(adapter: EngineAdapter, count: int) -> None:
    tricks = _hand(adapter).get("tricks") or []
    if len(tricks) != count:
        fail(f"expected {count} vazas in this hand, the engine started {len(tricks)}. State: {excerpt(adapter.state())}")


@then(r"it is seat (?P<seat>\d+)'s turn", converters={"seat": int})
def turn_of(adapter: EngineAdapter, seat: int) -> None:
    turn = _hand(adapter).get("turn")
    if turn != seat:
        fail(f"expected seat {seat} to be the one to play, the engine has {'no seat' if turn is None else 'seat ' + str(turn)} to play. "
             f"State: {excerpt(adapter.state())}")


@then(r"no seat is to play")
def no_turn(adapter: EngineAdapter) -> None:
    """``hand.turn`` is null: no card is due from anyone (the hand is over)."""
    turn = _hand(adapter).get("turn")
    if turn is not None:
        fail(f"expected no seat to be the one to play, the engine has seat {turn} to play. State: {excerpt(adapter.state())}")


@then(r"the hand is worth (?P<stake>\d+)", converters={"stake": int})
def worth(adapter: EngineAdapter, stake: int) -> None:
    value = _hand(adapter).get("stake")
    if value != stake:
        fail(f"expected the hand to be worth {stake}, the engine has it worth {value}. State: {excerpt(adapter.state())}")


@then(r"seat (?P<seat>\d+) may (?P<move>\S+)", converters={"seat": int}, export=lambda groups, rows: [
    {"step": "may", "seat": groups["seat"], "action": action(groups["move"])}])
def may(adapter: EngineAdapter, seat: int, move: str) -> None:
    legal = adapter.legal_actions(seat)
    if action(move) not in legal:
        fail(f"expected seat {seat} to be allowed {action(move)!r}; its legal actions are: {' '.join(sorted(legal)) or 'none'}. "
             f"State: {excerpt(adapter.state())}")


@then(r"seat (?P<seat>\d+) may not (?P<move>\S+)", converters={"seat": int}, export=lambda groups, rows: [
    {"step": "may_not", "seat": groups["seat"], "action": action(groups["move"])}])
def may_not(adapter: EngineAdapter, seat: int, move: str) -> None:
    legal = adapter.legal_actions(seat)
    if action(move) in legal:
        fail(f"expected seat {seat} not to be allowed {action(move)!r}, but the engine lists it among: {' '.join(sorted(legal))}. "
             f"State: {excerpt(adapter.state())}")


@then(r"seat (?P<seat>\d+) has no legal action", converters={"seat": int})
def no_legal_action(adapter: EngineAdapter, seat: int) -> None:
    legal = adapter.legal_actions(seat)
    if legal:
        fail(f"expected seat {seat} to have no legal action, the engine allows: {' '.join(sorted(legal))}. "
             f"State: {excerpt(adapter.state())}")


@then(r"the legal actions of seat (?P<seat>\d+) are: (?P<moves>.+)", converters={"seat": int}, export=lambda groups, rows: [
    {"step": "legal_actions_are", "seat": groups["seat"], "actions": sorted({action(token) for token in groups["moves"].split()})}])
def legal_actions_are(adapter: EngineAdapter, seat: int, moves: str) -> None:
    expected = {action(token) for token in moves.split()}
    legal = set(adapter.legal_actions(seat))
    if legal != expected:
        missing, extra = sorted(expected - legal), sorted(legal - expected)
        details = "; ".join(part for part in (f"missing: {' '.join(missing)}" if missing else "",
                                               f"not expected: {' '.join(extra)}" if extra else "") if part)
        fail(f"expected the legal actions of seat {seat} to be exactly {' '.join(sorted(expected))}; the engine allows "
             f"{' '.join(sorted(legal)) or 'none'} ({details}). State: {excerpt(adapter.state())}")


@then(r"team (?P<team>\d+) wins the game", converters={"team": int})
def team_wins(adapter: EngineAdapter, team: int) -> None:
    state = adapter.state()
    winner = state.get("game_winner", state.get("winner"))
    if winner != team:
        fail(f"expected team {team} to win the game, the engine has {'no winner yet' if winner is None else 'team ' + str(winner) + ' winning'}. "
             f"State: {excerpt(state)}")


@then(r"the game is not over")
def game_not_over(adapter: EngineAdapter) -> None:
    state = adapter.state()
    if state.get("game_winner", state.get("winner")) is not None or state.get("phase") == "game_over":
        fail(f"expected the game to go on, the engine ended it. State: {excerpt(state)}")


@then(r"seat (?P<seat>\d+) deals the next hand", converters={"seat": int})
def deals_next(adapter: EngineAdapter, seat: int) -> None:
    state = adapter.state()
    if state.get("next_dealer") != seat:
        fail(f"expected seat {seat} to deal the next hand, the engine has seat {state.get('next_dealer')} dealing. "
             f"State: {excerpt(state)}")


@then(r"seat (?P<seat>\d+) cut the deck for this hand", converters={"seat": int})
def cut_by(adapter: EngineAdapter, seat: int) -> None:
    hand = _hand(adapter)
    if hand.get("cutter") != seat:
        fail(f"expected seat {seat} to have cut the deck for this hand, the engine has "
             f"{'no cutter' if hand.get('cutter') is None else 'seat ' + str(hand.get('cutter'))}. State: {excerpt(adapter.state())}")


@then(r"every seat holds (?P<count>\d+) cards, no card is dealt twice and the vira is in no hand",
      converters={"count": int})
def real_deal(adapter: EngineAdapter, table: Table, count: int) -> None:
    hand = _hand(adapter)
    hands = hand.get("hands") or {}
    problems = []
    for seat in range(table.players):
        cards = hands.get(str(seat))
        if cards is None:
            problems.append(f"seat {seat}'s cards are not in the referee's view")
        elif len(cards) != count:
            problems.append(f"seat {seat} holds {len(cards)} cards ({' '.join(cards)})")
    dealt = [token for cards in hands.values() for token in cards]
    twice = sorted({token for token in dealt if dealt.count(token) > 1})
    if twice:
        problems.append(f"dealt twice: {' '.join(twice)}")
    vira = hand.get("vira")
    if vira is not None and vira in dealt:
        holder = next(seat for seat, cards in hands.items() if vira in cards)
        problems.append(f"the vira {vira} is also in seat {holder}'s hand")
    if problems:
        fail(f"expected a real deal from one deck ({count} cards a seat, {count * table.players}"
             f"{' + the vira' if vira is not None else ''} distinct cards); the engine dealt: {'; '.join(problems)}")


@then(r"every one of those deals held (?P<size>\d+)·n \+ 1 distinct cards with the vira in no hand",
      converters={"size": int})
def real_deals(adapter: EngineAdapter, table: Table, size: int) -> None:
    """Every deal of the last ``the next <k> deals are shuffled`` gave each of the n seats ``size``
    cards and turned a vira: ``size``·n + 1 distinct cards, the vira in no hand."""
    if table.shuffled is None:
        fail("no deals to check: this check follows a  When the next <k> deals are shuffled  step")
    if all(deal.vira is None for deal in table.shuffled):
        # a deal without a vira is what a rule set without one (manilha velha) deals: played in place
        # of the scenario's rule set, the scenario is not applicable; an engine of that rule set fails
        asked = _played_in_place(adapter, table.ruleset)
        raise DealRefused(f"expected every deal to turn a vira after the hands; none of the {len(table.shuffled)} "
                          f"shuffled deals turned one", by_variant=asked is not None and not asked.vira)
    wrong = []
    for number, deal in enumerate(table.shuffled, start=1):
        problems = []
        for seat in range(table.players):
            cards = deal.hands.get(str(seat))
            if cards is None:
                problems.append(f"seat {seat}'s cards are not in the referee's view")
            elif len(cards) != size:
                problems.append(f"seat {seat} holds {len(cards)} cards ({' '.join(cards)})")
        dealt = [token for cards in deal.hands.values() for token in cards]
        twice = sorted({token for token in dealt if dealt.count(token) > 1})
        if twice:
            problems.append(f"dealt twice: {' '.join(twice)}")
        if deal.vira is None:
            problems.append("no vira was turned")
        elif deal.vira in dealt:
            holder = next(seat for seat, cards in deal.hands.items() if deal.vira in cards)
            problems.append(f"the vira {deal.vira} is also in seat {holder}'s hand")
        if problems:
            wrong.append(f"deal {number} (seed {deal.seed}): {'; '.join(problems)}")
    if wrong:
        shown = wrong[:5] + ([f"and {len(wrong) - 5} more"] if len(wrong) > 5 else [])
        fail(f"expected each of the {len(table.shuffled)} shuffled deals to hold {size}·{table.players} + 1 = "
             f"{size * table.players + 1} distinct cards, {size} a seat and the vira in no hand; "
             f"{len(wrong)} did not: {' | '.join(shown)}")


def _visible(adapter: EngineAdapter, viewer: int) -> set[int]:
    hand = _hand(adapter, viewer)
    return {int(seat) for seat in (hand.get("hands") or {})}


@then(r"seat (?P<viewer>\d+) sees the cards of seat (?P<seat>\d+)", converters={"viewer": int, "seat": int})
def sees(adapter: EngineAdapter, viewer: int, seat: int) -> None:
    visible = _visible(adapter, viewer)
    if seat not in visible:
        fail(f"expected seat {viewer} to see the cards of seat {seat}; its view shows the hands of seat(s) "
             f"{', '.join(map(str, sorted(visible))) or 'none'}")


@then(r"seat (?P<viewer>\d+) does not see the cards of seat (?P<seat>\d+)", converters={"viewer": int, "seat": int})
def does_not_see(adapter: EngineAdapter, viewer: int, seat: int) -> None:
    visible = _visible(adapter, viewer)
    if seat in visible:
        fail(f"expected seat {viewer} not to see the cards of seat {seat}, but its view shows them")


# ---------------------------------------------------------------------------------------- referee, matches, blind hands
@given(r"the match score is (?P<first>\d+) games? to (?P<second>\d+)", converters={"first": int, "second": int})
def starting_games(table: Table, first: int, second: int) -> None:
    """Team 0 has already won ``first`` games of the match, team 1 ``second`` (before the deal)."""
    _require_game(table)
    if table.started:
        fail("the match score must be set before the deal")
    table.games_won = [first, second]


@when(r'the referee reports "(?P<kind>[a-z_]+)" against seat (?P<seat>\d+)', converters={"seat": int}, export=_acting(lambda groups: f"infraction:{groups['kind']}"))
def referee_reports(adapter: EngineAdapter, table: Table, seat: int, kind: str) -> None:
    """The referee reports an infraction of kind ``kind`` by ``seat``: ``infraction:<kind>``."""
    _act(adapter, table, seat, f"infraction:{kind}")


@when(r"seat (?P<seat>\d+) plays blind card (?P<position>\d+)", converters={"seat": int, "position": int}, export=_acting(lambda groups: f"play_blind:{groups['position']}"))
def plays_blind(adapter: EngineAdapter, table: Table, seat: int, position: int) -> None:
    """In a blind hand, the seat plays the card at ``position`` (1 = the first it holds) unseen."""
    _act(adapter, table, seat, f"play_blind:{position}")


@then(r"the target is (?P<points>\d+) points", converters={"points": int})
def target_is(adapter: EngineAdapter, points: int) -> None:
    state = adapter.state()
    if state.get("target") != points:
        fail(f"expected the game to be won at {points} points, the engine has {state.get('target')}. State: {excerpt(state)}")


@then(r"team (?P<team>\d+) wins the match", converters={"team": int})
def team_wins_match(adapter: EngineAdapter, team: int) -> None:
    state = adapter.state()
    if state.get("winner") != team:
        fail(f"expected team {team} to win the match, the engine has {state.get('winner')!r} as its winner "
             f"(games won {state.get('games_won')}). State: {excerpt(state)}")


@then(r"the match ends with no winner")
def match_ends_with_no_winner(adapter: EngineAdapter) -> None:
    state = adapter.state()
    if state.get("phase") != "game_over" or state.get("winner") is not None:
        fail(f"expected the match over with no team winning it (both disqualified), the engine has phase "
             f"{state.get('phase')!r} and winner {state.get('winner')!r}. State: {excerpt(state)}")


@then(r"the match is not over")
def match_not_over(adapter: EngineAdapter) -> None:
    state = adapter.state()
    if state.get("winner") is not None or state.get("phase") == "game_over":
        fail(f"expected the match to go on, the engine ended it (winner {state.get('winner')}). State: {excerpt(state)}")


@then(r"the games won are (?P<first>\d+) to (?P<second>\d+)", converters={"first": int, "second": int})
def games_won_are(adapter: EngineAdapter, first: int, second: int) -> None:
    state = adapter.state()
    if state.get("games_won") != [first, second]:
        fail(f"expected the match to stand at {first} games to {second}, the engine has {state.get('games_won')}. "
             f"State: {excerpt(state)}")


@then(r"the hand is played blind")
def hand_blind(adapter: EngineAdapter) -> None:
    hand = _hand(adapter)
    if not hand.get("blind"):
        fail("expected the hand to be played blind (nobody sees their own cards), the engine plays it open")


@then(r"seat (?P<seat>\d+) does not see its own cards", converters={"seat": int})
def does_not_see_own(adapter: EngineAdapter, seat: int) -> None:
    hand = _hand(adapter, seat)
    if str(seat) in hand.get("hands", {}):
        fail(f"expected seat {seat} not to see its own cards, its view shows {hand['hands'][str(seat)]}")


@when(r"seat (?P<seat>\d+) shows its cards", converters={"seat": int}, export=_acting(lambda groups: "show_cards"))
def shows_cards(adapter: EngineAdapter, table: Table, seat: int) -> None:
    """In its mão de onze, the seat's side shows its cards instead of playing: ``show_cards``."""
    _act(adapter, table, seat, "show_cards")
