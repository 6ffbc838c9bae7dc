"""The proof that a rule set plays: seeded random games, refused at the first one that goes wrong.

``prove(ruleset)`` plays ``GAMES`` games at every player count the rule set allows. Each game has a
fixed seed (the deals) and a random player of the same seed that takes, at each turn, one of the
legal actions of every seat (cards, raises, answers, folds, mão de onze decisions, showing cards)
and, when the rule set lists referee infractions, reports one now and then (``INFRACTION_CHANCE``
per action); at the first hand of a game at seeded scores, every kind is also reported once by
every seat on a copy of the game, so a clause that fails on a kind the random player never
draws is found. The first game starts at 0 a 0, with no infraction (a disqualification must not hide a game
that cannot end by play); the second with every team one point short of the rule set's target
(whatever the rule set does at that score, a hand played blind or a decision for all, is played
at every player count) and no raise (every hand worth the ladder's first step: a game
must end by play alone, not only by a stake that reaches the target in one hand); the others at
seeded scores below the target (so mãos de onze and ends of games come soon). All but the first
start, in a match, at seeded games won. A rule set is refused when a game

- crashes inside a clause (``RuleSetIncomplete``, or a listed legal action refused);
- stalls: a hand not over in which no seat has a legal action; a hand longer than
  ``hand_bound`` actions (every card, two actions per step of the ladder, and as many again); a game
  of more than ``game_bound`` hands (four times the hands in which, each worth the ladder's first
  step, no team reaches the target), or a match of more games than ``2 × match.wins - 1``;
- reaches an impossible state: a score going down (other than by ``reset_scores()`` or a new
  game), a negative score, a stake that is not a step of ``stakes.ladder`` (a score changed after
  the game was won fails in its clause: the runtime refuses it).

The refusal is a ``RulesetNotPlayable`` with one problem at the clause to blame — the clause that
failed, or for a stall or a state the last clause that fired (for a stake, the one that set it) —
at its ``when:`` / ``then:`` in the file that wrote it, and the game to replay it; a rule that no
clause gives (no clause chose who leads a vaza) is blamed on the file. When that clause is
inherited, or no clause is to blame, the variant's change that causes the failure is blamed
instead, at its own line: each of its clauses, drops and parameters is undone alone and the same
seeded game replayed, and the first change whose undoing lets the game play to its end is named
(else the one whose undoing takes the game furthest past the failure).
``load_playable`` is what commands use: load, then prove once per rule set and process.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from truco_dsl.diagnostics import Place, Problem, YamlFile, shown, source_line, yaml_value
from truco_dsl.engine.engine import Engine
from truco_dsl.errors import IllegalAction, RulesetNotPlayable, RuleSetIncomplete
from truco_dsl.rules import Clause, RuleSet, available_rulesets, load_ruleset

#: games played at each player count
GAMES = 4
#: the chance, per action, that the random player reports an infraction instead (rule sets with them)
INFRACTION_CHANCE = 0.03
#: actions shown before the failure (the earlier ones are counted)
SHOWN_ACTIONS = 40

#: The parameters a variant may change: RuleSet field -> the YAML path a rule file writes it at.
_PARAMETER_KEYS = {
    "players": ("table", "players"), "teams": ("table", "teams"), "ranks": ("deck", "ranks"),
    "suits": ("deck", "suits"), "manilha_rule": ("deck", "manilha", "rule"),
    "manilha_suits": ("deck", "manilha", "suits"), "manilha_cards": ("deck", "manilha", "cards"),
    "hand_size": ("deal", "cards"), "vira": ("deal", "vira"), "packet": ("deal", "packet"),
    "ladder": ("stakes", "ladder"), "target": ("game", "target"), "covered": ("play", "covered"),
    "match_wins": ("match", "wins"), "infractions": ("referee", "infractions"),
}

_PROVED: dict[int, RuleSet] = {}  # id(ruleset) -> ruleset proved (kept, so the id is not reused)


def load_playable(reference: str | Path) -> RuleSet:
    """Load the rule set ``reference`` (an id or a rule file, ``load_ruleset``) and ``prove`` it.
    Returns the ``RuleSet``. Raises ``FileNotFoundError`` / ``RulesetError`` as ``load_ruleset``
    does, and ``RulesetNotPlayable`` (a ``RulesetError``) when it does not play."""
    ruleset = load_ruleset(reference)
    prove(ruleset)
    return ruleset


def hand_bound(ruleset: RuleSet, players: int) -> int:
    """The most actions a hand of ``ruleset`` at ``players`` seats may take (infractions aside):
    twice every card dealt plus two actions (a raise and its answer) per step of the ladder and two
    decisions."""
    return 2 * (players * ruleset.hand_size + 2 * len(ruleset.ladder) + 2)


def game_bound(ruleset: RuleSet, target: int) -> int:
    """The most hands a game of ``ruleset`` to ``target`` points may take: four times the hands in
    which every team stays below the target when each hand is worth the ladder's first step."""
    per_hand = max(1, ruleset.ladder[0])
    return 4 * (ruleset.teams * -(-target // per_hand) + 1)


def prove(ruleset: RuleSet) -> int:
    """Play ``ruleset``'s seeded games (module docstring); return how many were played (0 for an
    abstract rule set, which is not played by itself). The same rule set object is proved once per
    process. Raises ``RulesetNotPlayable`` for the first game that goes wrong."""
    if ruleset.abstract:
        return 0
    if id(ruleset) in _PROVED:
        return GAMES * len(ruleset.players)
    for game in games(ruleset):
        game.play()
    _PROVED[id(ruleset)] = ruleset
    return GAMES * len(ruleset.players)


#: how the proof's games start, by their number at a player count (the last for the rest): at 0 a 0;
#: every team at the target less one point; at seeded scores
_STARTS = ("fresh", "brink", "seeded")


def games(ruleset: RuleSet) -> list[_Game]:
    """The proof's games of ``ruleset``, not yet played: ``GAMES`` at each player count, each with
    its seed and start (``_STARTS``). ``game.play()`` plays one (raises ``RulesetNotPlayable``);
    then ``game.actions`` lists what was done and ``game.engine`` is the game at its end."""
    return [_Game(ruleset, players, 1000 * players + number, _STARTS[min(number, len(_STARTS) - 1)])
            for players in ruleset.players for number in range(GAMES)]


class _Game:
    """One game of the proof: its engine, the random player and the actions taken. ``start`` is one
    of ``_STARTS``."""

    def __init__(self, ruleset: RuleSet, players: int, seed: int, start: str, blames: bool = True):
        self.ruleset, self.players, self.seed, self.start = ruleset, players, seed, start
        self.blames = blames  # whether a failure in a parent's clause looks for the variant's change that causes it
        self.chooser = random.Random(seed)
        teams, target = ruleset.teams, ruleset.target
        fresh = start == "fresh"
        self.scores = ([0] * teams if fresh else [target - 1] * teams if start == "brink"
                       else [self.chooser.randrange(target) for _ in range(teams)])
        self.games_won = [0] * teams if fresh else [self.chooser.randrange(ruleset.match_wins) for _ in range(teams)]
        self.engine = Engine(ruleset, players, seed=seed, scores=self.scores, games_won=self.games_won)
        self.actions: list[str] = []
        self.stake_setter: Clause | None = None
        self.shows_cards = bool(ruleset.guards("show_cards") or ruleset.effects("show_cards"))
        # the first game at each player count has no infraction: an infraction that ends the match
        # (a disqualification) must not hide a game that cannot end by play
        self.infractions = ruleset.infractions if not fresh else ()
        self.probed = False  # _probe_infractions has run

    def play(self) -> None:
        engine, ruleset = self.engine, self.ruleset
        games = 2 * ruleset.match_wins - 1 - sum(self.games_won)
        while engine.phase != "game_over":
            if engine.phase == "deal":
                if engine.game.won and engine.game.number >= games:
                    self._refuse(f"the match passed {games} games without a winner")
                if not engine.game.won and engine.hand_count >= game_bound(ruleset, max(ruleset.target, engine.game.target)):
                    self._refuse(f"the game passed {engine.hand_count} hands without a winner (score "
                                 f"{_score(engine.score)}, target {engine.game.target})")
                self._take(None, "deal")
                if self.start == "seeded" and self.infractions and not self.probed:
                    self._probe_infractions()
                continue
            hand_actions = 0
            hand = engine.hand
            while engine.hand is hand and not hand.over:
                if hand_actions >= hand_bound(ruleset, self.players):
                    self._refuse(f"hand {hand.number} passed {hand_actions} actions without ending")
                options = [(seat, action) for seat in range(self.players) for action in self._legal(seat)]
                if not options:
                    self._refuse(f"no seat has a legal action in hand {hand.number}, which is not over",
                                 self._refusing_guard(), "the clause that refuses the cards of the seat to play")
                if self.start == "brink":  # no raise: every hand worth the ladder's first step, the game must still end
                    options = [option for option in options if option[1] != "truco"] or options
                if self.infractions and self.chooser.random() < INFRACTION_CHANCE:
                    self._take(self.chooser.randrange(self.players), f"infraction:{self.chooser.choice(ruleset.infractions)}")
                    continue
                self._take(*self.chooser.choice(options))
                hand_actions += 1

    def _probe_infractions(self) -> None:
        """Each infraction kind reported once by each seat, on forks of the first hand dealt: a
        clause that fails on one is found though the random player never reports it."""
        self.probed = True
        for kind in self.ruleset.infractions:
            for seat in range(self.players):
                fork = self.engine.fork()
                try:
                    fork.act(seat, f"infraction:{kind}")
                except IllegalAction:
                    continue  # refused: it changes nothing
                except RuleSetIncomplete as failure:
                    self.actions.append(f"{seat} infraction:{kind}")
                    self._crash(failure)

    def _legal(self, seat: int) -> list[str]:
        """``seat``'s legal actions; showing its cards only once the first vaza is complete (before,
        the guards' search of every line of play costs a second at six seats)."""
        engine = self.engine
        try:
            legal = engine.legal_actions(seat, show_cards=False)
            if self.shows_cards and len(engine.hand.tricks) > 1 and engine.refusal(seat, "show_cards") is None:
                legal.append("show_cards")
            return legal
        except RuleSetIncomplete as failure:
            self._crash(failure)

    def _take(self, seat: int | None, action: str) -> None:
        engine = self.engine
        before, game = list(engine.score), engine.game.number
        self.actions.append(action if seat is None else f"{seat} {action}")
        try:
            events = engine.deal() if seat is None else engine.act(seat, action)
        except RuleSetIncomplete as failure:
            self._crash(failure)
        except IllegalAction as refused:
            if not action.startswith("infraction:"):
                self._refuse(f"the legal action {action!r} of seat {seat} was refused: {refused}")
            return
        reset = any(event["type"] == "scores_reset" for event in events) or engine.game.number != game
        for event in events:
            if event["type"] == "stake_set":
                self.stake_setter = _clause(self.ruleset, event.get("clause")) or engine.last_fired
            elif event["type"] == "hand_dealt":
                self.stake_setter = None
        if any(points < 0 for points in engine.score):
            self._refuse(f"a score is negative: {_score(engine.score)}")
        if not reset and any(now < then for now, then in zip(engine.score, before)):
            self._refuse(f"a score went down, from {_score(before)} to {_score(engine.score)}")
        hand = engine.hand
        if hand is not None and hand.stake not in self.ruleset.ladder:
            ladder = ", ".join(map(str, self.ruleset.ladder))
            self._refuse(f"the stake is {hand.stake}, not a step of stakes.ladder ({ladder})", self.stake_setter)

    def _crash(self, failure: RuleSetIncomplete) -> None:
        if failure.place is not None:
            self._raise(failure.place, failure.what)
        # a rule no clause gives (who leads, who wins the vaza): no clause failed, the last to fire is not to blame
        self._raise(Place(self.ruleset.file, 1, 1), str(failure), whole_file=True)

    def _raise(self, place: Place, what: str, whole_file: bool = False) -> None:
        """Refuse the rule set with ``what`` at ``place``. When ``place`` is in a parent's file, the
        variant's change that causes it, if one does (``_cause``), is blamed instead, at its line,
        and the parent's place is told beside it."""
        replay = self._replay()
        if not whole_file and Path(place.file).resolve() == Path(self.ruleset.file).resolve():
            raise RulesetNotPlayable([Problem(place, what, source_line(place.file, place.line))], replay)
        cause = self._cause() if self.blames else None
        if cause is None and whole_file:
            raise RulesetNotPlayable([Problem(place, what, "")], replay)
        if cause is None:
            raise RulesetNotPlayable([Problem(place, what, source_line(place.file, place.line))],
                                     f"    that clause is inherited from {shown(place.file)}; {shown(self.ruleset.file)} changes "
                                     f"what it inherits (its drop:, parameters or clauses), though undoing any one of its "
                                     f"changes alone does not make this game play\n" + replay)
        cause_place, change, outcome = cause
        seen = "" if whole_file else (f"    the failure shows at {shown(place.file)}:{place.line}:{place.column} (inherited):\n"
                                      f"        {source_line(place.file, place.line).strip()}\n")
        raise RulesetNotPlayable(
            [Problem(cause_place, f"{change} makes the game fail: {what}", source_line(cause_place.file, cause_place.line))],
            seen + f"    {outcome}\n" + replay)

    def _cause(self) -> tuple[Place, str, str] | None:
        """The change of this variant to its parent that makes the failing game fail: its place in
        the variant's file, the change in words, and what the same seeded game does without it. The
        first change whose undoing alone (``_undoings``) lets the game play to its end; else the one
        whose undoing takes the game furthest past this failure (it fails later, for another
        change: say, two clauses dropped where one of them makes the game fail at once); None when
        the rule set has no parent or no undoing gets the game past this point."""
        variant = self.ruleset
        if len(variant.lineage) < 2:
            return None
        try:
            parent = load_ruleset(available_rulesets(Path(variant.file))[variant.lineage[1]])
        except (KeyError, OSError, ValueError):
            return None
        furthest: tuple[int, Place, str, str] | None = None
        for place, change, instead, ruleset in _undoings(variant, parent):
            game = _Game(ruleset, self.players, self.seed, self.start, blames=False)
            try:
                game.play()
            except RulesetNotPlayable as later:
                if len(game.actions) > (furthest[0] if furthest else len(self.actions)):
                    failure = later.problems[0].message if later.problems else "it fails"
                    furthest = (len(game.actions), place, change,
                                f"{instead}, the same seeded game gets past this point ({len(game.actions)} actions, "
                                f"not {len(self.actions)}) and then fails too: {failure}")
                continue
            except Exception:  # the change undone alone does not hold together
                continue
            return place, change, f"{instead}, the same seeded game plays to its end"
        return furthest[1:] if furthest else None

    def _refusing_guard(self) -> Clause | None:
        """The clause that refuses a card of the seat whose turn it is (None: no clause does)."""
        hand = self.engine.hand
        if hand.turn is None:
            return None
        for card in hand.hands[hand.turn]:
            refused = self.engine.refusal(hand.turn, f"play:{card}")
            if refused is not None and refused.clause is not None:
                return _clause(self.ruleset, refused.clause)
        return None

    def _refuse(self, what: str, blamed: Clause | None = None, why: str = "the clause that set it") -> None:
        clause = blamed or self.engine.last_fired
        if clause is None:
            self._raise(Place(self.ruleset.file, 1, 1), f"rule set {self.ruleset.id}: {what}", whole_file=True)
        role = why if blamed is not None else "the last clause that fired"
        self._raise(_then_place(clause), f"clause {clause.id} ({role}): {what}")

    def _replay(self) -> str:
        shown = self.actions[-SHOWN_ACTIONS:]
        earlier = len(self.actions) - len(shown)
        start = f"from {_score(self.scores)}" + (f", games won {_score(self.games_won)}" if self.ruleset.match_wins > 1 else "")
        return (f"    in the proof's game: Engine({self.ruleset.id!r}, players={self.players}, seed={self.seed}, "
                f"scores={self.scores}{f', games_won={self.games_won}' if self.ruleset.match_wins > 1 else ''}) ({start}); "
                f"{len(self.actions)} actions (deal, or seat and action)"
                + (f", the first {earlier} left out" if earlier else "") + ":\n      " + ", ".join(shown))


def _undoings(variant: RuleSet, parent: RuleSet) -> list[tuple[Place, str, str, RuleSet]]:
    """Each change ``variant`` makes to ``parent``, undone alone: (its place in the variant's file,
    the change in words, what the parent has instead in words, the variant without that change).
    The changes: each clause the variant writes (an override or a clause of its own), each clause
    it drops, each parameter whose value differs."""
    written = YamlFile.read(variant.file, "rule file")
    inherited = {clause.id: clause for clause in parent.clauses}
    mine = {clause.id: clause for clause in variant.clauses}
    undoings: list[tuple[Place, str, str, RuleSet]] = []
    for clause in variant.clauses:
        if Path(clause.place.file).resolve() != Path(variant.file).resolve():
            continue
        if clause.id in inherited:
            clauses = tuple(inherited[clause.id] if other is clause else other for other in variant.clauses)
            change, instead = f"its override of {clause.id}", f"with {parent.id}'s {clause.id} instead"
        else:
            clauses = tuple(other for other in variant.clauses if other is not clause)
            change, instead = f"its clause {clause.id}", "without it"
        undoings.append((_then_place(clause), change, instead, dataclasses.replace(variant, clauses=clauses)))
    drops = written.document.get("drop", []) if isinstance(written.document, dict) else []
    for dropped in [clause.id for clause in parent.clauses if clause.id not in mine]:
        kept = tuple(mine.get(clause.id, clause) for clause in parent.clauses if clause.id in mine or clause.id == dropped)
        clauses = kept + tuple(clause for clause in variant.clauses if clause.id not in inherited)
        where = ("drop", drops.index(dropped)) if dropped in drops else ("ruleset",)
        undoings.append((written.place(where), f"dropping {dropped}", f"with {dropped} kept",
                         dataclasses.replace(variant, clauses=clauses)))
    for name, path in _PARAMETER_KEYS.items():
        if getattr(variant, name) != getattr(parent, name):
            value, key = getattr(parent, name), ".".join(path)
            undoings.append((written.place(path), f"its {key}", f"with {parent.id}'s {key} ({yaml_value(value)})",
                             dataclasses.replace(variant, **{name: value})))
    return undoings


def _clause(ruleset: RuleSet, clause_id: str | None) -> Clause | None:
    if clause_id is None:
        return None
    try:
        return ruleset.clause(clause_id)
    except KeyError:
        return None


def _then_place(clause: Clause) -> Place:
    """The place of ``clause``'s ``then:``, in the file that wrote it (its own place when not found)."""
    index = clause.place.path.removeprefix("clauses[").removesuffix("]")
    if not index.isdigit():
        return clause.place
    return YamlFile.read(clause.place.file, "rule file").place(("clauses", int(index), "then"))


def _score(score: list[int]) -> str:
    return " a ".join(map(str, score))
