#!/usr/bin/env python3
"""A small Truco Paulista engine, written from scratch, that passes the atb-2004 conformance suite.

It plays the ATB 2004 regulation (spec/sources/atb-2004.md, as spec/rulesets/paulista.yaml and
atb-2004.yaml encode it) and its five variants (spec/rulesets/variants/), and speaks version 1 of
the engine protocol (conformance/PROTOCOL.md) on stdin/stdout. It uses the standard library only
and imports nothing from truco_dsl: it is what an engine author has to write, hard-coding the
regulation, to pass `truco conform`. The comments cite the clause ids of spec/sources/atb-2004.md.

Run it against the suite (from the repository's root):

    truco conform --ruleset atb-2004 --engine 'python conformance/examples/python/truco_example.py'

or by hand: `echo '{"seq":1,"command":"hello","protocol":1}' | python truco_example.py`.

The sections follow a hand: the rule sets and the cards, the deal, the actions a seat may take,
a card played and the vaza it closes, the truco, the mão de onze, the referee's reports, points and
the game, the state a seat sees, counting lines of play, the search for a sure win and, at the end,
the protocol.

The game as a class (for a program that plays it in-process)
--------------------------------------------------------------
    game = Game(players=2, dealer=None, scores=None, ruleset="atb-2004", seed=None, games_won=None)
    game.deal(hands=None, vira=None)   # hands: a list per seat of cards like "7c"; vira: "7s".
                                       # Both None: shuffled with game.random (random.Random(seed)).
    game.legal_actions(seat)           # sorted canonical strings, as the reference engine lists them
    game.act(seat, action)             # -> list of event dicts ({"type": "card_played", ...})
    game.phase                         # "deal" (waiting for a deal) | "play" | "game_over"
    game.state(seat=None)              # the canonical JSON state; a seat's view hides what it may not see
    game.count(depth)                  # (total, [(seat, action, count), ...]) like chess perft

`Game(...)` raises ValueError for an unknown rule set, a player count other than 2, 4, 6, or a bad
dealer or score. `deal` raises BadDeal (a ValueError) for a forced deal that could not have been
dealt, IllegalAction when no deal is due. `act` raises IllegalAction (a ValueError whose `reason`
is a code such as "not_your_turn", "raised_last", "covered_in_first_vaza") and changes nothing.
Seats are numbered 0.. in the order of play; team = seat % 2; dealer None means the last seat, so
seat 0 is the mão.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

NAME, VERSION, PROTOCOL = "truco-example-python", "1.0", 1

# ==================================================================================================
# 1. The rule sets played
# ==================================================================================================
# ATB-BARALHO-1: "Joga-se truco apenas com 1 baralho, retirando-se as cartas 8 9 10 e o curinga."
# ATB-BARALHO-2: "Da maior para a menor: 3 2 A K J Q 7 6 5 4 (de todos os nipes)"
RANKS = "4567QJKA23"  # weakest first
SUITS = "chsd"  # paus, copas, espadas, ouros: the notation's letters; the deck is dealt from this order
# ATB-MANILHAS-3: "Paus > Copas > Espadas > Ouros."
MANILHA_SUITS = "dshc"  # weakest first
# ATB-ESTRUTURA-1 "Cada mão vale inicialmente 1 ponto"; ATB-TRUCO-1..3: truco 3, seis 6, nove 9, doze 12
LADDER = (1, 3, 6, 9, 12)
# ATB-ESTRUTURA-1: "ganha o jogo quem fizer 12 pontos."
TARGET = 12
PLAYERS = (2, 4, 6)  # 1v1, duplas, trios (ATB-TRUCO-4: "O jogador, dupla ou trio")
CARDS_EACH = 3  # ATB-ESTRUTURA-2: "Para jogar uma mão, cada jogador recebe três cartas."


@dataclass(frozen=True)
class Rules:
    """What one rule set changes. ``ranks``: weakest first; ``fixed_manilhas``: the manilhas when no
    vira is turned (weakest first), None to take them from the vira; ``packet``: cards given to a
    seat at a time; ``match_wins``: games that win the match; ``time_limit``: what the referee's
    "time_limit" report does — "decider" (the game is decided in three tentos), "decider_decides_match"
    (the same, and that game decides the match), "disqualify_both"."""

    id: str
    ranks: str = RANKS
    fixed_manilhas: tuple[str, ...] | None = None
    packet: int = 3
    match_wins: int = 1
    time_limit: str = "decider"


RULESETS = {
    # one partida, dealt by Tombo na Última (ATB-TOMBO-1: "de 3 em 3 JUNTAS [...] com a 'vira' na última carta")
    "atb-2004": Rules("atb-2004"),
    # ATB-VARIANTES-2: "O baralho limpo é quando tiramos também os 4 5 6 e 7."
    "baralho-limpo": Rules("baralho-limpo", ranks="QJKA23"),
    # ATB-JOGO-LIVRE-1: "As cartas podem ser dadas 'picadas' com a primeira sendo do 'mão'."
    "jogo-livre": Rules("jogo-livre", packet=1),
    # ATB-MANILHA-VELHA-1: "Não tem 'vira', e as manilhas são sempre as mesmas: [...] 4 de Paus /
    # 7 de Copas / A de Espadas/ 7 de Ouros"
    "manilha-velha": Rules("manilha-velha", fixed_manilhas=("7d", "As", "7h", "4c")),
    # ATB-TEMPO-e: "Em competição melhor de três partidas" / "na melhor de cinco partidas, sob pena de
    # desclassificação de ambas as equipes"
    "melhor-de-tres": Rules("melhor-de-tres", match_wins=2, time_limit="decider_decides_match"),
    "melhor-de-cinco": Rules("melhor-de-cinco", match_wins=3, time_limit="disqualify_both"),
}

# What the referee may report against a seat (action "infraction:<kind>"), section 9 below.
INFRACTIONS = ("misdeal", "misdeal_own_side", "wrong_card_count", "deal_timeout", "decision_timeout", "time_limit",
               "talking", "said_truco", "looked_at_partner_cards", "marked_cards", "warning", "illicit_act",
               "burned_card", "burned_card_by_accident", "two_cards_at_once", "cards_fell_one_by_one", "saw_the_deck")

# The optional capabilities of the protocol this engine has (conformance/PROTOCOL.md, hello).
FEATURES = ("next_hand", "infractions", "views", "count")

# Where the regulation is silent or ambiguous, this engine reads it as the bundled rule files do
# (their `note:`); "rule_file" says so. A clause left out is taken as "rule_file" too.
READINGS = {
    "ATB-DECISOES-1": "rule_file",   # giving up a mão de onze gives the opponents 1 point
    "ATB-MAO-DE-ONZE-3": "rule_file",  # "perderá três tentos": the opponents score 3
    "ATB-EMPATE-1a": "rule_file",    # a tie in a trucada: whoever raised last on an exposed card loses
    "ATB-EMPATE-1b": "rule_file",    # ... and whoever raised last in the dark wins
    "ATB-EMPATE-1c": "rule_file",    # "o limite dos tentos": no raise once a vaza tied and the stake takes you to 12
    "ATB-TEMPO-e": "rule_file",      # time up: the game is decided afresh in three tentos, without truco
}


def deck(rules: Rules) -> list[str]:
    """Every card of the rule set's deck, suit by suit, weakest rank first: ["4c", "5c", ...]."""
    return [rank + suit for suit in SUITS for rank in rules.ranks]


