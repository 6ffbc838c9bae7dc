"""The reference interpreter: a deterministic state machine that plays a RuleSet.

The engine knows only the shape of a trick-taking game with a stake (seats in the order of play,
two alternating teams, cards dealt, vazas, a raise that the other side answers). Everything a
regulation says — card order, manilhas, the ladder, who leads, what a fold or a tie is worth, the
mão de onze, the target — comes from the rule file: parameters, and clauses that fire at hooks.

Hooks, in the order they fire for an action (docs/DESIGN.md):
  deal                          after the cards are dealt (who leads, mão de onze, stake)
  play → trick_end → after_trick  a card played; when the vaza is complete its top card is found,
                                  trick_end may settle a tie, after_trick decides the hand / next leader
  raise, respond                a truco (or higher) called; the other side accepts, folds or raises
  mao_de_onze                   the side at mão de onze decides
  show_cards                    a side shows its cards, claiming the hand (offered only when the
                                rule set has clauses at this hook; its guards say when and by whom)
  infraction                    a referee reports an infraction (``infraction:<kind>``, for the offender)
  points                        after every award (the game's end)
  hand_end                      once, when the hand is over (who deals next)
At each hook, *guard* clauses (``then:`` starting with ``forbid``/``foul``) are checked before the
action changes anything; *effect* clauses run after, in file order, until one ends the hand.
The clause runtime (``runtime.py``) runs them: what an expression reads, what each builtin does.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from truco_dsl.cards import Card
from truco_dsl.engine.records import Game, Hand, Play, Raise, Trick
from truco_dsl.engine.runtime import ClauseRuntime, Traced, TracedRuntime
from truco_dsl.engine.vaza import top_seats
from truco_dsl.errors import BadDeal, CardError, IllegalAction, RuleSetIncomplete
from truco_dsl.rules import Clause, RuleSet, load_ruleset

Event = dict[str, Any]

#: the ``clause`` of an event no clause caused: the shape of the game (a card played, a vaza whose
#: top card won it, a truco called by a player), not a rule of a regulation
STRUCTURAL = "structural"


class Engine:
    """Play one game of a rule set.

    ``ruleset``: a ``RuleSet`` or a rule set id; ``players``: number of seats (one the rule set
    allows), numbered 0.. in the order of play, team = seat % 2; ``seed``: seeds every shuffled
    deal (same seed, same game); ``dealer``: the first hand's dealer (default: the last seat, so
    seat 0 is the mão); ``scores``: starting points per team (default all 0); ``games_won``: games
    each team has already won in the match (default all 0).
    Raises ``ValueError`` for an abstract rule set, a player count it does not allow, or bad
    scores/dealer.

    The game changes only through ``deal`` and ``act``: ``legal_actions`` keeps its answers until
    the next of them. To try a line of play, ``fork`` the game rather than change its records.
    (``emit``, ``give_trick``, ``hand_out``, ``raise_move`` and ``make_raise`` are for the clauses
    that ``deal`` and ``act`` run: "what a clause's effects may do to the game", below.)
    """

    def __init__(self, ruleset: RuleSet | str, players: int = 2, seed: int | None = None,
                 dealer: int | None = None, scores: list[int] | tuple[int, ...] | None = None,
                 games_won: list[int] | tuple[int, ...] | None = None):
        self.ruleset = ruleset if isinstance(ruleset, RuleSet) else load_ruleset(ruleset)
        if self.ruleset.abstract:
            raise ValueError(f"rule set {self.ruleset.id} is a common core that other rule sets extend; "
                             f"it is not played by itself (play one that extends it, like atb-2004)")
        if players not in self.ruleset.players:
            allowed = ", ".join(map(str, self.ruleset.players))
            raise ValueError(f"rule set {self.ruleset.id} is played by {allowed} players, not {players}")
        self.players = players
        self.teams = self.ruleset.teams
        self.score = [0] * self.teams if scores is None else _counts(scores, self.teams, "scores must be {} whole numbers of points")
        self.next_dealer = players - 1 if dealer is None else dealer
        if not 0 <= self.next_dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, got {dealer!r}")
        self.random = random.Random(seed)
        # hook -> its guard clauses, its effect clauses, and each as one function: for the runtime of
        # this game and of each fork (read once: RuleSet's properties are calls, and the sure-win search forks a lot)
        self._clauses_at = self.ruleset.guards_at, self.ruleset.effects_at, self.ruleset.guard_tests, self.ruleset.effect_runs
        self._dealt_cards = players * self.ruleset.hand_size + (1 if self.ruleset.vira else 0)
        self._shows_cards = bool(self.ruleset.guards("show_cards") or self.ruleset.effects("show_cards"))
        # whether every guard at play answers alike whatever the card (see _legal_plays)
        self._plays_card_blind = not any(clause.when is not None and clause.when.reads & {"action", "action.card"}
                                         for clause in self.ruleset.guards("play"))
        self.hand: Hand | None = None
        self.hand_count = 0
        self.winner: int | None = None  # the match's winner
        self.disqualified = False  # the match ended with both teams disqualified: no winner
        self.match_infractions: dict[tuple[int, str], int] = {}  # (team, kind) -> reports in the match
        self.game_winner: int | None = None  # the winner of the game being (or just) played
        self.games_won = [0] * self.teams if games_won is None else _counts(games_won, self.teams, "games_won must be {} whole numbers")
        self.game = Game(self.ruleset.target, mao_de_onze_at=self.ruleset.mao_de_onze_at)
        self._runtime = ClauseRuntime(self, *self._clauses_at)  # what the clauses see and do
        self._events: list[Event] = []
        # seat -> its legal actions now (action -> move), sorted, as legal_actions found them; act
        # takes a listed action without checking it again. Emptied by every deal and act: the
        # game changes only through them.
        self._legal: dict[int, dict[str, Move]] = {}

    # ------------------------------------------------------------------ public API
    @property
    def phase(self) -> str:
        """``"deal"`` (waiting for a deal), ``"play"``, ``"game_over"``."""
        if self.winner is not None or self.disqualified:
            return "game_over"
        if self.hand is None or self.hand.over:
            return "deal"
        return "play"

    def deal(self, hands: list[list[Card | str]] | dict[int, list[Card | str]] | None = None,
             vira: Card | str | None = None) -> list[Event]:
        """Deal the next hand: shuffled by the seed, or forced when ``hands`` is given.

        ``hands``: per seat, the cards (``Card`` or notation), as a list by seat or a dict
        seat -> cards; ``vira``: the card turned (required iff the rule set turns one).
        Returns the events (``hand_dealt`` and what the ``deal`` clauses did).
        Raises ``BadDeal`` for an impossible forced deal, ``IllegalAction`` (``hand_in_play`` /
        ``game_over``) when no deal is due.
        """
        if self.phase == "game_over":
            raise IllegalAction("game_over", "the game is over")
        if self.phase == "play":
            raise IllegalAction("hand_in_play", "a hand is still being played")
        ruleset = self.ruleset
        self._legal = {}
        if self.game.won:
            self.game_winner = None
            self.score = [0] * self.teams
            self.game = Game(ruleset.target, self.game.number + 1, ruleset.mao_de_onze_at)
            self.hand_count = 0
        if hands is None:
            if vira is not None:
                raise BadDeal("a vira can only be forced together with the hands")
            # the top of a shuffled deck, as far as the deal reaches: a random sample in order (the
            # same chances as shuffling all of it, for a fraction of the draws)
            shuffled: tuple[Card, ...] | None = tuple(self.random.sample(ruleset.deck, self._dealt_cards))
            dealt, turned = self.hand_out(shuffled, self.next_dealer, ruleset.packet)
        else:
            dealt, turned = self._forced_deal(hands, vira)
            shuffled = None
        self.hand_count += 1
        self.hand = Hand(number=self.hand_count, dealer=self.next_dealer, hands=dealt, vira=turned,
                         strengths=ruleset.strengths(turned), stake=ruleset.ladder[0], shuffled=shuffled)
        self._runtime.follow(self.hand)
        self._events = [{"type": "hand_dealt", "hand": self.hand_count, "game": self.game.number,  # emit's, inline: every deal
                         "dealer": self.next_dealer, "vira": str(turned) if turned else None, "clause": STRUCTURAL}]
        self._runtime.run("deal")
        if not self.hand.over:
            self._start_trick()
            self.hand.mao_seat = self.hand.turn
        return self._finish()

    def legal_actions(self, seat: int, show_cards: bool = True) -> list[str]:
        """The actions ``seat`` may take now, as sorted canonical strings: ``play:7c``,
        ``play_covered:7c``, ``play_blind:2`` (a blind hand), ``truco``, ``accept``, ``fold``,
        ``mao_de_onze:play``, ``mao_de_onze:fold``, ``show_cards``. Empty when the seat has nothing
        to do. A referee's ``infraction:<kind>`` reports are never listed; ``act`` takes them.
        ``show_cards=False`` leaves showing one's cards out unasked (its guards may search every
        line of play: the proof of a rule set asks ``refusal`` for it only now and then)."""
        if not show_cards:
            return [action for action, _ in sorted(self._legal_moves(seat, False), key=_ACTION)]
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = dict(sorted(self._legal_moves(seat), key=_ACTION))
        return list(legal)

    def refusal(self, seat: int, action: str) -> IllegalAction | None:
        """Why ``action`` is not a legal choice for ``seat`` now, or None when it is. Changes nothing.

        A foul (a clause whose ``then:`` starts with ``foul``) is no legal choice either: its
        refusal carries the foul's reason code and clause, though ``act`` would accept and penalise it.
        """
        try:
            guard = self._guard(self._prepare(seat, action))
        except IllegalAction as problem:
            return problem
        if guard is None:
            return None
        kind = "forbidden" if guard.then.guard == "forbid" else "a foul"
        return IllegalAction(guard.then.reason, f"{action} is {kind} under {guard.id}: {guard.cite}", guard.id)

    def act(self, seat: int, action: str) -> list[Event]:
        """Take ``action`` for ``seat``. Returns the events it caused, in order.

        Raises ``IllegalAction`` (state unchanged) when the action is malformed, not the seat's to
        take, or forbidden by a clause (its ``clause`` says which). An action a clause marks as a
        foul is accepted and penalised as that clause says.
        """
        legal = self._legal.get(seat)
        move = legal.get(action) if legal is not None and isinstance(action, str) else None
        self._legal = {}
        if move is None:
            move = self._prepare(seat, action)
            guard = self._guard(move)
        else:
            guard = None  # legal_actions listed it: no guard holds
        self._events = []
        if (guard is not None or move.kind != "play") and self.hand.searched:
            self.hand.searched = {}  # what the sure-win search learnt holds while only cards are played
        if guard is not None:
            if guard.then.guard == "forbid":
                raise IllegalAction(guard.then.reason, f"{action} is forbidden under {guard.id}: {guard.cite}", guard.id)
            self._runtime.penalise(guard, move.hook, move.context)
            return self._finish()
        _DO[move.kind](self, move)
        return self._finish()

    def state(self, seat: int | None = None) -> dict[str, Any]:
        """The game as plain JSON data (dicts, lists, strings, numbers, booleans, null).

        ``seat``: None for everything (the referee's view); a seat for what that seat may see: its
        own cards, its partners' when a clause showed them (mão de onze), and no covered card.
        """
        hand = self.hand
        view: dict[str, Any] = {
            "ruleset": self.ruleset.id,
            "players": self.players,
            "phase": self.phase,
            "score": list(self.score),
            "target": self.game.target,
            "next_dealer": self.next_dealer,
            "winner": self.winner,
            "game_winner": self.game_winner,
            "game": self.game.number,
            "games_won": list(self.games_won),
            "match_wins": self.ruleset.match_wins,
            "hand": None,
        }
        if hand is None:
            return view
        pending = hand.pending
        view["hand"] = {
            "number": hand.number,
            "dealer": hand.dealer,
            "mao_seat": hand.mao_seat,
            "cutter": hand.cutter,
            "vira": str(hand.vira) if hand.vira else None,
            "manilhas": [str(card) for card in reversed(self.ruleset.manilhas(hand.vira))],
            "stake": hand.stake,
            "raised_by": hand.raised_by,
            "raise_exposed": hand.raise_exposed,
            "blind": hand.blind,
            "pending_raise": None if pending is None else
            {"team": pending.team, "seat": pending.seat, "before": pending.before, "to": pending.to},
            "mao_de_onze": hand.mao_de_onze,
            "mao_de_onze_team": hand.mao_de_onze_team,
            "decision_pending": hand.decision_pending,
            "turn": None if hand.over else hand.turn,
            "hands": {str(s): [str(card) for card in cards] for s, cards in enumerate(hand.hands)
                      if self._sees(seat, s)},
            "cards_held": [len(cards) for cards in hand.hands],
            "tricks": [self._trick_view(trick, seat) for trick in hand.tricks],
            "over": hand.over,
        }
        return view

    @property
    def last_fired(self) -> Clause | None:
        """The last effect clause whose ``then:`` ran in this game (None before any): what the proof
        (``proof.py``) blames when a game stalls with no clause failing."""
        return self._runtime.fired

    def fork(self) -> Engine:
        """An independent copy of the game, to try a line of play on without changing this one.

        Everything play changes (scores, the hand, the game's flags and infractions) is copied; the
        rule set and the seeded shuffle are shared, so a fork that deals draws from this game's seed.
        A fork is a plain ``Engine`` whatever this one is: the searches that fork are not traced.
        """
        twin = object.__new__(Engine)  # a shallow copy (copy.copy is slower), then what play changes; untraced
        twin.__dict__.update(self.__dict__)
        twin.score, twin.games_won = list(self.score), list(self.games_won)
        twin.game = self.game.copy()
        twin.match_infractions = dict(self.match_infractions)
        twin.hand = None if self.hand is None else self.hand.copy()
        twin._runtime = ClauseRuntime(twin, *self._clauses_at)
        twin._events = []
        twin._legal = {}
        return twin

    # ------------------------------------------------------------------ what a clause's effects may do to the game
    # The clause runtime (runtime.py) changes the records a clause names itself: ``score``, ``hand``,
    # ``game`` (its target, flags and ``won``), ``games_won``, ``winner``, ``game_winner``,
    # ``disqualified``, ``next_dealer``. For what the players' actions do too, it calls these five.
    def emit(self, event_type: str, **fields: Any) -> None:
        """Add an event (``{"type": event_type, **fields, "clause": …}``, plain JSON values) to those
        the deal or action being taken returns. ``clause``: the id of the clause whose ``then:`` is
        running (the clause that caused the event), ``STRUCTURAL`` outside any."""
        clause = self._runtime.clause
        self._events.append({"type": event_type, **fields, "clause": STRUCTURAL if clause is None else clause.id})

    def give_trick(self, trick: Trick, seat: int) -> None:
        """``trick`` (a vaza of the hand) goes to ``seat`` (0 .. players - 1) and its team, even if it
        was tied: the ``trick_won`` event. Called when a vaza is complete and one card is on top, and
        by ``take_trick(seat)``."""
        trick.tied = False
        trick.winner_seat = seat
        trick.winner = seat % self.teams
        self.emit("trick_won", trick=trick.number, seat=seat, team=trick.winner)

    def hand_out(self, cards: tuple[Card, ...], dealer: int, packet: int | None) -> tuple[list[list[Card]], Card | None]:
        """Deal ``cards`` (a shuffled deck, top first) packet by packet round the table from the seat
        after ``dealer`` (``packet`` cards at a time; None: a whole hand), then turn the vira. Returns
        (each seat's cards, the vira or None when the rule set turns none); changes nothing. Used by
        ``deal`` and by ``deal_in_packets(n)``."""
        size = self.ruleset.hand_size
        step = packet or size
        order = [(dealer + 1 + k) % self.players for k in range(self.players)]
        dealt: list[list[Card]] = [[] for _ in range(self.players)]
        top = 0  # the next card to deal
        for _ in range(-(-size // step)):  # rounds of packets, the last maybe short
            for seat in order:
                take = min(step, size - len(dealt[seat]))
                dealt[seat].extend(cards[top:top + take])
                top += take
        return dealt, (cards[top] if self.ruleset.vira else None)

    def raise_move(self, seat: int) -> Move:
        """The move of ``seat`` raising the stake now, checked against nothing: its context holds
        ``actor``, ``team`` and ``raise_``, the ``Raise`` from the stake to the ladder's next step
        (``to`` None above the top), exposed when an opponent's card lies face up in the vaza. Used
        for a truco called and by ``call_raise(seat)``, which checks it against the guards."""
        team, stake = seat % self.teams, self.hand.stake
        to, exposed = self._step_after(stake), self._exposed(team)
        key = ("raise", seat, self.teams, stake, to, exposed)
        move = _FIXED.get(key)  # a move depends on nothing else, and nobody changes one: built once
        if move is None:
            move = _FIXED[key] = Move("raise", "raise", seat, {"actor": seat, "team": team,
                                                               "raise_": Raise(team, seat, stake, to, exposed)})
        return move

    def make_raise(self, move: Move) -> None:
        """Carry out a raise no guard refused (``move``: from ``raise_move``, or a raise in answer to
        one): it waits for the other side's answer, the ``stake_raised`` event, then the clauses at
        ``raise``. Raises ``RuleSetIncomplete`` when one of them fails."""
        proposal: Raise = move.context["raise_"]
        self.hand.pending = proposal
        self.hand.raised_by = proposal.team
        self.hand.raise_exposed = proposal.exposed
        self.emit("stake_raised", seat=proposal.seat, team=proposal.team, before=proposal.before, to=proposal.to,
                  exposed=proposal.exposed)
        self._runtime.run("raise", move.context)

    # ------------------------------------------------------------------ actions
    def _legal_moves(self, seat: int, show_cards: bool = True) -> list[tuple[str, Move]]:
        """Every action ``seat`` may take now, with its move: what the game's structure offers,
        less what a guard refuses."""
        hand = self.hand
        if hand is None or hand.over or self.winner is not None or self.disqualified or not 0 <= seat < self.players:
            return []  # no hand in play (self.phase), or no such seat
        team = seat % self.teams
        offered = [("show_cards", self._show_move(seat))] if self._shows_cards and show_cards else []  # when and by whom: the rule set's guards
        plays: list[tuple[str, Move]] = []
        if hand.decision_pending is not None:
            if team == hand.decision_pending:
                offered += [(f"mao_de_onze:{decision}", self._decide_move(seat, decision)) for decision in ("play", "fold")]
        elif hand.pending is not None:
            if team != hand.pending.team:
                offered += [(kind, self._respond_move(seat, kind)) for kind in ("accept", "fold", "truco")]
        elif seat == hand.turn:
            offered.append(("truco", self.raise_move(seat)))
            if hand.blind:
                offered += [(f"play_blind:{position}", self._play_move(seat, card, False))
                            for position, card in enumerate(hand.hands[seat], start=1)]
            else:
                plays = self._legal_plays(seat)
        first_guard = self._runtime.first_guard  # as _guard asks, for each move offered
        for action, move in offered:
            if first_guard(move.hook, move.context) is None and (
                    move.raise_context is None or first_guard("raise", move.raise_context) is None):
                plays.append((action, move))
        return plays

    def _legal_plays(self, seat: int) -> list[tuple[str, Move]]:
        """The cards ``seat`` may play now (face up, and face down where the rule set allows it).

        When no guard at ``play`` reads ``action`` or ``action.card`` (which card is played), the
        guards answer alike for every card: they are asked once face up and once face down."""
        held, teams = self.hand.hands[seat], self.teams
        first_guard, card_blind = self._runtime.first_guard, self._plays_card_blind
        legal = []
        for covered in (False, True) if self.ruleset.covered else (False,):
            allowed = None
            for card in held:
                option = _PLAYS.get((seat, teams, card, covered)) or self._play_option(seat, card, covered)
                if allowed is None or not card_blind:
                    allowed = first_guard("play", option[1].context) is None
                if allowed:
                    legal.append(option)
        return legal

    def _prepare(self, seat: int, action: str) -> Move:
        """Check an action against the game's structure; return what it would do (no change)."""
        if self.phase != "play":
            raise IllegalAction("game_over" if self.phase == "game_over" else "no_hand_in_play", "no hand is being played")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("unknown_seat", f"seat must be 0 to {self.players - 1}, got {seat!r}")
        if not isinstance(action, str):
            raise IllegalAction("unknown_action", f"an action is a string like play:4c, got {action!r}")
        hand = self.hand
        team = seat % self.teams
        kind, _, argument = action.partition(":")
        if kind == "infraction":
            if argument not in self.ruleset.infractions:
                known = ", ".join(self.ruleset.infractions) or "none"
                raise IllegalAction("unknown_infraction", f"{self.ruleset.id} has no infraction {argument!r} (it has: {known})")
            return Move("infraction", "infraction", seat, {"actor": seat, "team": team, "infraction": argument})
        if kind in ("play", "play_covered"):
            try:
                card = Card.parse(argument)
            except CardError as problem:
                raise IllegalAction("unknown_card", str(problem)) from None
        elif kind == "play_blind":
            if not argument.isdigit() or not 1 <= int(argument) <= len(hand.hands[seat]):
                raise IllegalAction("unknown_card", f"{action!r}: play_blind takes the position of a card in the hand, 1 to {len(hand.hands[seat])}")
        elif kind == "mao_de_onze":
            if argument not in ("play", "fold"):
                raise IllegalAction("unknown_action", f"{action!r}: the mão de onze decision is mao_de_onze:play or mao_de_onze:fold")
        elif kind == "show_cards" and not argument:
            if not self._shows_cards:
                raise IllegalAction("unknown_action", f"{self.ruleset.id} has no rule for showing one's cards")
            return self._show_move(seat)
        elif kind not in ("truco", "accept", "fold") or argument:
            raise IllegalAction("unknown_action", f"unknown action {action!r}")
        if hand.decision_pending is not None:
            if kind != "mao_de_onze":
                raise IllegalAction("mao_de_onze_pending", f"team {hand.decision_pending} must first decide the mão de onze")
            if team != hand.decision_pending:
                raise IllegalAction("not_your_decision", f"the mão de onze is team {hand.decision_pending}'s to decide")
            return self._decide_move(seat, argument)
        if kind == "mao_de_onze":
            raise IllegalAction("no_decision_pending", "there is no mão de onze decision to take")
        pending = hand.pending
        if pending is not None:
            if kind not in ("accept", "fold", "truco"):
                raise IllegalAction("raise_pending", f"team {1 - pending.team if self.teams == 2 else '?'} must first answer the raise to {pending.to}")
            if team == pending.team:
                raise IllegalAction("raise_pending", "the other side must answer your raise first")
            return self._respond_move(seat, kind)
        if kind in ("accept", "fold"):
            raise IllegalAction("no_raise_pending", f"there is no raise to {kind}")
        if seat != hand.turn:
            raise IllegalAction("not_your_turn", f"it is seat {hand.turn}'s turn")
        if kind == "truco":
            return self.raise_move(seat)
        if hand.blind != (kind == "play_blind"):
            raise IllegalAction("blind_hand" if hand.blind else "not_blind",
                                "this hand is played blind: play_blind:<position>" if hand.blind else "this hand is not played blind")
        if kind == "play_blind":
            card = hand.hands[seat][int(argument) - 1]
        if kind == "play_covered" and not self.ruleset.covered:
            raise IllegalAction("covered_not_allowed", f"{self.ruleset.id} has no covered cards (play.covered is false)")
        if card not in hand.hands[seat]:
            raise IllegalAction("card_not_in_hand", f"seat {seat} does not hold {card}")
        return self._play_option(seat, card, kind == "play_covered")[1]

    def _play_option(self, seat: int, card: Card, covered: bool) -> tuple[str, Move]:
        """The action string and move of playing ``card`` (face down when ``covered``).

        They depend on nothing else (the team is seat % teams), and no one changes a move or its
        context once built, so each is built once per process (_PLAYS) instead of at every
        legal_actions call; so are the moves of showing cards and of a mão de onze decision (_FIXED)."""
        key = (seat, self.teams, card, covered)
        option = _PLAYS.get(key)
        if option is None:
            option = _PLAYS[key] = (f"{'play_covered' if covered else 'play'}:{card}", self._play_move(seat, card, covered))
        return option

    # the moves, built in one place for _prepare (an action asked for) and _legal_moves (legal_actions)
    def _play_move(self, seat: int, card: Card, covered: bool) -> Move:
        return Move("play", "play", seat, {"actor": seat, "team": seat % self.teams, "action": _CardAction(str(card), covered),
                                           "card": card})

    def _respond_move(self, seat: int, kind: str) -> Move:
        """``kind``: accept, fold, or truco (a raise in answer: checked as an answer, then as a raise,
        whose context is the move's ``raise_context``). Built once per seat, answer and raise (_FIXED)."""
        team, pending = seat % self.teams, self.hand.pending
        exposed, step = (self._exposed(team), self._step_after(pending.to)) if kind == "truco" else (False, None)
        key = ("respond", seat, self.teams, kind, pending, exposed, step)
        move = _FIXED.get(key)
        if move is None:
            context: dict[str, Any] = {"actor": seat, "team": team, "raise_": pending, "response": "raise" if kind == "truco" else kind}
            move = _FIXED[key] = Move("respond", "respond", seat, context)
            if kind == "truco":
                context["next_raise"] = Raise(team, seat, pending.to, step, exposed)
                move.raise_context = dict(context, raise_=context["next_raise"])
        return move

    def _decide_move(self, seat: int, decision: str) -> Move:
        key = ("decide", seat, self.teams, decision)
        move = _FIXED.get(key)
        if move is None:
            move = _FIXED[key] = Move("decide", "mao_de_onze", seat, {"actor": seat, "team": seat % self.teams, "decision": decision})
        return move

    def _show_move(self, seat: int) -> Move:
        key = ("show_cards", seat, self.teams)
        move = _FIXED.get(key)
        if move is None:
            move = _FIXED[key] = Move("show_cards", "show_cards", seat, {"actor": seat, "team": seat % self.teams})
        return move

    def _guard(self, move: Move) -> Clause | None:
        """The first guard clause whose ``when`` holds for the move, or None.

        A raise made in answer to a raise is checked as an answer (``respond``) and as a raise.
        Raises ``RuleSetIncomplete`` for a raise past the top of the ladder that no clause refused:
        the ladder has no step to raise to, and saying so is the rule set's job.
        """
        context, runtime = move.context, self._runtime
        guard = runtime.first_guard(move.hook, context)
        if guard is None and move.raise_context is not None:
            guard = runtime.first_guard("raise", move.raise_context)
        return guard

    def _do_play(self, move: Move) -> None:
        hand, seat, card = self.hand, move.seat, move.context["card"]
        hand.hands[seat].remove(card)
        trick = hand.tricks[-1]
        trick.plays.append(Play(seat, card, move.context["action"].covered))
        self.emit("card_played", seat=seat, card=str(card), covered=move.context["action"].covered, trick=trick.number)
        self._runtime.run("play", move.context)
        if hand.over:
            return
        if len(trick.plays) < self.players:
            hand.turn = (seat + 1) % self.players
            return
        self._close_trick(trick)

    def _do_respond(self, move: Move) -> None:
        hand = self.hand
        hand.pending = None
        response = move.context["response"]
        self.emit({"accept": "raise_accepted", "fold": "raise_folded", "raise": "raise_accepted"}[response],
                  seat=move.seat, team=move.context["team"], to=move.context["raise_"].to)
        self._runtime.run("respond", move.context)
        if response == "raise" and not hand.over:
            context = dict(move.context, raise_=move.context["next_raise"])
            del context["response"]
            self.make_raise(Move("raise", "raise", move.seat, context))

    def _do_infraction(self, move: Move) -> None:
        team, kind = move.context["team"], move.context["infraction"]
        self.emit("infraction", seat=move.seat, team=team, kind=kind)
        self._runtime.run("infraction", move.context)
        for counts in (self.game.infractions, self.match_infractions):
            counts[(team, kind)] = counts.get((team, kind), 0) + 1

    def _do_show_cards(self, move: Move) -> None:
        team = move.context["team"]
        cards = [str(card) for seat, held in enumerate(self.hand.hands) if seat % self.teams == team for card in held]
        self.hand.decision_pending = None
        self.emit("cards_shown", seat=move.seat, team=team, cards=cards)
        self._runtime.run("show_cards", move.context)

    def _do_decide(self, move: Move) -> None:
        self.hand.decision_pending = None
        self.emit("mao_de_onze_decided", seat=move.seat, team=move.context["team"], decision=move.context["decision"])
        self._runtime.run("mao_de_onze", move.context)

    # ------------------------------------------------------------------ the vaza
    def _start_trick(self) -> None:
        hand = self.hand
        leader = hand.next_leader
        if leader is None:
            raise RuleSetIncomplete(f"rule set {self.ruleset.id}: no clause chose who leads vaza {len(hand.tricks) + 1} (call lead(seat))")
        trick = Trick(len(hand.tricks) + 1, leader)
        hand.tricks.append(trick)
        runtime = self._runtime
        runtime.trick = trick
        runtime.tricks.started(trick)
        hand.turn = leader
        hand.next_leader = None

    def _close_trick(self, trick: Trick) -> None:
        hand = self.hand
        strengths = hand.strengths
        tops = top_seats([(play.seat, 0 if play.covered else strengths[play.card]) for play in trick.plays])
        trick.first_top_seat = tops[0]
        if len(tops) == 1:
            self.give_trick(trick, tops[0])
        else:
            trick.tied = True
            trick.tied_within_team = len({seat % self.teams for seat in tops}) == 1
            self.emit("trick_tied", trick=trick.number, seats=tops)
        hand.turn = None
        self._runtime.run("trick_end")
        self._runtime.run("after_trick")
        if hand.over:
            return
        if not any(hand.hands):
            raise RuleSetIncomplete(f"rule set {self.ruleset.id}: every card is played and no clause ended the hand")
        self._start_trick()

    # ------------------------------------------------------------------ the action's end; a raise's step
    def _finish(self) -> list[Event]:
        """The events of the deal or action just taken; a hand it ended is closed first (hand_end)."""
        hand = self.hand
        if hand is not None and hand.over and not hand.closed:
            hand.closed = True
            self._runtime.run("hand_end")
            self.emit("hand_ended", hand=hand.number, score=list(self.score), next_dealer=self.next_dealer)
        events, self._events = self._events, []
        return events

    def _exposed(self, team: int) -> bool:
        """Whether an opponent's card lies face up in the vaza being played (a raise em carta exposta)."""
        tricks = self.hand.tricks
        if not tricks or len(tricks[-1].plays) == self.players:
            return False
        teams = self.teams
        for play in tricks[-1].plays:  # a loop, not any(): this runs for every raise offered
            if play.seat % teams != team and not play.covered:
                return True
        return False

    def _step_after(self, value: int) -> int | None:
        """The ladder's first step above ``value`` points (None: above the top)."""
        steps = self.ruleset.next_step
        if value in steps:
            return steps[value]
        return next((step for step in self.ruleset.ladder if step > value), None)  # a stake a clause set off the ladder

    # ------------------------------------------------------------------ dealing and views
    def _forced_deal(self, hands: Any, vira: Any) -> tuple[list[list[Card]], Card | None]:
        ruleset = self.ruleset
        if isinstance(hands, dict):
            if sorted(hands) != list(range(self.players)):
                raise BadDeal(f"a forced deal gives cards to every seat 0..{self.players - 1}, got seats {sorted(hands)}", ("hands",))
            hands = [hands[seat] for seat in range(self.players)]
        if len(hands) != self.players:
            raise BadDeal(f"a forced deal needs {self.players} hands, got {len(hands)}", ("hands",))
        deck = ruleset.deck_set
        dealt: list[list[Card]] = []
        seen: dict[Card, int] = {}  # card -> the seat dealt it
        for seat, cards in enumerate(hands):
            if len(cards) != ruleset.hand_size:
                raise BadDeal(f"seat {seat} gets {len(cards)} cards; {ruleset.id} deals {ruleset.hand_size}", ("hands", seat))
            dealt.append([])
            for index, card in enumerate(cards):
                at = ("hands", seat, index)
                card = _forced_card(card, at)
                if card not in deck:
                    raise BadDeal(f"{card} is not in the {ruleset.id} deck", at)
                if card in seen:
                    raise BadDeal(f"{card} is dealt twice (to seat {seen[card]} and to seat {seat})", at)
                seen[card] = seat
                dealt[seat].append(card)
        turned = None if vira is None else _forced_card(vira, ("vira",))
        if ruleset.vira and turned is None:
            raise BadDeal(f"{ruleset.id} turns a vira; the forced deal needs one", ("vira",))
        if not ruleset.vira and turned is not None:
            raise BadDeal(f"{ruleset.id} turns no vira", ("vira",))
        if turned is not None and (turned not in deck or turned in seen):
            where = f"in the hand of seat {seen[turned]}" if turned in seen else "not in the deck"
            raise BadDeal(f"the vira {turned} is {where}", ("vira",))
        return dealt, turned

    def _sees(self, viewer: int | None, seat: int) -> bool:
        if viewer is None:
            return True
        if self.hand.blind:
            return False
        if viewer == seat:
            return True
        team = viewer % self.teams
        return seat % self.teams == team and team in self.hand.partners_see

    def _trick_view(self, trick: Trick, viewer: int | None) -> dict[str, Any]:
        return {
            "number": trick.number,
            "leader": trick.leader,
            "cards": [{"seat": play.seat, "card": None if play.covered and viewer not in (None, play.seat) else str(play.card),
                       "covered": play.covered} for play in trick.plays],
            "winner": trick.winner,
            "winner_seat": trick.winner_seat,
            "tied": trick.tied,
        }


def _forced_card(card: Card | str, at: tuple[str | int, ...]) -> Card:
    """``card`` of a forced deal as a ``Card``. Raises ``BadDeal`` at ``at`` when it is not a card."""
    if isinstance(card, Card):
        return card
    try:
        return Card.parse(card)
    except CardError as problem:
        raise BadDeal(str(problem), at) from None


def _counts(given: Any, teams: int, rule: str) -> list[int]:
    """``given`` (a count per team: scores, games won) as a new list. Raises ``ValueError`` saying
    ``rule`` (formatted with the number of teams) unless it is ``teams`` whole numbers from 0."""
    counts = list(given)
    if len(counts) != teams or any(not isinstance(count, int) or count < 0 for count in counts):
        raise ValueError(f"{rule.format(teams)}, got {given!r}")
    return counts


class Move:
    """A structurally valid action, before guards: its ``kind`` (a key of ``_DO``), the ``hook`` whose
    clauses it runs, the ``seat`` taking it and its ``context`` (context root -> value, for those
    clauses); ``raise_context``: for a raise made in answer to a raise, the context it is checked
    with at ``raise`` (else None). Moves are shared (``_PLAYS``, ``_FIXED``): nobody changes one."""

    __slots__ = ("kind", "hook", "seat", "context", "raise_context")

    def __init__(self, kind: str, hook: str, seat: int, context: dict[str, Any]):
        self.kind, self.hook, self.seat, self.context = kind, hook, seat, context
        self.raise_context: dict[str, Any] | None = None


class _CardAction:
    __slots__ = ("card", "covered")

    def __init__(self, card: str, covered: bool):
        self.card, self.covered = card, covered


#: move kind -> the Engine method that carries it out
_DO = {"play": Engine._do_play, "raise": Engine.make_raise, "respond": Engine._do_respond, "infraction": Engine._do_infraction,
       "show_cards": Engine._do_show_cards, "decide": Engine._do_decide}
_ACTION = operator.itemgetter(0)  # of an (action, move) pair

#: (seat, teams, card, covered) -> the action string and move of that play (Engine._play_option);
#: at most seats × teams × cards × 2 entries
_PLAYS: dict[tuple[int, int, Card, bool], tuple[str, Move]] = {}
#: (kind, seat, teams, …) -> the move of showing cards, deciding a mão de onze, raising (with the
#: stake, the step and whether exposed) or answering a raise (with the raise answered): fixed too;
#: a few hundred entries (the stakes of a ladder, the raises between them)
_FIXED: dict[tuple, Move] = {}


class TracedEngine(Engine):
    """An ``Engine`` that says why: after each ``deal`` and ``act``, ``trace`` lists, in order, every
    hook run, every guard checked and every effect clause asked, whether it held, and every event
    (``runtime.Traced``), the hooks an effect ran one ``depth`` deeper. The clauses run one by one
    through their own compiled ``when:``/``then:`` (``runtime.TracedRuntime``), chosen here once:
    ``Engine`` itself never tests whether to trace. It plays exactly as ``Engine`` (same arguments,
    same events and states; tests/test_explain.py proves it on seeded games of every bundled rule set).
    ``act`` checks the guards of the action taken again, so the trace shows them, even when
    ``legal_actions`` listed it; a refused action's trace ends with the guard that refused it."""

    def __init__(self, ruleset: RuleSet | str, players: int = 2, seed: int | None = None,
                 dealer: int | None = None, scores: list[int] | tuple[int, ...] | None = None,
                 games_won: list[int] | tuple[int, ...] | None = None):
        """As ``Engine``; ``trace`` is empty until the first deal."""
        super().__init__(ruleset, players, seed, dealer, scores, games_won)
        self._runtime: TracedRuntime = TracedRuntime(self, *self._clauses_at)
        self.trace: list[Traced] = []

    def deal(self, hands: list[list[Card | str]] | dict[int, list[Card | str]] | None = None,
             vira: Card | str | None = None) -> list[Event]:
        """As ``Engine.deal``; ``trace`` is then the deal's."""
        self.trace = self._runtime.trace = []
        try:
            events = super().deal(hands, vira)
        finally:
            self._runtime.trace = None
        self.trace.insert(0, Traced("event", "", 0, event=events[0]))  # hand_dealt, which deal writes itself
        return events

    def act(self, seat: int, action: str) -> list[Event]:
        """As ``Engine.act``; ``trace`` is then the action's (its guards first), refused or not."""
        self.trace = self._runtime.trace = []
        self._legal = {}  # the action is prepared and its guards checked again, noted
        try:
            return super().act(seat, action)
        finally:
            self._runtime.trace = None

    def emit(self, event_type: str, **fields: Any) -> None:
        """As ``Engine.emit``, the event noted in the trace too."""
        super().emit(event_type, **fields)
        runtime = self._runtime
        caused = runtime.clause is not None  # a structural event belongs to no hook
        runtime.note(Traced("event", runtime.hook if caused else "", runtime.depth, event=self._events[-1]))


#: a field of ``Engine.state()`` (of the game, of its ``hand``, or of a vaza of ``hand.tricks``;
#: ``mao_de_onze``: the decision at 11 a side is asked for) -> the builtins of the rule-file
#: language (``lang.vocabulary.BUILTINS``) whose call sets it. A vaza with one top card is taken by
#: the engine itself (``give_trick``), without a call: its ``winner_seat`` follows from the cards'
#: strengths (``RuleSet.strengths``, the rule file's ``deck`` parameters)
STATE_SETTERS: dict[str, tuple[str, ...]] = {
    "turn": ("lead",),
    "tricks": ("take_trick", "lead"),  # a vaza taken and the next one begun
    "winner_seat": ("take_trick",),  # a tied vaza given to a seat
    "score": ("award", "win_hand", "end_hand"),  # a hand ended without a winner scores nothing
    "stake": ("set_stake", "call_raise"),
    "over": ("end_hand", "win_hand"),
    "phase": ("end_hand", "win_hand", "win_game", "win_match"),
    "winner": ("win_match", "win_game", "disqualify_both"),
    "game_winner": ("win_game",),
    "games_won": ("win_game", "win_match"),
    "next_dealer": ("pass_deal", "cut_by"),
    "blind": ("blind_hands",),
    "mao_de_onze": ("mao_de_onze",),
}
