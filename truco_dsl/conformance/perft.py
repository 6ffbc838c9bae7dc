"""Move counts (perft): how many sequences of legal actions lead on from fixed positions, as chess
engines publish perft tables, and an engine checked against them.

The files: ``conformance/perft/<rule set>.yaml`` (schema: conformance/schema/perft.schema.json), one
per bundled concrete rule set, made by ``perft_positions`` and ``perft_text`` from the reference
engine (``engine.search.count_lines``; ``truco conform --write-perft DIR``). Each position is a forced deal (hands by seat, the vira, the
dealer, the scores before the hand: 11 gives a mão de onze, 11 a 11 the rule set's hand at 11 a 11)
and the actions taken after it (``moves``: after a tied first vaza, say), with its counts at depths
1, 2, … (and ``null``, to the end of the hand, where that count is small): each a ``total`` and its
``divide``, the count below each first action ``(seat, action, count)``. ``load_perft`` reads a
file as input (bundled or a user's: ``truco conform --perft FILE``), each position set up on the
reference engine, and refuses it with every fault at its place (``PerftFileError``).

``check_position`` sets a position up on an ``EngineAdapter`` through the protocol (``new_game``
with the forced deal, ``act`` for each move), asks ``count`` at each depth and compares; on a
difference it descends (``descend``): it takes the first action whose count differs on both the
engine and the reference engine, counts one less deep, and repeats until the two list different
actions, the shortest line of play where the engine's legal actions part from the reference's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from truco_dsl.bundled import PERFT_DIR, SCHEMA_DIR
from truco_dsl.conformance.engines.adapter import EngineAdapter
from truco_dsl.diagnostics import YamlFile, YamlPath, did_you_mean, yaml_value
from truco_dsl.engine import Engine
from truco_dsl.engine.engine import TracedEngine
from truco_dsl.engine.search import count_lines
from truco_dsl.errors import (BadDeal, CountTooLarge, EngineError, EngineFault, IllegalAction, NotSupported, PerftFileError,
                              SelectionError, SetupRefused)
from truco_dsl.rules import RuleSet, available_rulesets, load_ruleset

#: the command that writes them, as each file names it
WRITE_COMMAND = "truco conform --write-perft conformance/perft"
#: the most lines a count in the files may have: the deepest depth kept is the last below it. It
#: keeps every file's check by the reference engine to about a second, and every count far below
#: ``truco serve``'s limits (200,000 positions, 3 s)
LINES = 2_500
#: ``LINES`` for a position at 11 (a mão de onze, 11 a 11), divided by the players squared: there
#: every position asks a sure-win search whether a seat may show its cards, which costs more the
#: more cards are unseen (some milliseconds a line at 6 players in the reference engine, 30 in the
#: example engine): 150 lines at 2 players, 37 at 4, 16 at 6
ELEVEN_LINES = 600
#: the deepest depth written
MAX_DEPTH = 8
#: positions a count of the reference engine may visit when it checks a file's count or follows an
#: engine's descent (each count of a descent smaller than the file's): far above any file's count
DESCENT_POSITIONS = 1_000_000

# outcomes of a check
PASSED, FAILED, UNSUPPORTED = "passed", "failed", "unsupported"
#: an engine's error reply or fault on the way (its message says which)
ERROR = "error"


@dataclass(frozen=True)
class PerftCount:
    """One count of a position: ``depth`` (None: to the end of the hand), the ``total`` of lines
    and the ``divide``, the count below each first action as ``(seat, action, count)``."""

    depth: int | None
    total: int
    divide: tuple[tuple[int, str, int], ...]


@dataclass(frozen=True)
class PerftPosition:
    """A position of a perft file: ``ruleset`` (an id), ``id`` (unique in its file), ``about`` (what it
    is, in words), ``players``, ``dealer`` (a seat), ``scores`` (each team's points before the hand),
    ``hands`` (by seat, in card notation), ``vira`` (None for rule sets that turn none), ``moves``
    (``(seat, action)`` taken after the deal), ``counts``; ``file`` (where it was read, if read)."""

    ruleset: str
    id: str
    about: str
    players: int
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    vira: str | None
    moves: tuple[tuple[int, str], ...] = ()
    counts: tuple[PerftCount, ...] = ()
    file: Path | None = None

    @property
    def name(self) -> str:
        """``<rule set>/<id>``, as reports name it."""
        return f"{self.ruleset}/{self.id}"

    def reference(self, traced: bool = False) -> Engine:
        """The reference engine at this position (a ``TracedEngine`` when ``traced``). Raises
        ``IllegalAction`` or ``BadDeal`` when the rule set cannot deal or play it."""
        kind = TracedEngine if traced else Engine
        engine = kind(self.ruleset, players=self.players, dealer=self.dealer, scores=list(self.scores))
        engine.deal([list(cards) for cards in self.hands], self.vira)
        for seat, action in self.moves:
            engine.act(seat, action)
        return engine


# --------------------------------------------------------------------------------------------- files
def perft_files(folder: Path = PERFT_DIR) -> list[Path]:
    """The perft files of ``folder``, sorted."""
    return sorted(folder.glob("*.yaml"))


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMA_DIR / "perft.schema.json").read_text(encoding="utf-8")))


def load_perft(path: str | Path) -> list[PerftPosition]:
    """The positions of the perft file ``path``, checked as input before any engine is asked.

    The file is read by ``diagnostics.YamlFile`` and checked against
    conformance/schema/perft.schema.json; its ``ruleset`` must be a bundled concrete rule set, the
    one the file is named after (``<ruleset>.yaml``); each position must be one the reference
    engine sets up as written (``_check_position``): its ids unique in the file. The counts are
    not recounted (tests/test_perft.py does that for the bundled files).
    Raises ``PerftFileError`` with every problem found, each at its ``file:line:col`` with its YAML
    path, a position's named ``position <id>: …``.
    """
    path = Path(path)
    reader = YamlFile.read(path, "perft file")
    if reader.problems:
        raise PerftFileError(reader.problems)
    for at, number in _fractions(reader.document):
        reader.report(at, f"{yaml_value(number)} is not a whole number: the protocol writes its numbers without a fraction or "
                          f"an exponent")
    reader.report_schema(_validator().iter_errors(reader.document))
    if reader.problems:
        raise PerftFileError(reader.problems)
    document = reader.document
    ruleset = document["ruleset"]
    concrete = perft_rulesets()
    if ruleset not in concrete:
        reader.report(("ruleset",), f"{yaml_value(ruleset)} is not a bundled rule set with move counts{did_you_mean(ruleset, concrete)}; "
                                    f"it is one of: {', '.join(concrete)}")
        raise PerftFileError(reader.problems)
    if path.stem != ruleset:
        reader.report(("ruleset",), f"this file is named {path.name} but its positions are of {ruleset}: a perft file holds the "
                                    f"counts of the rule set it is named after (write ruleset: {path.stem}, or name the "
                                    f"file {ruleset}.yaml)")
        raise PerftFileError(reader.problems)
    played = load_ruleset(ruleset)
    positions, given_at = [], {}  # id -> the line where it was first given
    for index, entry in enumerate(document["positions"]):
        position = PerftPosition(ruleset=ruleset, id=entry["id"], about=entry["about"], players=entry["players"],
                                 dealer=entry["dealer"], scores=tuple(entry["scores"]), hands=tuple(map(tuple, entry["hands"])),
                                 vira=entry["vira"], moves=tuple((seat, action) for seat, action in entry["moves"]),
                                 counts=tuple(PerftCount(count["depth"], count["total"],
                                                         tuple((seat, action, lines) for seat, action, lines in count["divide"]))
                                              for count in entry["counts"]),
                                 file=path)
        at = ("positions", index)
        if position.id in given_at:
            reader.report(at + ("id",), f"position {position.id}: the id is given twice (also at line {given_at[position.id]}); "
                                        f"an id names one position of its file")
        given_at.setdefault(position.id, reader.place(at + ("id",)).line)
        for where, message in _check_position(played, position):
            reader.report(at + where, f"position {position.id}: {message}")
        positions.append(position)
    if reader.problems:
        raise PerftFileError(reader.problems)
    return positions


def _fractions(value: Any, at: YamlPath = ()) -> Iterable[tuple[YamlPath, float]]:
    """The numbers of a YAML document written with a fraction or an exponent (``1.0``, ``1e0``),
    each with its path: the schema's integers let ``1.0`` through, the protocol does not."""
    if isinstance(value, float):
        yield at, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _fractions(item, at + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _fractions(item, at + (index,))


def _check_position(played: RuleSet, position: PerftPosition) -> list[tuple[YamlPath, str]]:
    """What is wrong with ``position`` of a perft file of ``played`` (its rule set), as
    ``(YAML path inside the position, message)``: how it is set up (``_set_up_problems``), then its
    counts: depths not strictly increasing with ``null`` last, a total not its divide's sum, a
    divide listing a first action twice or, where the position could be set up, other first actions
    than the reference engine's there. Cheap: the reference engine deals, takes the moves and lists
    the first actions; it counts nothing deeper (tests/test_perft.py recounts the bundled files)."""
    problems, offered = _set_up_problems(played, position)
    last: int | None = 0
    for number, count in enumerate(position.counts):
        at: YamlPath = ("counts", number)
        depth = _written(count.depth)
        if last is None or count.depth is not None and count.depth <= last:
            problems.append((at + ("depth",), f"depth {depth} comes after depth {_written(last)}: the depths of a position go up, "
                                              f"null (to the end of the hand) last"))
        last = count.depth
        whole = sum(lines for _, _, lines in count.divide) if count.divide else 1  # a hand over: one line, of no action
        if count.total != whole:
            problems.append((at + ("total",), f"depth {depth}: the total {count.total} is not the sum of its divide ({whole})"))
        listed = [(seat, action) for seat, action, _ in count.divide]
        for entry, (seat, action) in enumerate(listed):
            if (seat, action) in listed[:entry]:
                problems.append((at + ("divide", entry), f"depth {depth}: the divide lists seat {seat} {action} twice"))
            elif offered is not None and (seat, action) not in offered:
                problems.append((at + ("divide", entry), f"depth {depth}: the divide lists seat {seat} {action}, which the reference "
                                                         f"engine does not offer there{_offered(offered)}"))
        missing = [f"seat {seat} {action}" for seat, action in offered or () if (seat, action) not in listed]
        if missing:
            problems.append((at + ("divide",), f"depth {depth}: the divide lacks {', '.join(missing)}, which the reference engine "
                                               f"offers there"))
    return problems


def _set_up_problems(played: RuleSet, position: PerftPosition) -> tuple[list[tuple[YamlPath, str]], list[tuple[int, str]] | None]:
    """What keeps the reference engine from setting ``position`` up as written, as ``(YAML path
    inside the position, message)``: a player count ``played`` does not allow, a dealer who is no
    seat, a score at or past the target, a deal it refuses (a card unknown, not in the deck or dealt
    twice, the vira in a hand or missing, a hand of the wrong size), the first move it refuses (out
    of turn, illegal). And the first actions ``(seat, action)`` it offers once set up, None when
    it could not be."""
    if position.players not in played.players:
        return [(("players",), f"{played.id} is played by {', '.join(map(str, played.players))} players, not {position.players}")], None
    problems: list[tuple[YamlPath, str]] = []
    if position.dealer >= position.players:
        problems.append((("dealer",), f"dealer {position.dealer} is no seat: with {position.players} players the seats are "
                                      f"0 to {position.players - 1}"))
    problems += [(("scores", team), f"a score of {score} has already won the game ({played.id} is played to {played.target})")
                 for team, score in enumerate(position.scores) if score >= played.target]
    if problems:
        return problems, None
    engine = Engine(played, players=position.players, dealer=position.dealer, scores=list(position.scores))
    try:
        engine.deal([list(cards) for cards in position.hands], position.vira)
    except BadDeal as refused:
        return [(refused.at, f"the reference engine refuses the deal: {refused}")], None
    for index, (seat, action) in enumerate(position.moves):
        try:
            engine.act(seat, action)
        except IllegalAction as refused:
            return [(("moves", index), f"the reference engine refuses move {index + 1}, {action} from seat {seat}: {refused} "
                                       f"({refused.reason})")], None
    _, divide = count_lines(engine, 1)
    return [], [(seat, action) for seat, action, _ in divide]


def _written(depth: int | None) -> str:
    """A depth as the file writes it: a number, or null."""
    return "null" if depth is None else str(depth)


def _offered(offered: list[tuple[int, str]]) -> str:
    """`` (it offers: seat 0 play:2c, …)``, or `` (it offers none: the hand is over)``."""
    if not offered:
        return " (it offers none: the hand is over)"
    return " (it offers: " + ", ".join(f"seat {seat} {action}" for seat, action in offered) + ")"


def perft_text(ruleset: str, positions: Iterable[PerftPosition]) -> str:
    """The perft file of ``ruleset`` holding ``positions`` (with their counts), as YAML: a count a
    line, its divide in JSON's flow style (JSON is YAML)."""
    lines = [f"# Move counts (perft) of {ruleset}: the sequences of legal actions from each position, by the",
             "# reference engine. Written by a command, not by hand: after a change of a rule file, run it again",
             "# and review the diff. Check an engine against these counts:",
             f"#   truco conform --perft --engine 'CMD' --ruleset {ruleset}",
             "# (conformance/PROTOCOL.md, \"Move counts\")",
             f"ruleset: {ruleset}",
             f"made_by: {WRITE_COMMAND}",
             "positions:"]
    for position in positions:
        lines += [f"- id: {position.id}",
                  f"  about: {json.dumps(position.about, ensure_ascii=False)}",
                  f"  players: {position.players}",
                  f"  dealer: {position.dealer}",
                  f"  scores: {json.dumps(list(position.scores))}",
                  f"  hands: {json.dumps([list(cards) for cards in position.hands])}",
                  f"  vira: {json.dumps(position.vira)}",
                  f"  moves: {json.dumps([list(move) for move in position.moves])}",
                  "  counts:"]
        lines += [f"  - {{depth: {json.dumps(count.depth)}, total: {count.total}, divide: {json.dumps([list(entry) for entry in count.divide])}}}"
                  for count in position.counts]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------- making the files
def perft_rulesets() -> list[str]:
    """The bundled rule sets that have a perft file: every concrete one (the regulations, then the
    variants), in the order of ``available_rulesets``."""
    return [ruleset for ruleset in available_rulesets() if not load_ruleset(ruleset).abstract]


def perft_positions(ruleset: str) -> list[PerftPosition]:
    """The positions of ``ruleset``'s file, with their counts by the reference engine.

    For each player count the rule set allows: a first deal (the last seat dealing) and, for a
    regulation (not a variant), another dealer (seat 0), the position after a tied first vaza, the
    third vaza after one won by each side, a mão de onze (one team at ``game.mao_de_onze_at``) and
    11 a 11. Each deal is the reference
    engine's seeded shuffle (seed fixed per position), kept in the file as a forced deal. Depths
    1, 2, … while the count stays within ``LINES`` (at least depth 1), and ``null`` when the whole
    hand does. Raises ``RuleSetIncomplete`` when a clause fails on a line of play."""
    played = load_ruleset(ruleset)
    variant = available_rulesets()[ruleset].parent.name == "variants"
    eleven = played.mao_de_onze_at
    positions = []
    for players in played.players:
        last, at_eleven = players - 1, ELEVEN_LINES // players ** 2
        # kind, what it is, dealer, scores, seed, the line of play after the deal (_PLAYED_TO), most lines
        recipes = [("deal", "a first deal", last, (0, 0), 1, None, LINES)]
        if not variant:
            recipes += [("dealer-0", "a first deal, another seat dealing", 0, (0, 0), 2, None, LINES),
                        ("tied-first-vaza", "after a first vaza tied, every card played face up", last, (0, 0), 3, "tie", LINES),
                        ("third-vaza", "the third vaza, each side having won one, every card played face up", last, (0, 0), 6,
                         "third", LINES),
                        ("mao-de-onze", f"team 0 at {eleven}: the mão de onze", last, (eleven, 4), 4, None, at_eleven),
                        ("onze-a-onze", f"{eleven} a {eleven}", last, (eleven, eleven), 5, None, at_eleven)]
        for kind, about, dealer, scores, seed, line, lines in recipes:
            position = _dealt(played, players, dealer, scores, seed, line)
            if position is not None:
                positions.append(_counted(PerftPosition(ruleset, f"{players}p-{kind}", about, **position), lines))
    return positions


def _dealt(played: RuleSet, players: int, dealer: int, scores: tuple[int, ...], seed: int, line: str | None) -> dict[str, Any] | None:
    """A seeded deal, and the moves of the first line of play to the ``line`` its recipe asks for
    (``_PLAYED_TO``: None for none), as the fields of a ``PerftPosition``: the first seed from ``seed``
    on, by steps of 100, whose deal has that line; None when 20 seeds have none."""
    for attempt in range(seed, seed + 2000, 100):
        engine = Engine(played, players=players, seed=attempt, dealer=dealer, scores=list(scores))
        engine.deal()
        hand = engine.state()["hand"]
        moves = _first_line(engine, *_PLAYED_TO[line]) if line is not None else ()
        if moves is not None:
            return {"players": players, "dealer": dealer, "scores": scores, "vira": hand["vira"], "moves": tuple(moves),
                    "hands": tuple(tuple(hand["hands"][str(seat)]) for seat in range(players))}
    return None


def _first_line(engine: Engine, vazas: int, wanted) -> list[tuple[int, str]] | None:
    """The first line of cards played face up (in the order ``legal_actions`` lists them) that closes
    ``vazas`` vazas with the hand then as ``wanted`` (a test of the hand) says, or None when none does."""
    hand = engine.hand
    if hand.over or len(hand.tricks) > vazas:
        return [] if wanted(hand) else None
    seat = hand.turn
    if seat is None or hand.pending is not None or hand.decision_pending is not None:
        return None
    for action in engine.legal_actions(seat):
        if action.startswith("play:"):
            branch = engine.fork()
            branch.act(seat, action)
            rest = _first_line(branch, vazas, wanted)
            if rest is not None:
                return [(seat, action), *rest]
    return None


#: the lines of play a position's recipe may ask for after the deal: the vazas they close, and a
#: test of the hand they must leave
_PLAYED_TO = {"tie": (1, lambda hand: hand.tricks[0].tied),
          "third": (2, lambda hand: not hand.over and not any(trick.tied for trick in hand.tricks[:2]))}


def _counted(position: PerftPosition, lines: int) -> PerftPosition:
    """``position`` with its counts by the reference engine, none of more than ``lines`` lines but
    depth 1's (``perft_positions`` says which)."""
    engine = position.reference()
    counts = []
    try:  # a count visits at least as many positions as it finds lines
        total, divide = count_lines(engine, None, limit=lines, seconds=float("inf"))
        whole = PerftCount(None, total, tuple(divide))
    except CountTooLarge:
        whole = None
    for depth in range(1, MAX_DEPTH + 1):
        try:
            total, divide = count_lines(engine, depth, limit=lines * 4, seconds=float("inf"))
        except CountTooLarge:
            break
        if counts and total > lines or whole is not None and total == whole.total:
            break  # too many, or every line already ends before this depth
        counts.append(PerftCount(depth, total, tuple(divide)))
    if whole is not None:
        counts.append(whole)
    return PerftPosition(**{**position.__dict__, "counts": tuple(counts)})


def reference_counts(position: PerftPosition) -> tuple[PerftCount, ...]:
    """The counts of ``position``'s depths as the reference engine finds them now (to compare with
    the file's: the CI check)."""
    engine = position.reference()
    counts = []
    for count in position.counts:
        total, divide = count_lines(engine, count.depth, limit=DESCENT_POSITIONS, seconds=float("inf"))
        counts.append(PerftCount(count.depth, total, tuple(divide)))
    return tuple(counts)


# ------------------------------------------------------------------------------- checking an engine
@dataclass(frozen=True)
class Departure:
    """Where an engine's legal actions part from the reference's: after ``line`` (``(seat, action)``
    from the position), ``extra`` actions the engine has and the reference refuses, each with the
    reference's reason (``(seat, action, why)``), ``missing`` actions the reference has and the
    engine lacks, each with the guards the reference checks for it (``(seat, action, why)``); ``position``:
    the reference engine's state there, in words; ``note``: another kind of difference (an action
    the engine counted and then refused, a total that is not its divide's sum), or None."""

    line: tuple[tuple[int, str], ...]
    extra: tuple[tuple[int, str, str], ...]
    missing: tuple[tuple[int, str, str], ...]
    position: str
    note: str | None = None


@dataclass
class PerftVerdict:
    """One count of one position, checked: ``outcome`` (``passed``, ``failed``, ``unsupported``,
    ``error``, or a fault's: ``timeout``, ``crash``, ``protocol_error``), what was ``expected`` and
    what the engine ``counted`` (None when it did not), the ``divide``'s differences as
    ``(seat, action, expected, counted)`` (None for an action one side lacks), the ``departure``
    found by descending, and ``message`` (why it is not passed)."""

    position: PerftPosition
    depth: int | None
    outcome: str
    expected: int
    counted: int | None = None
    differences: list[tuple[int, str, int | None, int | None]] = field(default_factory=list)
    departure: Departure | None = None
    message: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The verdict as plain JSON (``truco conform --perft --json``)."""
        departure = self.departure
        return {"ruleset": self.position.ruleset, "position": self.position.id, "file": str(self.position.file) if self.position.file else None,
                "depth": self.depth, "outcome": self.outcome, "expected": self.expected, "counted": self.counted,
                "differences": [{"seat": seat, "action": action, "expected": expected, "counted": counted}
                                for seat, action, expected, counted in self.differences],
                "departure": None if departure is None else {
                    "line": [{"seat": seat, "action": action} for seat, action in departure.line],
                    "extra": [{"seat": seat, "action": action, "why": why} for seat, action, why in departure.extra],
                    "missing": [{"seat": seat, "action": action, "why": why} for seat, action, why in departure.missing],
                    "position": departure.position, "note": departure.note},
                "message": self.message}


def check_position(adapter: EngineAdapter, position: PerftPosition) -> list[PerftVerdict]:
    """Check every count of ``position`` on ``adapter``: one verdict per count, in the file's order.

    A rule set or player count the engine does not play, or an engine without the ``count``
    capability, gives ``unsupported`` verdicts; a fault (``EngineFault``: its ``outcome``) gives
    that outcome to the count being asked; a refused deal or move, an error reply, any other
    exception of the adapter (a ``python:`` engine's own, a count past its limits) or a divide that
    lists a first action twice gives ``error``. The first count that differs is descended
    (``descend``); the later ones are compared only. Raises nothing of the engine's."""
    verdicts: list[PerftVerdict] = []
    if not adapter.supports(position.ruleset, position.players):
        return [PerftVerdict(position, count.depth, UNSUPPORTED, count.total,
                             message=f"not supported: the engine does not play {position.ruleset} with {position.players} players")
                for count in position.counts]
    descended = False
    for count in position.counts:
        try:
            _set_up(adapter, position)
            counted = adapter.count(count.depth)
        except NotSupported as reason:
            verdicts.append(PerftVerdict(position, count.depth, UNSUPPORTED, count.total, message=str(reason)))
            continue
        except (EngineFault, EngineError, SetupRefused) as problem:
            outcome = problem.outcome if isinstance(problem, EngineFault) else ERROR
            verdicts.append(PerftVerdict(position, count.depth, outcome, count.total, message=str(problem)))
            continue
        except Exception as problem:  # an in-process engine's own exception: the engine's error, as in the scenarios
            verdicts.append(PerftVerdict(position, count.depth, ERROR, count.total, message=f"{type(problem).__name__}: {problem}"))
            continue
        twice = _listed_twice(counted)
        if twice:
            verdicts.append(PerftVerdict(position, count.depth, ERROR, count.total, message=twice))
            continue
        differences = _differences(count.divide, counted.divide)
        if counted.total == count.total and not differences:
            verdicts.append(PerftVerdict(position, count.depth, PASSED, count.total, counted.total))
            continue
        said = (f"expected {count.total} lines, the engine counted {counted.total}" if counted.total != count.total else
                f"the engine counted {counted.total} lines, as expected, but below other first actions")
        verdict = PerftVerdict(position, count.depth, FAILED, count.total, counted.total, differences, message=said)
        if not descended:
            descended = True
            try:
                _set_up(adapter, position)
                verdict.departure = descend(adapter, position, count.depth)
            except Exception as problem:  # the engine's fault, error or exception on the way down
                verdict.message += f"; the descent stopped: {problem}"
        verdicts.append(verdict)
    return verdicts


def _listed_twice(counted: Any) -> str | None:
    """What is wrong with an engine's ``count`` answer that is no ``LineCount`` or whose divide
    lists a first action twice (its total then cannot be its divide's sum), or None."""
    try:
        listed = [(seat, action) for seat, action, _ in counted.divide]
    except (AttributeError, TypeError, ValueError):
        return f"the engine's count answer is not a total and a divide: {counted!r}"[:500]
    twice = [f"seat {seat} {action}" for number, (seat, action) in enumerate(listed) if (seat, action) in listed[:number]]
    return f"the engine's divide lists {', '.join(twice)} twice" if twice else None


def _set_up(adapter: EngineAdapter, position: PerftPosition) -> None:
    """Deal ``position`` on ``adapter`` and take its moves. Raises ``SetupRefused`` when the engine
    refuses the deal or a move, and what the adapter raises."""
    adapter.new_game(position.ruleset, position.players, position.dealer, list(position.scores),
                     [list(cards) for cards in position.hands], position.vira, None)
    for seat, action in position.moves:
        outcome = adapter.act(seat, action)
        if not outcome.accepted:
            raise SetupRefused(f"the engine refused {action} from seat {seat} while setting the position up "
                               f"({outcome.reason}: {outcome.detail or ''})")


def descend(adapter: EngineAdapter, position: PerftPosition, depth: int | None) -> Departure:
    """The shortest line from ``position`` (already set up on ``adapter``) where the engine's legal
    actions part from the reference engine's, found as chess perft's divide is read: count on both,
    take the first action (seat order, then action order) whose count differs, one less deep, and
    repeat until the two list different first actions. The adapter is left at that line's end.
    Raises what the adapter raises."""
    reference = position.reference(traced=True)
    line: list[tuple[int, str]] = []
    while True:
        counted = adapter.count(depth)
        _, divide = count_lines(reference, depth, limit=DESCENT_POSITIONS, seconds=float("inf"))
        theirs = {(seat, action): lines for seat, action, lines in counted.divide}
        ours = {(seat, action): lines for seat, action, lines in divide}
        if theirs.keys() != ours.keys():
            behind = _clauses_behind(reference)
            extra = tuple((seat, action, _why_refused(reference, seat, action, behind)) for seat, action in sorted(theirs.keys() - ours.keys()))
            missing = tuple((seat, action, _why_offered(position, line, seat, action) + behind)
                            for seat, action in sorted(ours.keys() - theirs.keys()))
            return Departure(tuple(line), extra, missing, _described(reference))
        apart = next(((seat, action) for seat, action, lines in divide if theirs[(seat, action)] != lines), None)
        if apart is None and counted.total != sum(theirs.values()):
            return Departure(tuple(line), (), (), _described(reference),
                             note=f"the engine's total ({counted.total}) is not the sum of its divide "
                                  f"({sum(theirs.values())}), which agrees with the reference's")
        if apart is None and not line:  # the engine counts as the reference engine does: the file's count is not it
            return Departure((), (), (), _described(reference),
                             note=f"the engine counts {counted.total} lines, as the reference engine does here: the "
                                  f"file's count is not the reference's (a file out of date or mistyped; "
                                  f"{WRITE_COMMAND} writes the bundled ones)")
        if apart is None:  # one level down, the engine agrees: its count above was not the sum of these
            return Departure(tuple(line), (), (), _described(reference),
                             note=f"the engine counts {counted.total} lines here, as the reference engine does, and "
                                  f"counted otherwise for this line one level up: its counts at two depths disagree")
        seat, action = apart
        outcome = adapter.act(seat, action)
        if not outcome.accepted:
            return Departure(tuple(line), (), (), _described(reference),
                             note=f"the engine counted {theirs[apart]} lines after {action} from seat {seat}, then refused it "
                                  f"({outcome.reason})")
        reference.act(seat, action)
        line.append(apart)
        depth = None if depth is None else depth - 1


def _why_refused(reference: Engine, seat: int, action: str, behind: str = "") -> str:
    """Why the reference refuses ``action`` from ``seat``: the clause that forbids it and its words,
    or the game's structure (the reason code and its detail) followed by ``behind``, the clauses
    that made the position (``_clauses_behind``: a hand the reference ended at the last move, say)."""
    refusal = reference.refusal(seat, action)
    if refusal is None:  # listed by no seat, yet not refused: an action legal_actions never offers
        return "the reference does not offer it" + behind
    if refusal.clause:  # "<action> is forbidden under <clause>: <its words>"
        return str(refusal).removeprefix(f"{action} is ")
    return f"{refusal.reason}: {refusal}{behind}"


def _why_offered(position: PerftPosition, line: list[tuple[int, str]], seat: int, action: str) -> str:
    """Why the reference offers ``action`` to ``seat`` after ``line`` from ``position``: the guards it
    checked for the action, none of which held (the clauses an engine that refuses it misreads)."""
    engine = position.reference(traced=True)
    for taken in line:
        engine.act(*taken)
    engine.act(seat, action)
    checked = list(dict.fromkeys(entry.clause.id for entry in engine.trace
                                 if entry.kind == "guard" and entry.clause is not None and not entry.held))
    if not checked:
        return "offered by the reference: no clause of the rule set guards it (the game's structure)"
    return "offered by the reference: none of the guards it checks holds here (" + ", ".join(checked) + ")"


def _clauses_behind(reference: TracedEngine) -> str:
    """The clauses whose effects ran at the reference's last deal or action, the one that made the
    position (who leads, who is to answer …), as words to append; empty when none ran."""
    fired = dict.fromkeys(entry.clause.id for entry in reference.trace
                          if entry.kind == "effect" and entry.held and entry.clause is not None)
    return f"; the clauses that made this position: {', '.join(fired)}" if fired else ""


def _described(reference: Engine) -> str:
    """The reference engine's position in words: score, stake, vaza, cards on the table, turn, what is pending."""
    hand = reference.hand
    parts = [f"score {reference.score[0]} to {reference.score[1]}"]
    if hand is None or hand.over:
        return ", ".join(parts + ["the hand is over"])
    trick = hand.tricks[-1] if hand.tricks else None
    parts.append(f"the hand worth {hand.stake}")
    if trick is not None:
        table = " ".join(f"{play.seat}:{'(covered)' if play.covered else play.card}" for play in trick.plays)
        parts.append(f"vaza {trick.number}" + (f" with {table} on the table" if table else ", no card on the table"))
        parts += [f"vaza {earlier.number} {'tied' if earlier.tied else f'won by seat {earlier.winner_seat}'}" for earlier in hand.tricks[:-1]]
    if hand.decision_pending is not None:
        parts.append(f"team {hand.decision_pending} to decide the mão de onze")
    elif hand.pending is not None:
        parts.append(f"a raise to {hand.pending.to} by seat {hand.pending.seat} waiting for an answer")
    elif hand.turn is not None:
        parts.append(f"seat {hand.turn} to play")
    return ", ".join(parts)


def _differences(expected: Iterable[tuple[int, str, int]], counted: Iterable[tuple[int, str, int]]
                 ) -> list[tuple[int, str, int | None, int | None]]:
    """``(seat, action, expected, counted)`` for each first action whose counts differ (None where
    one side lacks it), in seat order then action order."""
    ours = {(seat, action): lines for seat, action, lines in expected}
    theirs = {(seat, action): lines for seat, action, lines in counted}
    return [(seat, action, ours.get((seat, action)), theirs.get((seat, action)))
            for seat, action in sorted(ours.keys() | theirs.keys()) if ours.get((seat, action)) != theirs.get((seat, action))]


def select_files(ruleset: str | None = None, files: Iterable[str | Path] = (), folder: Path = PERFT_DIR) -> list[Path]:
    """The perft files to check: ``files`` when any are given (each once), else every one of
    ``folder``; of those, ``ruleset``'s alone when given (an id: a file is named after its rule
    set). Raises ``SelectionError`` when none of them is ``ruleset``'s (naming those there are)."""
    given = [Path(path) for path in dict.fromkeys(files)]
    chosen = given or perft_files(folder)
    if ruleset is None:
        return chosen
    of_ruleset = [path for path in chosen if path.stem == ruleset]
    if not of_ruleset:
        among = "the files given" if given else str(folder)
        raise SelectionError(f"no move counts for the rule set {ruleset!r} in {among}: --ruleset takes the id of one of "
                             f"{', '.join(path.stem for path in chosen)}")
    return of_ruleset


def load_perft_files(files: Iterable[Path]) -> list[PerftPosition]:
    """The positions of every perft file of ``files``, in their order (``load_perft``). Raises
    ``PerftFileError`` with the problems of every file that has some."""
    positions, problems = [], []
    for path in files:
        try:
            positions += load_perft(path)
        except PerftFileError as error:
            problems += error.problems
    if problems:
        raise PerftFileError(problems)
    return positions


def check_engine(adapter_factory: Callable[[], EngineAdapter], positions: Iterable[PerftPosition]) -> list[PerftVerdict]:
    """Check an engine against perft ``positions`` (``load_perft_files``): each on a fresh adapter
    from ``adapter_factory`` (closed after it), every count (``check_position``). Returns the
    verdicts in the positions' order."""
    verdicts = []
    for position in positions:
        adapter = adapter_factory()
        try:
            verdicts += check_position(adapter, position)
        finally:
            adapter.close()
    return verdicts
