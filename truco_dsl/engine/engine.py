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
"""

from __future__ import annotations

import operator
import random
from typing import Any

from truco_dsl.cards import Card
from truco_dsl.engine.records import Hand, Play, Raise, Trick, TrickBook
from truco_dsl.engine.search import guaranteed_win
from truco_dsl.errors import BadDeal, CardError, IllegalAction, RuleSetIncomplete
from truco_dsl.rules import Clause, RuleSet, load_ruleset

Event = dict[str, Any]

#: Hooks whose remaining clauses are skipped once the hand is over.
_HAND_HOOKS = frozenset({"deal", "play", "trick_end", "after_trick", "raise", "respond", "mao_de_onze"})


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
        self.score = list(scores) if scores is not None else [0] * self.teams
        if len(self.score) != self.teams or any(not isinstance(points, int) or points < 0 for points in self.score):
            raise ValueError(f"scores must be {self.teams} whole numbers of points, got {scores!r}")
        self.next_dealer = players - 1 if dealer is None else dealer
        if not 0 <= self.next_dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, got {dealer!r}")
        self.random = random.Random(seed)
        # hook -> its guard clauses, and its effect clauses (read at every action)
        self._guards_at, self._effects_at = self.ruleset.guards_at, self.ruleset.effects_at
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
        self.games_won = list(games_won) if games_won is not None else [0] * self.teams
        if len(self.games_won) != self.teams or any(not isinstance(won, int) or won < 0 for won in self.games_won):
            raise ValueError(f"games_won must be {self.teams} whole numbers, got {games_won!r}")
        self.game = _Game(self.ruleset.target)
        self._game_won = False  # a game is won and the match goes on: the next deal starts a new game
        self._scope = _Scope(self)
        self._events: list[Event] = []
        # seat -> its legal actions now (action -> move), sorted, as legal_actions found them; act
        # takes a listed action without checking it again. Emptied by every deal and act: the
        # game changes only through them.
        self._legal: dict[int, dict[str, _Move]] = {}

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
        if self._game_won:
            self._game_won = False
            self.game_winner = None
            self.score = [0] * self.teams
            self.game = _Game(ruleset.target, self.game.number + 1)
            self.hand_count = 0
        if hands is None:
            if vira is not None:
                raise BadDeal("a vira can only be forced together with the hands")
            # the top of a shuffled deck, as far as the deal reaches: a random sample in order (the
            # same chances as shuffling all of it, for a fraction of the draws)
            shuffled: tuple[Card, ...] | None = tuple(self.random.sample(ruleset.deck, self._dealt_cards))
            dealt, turned = self._hand_out(shuffled, self.next_dealer, ruleset.packet)
        else:
            dealt, turned = self._forced_deal(hands, vira)
            shuffled = None
        self.hand_count += 1
        self.hand = Hand(number=self.hand_count, dealer=self.next_dealer, hands=dealt, vira=turned,
                         strengths=ruleset.strengths(turned), stake=ruleset.ladder[0], shuffled=shuffled)
        self._scope.follow(self.hand)
        self._events = [{"type": "hand_dealt", "hand": self.hand_count, "game": self.game.number,
                         "dealer": self.next_dealer, "vira": str(turned) if turned else None}]
        self._run("deal")
        if not self.hand.over:
            self._start_trick()
            self.hand.mao_seat = self.hand.turn
        return self._finish()

    def legal_actions(self, seat: int) -> list[str]:
        """The actions ``seat`` may take now, as sorted canonical strings: ``play:7c``,
        ``play_covered:7c``, ``play_blind:2`` (a blind hand), ``truco``, ``accept``, ``fold``,
        ``mao_de_onze:play``, ``mao_de_onze:fold``. Empty when the seat has nothing to do. A
        referee's ``infraction:<kind>`` reports are never listed; ``act`` takes them."""
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
        return IllegalAction(guard.then.reason or guard.then.guard, f"{action} is {kind} under {guard.id}: {guard.cite}", guard.id)

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
        if guard is not None:
            if guard.then.guard == "forbid":
                raise IllegalAction(guard.then.reason or "forbidden", f"{action} is forbidden under {guard.id}: {guard.cite}", guard.id)
            self._scope.enter(move.hook, move.context)
            self._scope.clause = guard
            self._call(guard, guard.then.run)
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

    def _hand_out(self, cards: tuple[Card, ...], dealer: int, packet: int | None) -> tuple[list[list[Card]], Card | None]:
        """Deal ``cards`` (a shuffled deck, top first) packet by packet round the table from the seat
        after ``dealer`` (``packet`` cards at a time; None: a whole hand), then turn the vira."""
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

    def fork(self) -> Engine:
        """An independent copy of the game, to try a line of play on without changing this one.

        Everything play changes (scores, the hand, the game's flags and infractions) is copied; the
        rule set and the seeded shuffle are shared, so a fork that deals draws from this game's seed.
        """
        twin = object.__new__(type(self))  # a shallow copy (copy.copy is slower), then what play changes
        twin.__dict__.update(self.__dict__)
        twin.score, twin.games_won = list(self.score), list(self.games_won)
        twin.game = self.game.copy()
        twin.match_infractions = dict(self.match_infractions)
        twin.hand = None if self.hand is None else self.hand.copy()
        twin._scope = _Scope(twin)
        twin._events = []
        twin._legal = {}
        return twin

    # ------------------------------------------------------------------ actions
    def _legal_moves(self, seat: int) -> list[tuple[str, _Move]]:
        """Every action ``seat`` may take now, with its move: what the game's structure offers,
        less what a guard refuses."""
        hand = self.hand
        if hand is None or hand.over or self.winner is not None or self.disqualified or not 0 <= seat < self.players:
            return []  # no hand in play (self.phase), or no such seat
        team = seat % self.teams
        offered = [("show_cards", self._show_move(seat))] if self._shows_cards else []  # when and by whom: the rule set's guards
        plays: list[tuple[str, _Move]] = []
        if hand.decision_pending is not None:
            if team == hand.decision_pending:
                offered += [(f"mao_de_onze:{decision}", self._decide_move(seat, decision)) for decision in ("play", "fold")]
        elif hand.pending is not None:
            if team != hand.pending.team:
                offered += [(kind, self._respond_move(seat, kind)) for kind in ("accept", "fold", "truco")]
        elif seat == hand.turn:
            offered.append(("truco", self._raise_move(seat)))
            if hand.blind:
                offered += [(f"play_blind:{position}", self._play_move(seat, card, False))
                            for position, card in enumerate(hand.hands[seat], start=1)]
            else:
                plays = self._legal_plays(seat)
        guard = self._guard
        return plays + [(action, move) for action, move in offered if guard(move) is None]

    def _legal_plays(self, seat: int) -> list[tuple[str, _Move]]:
        """The cards ``seat`` may play now (face up, and face down where the rule set allows it).

        When no guard at ``play`` reads ``action`` or ``action.card`` (which card is played), the
        guards answer alike for every card: they are asked once face up and once face down."""
        held, teams = self.hand.hands[seat], self.teams
        first_guard, card_blind = self._first_guard, self._plays_card_blind
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

    def _prepare(self, seat: int, action: str) -> _Move:
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
            return _Move("infraction", "infraction", seat, {"actor": seat, "team": team, "infraction": argument})
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
            return self._raise_move(seat)
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

    def _play_option(self, seat: int, card: Card, covered: bool) -> tuple[str, _Move]:
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
    def _play_move(self, seat: int, card: Card, covered: bool) -> _Move:
        return _Move("play", "play", seat, {"actor": seat, "team": seat % self.teams, "action": _CardAction(str(card), covered),
                                            "card": card})

    def _raise_move(self, seat: int) -> _Move:
        team, stake = seat % self.teams, self.hand.stake
        return _Move("raise", "raise", seat, {"actor": seat, "team": team,
                                              "raise_": Raise(team, seat, stake, self._step_after(stake), self._exposed(team))})

    def _respond_move(self, seat: int, kind: str) -> _Move:
        """``kind``: accept, fold, or truco (a raise in answer: checked as an answer, then as a raise)."""
        team, pending = seat % self.teams, self.hand.pending
        context: dict[str, Any] = {"actor": seat, "team": team, "raise_": pending, "response": "raise" if kind == "truco" else kind}
        if kind == "truco":
            context["next_raise"] = Raise(team, seat, pending.to, self._step_after(pending.to), self._exposed(team))
        return _Move("respond", "respond", seat, context)

    def _decide_move(self, seat: int, decision: str) -> _Move:
        key = ("decide", seat, self.teams, decision)
        move = _FIXED.get(key)
        if move is None:
            move = _FIXED[key] = _Move("decide", "mao_de_onze", seat, {"actor": seat, "team": seat % self.teams, "decision": decision})
        return move

    def _show_move(self, seat: int) -> _Move:
        key = ("show_cards", seat, self.teams)
        move = _FIXED.get(key)
        if move is None:
            move = _FIXED[key] = _Move("show_cards", "show_cards", seat, {"actor": seat, "team": seat % self.teams})
        return move

    def _guard(self, move: _Move) -> Clause | None:
        """The first guard clause whose ``when`` holds for the move, or None.

        A raise made in answer to a raise is checked as an answer (``respond``) and as a raise.
        Raises ``RuleSetIncomplete`` for a raise past the top of the ladder that no clause refused:
        the ladder has no step to raise to, and saying so is the rule set's job.
        """
        context = move.context
        guard = self._first_guard(move.hook, context)
        if guard is None and "next_raise" in context:
            guard = self._first_guard("raise", dict(context, raise_=context["next_raise"]))
        return guard

    def _first_guard(self, hook: str, context: dict[str, Any]) -> Clause | None:
        # legal_actions runs this for every candidate of every position: scope.enter is inlined
        guards = self._guards_at[hook]
        if guards:
            scope = self._scope
            scope.hook, scope.context = hook, context
            clause = None
            try:
                for clause in guards:
                    when = clause.when
                    if when is None or when.holds(scope):
                        return clause
            except (IllegalAction, RuleSetIncomplete):
                raise
            except Exception as problem:
                raise self._failed(clause, problem) from None
        proposal = context.get("raise_") if hook == "raise" else None
        if proposal is not None and proposal.to is None:
            raise RuleSetIncomplete(f"rule set {self.ruleset.id}: no clause refuses a raise above the top of the ladder ({proposal.before})")
        return None

    def _do_play(self, move: _Move) -> None:
        hand, seat, card = self.hand, move.seat, move.context["card"]
        hand.hands[seat].remove(card)
        trick = hand.tricks[-1]
        trick.plays.append(Play(seat, card, move.context["action"].covered))
        self._emit("card_played", seat=seat, card=str(card), covered=move.context["action"].covered, trick=trick.number)
        self._run("play", move.context)
        if hand.over:
            return
        if len(trick.plays) < self.players:
            hand.turn = (seat + 1) % self.players
            return
        self._close_trick(trick)

    def _do_raise(self, move: _Move) -> None:
        proposal: Raise = move.context["raise_"]
        self.hand.pending = proposal
        self.hand.raised_by = proposal.team
        self.hand.raise_exposed = proposal.exposed
        self._emit("stake_raised", seat=proposal.seat, team=proposal.team, before=proposal.before, to=proposal.to,
                   exposed=proposal.exposed)
        self._run("raise", move.context)

    def _do_respond(self, move: _Move) -> None:
        hand = self.hand
        hand.pending = None
        response = move.context["response"]
        self._emit({"accept": "raise_accepted", "fold": "raise_folded", "raise": "raise_accepted"}[response],
                   seat=move.seat, team=move.context["team"], to=move.context["raise_"].to)
        self._run("respond", move.context)
        if response == "raise" and not hand.over:
            context = dict(move.context, raise_=move.context["next_raise"])
            del context["response"]
            self._do_raise(_Move("raise", "raise", move.seat, context))

    def _do_infraction(self, move: _Move) -> None:
        team, kind = move.context["team"], move.context["infraction"]
        self._emit("infraction", seat=move.seat, team=team, kind=kind)
        self._run("infraction", move.context)
        for counts in (self.game.infractions, self.match_infractions):
            counts[(team, kind)] = counts.get((team, kind), 0) + 1

    def _do_show_cards(self, move: _Move) -> None:
        team = move.context["team"]
        cards = [str(card) for seat, held in enumerate(self.hand.hands) if seat % self.teams == team for card in held]
        self.hand.decision_pending = None
        self._emit("cards_shown", seat=move.seat, team=team, cards=cards)
        self._run("show_cards", move.context)

    def _do_decide(self, move: _Move) -> None:
        self.hand.decision_pending = None
        self._emit("mao_de_onze_decided", seat=move.seat, team=move.context["team"], decision=move.context["decision"])
        self._run("mao_de_onze", move.context)

    # ------------------------------------------------------------------ the vaza
    def _start_trick(self) -> None:
        hand = self.hand
        leader = hand.next_leader
        if leader is None:
            raise RuleSetIncomplete(f"rule set {self.ruleset.id}: no clause chose who leads vaza {len(hand.tricks) + 1} (call lead(seat))")
        trick = Trick(len(hand.tricks) + 1, leader)
        hand.tricks.append(trick)
        self._scope.trick = trick
        self._scope.tricks.started(trick)
        hand.turn = leader
        hand.next_leader = None

    def _close_trick(self, trick: Trick) -> None:
        hand = self.hand
        strengths = hand.strengths
        powers = [0 if play.covered else strengths[play.card] for play in trick.plays]
        top = max(powers)
        top_plays = [play for play, power in zip(trick.plays, powers) if power == top]
        trick.first_top_seat = top_plays[0].seat
        if len(top_plays) == 1:
            self._take(trick, top_plays[0].seat)
        else:
            trick.tied = True
            trick.tied_within_team = len({play.seat % self.teams for play in top_plays}) == 1
            self._emit("trick_tied", trick=trick.number, seats=[play.seat for play in top_plays])
        hand.turn = None
        self._run("trick_end")
        self._run("after_trick")
        if hand.over:
            return
        if not any(hand.hands):
            raise RuleSetIncomplete(f"rule set {self.ruleset.id}: every card is played and no clause ended the hand")
        self._start_trick()

    def _take(self, trick: Trick, seat: int) -> None:
        trick.tied = False
        trick.winner_seat = seat
        trick.winner = seat % self.teams
        self._emit("trick_won", trick=trick.number, seat=seat, team=trick.winner)

    # ------------------------------------------------------------------ clauses
    def _run(self, hook: str, context: dict[str, Any] | None = None) -> None:
        """Run the effect clauses at ``hook`` with ``context``; the scope is left as it was found, so
        a clause whose effect runs another hook (an award runs ``points``) does not disturb the
        clauses after it."""
        clauses = self._effects_at[hook]
        if not clauses:
            return
        scope = self._scope
        saved = scope.hook, scope.context, scope.clause  # scope.save() and enter(), inlined: this runs at every hook
        scope.hook, scope.context = hook, context or _NO_CONTEXT
        stops = hook in _HAND_HOOKS  # the hand's end skips the rest
        hand = self.hand
        clause = None
        try:
            for clause in clauses:
                if stops and hand.over:
                    break
                if clause.when is None or clause.when.holds(scope):
                    scope.clause = clause
                    clause.then.run(scope)
        except (IllegalAction, RuleSetIncomplete):
            raise
        except Exception as problem:
            raise self._failed(clause, problem) from None
        finally:
            scope.hook, scope.context, scope.clause = saved

    def _call(self, clause: Clause, function: Any) -> Any:
        try:
            return function(self._scope)
        except (IllegalAction, RuleSetIncomplete):
            raise
        except Exception as problem:
            raise self._failed(clause, problem) from None

    @staticmethod
    def _failed(clause: Clause, problem: Exception) -> RuleSetIncomplete:
        """A clause that reads a missing value, divides by zero…"""
        return RuleSetIncomplete(f"clause {clause.id} ({clause.place}) failed: {type(problem).__name__}: {problem}")

    def _finish(self) -> list[Event]:
        """The events of the deal or action just taken; a hand it ended is closed first (hand_end)."""
        hand = self.hand
        if hand is not None and hand.over and not hand.closed:
            hand.closed = True
            self._run("hand_end")
            self._emit("hand_ended", hand=hand.number, score=list(self.score), next_dealer=self.next_dealer)
        events, self._events = self._events, []
        return events

    def _emit(self, event_type: str, **fields: Any) -> None:
        self._events.append({"type": event_type, **fields})

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
                raise BadDeal(f"a forced deal gives cards to every seat 0..{self.players - 1}, got seats {sorted(hands)}")
            hands = [hands[seat] for seat in range(self.players)]
        if len(hands) != self.players:
            raise BadDeal(f"a forced deal needs {self.players} hands, got {len(hands)}")
        try:
            dealt = [[card if isinstance(card, Card) else Card.parse(card) for card in cards] for cards in hands]
            turned = None if vira is None else (vira if isinstance(vira, Card) else Card.parse(vira))
        except CardError as problem:
            raise BadDeal(str(problem)) from None
        deck = ruleset.deck_set
        seen: set[Card] = set()
        for seat, cards in enumerate(dealt):
            if len(cards) != ruleset.hand_size:
                raise BadDeal(f"seat {seat} gets {len(cards)} cards; {ruleset.id} deals {ruleset.hand_size}")
            for card in cards:
                if card not in deck:
                    raise BadDeal(f"{card} is not in the {ruleset.id} deck")
                if card in seen:
                    raise BadDeal(f"{card} is dealt twice")
                seen.add(card)
        if ruleset.vira and turned is None:
            raise BadDeal(f"{ruleset.id} turns a vira; the forced deal needs one")
        if not ruleset.vira and turned is not None:
            raise BadDeal(f"{ruleset.id} turns no vira")
        if turned is not None and (turned not in deck or turned in seen):
            raise BadDeal(f"the vira {turned} is {'in a hand' if turned in seen else 'not in the deck'}")
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