def is_card(text: str) -> bool:
    """Whether ``text`` is a card in the notation (rank 4 5 6 7 Q J K A 2 3, suit c h s d)."""
    return len(text) == 2 and text[0] in RANKS and text[1] in SUITS


def strengths(rules: Rules, vira: str | None) -> dict[str, int]:
    """Each card's strength for this vira: higher beats lower, equal cards tie.

    ATB-BARALHO-3: "A carta 4 é a mais fraca e a 3 é a mais forte, não importando o naipe."
    ATB-BARALHO-4: "O naipe somente altera o valor das cartas que forem manilhas".
    ATB-MANILHAS-1: "a carta seguinte [à vira] em seus 4 diferentes naipes são definidas como as Manilhas."
    ATB-MANILHAS-2: "As Manilhas são as cartas mais fortes do jogo, mais fortes do que o 3."
    ATB-MANILHAS-4: "Se a vira for 3 as manilhas são os quatro naipes da carta 4." (the ranks wrap)
    """
    strength = {card: rules.ranks.index(card[0]) + 1 for card in deck(rules)}
    if rules.fixed_manilhas is not None:
        manilhas = rules.fixed_manilhas
    else:
        manilha_rank = rules.ranks[(rules.ranks.index(vira[0]) + 1) % len(rules.ranks)]
        manilhas = tuple(manilha_rank + suit for suit in MANILHA_SUITS)
    for place, manilha in enumerate(manilhas, start=1):
        if manilha in strength:
            strength[manilha] = len(rules.ranks) + place
    return strength


# ==================================================================================================
# 2. What a hand holds
# ==================================================================================================
class IllegalAction(ValueError):
    """An action refused; the game is unchanged. ``reason``: a stable code (``not_your_turn`` ...)."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


class BadDeal(ValueError):
    """A forced deal that the rule set could not have dealt (the message says why)."""


class Play(NamedTuple):
    """A card on the table: who played it, which card, face down or not."""

    seat: int
    card: str
    covered: bool


class Raise(NamedTuple):
    """A raise waiting for its answer: by ``seat`` of ``team``, from ``before`` to ``to`` points;
    ``exposed``: called with an opponent's card face up in the vaza (em carta exposta)."""

    team: int
    seat: int
    before: int
    to: int | None
    exposed: bool


class Move(NamedTuple):
    """An action checked and found legal: its ``kind`` (play, raise, answer, decide, show_cards,
    infraction), its ``argument`` (the card, the answer, the decision, the infraction's kind),
    ``covered`` for a card played face down, ``foul`` the penalty's code when the action is taken
    and punished (a truco in a mão de onze) rather than refused."""

    kind: str
    argument: str = ""
    covered: bool = False
    foul: str | None = None


@dataclass
class Vaza:
    """A trick: ``number`` 1..3, the seat that ``leader`` played first, the ``plays`` in order, and
    once complete either ``winner_seat`` or ``tied``."""

    number: int
    leader: int
    plays: list[Play] = field(default_factory=list)
    winner_seat: int | None = None
    tied: bool = False

    @property
    def winner(self) -> int | None:
        """The team that took the vaza."""
        return None if self.winner_seat is None else self.winner_seat % 2


@dataclass
class Hand:
    """One hand (mão): the deal and everything played since. Points are tentos."""

    number: int
    dealer: int  # the pé
    vira: str | None
    hands: list[list[str]]  # the cards each seat still holds
    strength: dict[str, int]  # card -> strength for this vira
    stake: int  # what the hand is worth now
    vazas: list[Vaza] = field(default_factory=list)
    turn: int | None = None  # the seat to play a card
    raised_by: int | None = None  # the team that raised last
    raise_exposed: bool = False  # whether that raise was called on an exposed card
    pending: Raise | None = None  # a raise waiting for the other side's answer
    mao_de_onze: bool = False
    mao_de_onze_team: int | None = None  # the team alone at 11 (None at 11 a 11)
    decision_pending: int | None = None  # the team that must still decide its mão de onze
    over: bool = False
    closed: bool = False  # the end of the hand has been dealt with (the deal passed on)
    sure_wins: dict[tuple[int, int], bool] = field(default_factory=dict)  # (team, cards played) -> a sure win?

    @property
    def vaza(self) -> Vaza:
        """The vaza being played (or the last one)."""
        return self.vazas[-1]

    @property
    def started(self) -> bool:
        """Whether a card of this hand has been played."""
        return any(vaza.plays for vaza in self.vazas)

    def copy(self) -> Hand:
        """An independent copy of everything play changes."""
        return replace(self, hands=[list(cards) for cards in self.hands],
                       vazas=[replace(vaza, plays=list(vaza.plays)) for vaza in self.vazas], sure_wins=dict(self.sure_wins))


