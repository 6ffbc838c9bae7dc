"""The clause runtime: what a clause expression sees, and what its builtins do to the game.

A compiled clause (``truco_dsl.lang.compiler``) reads the vocabulary's roots as attributes of the
object it is given (``scope.hand``; ``scope.raise_`` for the root ``raise``) and calls the builtins
as its methods (``scope.award(team, 1)``). ``ClauseRuntime`` is that object, one per game (a fork
makes its own): one method per builtin of ``truco_dsl.lang.vocabulary.BUILTINS``, with the
builtin's name and arguments. It also runs the clauses of a hook for the engine (``run``,
``first_guard``, ``penalise``; with ``follow``, the ``ENGINE_FACING`` methods), so a clause that
fails is reported in one place, with its place and line.

The boundary with ``Engine``, and why. A builtin changes the records a clause names itself
(``score``, ``hand``, ``game``, ``games_won``, ``next_dealer``, the match's ``winner`` …: public
attributes of the engine and the records of ``records.py``): that way each builtin does all it
does in its own method here, which is where ``truco where`` points. What the players' actions do
too — record an event, give a vaza, deal a deck, make a raise — stays the state machine's, one
copy for both: the runtime asks for it through five public methods that the engine documents as
"what a clause's effects may do to the game": ``emit``, ``give_trick``, ``hand_out``,
``raise_move`` and ``make_raise``. Neither module touches the other's private members.

How to add a builtin:
  1. its entry in ``truco_dsl.lang.vocabulary.BUILTINS`` (arity, doc, effect or guard, argument kinds);
  2. its method on ``ClauseRuntime`` below, with the same name and arguments (``implementation(name)``
     finds it, for ``inspect.getsourcelines``);
  3. ``tests/test_runtime.py`` checks that every builtin has its method with that arity, and back.

No rule of truco lives here: who wins, what a vaza or a fold is worth, comes from the clauses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from truco_dsl.diagnostics import Place, YamlFile, did_you_mean, excerpt, source_line
from truco_dsl.engine.records import Game, Hand, Points, Trick, TrickBook
from truco_dsl.engine.search import guaranteed_win
from truco_dsl.errors import IllegalAction, RuleSetIncomplete
from truco_dsl.lang.compiler import failed_clause
from truco_dsl.lang.vocabulary import BUILTINS, HAND_HOOKS
from truco_dsl.rules import Clause
from truco_dsl.rules.model import MAX_TARGET

if TYPE_CHECKING:  # pragma: no cover
    from truco_dsl.engine.engine import Engine

#: The public methods of ``ClauseRuntime`` that are no builtin: the engine calls them to follow the
#: hand being played and to run the clauses of a hook. Every other public method is a builtin.
ENGINE_FACING = ("follow", "run", "first_guard", "penalise")

_NO_CONTEXT: dict[str, Any] = {}


def _yaml(value: Any) -> str:
    """``value`` as a rule file writes it (``none``, ``true``), for a message."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def implementation(name: str) -> Callable[..., Any]:
    """The function the builtin ``name`` runs: its method on ``ClauseRuntime`` (``inspect.getsourcelines``
    gives its lines in this file; its parameters after ``self`` are the builtin's arguments).
    Raises ``ValueError`` when ``name`` is no builtin of ``truco_dsl.lang.vocabulary.BUILTINS``, or
    is one that ``ClauseRuntime`` has no method for (a builtin half added: tests/test_runtime.py fails too)."""
    if name not in BUILTINS:
        raise ValueError(f"{name!r} is no builtin{did_you_mean(name, BUILTINS)}; builtins are {', '.join(sorted(BUILTINS))}")
    method = getattr(ClauseRuntime, name, None)
    if not callable(method):
        raise ValueError(f"the builtin {name}() is declared in truco_dsl/lang/vocabulary.py but ClauseRuntime has no method "
                         f"{name} (engine/runtime.py): a clause that calls it fails when it runs")
    return method


class _WrongCall(Exception):
    """A builtin called wrongly by the clause being run (a value it cannot use, the wrong hook).

    Raised by the builtin, caught by the loop that ran the clause (``run``, ``first_guard``,
    ``penalise``), which knows the clause and turns it into a ``RuleSetIncomplete`` (``_failed``):
    it never leaves this module."""

    def __init__(self, message: str, builtin: str | None = None):
        self.builtin = builtin
        super().__init__(message)