class _Move:
    """A structurally valid action, before guards: its kind, hook, seat and expression context."""

    __slots__ = ("kind", "hook", "seat", "context")

    def __init__(self, kind: str, hook: str, seat: int, context: dict[str, Any]):
        self.kind, self.hook, self.seat, self.context = kind, hook, seat, context


class _CardAction:
    __slots__ = ("card", "covered")

    def __init__(self, card: str, covered: bool):
        self.card, self.covered = card, covered


class _Game:
    """One game (partida, série) of the match: its number, its target (which a clause may change),
    its flags and the infractions reported in it."""

    __slots__ = ("target", "number", "flags", "infractions")

    def __init__(self, target: int, number: int = 1):
        self.target = target
        self.number = number
        self.flags: set[str] = set()
        self.infractions: dict[tuple[int, str], int] = {}

    def copy(self) -> _Game:
        twin = _Game(self.target, self.number)
        twin.flags, twin.infractions = set(self.flags), dict(self.infractions)
        return twin


class _Points:
    __slots__ = ("team", "value")

    def __init__(self, team: int, value: int):
        self.team, self.value = team, value


_NO_CONTEXT: dict[str, Any] = {}

#: move kind -> the Engine method that carries it out
_DO = {"play": Engine._do_play, "raise": Engine._do_raise, "respond": Engine._do_respond, "infraction": Engine._do_infraction,
       "show_cards": Engine._do_show_cards, "decide": Engine._do_decide}