# ==================================================================================================
# 3. The game
# ==================================================================================================
class Game:
    """One game of a rule set (a match of several games for melhor-de-tres and melhor-de-cinco).

    ``players``: 2, 4 or 6 seats; ``dealer``: the first hand's dealer (None: the last seat);
    ``scores``: team 0's and team 1's points before the first hand (None: 0 to 0); ``ruleset``: an
    id of RULESETS; ``seed``: seeds ``self.random``, which shuffles every deal not forced;
    ``games_won``: games each team has won in the match so far. Raises ValueError for bad values.
    """

    def __init__(self, players: int = 2, dealer: int | None = None, scores: list[int] | None = None, *,
                 ruleset: str = "atb-2004", seed: int | None = None, games_won: list[int] | None = None):
        if ruleset not in RULESETS:
            raise ValueError(f"unknown rule set {ruleset!r}; this engine plays {', '.join(RULESETS)}")
        if players not in PLAYERS:
            raise ValueError(f"{ruleset} is played by 2, 4 or 6 players, not {players!r}")
        dealer = players - 1 if dealer is None else dealer
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        for name, pair in (("scores", scores), ("games_won", games_won)):
            if pair is not None and (len(pair) != 2 or any(not isinstance(n, int) or n < 0 for n in pair)):
                raise ValueError(f"{name} must be two whole numbers, not {pair!r}")
        self.rules = RULESETS[ruleset]
        self.players = players
        self.random = random.Random(seed)
        self.score = list(scores or [0, 0])
        self.games_won = list(games_won or [0, 0])
        self.next_dealer = dealer
        self.target = TARGET
        self.game_number = 1
        self.time_is_up = False  # ATB-TEMPO-e: the referee called the time; the decider is played
        self.infractions_in_game: dict[tuple[int, str], int] = {}  # (team, kind) -> reports
        self.infractions_in_match: dict[tuple[int, str], int] = {}
        self.winner: int | None = None  # the team that won the match
        self.game_winner: int | None = None  # the team that won the game being (or just) played
        self.disqualified = False  # the match ended with both teams disqualified
        self.game_won = False  # a game of a match is won: the next deal starts the next game
        self.hand: Hand | None = None
        self.hand_count = 0
        self.events: list[dict[str, Any]] = []

    @property
    def phase(self) -> str:
        """"deal" (waiting for a deal), "play" (a hand in play) or "game_over"."""
        if self.winner is not None or self.disqualified:
            return "game_over"
        if self.hand is None or self.hand.over:
            return "deal"
        return "play"

    def fork(self) -> Game:
        """An independent copy of the game, to try a line of play on (sections 12 and 13)."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.score, twin.games_won = list(self.score), list(self.games_won)
        twin.infractions_in_game, twin.infractions_in_match = dict(self.infractions_in_game), dict(self.infractions_in_match)
        twin.hand = None if self.hand is None else self.hand.copy()
        twin.events = []
        return twin

    def emit(self, event_type: str, **fields: Any) -> None:
        """Record an event of the action being taken: ``{"type": event_type, **fields}``."""
        self.events.append({"type": event_type, **fields})

    # ----------------------------------------------------------------------------------------------
    # 4. The deal
    # ----------------------------------------------------------------------------------------------
    def deal(self, hands: list[list[str]] | None = None, vira: str | None = None) -> list[dict[str, Any]]:
        """Deal the next hand: forced (``hands`` per seat, and the ``vira``; None for manilha-velha)
        or, with both None, shuffled. Returns the events. Raises BadDeal, or IllegalAction
        ("hand_in_play", "game_over") when no deal is due."""
        if self.phase == "game_over":
            raise IllegalAction("game_over", "the match is over")
        if self.phase == "play":
            raise IllegalAction("hand_in_play", "a hand is still being played")
        if self.game_won:  # the next game of the match: from 0 a 0 (the deal goes on round the table)
            self.score, self.target, self.time_is_up, self.infractions_in_game = [0, 0], TARGET, False, {}
            self.game_won, self.game_winner, self.game_number, self.hand_count = False, None, self.game_number + 1, 0
        if hands is None:
            if vira is not None:
                raise BadDeal("a vira can only be forced together with the hands")
            dealt, vira = self._shuffle_and_deal()
        else:
            dealt = self._check_forced_deal(hands, vira)
        self.hand_count += 1
        dealer = self.next_dealer
        hand = self.hand = Hand(self.hand_count, dealer, vira, dealt, strengths(self.rules, vira), stake=LADDER[0])
        self.events = []
        self.emit("hand_dealt", hand=hand.number, game=self.game_number, dealer=dealer, vira=vira)
        # ATB-MAO-DE-11-1: "A mão-de-onze acontece quando um jogador (ou dupla/trio) atinge 11 pontos na partida."
        at_eleven = [team for team in (0, 1) if self.score[team] == 11]
        if at_eleven:
            hand.mao_de_onze = True
            # Alone at 11, that team decides whether to play (ATB-MAO-DE-ONZE-2 "Na mão de 11 para uma
            # só equipe"); at 11 a 11 nobody decides and the hand is played at once.
            hand.mao_de_onze_team = hand.decision_pending = at_eleven[0] if len(at_eleven) == 1 else None
            # ATB-MAO-DE-11-3: "Já começa valendo 3 pontos."
            hand.stake = 3
            self.emit("mao_de_onze", team=hand.mao_de_onze_team)
        # ATB-JOGO-LIVRE-1: the first card goes to the "mão", the seat after the dealer: it leads.
        self._start_vaza(leader=(dealer + 1) % self.players)
        return self._finish()

    def _shuffle_and_deal(self) -> tuple[list[list[str]], str | None]:
        # the top of a shuffled deck, as far as the deal reaches: a random sample, in order (the
        # reference engine draws the same cards from the same seed)
        turned = 1 if self.rules.fixed_manilhas is None else 0
        cards = self.random.sample(deck(self.rules), self.players * CARDS_EACH + turned)
        packet = self.rules.packet
        # ATB-MAO-DE-ONZE-1 (Jogo Livre): "as cartas devem ser dadas na seqüência só quando for 11 a 11."
        if self.score == [11, 11]:
            packet = 3
        # ATB-TOMBO-1: dealt "no sentido anti-horário", from the seat after the dealer, packet by packet
        order = [(self.next_dealer + 1 + k) % self.players for k in range(self.players)]
        dealt: list[list[str]] = [[] for _ in range(self.players)]
        top = 0
        while len(dealt[order[-1]]) < CARDS_EACH:
            for seat in order:
                take = min(packet, CARDS_EACH - len(dealt[seat]))
                dealt[seat] += cards[top:top + take]
                top += take
        # ATB-TOMBO-1: "com a 'vira' na última carta" — the card after the hands, never one of them.
        # ATB-MANILHA-VELHA-2: no vira in manilha velha.
        vira = cards[top] if self.rules.fixed_manilhas is None else None
        return dealt, vira

    def _check_forced_deal(self, hands: list[list[str]], vira: str | None) -> list[list[str]]:
        """The forced hands as lists, if one deck could have dealt them. Raises BadDeal."""
        rules, cards_of_deck, seen = self.rules, set(deck(self.rules)), set()
        if not isinstance(hands, list) or len(hands) != self.players:
            raise BadDeal(f"a forced deal needs {self.players} hands")
        for seat, cards in enumerate(hands):
            if len(cards) != CARDS_EACH:
                raise BadDeal(f"seat {seat} gets {len(cards)} cards; {rules.id} deals {CARDS_EACH}")
            for card in cards:
                if not is_card(card) or card not in cards_of_deck:
                    raise BadDeal(f"{card} is not in the {rules.id} deck")
                if card in seen:
                    raise BadDeal(f"{card} is dealt twice")
                seen.add(card)
        if rules.fixed_manilhas is None and vira is None:
            raise BadDeal(f"{rules.id} turns a vira; the forced deal needs one")
        if rules.fixed_manilhas is not None and vira is not None:
            raise BadDeal(f"{rules.id} turns no vira")
        if vira is not None and (not is_card(vira) or vira not in cards_of_deck or vira in seen):
            raise BadDeal(f"the vira {vira} is {'in a hand' if vira in seen else 'not in the deck'}")
        return [list(cards) for cards in hands]

    # ----------------------------------------------------------------------------------------------
    # 5. What a seat may do: every check in one place
    # ----------------------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[str]:
        """The actions ``seat`` may take now, sorted: "play:7c", "play_covered:7c", "truco" (every
        raise), "accept", "fold", "mao_de_onze:play", "mao_de_onze:fold", "show_cards". Empty when
        the seat has nothing to do. A foul (taken and punished) is no legal action; a referee's
        report ("infraction:<kind>") is never listed."""
        return sorted(action for action in self._candidates(seat) if self._is_legal(seat, action))

    def _candidates(self, seat: int) -> list[str]:
        """The actions worth checking for ``seat`` (the checks of ``_check`` decide)."""
        hand = self.hand
        if self.phase != "play" or not 0 <= seat < self.players:
            return []
        team = seat % 2
        if hand.decision_pending is not None:
            return (["mao_de_onze:play", "mao_de_onze:fold"] if team == hand.decision_pending else []) + ["show_cards"]
        if hand.pending is not None:
            return (["accept", "fold", "truco"] if team != hand.pending.team else []) + ["show_cards"]
        if seat != hand.turn:
            return ["show_cards"]
        cards = hand.hands[seat]
        return [f"play:{card}" for card in cards] + [f"play_covered:{card}" for card in cards] + ["truco", "show_cards"]

    def _is_legal(self, seat: int, action: str) -> bool:
        try:
            return self._check(seat, action).foul is None
        except IllegalAction:
            return False

    def _check(self, seat: int, action: str) -> Move:
        """What ``action`` by ``seat`` would do, checked against the rules; changes nothing.
        Raises IllegalAction with the reason code."""
        if self.phase != "play":
            raise IllegalAction("game_over" if self.phase == "game_over" else "no_hand_in_play", "no hand is being played")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("unknown_seat", f"seat must be 0 to {self.players - 1}")
        if not isinstance(action, str):
            raise IllegalAction("unknown_action", "an action is a string like play:4c")
        hand, team = self.hand, seat % 2
        kind, _, argument = action.partition(":")
        if kind == "infraction":
            if argument not in INFRACTIONS:
                raise IllegalAction("unknown_infraction", f"{self.rules.id} has no infraction {argument!r}")
            self._check_infraction(seat, argument)
            return Move("infraction", argument)
        if kind == "show_cards" and not argument:
            self._check_show_cards(seat)
            return Move("show_cards")
        if kind in ("play", "play_covered"):
            if not is_card(argument):
                raise IllegalAction("unknown_card", f"{argument!r} is not a card (rank 4 5 6 7 Q J K A 2 3, suit c h s d)")
        elif kind == "play_blind":
            raise IllegalAction("not_blind", "ATB plays no hand blind")
        elif kind == "mao_de_onze":
            if argument not in ("play", "fold"):
                raise IllegalAction("unknown_action", "the mão de onze decision is mao_de_onze:play or mao_de_onze:fold")
        elif kind not in ("truco", "accept", "fold") or argument:
            raise IllegalAction("unknown_action", f"unknown action {action!r}")
        # The mão de onze is decided before anything else happens (ATB-MAO-DE-11-1).
        if hand.decision_pending is not None:
            if kind != "mao_de_onze":
                raise IllegalAction("mao_de_onze_pending", f"team {hand.decision_pending} must first decide the mão de onze")
            if team != hand.decision_pending:
                raise IllegalAction("not_your_decision", f"the mão de onze is team {hand.decision_pending}'s to decide")
            return Move("decide", argument)
        if kind == "mao_de_onze":
            raise IllegalAction("no_decision_pending", "there is no mão de onze decision to take")
        # A raise is answered before any card is played, by the other side only (ATB-TRUCO-2);
        # ATB-DECISOES-1: "valendo pois a primeira iniciativa" — the first partner to answer answers.
        if hand.pending is not None:
            if kind not in ("accept", "fold", "truco") or team == hand.pending.team:
                raise IllegalAction("raise_pending", f"the other side must first answer the raise to {hand.pending.to}")
            if kind == "truco":  # asking the next step is a raise too
                self._check_raise(team, before=hand.pending.to)
            return Move("answer", kind)
        # ATB-DECISOES-1: "Na mão de 11 ou durante uma trucada, a decisão de jogar ou desistir" — a
        # side gives up (fold) only while a raise is pending, or in its mão de onze decision.
        if kind in ("accept", "fold"):
            raise IllegalAction("no_raise_pending", f"there is no raise to {kind}")
        if seat != hand.turn:
            raise IllegalAction("not_your_turn", f"it is seat {hand.turn}'s turn")
        if kind == "truco":  # called on one's turn, before playing a card
            return Move("raise", foul=self._check_raise(team, before=hand.stake))
        if argument not in hand.hands[seat]:
            raise IllegalAction("card_not_in_hand", f"seat {seat} does not hold {argument}")
        covered = kind == "play_covered"
        # ATB-NORMAS-11: "Na primeira vaza não se pode encobrir cartas;"
        if covered and hand.vaza.number == 1:
            raise IllegalAction("covered_in_first_vaza", "no card may be played covered in the first vaza (ATB-NORMAS-11)")
        return Move("play", argument, covered=covered)

    def act(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Take ``action`` for ``seat``; returns the events it caused. Raises IllegalAction (and
        changes nothing) when the action is not legal now."""
        move = self._check(seat, action)
        self.events = []
        if move.kind == "play":
            self._play(seat, move.argument, move.covered)
        elif move.kind == "raise":
            self._raise(seat, self.hand.stake, foul=move.foul)
        elif move.kind == "answer":
            self._answer(seat, move.argument)
        elif move.kind == "decide":
            self._decide(seat, move.argument)
        elif move.kind == "show_cards":
            self._show_cards(seat)
        else:
            self._infraction(seat, move.argument)
        return self._finish()

    # ----------------------------------------------------------------------------------------------
    # 6. A card played, the vaza it closes, the hand it decides
    # ----------------------------------------------------------------------------------------------
    def _start_vaza(self, leader: int) -> None:
        """Open the next vaza of the hand, ``leader`` to play first."""
        hand = self.hand
        hand.vazas.append(Vaza(len(hand.vazas) + 1, leader))
        hand.turn = leader

    def _play(self, seat: int, card: str, covered: bool) -> None:
        hand = self.hand
        hand.hands[seat].remove(card)
        hand.vaza.plays.append(Play(seat, card, covered))
        self.emit("card_played", seat=seat, card=card, covered=covered, vaza=hand.vaza.number)
        if len(hand.vaza.plays) < self.players:
            hand.turn = (seat + 1) % self.players
        else:
            self._close_vaza(hand.vaza)

    def _close_vaza(self, vaza: Vaza) -> None:
        """Every seat has played: who takes the vaza, whether the hand is decided, who leads next."""
        hand = self.hand
        # ATB-JOGO-LIVRE-2: a covered card is worth nothing ("não poderão ser utilizadas").
        power = [0 if play.covered else hand.strength[play.card] for play in vaza.plays]
        top = [play for play, value in zip(vaza.plays, power) if value == max(power)]
        if len(top) == 1:
            vaza.winner_seat = top[0].seat
        elif len({play.seat % 2 for play in top}) == 1:
            # ATB-EMPATE-2: "Jogada em que as cartas empatadas sejam da mesma equipe, torna aquele que
            # jogou primeiro." — no tie: the first of them played takes the vaza.
            vaza.winner_seat = top[0].seat
        else:
            vaza.tied = True
        if vaza.tied:
            self.emit("vaza_tied", vaza=vaza.number, seats=[play.seat for play in top])
        else:
            self.emit("vaza_won", vaza=vaza.number, seat=vaza.winner_seat, team=vaza.winner)
        hand.turn = None
        self._decide_hand(vaza)
        if not hand.over:
            # ATB-EMPATE-2 "torna": the seat that takes a vaza plays first in the next one; after a
            # tie the seat that led it leads again (the rule file's reading; no text says).
            self._start_vaza(leader=vaza.leader if vaza.tied else vaza.winner_seat)

    def _decide_hand(self, vaza: Vaza) -> None:
        """Whether the vaza just closed ends the hand, and who wins it."""
        hand = self.hand
        number, first = vaza.number, hand.vazas[0]
        all_tied = number == 3 and all(each.tied for each in hand.vazas)
        wins = sum(1 for each in hand.vazas if vaza.winner is not None and each.winner == vaza.winner)
        if vaza.winner is not None and wins == 2:
            # ATB-ESTRUTURA-3: "Quem ganhar 2 dessas rodadas ganha a mão e marca 1 ponto" (its stake)
            self._win_hand(vaza.winner, "ATB-ESTRUTURA-3")
        elif number == 2 and first.tied and not vaza.tied:
            # ATB-EMPATE-1: first vaza tied, "podendo a mão terminar" in the next one won
            self._win_hand(vaza.winner, "ATB-EMPATE-1")
        elif number == 3 and first.tied and hand.vazas[1].tied and not vaza.tied:
            # ATB-EMPATE-1-EX: "Primeira vaza empatada, segunda vaza trucada, vai para terceira desde que haja novo empate."
            self._win_hand(vaza.winner, "ATB-EMPATE-1-EX")
        elif number == 3 and vaza.tied and not first.tied:
            # ATB-EMPATE-3: "Jogada empatada na 3ª vaza, vence a equipe que ganhou a 1ª vaza"
            self._win_hand(first.winner, "ATB-EMPATE-3")
        elif number == 2 and vaza.tied and not first.tied and (hand.raised_by is None or hand.mao_de_onze):
            # ATB-EMPATE-3 (read for a second vaza tied, without a trucada): the first vaza's winner
            self._win_hand(first.winner, "ATB-EMPATE-3.second")
        elif all_tied and not hand.mao_de_onze and hand.raised_by is None:
            # ATB-EMPATE-TODAS: "Em caso de empate nas três vazas sem trucada, ninguém ganha tento"
            self._end_hand()
        elif all_tied and hand.mao_de_onze_team is not None:
            # ATB-MAO-DE-ONZE-5: "Em caso de 11 só para uma equipe, o empate beneficiará os adversários com três tentos."
            self._award(1 - hand.mao_de_onze_team, 3, "ATB-MAO-DE-ONZE-5")
            self._end_hand()
        elif all_tied and hand.mao_de_onze:
            # ATB-MAO-DE-ONZE-4: "Havendo empate na mão de 11 a 11, ninguém ganha tentos"
            self._end_hand()
        elif vaza.tied and (all_tied or (number == 2 and not first.tied)) and hand.raised_by is not None:
            # A tie in a trucada: the side that raised last decides it.
            if hand.raise_exposed:  # ATB-EMPATE-1a: "Quem truca ou retruca em CARTA EXPOSTA, perde em caso de empate;"
                self._win_hand(1 - hand.raised_by, "ATB-EMPATE-1a")
            else:  # ATB-EMPATE-1b: "Quem truca ou retruca no ESCURO, joga pelo empate;"
                self._win_hand(hand.raised_by, "ATB-EMPATE-1b")

    # ----------------------------------------------------------------------------------------------
    # 7. The truco
    # ----------------------------------------------------------------------------------------------
    def _check_raise(self, team: int, before: int) -> str | None:
        """Whether ``team`` may raise the stake from ``before`` now. Raises IllegalAction when it may
        not; returns a foul's code when the raise is taken and punished, else None."""
        hand = self.hand
        # ATB-TRUCO-4: "O jogador, dupla ou trio que pediu Truco não pode pedir Seis, essa regra
        # igualmente vale para o Seis e Nove."
        if hand.raised_by == team:
            raise IllegalAction("raised_last", "the side that raised last cannot raise again (ATB-TRUCO-4)")
        # ATB-TRUCO-3: "até alguém pedir Doze onde as respostas somente podem ser aceitar ou fugir"
        if step_after(before) is None:
            raise IllegalAction("no_higher_stake", "nothing can be asked above doze (ATB-TRUCO-3)")
        # ATB-EMPATE-1c: "Deve-se observar o limite dos tentos: Ex: Quem tem nove tentos não pode
        # retrucar com seis;" — once a vaza is tied (ATB-EMPATE-1d "no caso de empate").
        tie = any(vaza.tied for vaza in hand.vazas[:2])
        if tie and self.score[team] + before >= self.target and not hand.mao_de_onze:
            raise IllegalAction("above_the_limit", "the hand already takes this side to the game (ATB-EMPATE-1c)")
        # ATB-MAO-DE-11-2 no truco in a mão de onze; ATB-MAO-DE-ONZE-3: "Quem trucar em mão de 11,
        # perderá três tentos." — taken and punished.
        if hand.mao_de_onze:
            return "truco_in_mao_de_onze"
        # ATB-TEMPO-e: "o jogo será decidido em 03 (três) tentos sem truco"
        if self.time_is_up:
            raise IllegalAction("no_truco_after_time_limit", "no truco once the time is up (ATB-TEMPO-e)")
        return None

    def _exposed(self, team: int) -> bool:
        """Whether an opponent's card lies face up in the vaza being played (em carta exposta)."""
        return any(play.seat % 2 != team and not play.covered for play in self.hand.vaza.plays)

    def _raise(self, seat: int, before: int, foul: str | None = None) -> None:
        hand, team = self.hand, seat % 2
        if foul is not None:  # ATB-MAO-DE-ONZE-3: the opponents score three tentos and the hand ends
            self.emit("foul", seat=seat, team=team, reason=foul)
            self._award(1 - team, 3, "ATB-MAO-DE-ONZE-3")
            self._end_hand()
            return
        # ATB-TRUCO-1: "A rodada que normalmente vale 1 ponto passa a valer 3." once accepted
        hand.pending = Raise(team, seat, before, step_after(before), self._exposed(team))
        hand.raised_by, hand.raise_exposed = team, hand.pending.exposed
        self.emit("stake_raised", seat=seat, team=team, before=before, to=hand.pending.to, exposed=hand.pending.exposed)

    def _answer(self, seat: int, response: str) -> None:
        hand, pending = self.hand, self.hand.pending
        hand.pending = None
        self.emit("raise_folded" if response == "fold" else "raise_accepted", seat=seat, team=seat % 2, to=pending.to)
        if response == "fold":
            # ATB-TRUCO-2: "pode fugir, interrompendo a rodada e perdendo 1 ponto" — at every step the
            # raiser scores what the hand was worth before the raise (ATB-TRUCO-3 "Da mesma maneira").
            self._award(pending.team, pending.before, "ATB-TRUCO-2.fold")
            self._end_hand()
            return
        # ATB-TRUCO-2: "pode aceitar o Truco e a rodada passa a valer 3 pontos, [...] ou pode pedir
        # Seis" — asking the next step accepts this raise first.
        hand.stake = pending.to
        if response == "truco":
            self._raise(seat, pending.to)

    # ----------------------------------------------------------------------------------------------
    # 8. The mão de onze: the decision, and cards shown that win it
    # ----------------------------------------------------------------------------------------------
    def _decide(self, seat: int, decision: str) -> None:
        team = seat % 2
        self.hand.decision_pending = None
        self.emit("mao_de_onze_decided", seat=seat, team=team, decision=decision)
        if decision == "fold":
            # ATB-DECISOES-1 (the rule file's reading, as Enecomp states it): giving up gives the opponents 1.
            self._award(1 - team, 1, "ATB-DECISOES-1")
            self._end_hand()

    def _check_show_cards(self, seat: int) -> None:
        hand, team = self.hand, seat % 2
        # ATB-MAO-DE-ONZE-6 "Com cartas a provar vitória garantida em mão de 11": in a mão de onze,
        # by the side deciding it or, once it is played, by the seat whose turn it is.
        if (not hand.mao_de_onze or (hand.decision_pending is not None and hand.decision_pending != team)
                or (hand.decision_pending is None and seat != hand.turn)):
            raise IllegalAction("not_time_to_show", "cards are shown in a mão de onze, by the side deciding or the seat to play")
        if not self._sure_win(team):
            raise IllegalAction("no_guaranteed_win", "these cards do not win the hand whatever the opponents hold")

    def _sure_win(self, team: int) -> bool:
        hand = self.hand
        key = (team, sum(len(vaza.plays) for vaza in hand.vazas))
        if key not in hand.sure_wins:  # the search is costly: once per team and position
            hand.sure_wins[key] = guaranteed_win(self, team)
        return hand.sure_wins[key]

    def _show_cards(self, seat: int) -> None:
        hand, team = self.hand, seat % 2
        hand.decision_pending = None
        cards = [card for other, held in enumerate(hand.hands) if other % 2 == team for card in held]
        self.emit("cards_shown", seat=seat, team=team, cards=cards)
        # ATB-MAO-DE-ONZE-6: "desnecessário se torna o desenvolvimento da jogada, bastando tão somente
        # que essas cartas sejam mostradas." — the side wins the hand (worth 3).
        self._win_hand(team, "ATB-MAO-DE-ONZE-6")

    # ----------------------------------------------------------------------------------------------
    # 9. The referee's reports (action "infraction:<kind>", against the offending seat)
    # ----------------------------------------------------------------------------------------------
    def _check_infraction(self, seat: int, kind: str) -> None:
        hand, team, dealer = self.hand, seat % 2, self.hand.dealer
        if kind in ("misdeal", "misdeal_own_side"):
            # ATB-CARTEADA-b: "a alegação [...] deverá ser feita antes do inicio da mão."
            if hand.started:
                raise IllegalAction("claimed_after_hand_started", "a carteada errada is claimed before the first card")
            # ATB-CARTEADA-a: "perderá a vez de dar o baralho" — the pé's (the dealer's) fault
            if seat != dealer:
                raise IllegalAction("not_the_dealer", "a carteada errada is the pé's")
        if kind == "deal_timeout":
            # ATB-TEMPO-c: "10 segundos para a distribuição das cartas" — the pé's time, at the deal
            if seat != dealer:
                raise IllegalAction("not_the_dealer", "the time to deal is the pé's")
            if hand.started or hand.raised_by is not None:
                raise IllegalAction("deal_already_over", "the deal is over once the hand has begun")
        if kind == "decision_timeout":
            # ATB-TEMPO-d: "30 segundos para decidir chamar ou não uma trucada." — the seat to play
            # that could call truco, or the side that must answer one; no mão de onze decision.
            deciding = (hand.pending is not None and team != hand.raised_by) or (
                hand.pending is None and seat == hand.turn and self._is_legal(seat, "truco"))
            if hand.decision_pending is not None or not deciding:
                raise IllegalAction("not_deciding", "this seat has no trucada to decide")
        if kind == "time_limit" and self.time_is_up:
            raise IllegalAction("time_already_up", "the time is up once in a game")
        if kind == "looked_at_partner_cards" and hand.mao_de_onze_team == team:
            # ATB-MAO-DE-ONZE-2: "Na mão de 11 para uma só equipe, é permitido olhar as cartas do parceiro."
            raise IllegalAction("partner_cards_may_be_seen", "in its own mão de onze a team may look")
        if kind == "burned_card" and seat != dealer:
            # ATB-NORMAS-10: "Se de forma intencional pelo pé"
            raise IllegalAction("not_the_dealer", "a card burned on purpose is the pé's fault")

    def _infraction(self, seat: int, kind: str) -> None:
        """The penalty. "O tento (em jogo)" is what the hand is worth now, scored by the opponents;
        a hand that ends passes the deal on like any other (ATB-TOMBO-1)."""
        hand, team = self.hand, seat % 2
        opponents, stake = 1 - team, hand.stake
        self.emit("infraction", seat=seat, team=team, kind=kind)
        if kind == "wrong_card_count":
            if not hand.started and team != hand.dealer % 2:
                self._end_hand()  # ATB-CARTEADA-b claimed in time: a carteada errada, nobody scores
            elif not hand.started:
                self._award(opponents, stake, "ATB-CARTEADA-b.in-time-own-side")  # the pé's own side: the tento too
                self._end_hand()
            else:  # ATB-CARTEADA-b: "A equipe que jogar com 2, 4 ou mais cartas será desclassificada"
                self._win_match(opponents, "ATB-CARTEADA-b")
        elif kind == "misdeal":  # ATB-CARTEADA-a: "passando-se o maço adiante sem marcação de tento"
            self._end_hand()
        elif kind == "misdeal_own_side":  # ATB-CARTEADA-a: "para si ou para o parceiro, perderá o tento e a vez de dar"
            self._award(opponents, stake, "ATB-CARTEADA-a.own-side")
            self._end_hand()
        elif kind == "deal_timeout":
            # ATB-TEMPO-c: "Vencido o tempo, perde-se o maço. Na primeira reincidência perde a vez e também o tento;"
            if self.infractions_in_game.get((team, kind), 0) >= 1:
                self._award(opponents, stake, "ATB-TEMPO-c.again")
            self._end_hand()
        elif kind == "decision_timeout":  # ATB-TEMPO-d: "considera-se automaticamente perdido o(s) tento(s) em jogo."
            self._award(opponents, stake, "ATB-TEMPO-d")
            self._end_hand()
        elif kind == "time_limit":
            if self.rules.time_limit == "disqualify_both":  # the best of five run over its time
                if self.winner is None and not self.disqualified:
                    self.disqualified, self.game_winner, self.game_won = True, None, False
                    self.emit("match_ended", winner=None, games_won=list(self.games_won), clause="ATB-TEMPO-e.best-of-five")
                self._end_hand()
            else:  # ATB-TEMPO-e: "o jogo será decidido em 03 (três) tentos sem truco": from 0 a 0, first to 3
                self._end_hand()
                self.score, self.target, self.time_is_up = [0, 0], 3, True
                self.emit("decider", score=[0, 0], target=3, clause="ATB-TEMPO-e")
        elif kind == "said_truco":
            # ATB-CONVERSA-3: "O palavreado 'Jorge', 'Truca' entre outros, é considerado como três tentos em disputa."
            if hand.mao_de_onze:  # a truco in a mão de onze (ATB-MAO-DE-ONZE-3)
                self._award(opponents, 3, "ATB-CONVERSA-3.mao-de-onze")
                self._end_hand()
            elif stake == 1 and hand.pending is None and self._may_raise_now(team):
                self._raise(seat, stake)  # a truco called by that seat, in turn or not
        elif kind in ("talking", "looked_at_partner_cards", "burned_card", "cards_fell_one_by_one", "saw_the_deck"):
            # ATB-CONVERSA-2 (a word of guidance), ATB-NORMAS-8 (a partner's cards), ATB-NORMAS-10 (a
            # card burned by the pé), ATB-NORMAS-15 (cards fallen one by one), ATB-NORMAS-16 (the
            # deck seen): the offender's side loses the tento in play.
            self._award(opponents, stake, {"talking": "ATB-CONVERSA-2", "looked_at_partner_cards": "ATB-NORMAS-8",
                                           "burned_card": "ATB-NORMAS-10", "cards_fell_one_by_one": "ATB-NORMAS-15.one-by-one",
                                           "saw_the_deck": "ATB-NORMAS-16"}[kind])
            self._end_hand()
        elif kind == "burned_card_by_accident":  # ATB-NORMAS-10: "passará o maço adiante sem marcação de tento"
            self._end_hand()
        elif kind == "two_cards_at_once":  # ATB-NORMAS-15: "'matando' a jogada, ganhará tento"
            self._win_hand(team, "ATB-NORMAS-15")
        elif kind in ("marked_cards", "illicit_act"):  # ATB-NORMAS-1, ATB-NORMAS-9a: disqualified
            self._win_match(opponents, "ATB-NORMAS-1" if kind == "marked_cards" else "ATB-NORMAS-9a")
        elif kind == "warning" and self.infractions_in_match.get((team, kind), 0) >= 1:
            # ATB-NORMAS-9b: "Em caso de já haver advertência, desclassificação sumária na reincidência;"
            self._win_match(opponents, "ATB-NORMAS-9b")
        for counts in (self.infractions_in_game, self.infractions_in_match):
            counts[(team, kind)] = counts.get((team, kind), 0) + 1

    def _may_raise_now(self, team: int) -> bool:
        """Whether ``team`` could raise the stake as it stands (the checks of a raise, whoever's turn)."""
        try:
            return self._check_raise(team, self.hand.stake) is None
        except IllegalAction:
            return False

    # ----------------------------------------------------------------------------------------------
    # 10. Points, the game, the match, the end of a hand
    # ----------------------------------------------------------------------------------------------
    def _win_hand(self, team: int, clause: str) -> None:
        self.emit("hand_won", team=team, points=self.hand.stake, clause=clause)
        self._award(team, self.hand.stake, clause)
        self._end_hand()

    def _award(self, team: int, points: int, clause: str) -> None:
        self.score[team] += points
        self.emit("points_awarded", team=team, points=points, clause=clause, score=list(self.score))
        # ATB-ESTRUTURA-1: "ganha o jogo quem fizer 12 pontos." (scores are not capped)
        if self.score[team] >= self.target:
            self._win_game(team)
            # ATB-TEMPO-e in a best of three: the game decided in three tentos decides the match
            if self.time_is_up and self.rules.time_limit == "decider_decides_match":
                self._win_match(team, "ATB-TEMPO-e.match")

    def _win_game(self, team: int) -> None:
        if self.winner is None and not self.game_won:
            self.game_winner = team
            self.games_won[team] += 1
            self.emit("game_won", team=team, game=self.game_number, score=list(self.score))
            if self.games_won[team] >= self.rules.match_wins:
                self.winner = team
            else:
                self.game_won = True
        self._end_hand()

    def _win_match(self, team: int, clause: str) -> None:
        if self.winner is None:
            self.winner = self.game_winner = team
            self.game_won = False
            self.emit("match_won", team=team, games_won=list(self.games_won), clause=clause)
        self._end_hand()

    def _end_hand(self) -> None:
        self.hand.over = True

    def _finish(self) -> list[dict[str, Any]]:
        """The events of the action; once a hand is over, the deal passes on."""
        hand = self.hand
        if hand.over and not hand.closed:
            hand.closed = True
            # ATB-TOMBO-1 (and "passando o maço para a frente"): the next seat in the order of play deals.
            self.next_dealer = (hand.dealer + 1) % self.players
            self.emit("hand_ended", hand=hand.number, score=list(self.score), next_dealer=self.next_dealer)
        events, self.events = self.events, []
        return events

    # ----------------------------------------------------------------------------------------------
    # 11. The state, and what each seat may see
    # ----------------------------------------------------------------------------------------------
    def state(self, seat: int | None = None) -> dict[str, Any]:
        """The canonical state (conformance/schema/state.schema.json) as plain JSON. ``seat`` None:
        the referee's view; a seat: its own cards, its partners' in its mão de onze
        (ATB-MAO-DE-ONZE-2; never otherwise, ATB-NORMAS-8), no covered card of another seat."""
        view: dict[str, Any] = {
            "ruleset": self.rules.id, "players": self.players, "phase": self.phase, "score": list(self.score),
            "winner": self.winner, "game_winner": self.game_winner, "game": self.game_number,
            "games_won": list(self.games_won), "target": self.target, "next_dealer": self.next_dealer, "hand": None,
        }
        hand = self.hand
        if hand is None:
            return view
        pending = hand.pending
        view["hand"] = {
            "number": hand.number, "dealer": hand.dealer, "vira": hand.vira, "stake": hand.stake, "blind": False,
            "cutter": None, "turn": None if hand.over else hand.turn, "over": hand.over,
            "raised_by": hand.raised_by,
            "pending_raise": None if pending is None else {"team": pending.team, "seat": pending.seat, "to": pending.to},
            "mao_de_onze": hand.mao_de_onze, "mao_de_onze_team": hand.mao_de_onze_team,
            "decision_pending": hand.decision_pending,
            "hands": {str(other): list(cards) for other, cards in enumerate(hand.hands) if self._sees(seat, other)},
            "tricks": [{"number": vaza.number, "leader": vaza.leader, "tied": vaza.tied, "winner_seat": vaza.winner_seat,
                        "cards": [{"seat": play.seat, "covered": play.covered,
                                   "card": None if play.covered and seat not in (None, play.seat) else play.card}
                                  for play in vaza.plays]}
                       for vaza in hand.vazas],
        }
        return view

    def _sees(self, viewer: int | None, seat: int) -> bool:
        if viewer is None or viewer == seat:
            return True
        return viewer % 2 == seat % 2 == self.hand.mao_de_onze_team

    # ----------------------------------------------------------------------------------------------
    # 12. Counting lines of play (the protocol's "count", like chess perft)
    # ----------------------------------------------------------------------------------------------
    def count(self, depth: int | None) -> tuple[int, list[tuple[int, str, int]]]:
        """How many sequences of legal actions (any seat's) lead on from here: ``depth`` actions
        long, or (None) to the end of the hand; a sequence that ends the hand sooner counts once.
        Returns ``(total, divide)``, divide the count below each first action in seat then action
        order. Raises ValueError for a negative depth."""
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be 0 or more, not {depth}")
        divide = [(seat, action, _count_lines(self._after(seat, action), None if depth is None else depth - 1))
                  for seat, action in self._every_action(depth)]
        return (sum(count for _, _, count in divide) if divide else 1), divide

    def _every_action(self, depth: int | None) -> list[tuple[int, str]]:
        if depth == 0 or self.hand is None or self.hand.over:
            return []
        return [(seat, action) for seat in range(self.players) for action in self.legal_actions(seat)]

    def _after(self, seat: int, action: str) -> Game:
        branch = self.fork()
        branch.act(seat, action)
        return branch