_NAMES = {ZeroDivisionError: "a division by zero", IndexError: "an index past the end", KeyError: "an index past the end"}


def _failure(problem: Exception) -> str:
    """What ``problem``, raised inside a clause, says: a builtin's complaint as it is, else what failed
    in the terms of a rule file (``a division by zero``), then Python's own words."""
    if isinstance(problem, _WrongCall):
        return f": {problem}"
    kind = next((name for cls, name in _NAMES.items() if isinstance(problem, cls)), None)
    if kind is not None:  # said in a rule file's terms; Python's words ("integer division or modulo") add nothing
        return f" failed: {kind}"
    return f" failed: {type(problem).__name__} ({problem})" if str(problem) else f" failed: {type(problem).__name__}"


def _expression_place(clause: Clause, part: str, problem: Exception) -> tuple[Place, str]:
    """Where ``clause``'s ``part`` (``when``/``then``) is written in the file that wrote the clause,
    the caret on what failed when the text shows it once (the builtin called wrongly, the only ``/``
    or ``%`` of a division by zero, the only ``[`` of an index); and that line's text. The file is read again
    (a failure is rare; the clause keeps only its own place): when it cannot be read, or no longer has
    the clause, the clause's own place and no line."""
    place = clause.place
    index = place.path.removeprefix("clauses[").removesuffix("]")
    if not index.isdigit():
        return place, source_line(place.file, place.line)
    written = YamlFile.read(place.file, "rule file")
    text = written.value_at(("clauses", int(index), part))
    if not isinstance(text, str):
        return place, source_line(place.file, place.line)
    if isinstance(problem, ZeroDivisionError):  # the only division (/) or remainder (%) of the text, if it has one
        needle = "/" if text.count("/") == 1 and "%" not in text else "%" if text.count("%") == 1 and "/" not in text else None
    else:
        needle = (f"{problem.builtin}(" if isinstance(problem, _WrongCall) and problem.builtin else
                  "[" if isinstance(problem, (IndexError, KeyError)) else None)
    offset = None
    if needle is not None and text.count(needle) == 1:
        before = text[:text.index(needle)].split("\n")
        offset = (len(before), len(before[-1]) + 1)
    found = written.place(("clauses", int(index), part), offset=offset)
    line = written.lines[found.line - 1].rstrip() if 0 < found.line <= len(written.lines) else ""
    return found, line