_ACTION = operator.itemgetter(0)  # of an (action, move) pair

#: (seat, teams, card, covered) -> the action string and move of that play (Engine._play_option);
#: at most seats × teams × cards × 2 entries
_PLAYS: dict[tuple[int, int, Card, bool], tuple[str, _Move]] = {}
#: (kind, seat, teams[, decision]) -> the move of showing cards or deciding a mão de onze: fixed too
_FIXED: dict[tuple, _Move] = {}


class _Scope:
    """What a clause expression sees: the vocabulary's roots as attributes, its builtins as methods.

    The roots that come with the action (``actor``, ``team``, ``action``, ``raise_``, ``response``,
    ``decision``, ``points``, ``infraction``) are read from the context ``enter`` was given (absent:
    None), so entering a hook costs two assignments whatever the context holds."""

    __slots__ = ("_engine", "clause", "hook", "context", "hand", "trick", "tricks")

    def __init__(self, engine: Engine):
        self._engine = engine
        self.clause: Clause | None = None
        self.hook = ""
        self.context: dict[str, Any] = _NO_CONTEXT
        self.follow(engine.hand)

    def follow(self, hand: Hand | None) -> None:
        """Read ``hand`` from now on: the roots ``hand``, ``trick`` (its vaza being played, an empty
        one before the first) and ``tricks``. The engine calls it when it deals a hand, and sets
        ``trick`` when it starts a vaza: plain attributes are read faster than properties."""
        self.hand = hand
        self.trick = hand.tricks[-1] if hand is not None and hand.tricks else Trick(0)
        self.tricks = TrickBook(hand.tricks if hand is not None else [], self._engine.ruleset.hand_size)

    def enter(self, hook: str, context: dict[str, Any] | None) -> None:
        """Read the clauses of ``hook`` with ``context`` (context root -> value)."""
        self.hook = hook
        self.context = context or _NO_CONTEXT

    def save(self) -> tuple:
        """What ``enter`` and the clause being run set, for ``restore``."""
        return self.hook, self.context, self.clause

    def restore(self, saved: tuple) -> None:
        self.hook, self.context, self.clause = saved

    # the context's roots
    actor = property(lambda self: self.context.get("actor"))
    team = property(lambda self: self.context.get("team"))
    action = property(lambda self: self.context.get("action"))
    raise_ = property(lambda self: self.context.get("raise_"))
    response = property(lambda self: self.context.get("response"))
    decision = property(lambda self: self.context.get("decision"))
    points = property(lambda self: self.context.get("points"))
    infraction = property(lambda self: self.context.get("infraction"))

    def _team(self, value: Any, builtin: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self._engine.teams:
            self._wrong(builtin, value, f"a team, 0 to {self._engine.teams - 1}")
        return value

    def _seat(self, value: Any, builtin: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self._engine.players:
            self._wrong(builtin, value, f"a seat, 0 to {self._engine.players - 1}")
        return value

    def _points(self, value: Any, builtin: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            self._wrong(builtin, value, "a whole number of points")
        return value

    def _wrong(self, builtin: str, value: Any, expected: str) -> None:
        where = f"clause {self.clause.id} ({self.clause.place})" if self.clause else "a clause"
        raise RuleSetIncomplete(f"{where}: {builtin}() was given {value!r}, not {expected}")

    # roots (hand, trick and tricks are attributes: see follow)
    @property
    def score(self) -> list[int]:
        return self._engine.score

    @property
    def game(self) -> _Game:
        return self._engine.game

    @property
    def players(self) -> int:
        return self._engine.players

    @property
    def games_won(self) -> list[int]:
        return self._engine.games_won

    # queries
    def opponents(self, team: int) -> int:
        return (self._team(team, "opponents") + 1) % self._engine.teams

    def team_of(self, seat: int) -> int:
        return self._seat(seat, "team_of") % self._engine.teams

    def next_seat(self, seat: int) -> int:
        return (self._seat(seat, "next_seat") + 1) % self._engine.players

    def previous_seat(self, seat: int) -> int:
        return (self._seat(seat, "previous_seat") - 1) % self._engine.players

    def wins(self, team: int | None) -> int:
        return sum(1 for trick in self._engine.hand.tricks if team is not None and trick.winner == team)

    def sole_team_at(self, points: int) -> int | None:
        teams = [team for team, score in enumerate(self._engine.score) if score == points]
        return teams[0] if len(teams) == 1 else None

    def all_teams_at(self, points: int) -> bool:
        return all(score == points for score in self._engine.score)

    def min(self, a: int, b: int) -> int:
        return min(a, b)

    def max(self, a: int, b: int) -> int:
        return max(a, b)

    def guaranteed_win(self, team: int) -> bool:
        engine = self._engine
        hand = engine.hand
        key = (team, sum(len(trick.plays) for trick in hand.tricks))
        if key not in hand.guarantees:  # the search is costly: once per team and position
            hand.guarantees[key] = guaranteed_win(engine, team)
        return hand.guarantees[key]

    def count_infractions(self, team: int, kind: str) -> int:
        return self._engine.game.infractions.get((team, kind), 0)

    def count_infractions_in_match(self, team: int, kind: str) -> int:
        return self._engine.match_infractions.get((team, kind), 0)

    def may_raise(self, seat: int) -> bool:
        # asked of a fork, whose scope is its own, so the clause being evaluated here keeps its
        # context; only the raise is checked (legal_actions would also try show_cards' search)
        return self._engine.fork().refusal(self._seat(seat, "may_raise"), "truco") is None

    def hand_flag(self, name: str) -> bool:
        return name in self._engine.hand.flags

    def game_flag(self, name: str) -> bool:
        return name in self._engine.game.flags

    # effects
    def award(self, team: int, points: int) -> None:
        self._team(team, "award")
        self._points(points, "award")
        engine = self._engine
        engine.score[team] += points
        engine._emit("points_awarded", team=team, points=points, clause=self.clause.id if self.clause else None,
                     score=list(engine.score))
        engine._run("points", {"points": _Points(team, points)})

    def win_hand(self, team: int) -> None:
        self._team(team, "win_hand")
        engine = self._engine
        engine._emit("hand_won", team=team, points=engine.hand.stake, clause=self.clause.id if self.clause else None)
        self.award(team, engine.hand.stake)
        self.end_hand()

    def end_hand(self) -> None:
        self._engine.hand.over = True

    def win_game(self, team: int) -> None:
        self._team(team, "win_game")
        engine = self._engine
        if engine.winner is None and not engine._game_won:
            engine.game_winner = team
            engine.games_won[team] += 1
            engine._emit("game_won", team=team, game=engine.game.number, score=list(engine.score),
                         clause=self.clause.id if self.clause else None)
            if engine.games_won[team] >= engine.ruleset.match_wins:
                engine.winner = team
                if engine.ruleset.match_wins > 1:
                    engine._emit("match_won", team=team, games_won=list(engine.games_won))
            else:
                engine._game_won = True
        engine.hand.over = True

    def win_match(self, team: int) -> None:
        self._team(team, "win_match")
        engine = self._engine
        if engine.winner is None:
            engine.winner = engine.game_winner = team
            engine._game_won = False
            engine._emit("match_won", team=team, games_won=list(engine.games_won), clause=self.clause.id if self.clause else None)
        engine.hand.over = True

    def disqualify_both(self) -> None:
        engine = self._engine
        if engine.winner is None and not engine.disqualified:
            engine.disqualified = True
            engine.game_winner = None
            engine._game_won = False
            engine._emit("match_ended", winner=None, games_won=list(engine.games_won), clause=self.clause.id if self.clause else None)
        engine.hand.over = True

    def set_target(self, points: int) -> None:
        self._engine.game.target = self._points(points, "set_target")
        self._engine._emit("target_set", target=points, clause=self.clause.id if self.clause else None)

    def reset_scores(self) -> None:
        engine = self._engine
        engine.score = [0] * engine.teams
        engine._emit("scores_reset", score=list(engine.score), clause=self.clause.id if self.clause else None)

    def flag_hand(self, name: str) -> None:
        self._engine.hand.flags.add(name)

    def flag_game(self, name: str) -> None:
        self._engine.game.flags.add(name)

    def blind_hands(self) -> None:
        self._engine.hand.blind = True

    def call_raise(self, seat: int) -> None:
        self._seat(seat, "call_raise")
        engine = self._engine
        hand = engine.hand
        team = seat % engine.teams
        if hand.pending is not None or hand.decision_pending is not None:
            return  # a raise or a decision is already waiting for an answer
        proposal = Raise(team, seat, hand.stake, engine._step_after(hand.stake), engine._exposed(team))
        context = {"actor": seat, "team": team, "raise_": proposal}
        saved = self.save()
        self.enter("raise", context)
        allowed = proposal.to is not None and not any(
            clause.when is None or engine._call(clause, clause.when.test) for clause in engine.ruleset.guards("raise"))
        self.restore(saved)
        if allowed:
            engine._do_raise(_Move("raise", "raise", seat, context))

    def take_trick(self, seat: int) -> None:
        self._engine._take(self._engine.hand.tricks[-1], self._seat(seat, "take_trick"))

    def lead(self, seat: int) -> None:
        self._engine.hand.next_leader = self._seat(seat, "lead")

    def pass_deal(self, seat: int) -> None:
        self._engine.next_dealer = self._seat(seat, "pass_deal")

    def cut_by(self, seat: int) -> None:
        self._engine.hand.cutter = self._seat(seat, "cut_by")

    def deal_in_packets(self, size: int) -> None:
        engine, hand = self._engine, self._engine.hand
        if self.hook != "deal":
            raise RuleSetIncomplete(f"clause {self.clause.id if self.clause else '?'}: deal_in_packets() is for the deal hook, "
                                    f"before a card is played (called at {self.hook})")
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            self._wrong("deal_in_packets", size, "a number of cards, 1 or more")
        if hand.shuffled is not None:  # a forced deal names every hand itself
            hand.hands, _ = engine._hand_out(hand.shuffled, hand.dealer, size)

    def set_stake(self, points: int) -> None:
        self._points(points, "set_stake")
        hand = self._engine.hand
        if hand.stake != points:
            hand.stake = points
            self._engine._emit("stake_set", stake=points, clause=self.clause.id if self.clause else None)

    def mao_de_onze(self, team: int | None) -> None:
        if team is not None:
            self._team(team, "mao_de_onze")
        hand = self._engine.hand
        hand.mao_de_onze = True
        hand.mao_de_onze_team = team
        hand.decision_pending = team
        self._engine._emit("mao_de_onze", team=team, clause=self.clause.id if self.clause else None)

    def show_partner_hands(self, team: int) -> None:
        self._engine.hand.partners_see.add(self._team(team, "show_partner_hands"))

    def forbid(self, reason: str) -> None:  # guards are handled before the action; never reached
        raise IllegalAction(reason, f"forbidden: {reason}", self.clause.id if self.clause else None)

    def foul(self, reason: str) -> None:
        self._engine._emit("foul", seat=self.actor, team=self.team, reason=reason, clause=self.clause.id if self.clause else None)