def step_after(stake: int) -> int | None:
    """The next step of the ladder above ``stake`` (None above doze)."""
    return next((step for step in LADDER if step > stake), None)


def _count_lines(game: Game, depth: int | None) -> int:
    actions = game._every_action(depth)
    if not actions:
        return 1
    return sum(_count_lines(game._after(seat, action), None if depth is None else depth - 1) for seat, action in actions)


# ==================================================================================================
# 13. A sure win in a mão de onze (ATB-MAO-DE-ONZE-6)
# ==================================================================================================
# The side may show its cards only when they win the hand whatever the opponents hold and however
# they play. The search plays the hand out on forks: the side's seats choose among their own cards
# (one good line is enough), each opponent may hold any card nobody has seen, chosen when it is
# played (every choice must fail it). Unseen cards that compare alike with every card the side holds
# and every card on the table are one choice. Like the reference engine, it gives up after 1,500
# positions and answers no: a win it could not prove is not shown (this only happens in trios).
SEARCH_BUDGET = 1_500


class _OutOfBudget(Exception):
    pass


def guaranteed_win(game: Game, team: int) -> bool:
    """Whether ``team`` wins the current hand of ``game`` whatever the opponents hold and play."""
    hand = game.hand
    if hand is None or hand.over:
        return False
    seen = {play.card for vaza in hand.vazas for play in vaza.plays}
    known = {card for seat, cards in enumerate(hand.hands) if seat % 2 == team for card in cards}
    unseen = [card for card in deck(game.rules) if card not in known and card not in seen and card != hand.vira]
    start = game.fork()
    start.hand.decision_pending = None  # play the hand out as if it were decided
    for seat in range(start.players):
        if seat % 2 != team:
            start.hand.hands[seat] = []  # unknown: chosen as they are played
    search = _SureWinSearch(team, list(game.score))
    try:
        return search.team_wins(start, unseen)
    except _OutOfBudget:
        return False