class ClauseRuntime:
    """What a clause expression sees: the vocabulary's roots as attributes, its builtins as methods.

    ``engine``: the game read and changed. ``hand``, ``trick`` and ``tricks`` are plain attributes,
    set by ``follow`` and moved on by the engine when it starts a vaza (``trick = …``,
    ``tricks.started(…)``): they are read faster than properties. ``score``, ``game``, ``players``
    and ``games_won`` read the engine. The roots that come with an action (``actor``, ``team``,
    ``action``, ``raise_``, ``response``, ``decision``, ``points``, ``infraction``) are read from
    ``context``, the hook's (absent: None), so running a hook costs two assignments whatever the
    context holds. ``hook`` is the hook being run, ``clause`` the clause whose ``then:`` runs (None
    outside one).

    Each builtin's method takes and answers what its ``BUILTINS`` doc says (seats and teams are
    numbers from 0, points are tentos). Given a value it cannot use (a seat off the table, negative
    points), or called at a hook where it means nothing, it stops the game with
    ``RuleSetIncomplete``, naming the clause, its place and its line: the rule set is wrong.
    """

    __slots__ = ("_engine", "_guards_at", "_effects_at", "_guard_tests", "_effect_runs", "clause", "fired", "hook",
                 "context", "hand", "trick", "tricks")

    def __init__(self, engine: Engine, guards_at: Mapping[str, tuple[Clause, ...]],
                 effects_at: Mapping[str, tuple[Clause, ...]], guard_tests: Mapping[str, Any],
                 effect_runs: Mapping[str, Any]):
        """``engine``: the game; ``guards_at``, ``effects_at``, ``guard_tests`` and ``effect_runs``:
        its rule set's (hook -> clauses, hook -> those clauses as one function), which the engine
        reads once for itself and its forks."""
        self._engine = engine
        self._guards_at, self._effects_at = guards_at, effects_at  # read at every action
        self._guard_tests, self._effect_runs = guard_tests, effect_runs
        self.clause: Clause | None = None
        self.fired: Clause | None = None  # the last effect clause whose then: ran (the proof blames a stall on it)
        self.hook = ""
        self.context: dict[str, Any] = _NO_CONTEXT
        self.follow(engine.hand)

    # ------------------------------------------------------------------ what the engine calls
    def follow(self, hand: Hand | None) -> None:
        """Read ``hand`` from now on (None: no hand dealt yet): the roots ``hand``, ``trick`` (its vaza
        being played, an empty one before the first) and ``tricks``. The engine calls it when it
        deals a hand."""
        self.hand = hand
        self.trick = hand.tricks[-1] if hand is not None and hand.tricks else Trick(0)
        self.tricks = TrickBook(hand.tricks if hand is not None else [], self._engine.ruleset.hand_size)

    def run(self, hook: str, context: dict[str, Any] | None = None) -> None:
        """Run the effect clauses at ``hook`` with ``context`` (context root -> value), in file order:
        each whose ``when`` holds runs its ``then:``; at a hook of the hand (``HAND_HOOKS``) the rest
        are skipped once the hand is over. All of them are one function (``RuleSet.effect_runs``).
        The runtime is left as it was found, so a clause whose effect runs another hook (an award
        runs ``points``) does not disturb the clauses after it.
        Raises ``RuleSetIncomplete`` when a clause fails (``_failed``); a clause's ``IllegalAction``
        goes through."""
        effects = self._effect_runs[hook]
        if effects is None:
            return
        saved = self.hook, self.context, self.clause  # this runs at every hook: nothing called for it
        self.hook, self.context = hook, context or _NO_CONTEXT
        clauses = self._effects_at[hook]
        try:
            effects(self, clauses)
        except (IllegalAction, RuleSetIncomplete):
            raise
        except Exception as problem:
            raise self._failed_in(effects, clauses, problem) from None
        finally:
            self.hook, self.context, self.clause = saved

    def first_guard(self, hook: str, context: dict[str, Any]) -> Clause | None:
        """The first guard clause at ``hook`` whose ``when`` holds with ``context``, or None. The
        runtime is left at ``hook`` and ``context`` (legal_actions asks this for every candidate
        action, so nothing is restored). Raises ``RuleSetIncomplete`` when a guard fails, and for a
        raise past the top of the ladder (``raise_.to`` None) that no guard refuses: the ladder
        has no step to raise to, and saying so is the rule set's job."""
        first = self._guard_tests[hook]  # the hook's guards as one function (RuleSet.guard_tests)
        if first is not None:
            self.hook, self.context = hook, context
            try:
                index = first(self)
            except (IllegalAction, RuleSetIncomplete):
                raise
            except Exception as problem:
                raise self._failed_in(first, self._guards_at[hook], problem) from None
            if index is not None:
                return self._guards_at[hook][index]
        proposal = context.get("raise_") if hook == "raise" else None
        if proposal is not None and proposal.to is None:
            raise RuleSetIncomplete(f"rule set {self._engine.ruleset.id}: no clause refuses a raise above the top "
                                    f"of the ladder ({proposal.before})")
        return None

    def penalise(self, guard: Clause, hook: str, context: dict[str, Any]) -> None:
        """Run the ``then:`` of ``guard``, a foul (its first call) and its penalty, for the action
        taken at ``hook`` with ``context``. Raises ``RuleSetIncomplete`` when it fails."""
        saved = self.clause
        self.hook, self.context, self.clause = hook, context, guard
        try:
            guard.then.run(self)
        except (IllegalAction, RuleSetIncomplete):
            raise
        except Exception as problem:
            raise self._failed(guard, problem, "then") from None
        finally:
            self.clause = saved  # what the engine emits after the penalty is no longer the guard's

    def _failed_in(self, function: Callable[..., Any], clauses: tuple[Clause, ...], problem: Exception) -> RuleSetIncomplete:
        """``_failed`` for the clause of ``clauses`` whose part ``function`` (a hook's, from
        ``compile_hook``) was running when ``problem`` was raised."""
        index, part = failed_clause(function, problem.__traceback__) or (0, "when")
        return self._failed(clauses[index], problem, part)

    @staticmethod
    def _failed(clause: Clause, problem: Exception, part: str) -> RuleSetIncomplete:
        """``clause`` failed with ``problem`` (a builtin called wrongly, a division by zero …) while
        its ``part`` (``"when"`` or ``"then"``) ran: its id, place and what failed on the first line,
        then that expression's line in the file that wrote the clause with a caret under what failed
        (as load-time problems are shown; no line when the file cannot be read). The exception's
        ``clause``, ``place`` and ``what`` hold the same for a caller that shows them itself."""
        what = _failure(problem)
        place, line = _expression_place(clause, part, problem)
        return RuleSetIncomplete(f"clause {clause.id} ({place}){what}" + excerpt(line, place.column),
                                 clause=clause.id, place=place, what=f"clause {clause.id}{what}")

    # ------------------------------------------------------------------ roots
    # the context's roots (hand, trick and tricks are attributes: see follow)
    actor = property(lambda self: self.context.get("actor"))
    team = property(lambda self: self.context.get("team"))
    action = property(lambda self: self.context.get("action"))
    raise_ = property(lambda self: self.context.get("raise_"))
    response = property(lambda self: self.context.get("response"))
    decision = property(lambda self: self.context.get("decision"))
    points = property(lambda self: self.context.get("points"))
    infraction = property(lambda self: self.context.get("infraction"))

    @property
    def score(self) -> list[int]:
        """Each team's points in this game."""
        return self._engine.score

    @property
    def game(self) -> Game:
        """The game being played: its target, number and flags."""
        return self._engine.game

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self._engine.players

    @property
    def games_won(self) -> list[int]:
        """Games each team has won in the match."""
        return self._engine.games_won

    # ------------------------------------------------------------------ arguments
    def _team(self, value: Any, builtin: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self._engine.teams:
            self._wrong(builtin, value, f"a team, 0 to {self._engine.teams - 1}")
        return value

    def _seat(self, value: Any, builtin: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self._engine.players:
            self._wrong(builtin, value, f"a seat, 0 to {self._engine.players - 1}")
        return value

    def _won_by(self) -> int | None:
        """The team that has won the game being played (None while it goes on)."""
        engine = self._engine
        return engine.game_winner if engine.game.won or engine.winner is not None else None

    def _score_open(self, builtin: str) -> None:
        """Fail when the game is already won (or the match over): a won game's score is final."""
        if self._won_by() is not None:
            raise _WrongCall(f"{builtin}(): the game is already won by team {self._won_by()}; its score is final", builtin)

    def _points(self, value: Any, builtin: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TARGET:
            self._wrong(builtin, value, f"a number of points, 0 to {MAX_TARGET} (a game's largest target)")
        return value

    @staticmethod
    def _wrong(builtin: str, value: Any, expected: str) -> NoReturn:
        raise _WrongCall(f"{builtin}() was given {_yaml(value)}, not {expected}", builtin)

    # ------------------------------------------------------------------ queries (vocabulary.BUILTINS says what each answers)
    def opponents(self, team: int) -> int:
        return (self._team(team, "opponents") + 1) % self._engine.teams

    def team_of(self, seat: int) -> int:
        return self._seat(seat, "team_of") % self._engine.teams

    def next_seat(self, seat: int) -> int:
        return (self._seat(seat, "next_seat") + 1) % self._engine.players

    def previous_seat(self, seat: int) -> int:
        return (self._seat(seat, "previous_seat") - 1) % self._engine.players

    def wins(self, team: int | None) -> int:
        return 0 if team is None else [trick.winner for trick in self.hand.tricks].count(team)

    def sole_team_at(self, points: int) -> int | None:
        score = self._engine.score  # asked at every deal: counted in C
        return score.index(points) if score.count(points) == 1 else None

    def all_teams_at(self, points: int) -> bool:
        score = self._engine.score
        return score.count(points) == len(score)

    def min(self, a: int, b: int) -> int:
        return min(a, b)

    def max(self, a: int, b: int) -> int:
        return max(a, b)

    def guaranteed_win(self, team: int) -> bool:
        """The sure-win search (``search.guaranteed_win``), once per team and position of the hand."""
        hand = self.hand
        key = (team, sum(len(trick.plays) for trick in hand.tricks))
        if key not in hand.guarantees:  # the search is costly
            hand.guarantees[key] = guaranteed_win(self._engine, team)
        return hand.guarantees[key]

    def count_infractions(self, team: int, kind: str) -> int:
        return self._engine.game.infractions.get((team, kind), 0)

    def count_infractions_in_match(self, team: int, kind: str) -> int:
        return self._engine.match_infractions.get((team, kind), 0)

    def may_raise(self, seat: int) -> bool:
        # asked of a fork, whose runtime is its own, so the clause being evaluated here keeps its
        # context; only the raise is checked (legal_actions would also try show_cards' search)
        return self._engine.fork().refusal(self._seat(seat, "may_raise"), "truco") is None

    def hand_flag(self, name: str) -> bool:
        return name in self.hand.flags

    def game_flag(self, name: str) -> bool:
        return name in self._engine.game.flags

    # ------------------------------------------------------------------ effects
    def award(self, team: int, points: int) -> None:
        """``points`` to ``team``: an event, then the ``points`` hook (where the game's end is a clause).
        Fails (a ``_WrongCall``) once the game is won: its score is final."""
        self._team(team, "award")
        self._points(points, "award")
        self._score_open("award")
        engine = self._engine
        engine.score[team] += points
        engine.emit("points_awarded", team=team, points=points, score=list(engine.score))
        self.run("points", {"points": Points(team, points)})

    def win_hand(self, team: int) -> None:
        """The hand to ``team``, worth its stake: an event, the award, the end of the hand. Fails
        (a ``_WrongCall``) when the hand was already won (a hand is won once) or the game is (its
        score is final)."""
        self._team(team, "win_hand")
        self._score_open("win_hand")  # before anything changes, and named as the clause calls it
        if self.hand.won_by is not None:
            raise _WrongCall(f"win_hand({team}): the hand was already won by team {self.hand.won_by}; a hand is won once",
                             "win_hand")
        self.hand.won_by = team
        self._engine.emit("hand_won", team=team, points=self.hand.stake)
        self.award(team, self.hand.stake)
        self.end_hand()

    def end_hand(self) -> None:
        self.hand.over = True

    def win_game(self, team: int) -> None:
        """The game to ``team`` (once: a game already won stays won); the match too when it has
        now won the rule set's ``match_wins`` games, else the next deal starts the next game."""
        self._team(team, "win_game")
        engine = self._engine
        if self._won_by() not in (None, team):
            raise _WrongCall(f"win_game({team}): the game is already won by team {self._won_by()}; a game has one winner",
                             "win_game")
        if engine.winner is None and not engine.game.won:
            engine.game_winner = team
            engine.games_won[team] += 1
            engine.emit("game_won", team=team, game=engine.game.number, score=list(engine.score))
            if engine.games_won[team] >= engine.ruleset.match_wins:
                engine.winner = team
                if engine.ruleset.match_wins > 1:
                    engine.emit("match_won", team=team, games_won=list(engine.games_won))
            else:
                engine.game.won = True
        self.hand.over = True

    def win_match(self, team: int) -> None:
        self._team(team, "win_match")
        engine = self._engine
        if engine.winner is None:
            engine.winner = engine.game_winner = team
            engine.game.won = False  # the match is over: no next game
            engine.emit("match_won", team=team, games_won=list(engine.games_won))
        self.hand.over = True

    def disqualify_both(self) -> None:
        engine = self._engine
        if engine.winner is None and not engine.disqualified:
            engine.disqualified = True
            engine.game_winner = None
            engine.game.won = False  # the match is over: no next game
            engine.emit("match_ended", winner=None, games_won=list(engine.games_won))
        self.hand.over = True

    def set_target(self, points: int) -> None:
        """The game is now played to ``points`` (1 to ``MAX_TARGET``). Fails (a ``_WrongCall``) for a
        target some team has already reached: no clause would then end the game (the game's end is
        a clause at ``points``); a rule set resets the scores first (ATB-TEMPO-e)."""
        if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= MAX_TARGET:
            self._wrong("set_target", points, f"a target of 1 to {MAX_TARGET} points")
        reached = [team for team, score in enumerate(self._engine.score) if score >= points]
        if reached:
            raise _WrongCall(f"set_target({points}): team {reached[0]} already has {self._engine.score[reached[0]]} points; "
                             f"a target is set above every score (reset_scores() first)", "set_target")
        self._engine.game.target = points
        self._engine.emit("target_set", target=points)

    def reset_scores(self) -> None:
        """Both scores back to 0 (a decider). Fails once the game is won: its score is final."""
        self._score_open("reset_scores")
        engine = self._engine
        engine.score = [0] * engine.teams
        engine.emit("scores_reset", score=list(engine.score))

    def flag_hand(self, name: str) -> None:
        self.hand.flags.add(name)

    def flag_game(self, name: str) -> None:
        self._engine.game.flags.add(name)

    def blind_hands(self) -> None:
        self.hand.blind = True

    def call_raise(self, seat: int) -> None:
        """``seat`` raises as if it had called truco, unless a raise or a decision is already waiting
        for an answer, the ladder has no step above, or a guard at ``raise`` refuses it."""
        self._seat(seat, "call_raise")
        hand, engine = self.hand, self._engine
        if hand.pending is not None or hand.decision_pending is not None:
            return
        move = engine.raise_move(seat)
        saved = self.hook, self.context, self.clause
        allowed = move.context["raise_"].to is not None and self.first_guard("raise", move.context) is None
        self.hook, self.context, self.clause = saved
        if allowed:
            engine.make_raise(move)

    def take_trick(self, seat: int) -> None:
        self._engine.give_trick(self.hand.tricks[-1], self._seat(seat, "take_trick"))

    def lead(self, seat: int) -> None:
        self.hand.next_leader = self._seat(seat, "lead")

    def pass_deal(self, seat: int) -> None:
        self._engine.next_dealer = self._seat(seat, "pass_deal")

    def cut_by(self, seat: int) -> None:
        self.hand.cutter = self._seat(seat, "cut_by")

    def deal_in_packets(self, size: int) -> None:
        """Deal this hand's shuffled deck again, ``size`` cards at a time (a forced deal is kept);
        only at the deal hook, before a card is played."""
        hand = self.hand
        if self.hook != "deal":
            raise _WrongCall(f"deal_in_packets() is for the deal hook, before a card is played (called at {self.hook})", "deal_in_packets")
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            self._wrong("deal_in_packets", size, "a number of cards, 1 or more")
        if hand.shuffled is not None:  # a forced deal names every hand itself
            hand.hands, _ = self._engine.hand_out(hand.shuffled, hand.dealer, size)

    def set_stake(self, points: int) -> None:
        self._points(points, "set_stake")
        hand = self.hand
        if hand.stake != points:
            hand.stake = points
            self._engine.emit("stake_set", stake=points)

    def mao_de_onze(self, team: int | None) -> None:
        """The hand is a mão de onze, ``team`` deciding whether it is played (None: nobody decides).
        Fails (a ``_WrongCall``) when the hand is one already, or once a card has been played: a
        hand is a mão de onze from its deal, once."""
        if team is not None:
            self._team(team, "mao_de_onze")
        hand = self.hand
        if hand.mao_de_onze:
            raise _WrongCall(f"mao_de_onze({team}): the hand is a mão de onze already; a hand is one once", "mao_de_onze")
        if any(trick.plays for trick in hand.tricks):
            raise _WrongCall(f"mao_de_onze({team}): a card of the hand has been played; a hand is a mão de onze from its "
                             f"deal, before its first card", "mao_de_onze")
        hand.mao_de_onze = True
        hand.mao_de_onze_team = team
        hand.decision_pending = team
        self._engine.emit("mao_de_onze", team=team)

    def show_partner_hands(self, team: int) -> None:
        self.hand.partners_see.add(self._team(team, "show_partner_hands"))

    # ------------------------------------------------------------------ guards (the first call of a then:)
    def forbid(self, reason: str) -> None:
        """Never reached: the engine refuses a forbidden action before any ``then:`` runs."""
        raise IllegalAction(reason, f"forbidden: {reason}", self.clause.id if self.clause else None)

    def foul(self, reason: str) -> None:
        """The foul is recorded (an event); the rest of the ``then:`` is its penalty."""
        self._engine.emit("foul", seat=self.actor, team=self.team, reason=reason)


@dataclass(frozen=True)
class Traced:
    """One entry of a traced engine's trace (``TracedRuntime``, ``engine.TracedEngine``), in the order
    it happened. ``kind``: ``"hook"`` (a hook's effect clauses start running), ``"guard"`` (a guard's
    ``when:`` was checked), ``"effect"`` (an effect's ``when:`` was checked; its ``then:`` ran when it
    held) or ``"event"`` (the engine emitted ``event``); ``hook``: the hook run; ``depth``: 0 for the
    action's own hooks, one more for a hook an effect ran (an award runs ``points``); ``clause`` and
    ``held`` for a guard or an effect; ``event`` for an event (the dict the engine returns)."""

    kind: str
    hook: str
    depth: int
    clause: Clause | None = None
    held: bool | None = None
    event: dict[str, Any] | None = None


class TracedRuntime(ClauseRuntime):
    """A ``ClauseRuntime`` that runs a hook's clauses one by one, each through its own compiled
    ``when:`` and ``then:`` (``Clause.when.holds``, ``Clause.then.run``) instead of the hook's one
    function (``RuleSet.effect_runs``, ``guard_tests``), and notes each check in ``trace`` (a list of
    ``Traced``) while ``trace`` is a list (None: nothing is noted, as while ``legal_actions`` asks
    the guards of every candidate). It plays exactly as ``ClauseRuntime`` (tests/test_explain.py
    replays seeded games of every bundled rule set both ways); ``engine.TracedEngine`` chooses it
    once, when the engine is made, so the untraced engine never tests whether to trace."""

    __slots__ = ("trace", "depth")

    def __init__(self, engine: Engine, guards_at: Mapping[str, tuple[Clause, ...]],
                 effects_at: Mapping[str, tuple[Clause, ...]], guard_tests: Mapping[str, Any],
                 effect_runs: Mapping[str, Any]):
        """As ``ClauseRuntime``; nothing is noted until ``trace`` is given a list."""
        super().__init__(engine, guards_at, effects_at, guard_tests, effect_runs)
        self.trace: list[Traced] | None = None
        self.depth = 0

    def note(self, entry: Traced) -> None:
        """Add ``entry`` to ``trace`` when a trace is being taken."""
        if self.trace is not None:
            self.trace.append(entry)

    def run(self, hook: str, context: dict[str, Any] | None = None) -> None:
        """As ``ClauseRuntime.run``, clause by clause, each check noted (``Traced``: a ``hook`` entry
        first, then an ``effect`` entry per clause whose ``when:`` was asked)."""
        clauses = self._effects_at[hook]
        if not clauses:
            return
        saved = self.hook, self.context, self.clause
        self.hook, self.context = hook, context or _NO_CONTEXT
        stops, depth = hook in HAND_HOOKS, self.depth
        self.note(Traced("hook", hook, depth))
        self.depth += 1
        try:
            for clause in clauses:
                if stops and self.hand.over:  # the hand's end skips the rest (compile_hook's stops)
                    break
                part = "when"
                try:
                    held = clause.when is None or bool(clause.when.holds(self))
                    self.note(Traced("effect", hook, depth, clause, held))
                    if held:
                        self.clause = self.fired = clause
                        part = "then"
                        clause.then.run(self)
                except (IllegalAction, RuleSetIncomplete):
                    raise
                except Exception as problem:
                    raise self._failed(clause, problem, part) from None
        finally:
            self.depth = depth
            self.hook, self.context, self.clause = saved

    def first_guard(self, hook: str, context: dict[str, Any]) -> Clause | None:
        """As ``ClauseRuntime.first_guard``, guard by guard, each check noted (a ``guard`` entry)
        until one holds. When none holds, the untraced answer is asked too: it says so again and
        refuses a raise past the top of the ladder in its one place."""
        self.hook, self.context = hook, context
        for clause in self._guards_at[hook]:
            try:
                held = clause.when is None or bool(clause.when.holds(self))
            except (IllegalAction, RuleSetIncomplete):
                raise
            except Exception as problem:
                raise self._failed(clause, problem, "when") from None
            self.note(Traced("guard", hook, self.depth, clause, held))
            if held:
                return clause
        return super().first_guard(hook, context)