class _SureWinSearch:
    def __init__(self, team: int, scores_before: list[int]):
        self.team, self.scores_before = team, scores_before
        self.positions = 0
        self.memo: dict[tuple, bool] = {}

    def team_wins(self, game: Game, unseen: list[str]) -> bool:
        hand = game.hand
        if hand.over:
            return game.score[self.team] > self.scores_before[self.team]
        self.positions += 1
        if self.positions > SEARCH_BUDGET:
            raise _OutOfBudget
        seat = hand.turn
        if seat is None or hand.pending is not None:
            return False
        key = _position(game, unseen)
        if key not in self.memo:
            if seat % 2 == self.team:
                self.memo[key] = any(self.after(game, seat, card, unseen, drawn=False)
                                     for card in sorted(hand.hands[seat], key=lambda each: -hand.strength[each]))
            else:
                self.memo[key] = all(self.after(game, seat, card, unseen, drawn=True)
                                     for card in _choices(game, self.team, unseen))
        return self.memo[key]

    def after(self, game: Game, seat: int, card: str, unseen: list[str], drawn: bool) -> bool:
        branch = game.fork()
        if drawn:
            branch.hand.hands[seat].append(card)
            unseen = [other for other in unseen if other != card]
        branch.act(seat, f"play:{card}")
        return self.team_wins(branch, unseen)


def _choices(game: Game, team: int, unseen: list[str]) -> list[str]:
    """The opponent's cards worth trying, strongest first: the weakest of each group of unseen
    cards that compare alike with the side's cards and the cards on the table."""
    hand = game.hand
    strength = hand.strength
    marks = {strength[card] for seat, cards in enumerate(hand.hands) if seat % 2 == team for card in cards}
    marks |= {strength[play.card] for play in hand.vaza.plays if not play.covered}
    groups: dict[tuple[int, bool], str] = {}
    for card in sorted(unseen, key=lambda each: strength[each]):
        power = strength[card]
        groups.setdefault((sum(1 for mark in marks if mark < power), power in marks), card)
    return sorted(groups.values(), key=lambda card: -strength[card])


def _position(game: Game, unseen: list[str]) -> tuple:
    hand = game.hand
    strength = hand.strength
    vazas = tuple((vaza.winner, vaza.tied, tuple((play.seat, strength[play.card]) for play in vaza.plays)) for vaza in hand.vazas)
    held = tuple(tuple(sorted(strength[card] for card in cards)) for cards in hand.hands)
    return vazas, held, tuple(sorted(strength[card] for card in unseen)), hand.turn


# ==================================================================================================
# 14. The protocol (conformance/PROTOCOL.md): one JSON request a line on stdin, one reply on stdout
# ==================================================================================================
def _is_int(value: Any, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _is_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_int(n) for n in value)


def _is_deal(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and isinstance(value.get("hands"), list)
                             and all(isinstance(cards, list) and all(isinstance(card, str) for card in cards)
                                     for cards in value["hands"])
                             and "vira" in value and (value["vira"] is None or isinstance(value["vira"], str)))


# command -> its fields and a check of each (what protocol.schema.json requires)
REQUESTS = {
    "hello": {"protocol": _is_int},
    "new_game": {"ruleset": lambda v: isinstance(v, str) and v != "", "players": lambda v: _is_int(v, 2),
                 "dealer": _is_int, "scores": _is_pair, "games_won": _is_pair, "deal": _is_deal,
                 "seed": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool))},
    "next_hand": {"deal": _is_deal},
    "legal_actions": {"seat": _is_int},
    "act": {"seat": _is_int, "action": lambda v: isinstance(v, str)},
    "state": {"seat": lambda v: v is None or _is_int(v)},
    "count": {"depth": lambda v: v is None or _is_int(v)},
}


class ProtocolError(Exception):
    """An error reply: ``code`` (bad_request, setup_refused, no_game ...) and the message."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class Session:
    """The engine side of one protocol connection: at most one game at a time."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def answer(self, text: str) -> dict[str, Any]:
        """The reply to one request line. Never raises: every problem is an error reply."""
        try:
            request = json.loads(text)
        except json.JSONDecodeError as problem:
            return _error(None, "bad_request", f"the request is not JSON ({problem.msg})")
        if not isinstance(request, dict) or not _is_int(request.get("seq"), 1) or not isinstance(request.get("command"), str):
            seq = request.get("seq") if isinstance(request, dict) and _is_int(request.get("seq"), 1) else None
            return _error(seq, "bad_request", "a request is a JSON object with seq (1, 2, ...) and command")
        seq, command = request["seq"], request["command"]
        if command not in REQUESTS:
            return _error(seq, "unknown_command", f"unknown command {command!r}; the commands are {', '.join(REQUESTS)}")
        for name, valid in REQUESTS[command].items():
            if name not in request:
                return _error(seq, "bad_request", f"{name!r} is a required property")
            if not valid(request[name]):
                return _error(seq, "bad_request", f"{name}: {request[name]!r} is not valid")
        try:
            return {"seq": seq, "ok": True, **self.carry_out(request)}
        except ProtocolError as problem:
            return _error(seq, problem.code, str(problem))
        except Exception as problem:  # a bug of this engine: say so and keep serving
            return _error(seq, "engine_error", f"{type(problem).__name__}: {problem}")

    def carry_out(self, request: dict[str, Any]) -> dict[str, Any]:
        command = request["command"]
        if command == "hello":
            return {"name": NAME, "version": VERSION, "protocol": PROTOCOL,
                    "rulesets": [{"id": ruleset, "players": list(PLAYERS)} for ruleset in RULESETS],
                    "features": list(FEATURES), "readings": READINGS}
        if command == "new_game":
            self.game = None
            try:
                game = Game(request["players"], request["dealer"], request["scores"], ruleset=request["ruleset"],
                            seed=request["seed"], games_won=request["games_won"])
            except ValueError as problem:
                raise ProtocolError("setup_refused", str(problem)) from None
            events = self._deal(game, request["deal"])
            self.game = game
            return {"events": events}
        game = self.game
        if game is None:
            raise ProtocolError("no_game", "no game has been started (send new_game first)")
        if command == "next_hand":
            return {"events": self._deal(game, request["deal"])}
        if command == "legal_actions":
            return {"actions": game.legal_actions(request["seat"])}
        if command == "act":
            try:
                return {"accepted": True, "events": game.act(request["seat"], request["action"])}
            except IllegalAction as refusal:
                return {"accepted": False, "reason": refusal.reason, "detail": str(refusal)}
        if command == "state":
            return {"state": game.state(request["seat"])}
        total, divide = game.count(request["depth"])  # "count"
        return {"total": total, "divide": [{"seat": seat, "action": action, "count": count} for seat, action, count in divide]}

    @staticmethod
    def _deal(game: Game, deal: dict[str, Any] | None) -> list[dict[str, Any]]:
        try:
            return game.deal(None, None) if deal is None else game.deal(deal["hands"], deal["vira"])
        except ValueError as problem:  # BadDeal, IllegalAction (no deal due)
            raise ProtocolError("setup_refused", str(problem)) from None


def _error(seq: int | None, code: str, message: str) -> dict[str, Any]:
    return {"seq": seq, "ok": False, "error": code, "message": message}


def main() -> int:
    """Answer every request line of stdin on stdout until stdin closes. Returns the exit code."""
    session = Session()
    for text in sys.stdin:
        if text.strip():
            sys.stdout.write(json.dumps(session.answer(text), ensure_ascii=False, separators=(",", ":")) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
