"""What a clause expression may name: the hooks, the state paths readable at each, and the builtins.

This is the fixed contract between rule files and the interpreter. The compiler checks every name
against it at load time; the interpreter provides, for each hook, a *scope* object whose attributes
are the roots below and whose methods are the builtins (the method name is the builtin's name).

Values an expression sees: numbers (points / tentos, seat and team numbers, vaza numbers counted
from 1), booleans, strings, and ``none`` (Python ``None``) for "nobody" / "not yet".
"""

from __future__ import annotations

from dataclasses import dataclass

#: Hook points, in the order docs/DESIGN.md documents. A clause names one with ``on:``.
HOOKS: tuple[str, ...] = (
    "deal",  # a hand has been dealt; before any action
    "play",  # a seat plays a card (guards run before it is played, effects after)
    "trick_end",  # every seat has played to the vaza; the top card is known; a tie may be settled
    "after_trick",  # the vaza's result is final: is the hand over, who leads the next vaza
    "raise",  # a seat calls truco / raises the stake
    "respond",  # the side asked answers a raise: accept, fold, or raise again
    "mao_de_onze",  # the side at mão de onze decides to play or give up
    "show_cards",  # the side at mão de onze shows its cards, claiming a win no play can take from it
    "infraction",  # a referee reports an infraction (its kind is in the rule set's referee.infractions)
    "points",  # points were awarded to a team
    "hand_end",  # the hand is over (after its points)
)

@dataclass(frozen=True)
class Type:
    """What a value of the rule language is; the compiler checks every expression against these.

    ``name``: ``number`` (a count, points or a vaza's number), ``seat``, ``team``, ``flag`` (true or
    false), ``card`` (notation like ``"4c"``), ``string`` (a name in quotes), or an enumerated string
    (``response``, ``decision``, ``infraction``, ``reason``); ``none``: the type of the literal ``none``.
    ``nullable``: the value may be ``none`` ("nobody", "not yet"). ``values``: the strings an
    enumerated type allows when the vocabulary fixes them (None: any, or the rule set says).
    Seats and teams are whole numbers too: arithmetic on them gives a number, and a number is taken
    where a seat or a team is wanted; a seat where a team is wanted, or the reverse, is an error.
    """

    name: str
    nullable: bool = False
    values: tuple[str, ...] | None = None

    @property
    def numeric(self) -> bool:
        """Whether values of this type are whole numbers (numbers, seats, teams)."""
        return self.name in ("number", "seat", "team")

    def shown(self) -> str:
        """The type in words, as messages and ``truco vocabulary`` write it: ``team or none``."""
        return f"{self.name} or none" if self.nullable else self.name


NUMBER = Type("number")
NUMBER_OR_NONE = Type("number", nullable=True)
SEAT = Type("seat")
SEAT_OR_NONE = Type("seat", nullable=True)
TEAM = Type("team")
TEAM_OR_NONE = Type("team", nullable=True)
FLAG = Type("flag")
CARD = Type("card")
TEXT = Type("string")
NONE = Type("none", nullable=True)
RESPONSE = Type("response", values=("accept", "fold", "raise"))
DECISION = Type("decision", values=("play", "fold"))
INFRACTION = Type("infraction")  # the kinds are the rule set's referee.infractions
REASON = Type("reason")  # a refusal's code: one of REASONS below, or of the rule set's reasons:
NOTHING = Type("nothing")  # what an effect answers: it is called for what it does


@dataclass(frozen=True)
class Field:
    """A field a path may read after a root (``trick.winner``): its type and what it means."""

    type: Type
    doc: str


#: Fields of one vaza record (``trick`` and ``tricks[n]``).
TRICK_FIELDS: dict[str, Field] = {
    "number": Field(NUMBER, "the vaza's number in the hand, from 1"),
    "leader": Field(SEAT, "the seat that played first"),
    "winner": Field(TEAM_OR_NONE, "the team that took the vaza, none if tied or not over"),
    "winner_seat": Field(SEAT_OR_NONE, "the seat that took the vaza, none if tied or not over"),
    "tied": Field(FLAG, "true when the vaza is complete, its strongest cards are equal and nobody took it (false while it is played)"),
    "tied_within_team": Field(FLAG, "true when every card tied at the top belongs to one team"),
    "first_top_seat": Field(SEAT_OR_NONE, "the seat that played the first of the strongest cards, once the vaza is complete (none before)"),
    "cards_played": Field(NUMBER, "how many cards are on the table in this vaza"),
}

#: Fields of ``hand``.
HAND_FIELDS: dict[str, Field] = {
    "number": Field(NUMBER, "the hand's number in the game, from 1"),
    "dealer": Field(SEAT, "the seat that dealt (the pé)"),
    "mao_seat": Field(SEAT_OR_NONE, "the seat that leads the first vaza, none at the deal until a clause calls lead()"),
    "cutter": Field(SEAT_OR_NONE, "the seat that cuts the deck for this hand (set by cut_by()), none when no clause says"),
    "turn": Field(SEAT_OR_NONE, "the seat whose turn it is to play a card, none when nobody's"),
    "stake": Field(NUMBER, "what the hand is worth now, in points"),
    "raised_by": Field(TEAM_OR_NONE, "the team that raised the stake last, none if nobody has"),
    "raise_exposed": Field(FLAG, "true when the last raise was called with an opponent's card face up in the vaza (em carta exposta)"),
    "blind": Field(FLAG, "true when the hand is played blind (set by blind_hands(): nobody sees their own cards)"),
    "raise_pending": Field(FLAG, "true while a raise waits for an answer"),
    "mao_de_onze": Field(FLAG, "true in a mão de onze (set by the mao_de_onze() builtin)"),
    "mao_de_onze_team": Field(TEAM_OR_NONE, "the team that decides the mão de onze, none when none does (11 a 11)"),
    "decision_pending": Field(TEAM_OR_NONE, "the team that must decide its mão de onze now, none when no decision is pending"),
    "tricks_played": Field(NUMBER, "how many vazas are complete"),
    "over": Field(FLAG, "true once the hand has ended"),
}

#: Fields of ``raise`` (at the ``raise`` and ``respond`` hooks): the raise being made or answered.
RAISE_FIELDS: dict[str, Field] = {
    "team": Field(TEAM, "the team that raised"),
    "exposed": Field(FLAG, "true when called with an opponent's card face up in the current vaza (em carta exposta)"),
    "before": Field(NUMBER, "the stake before the raise, in points"),
    "to": Field(NUMBER_OR_NONE, "the stake the raise asks for, in points"),
}

POINTS_FIELDS = {"team": Field(TEAM, "the team that scored"), "value": Field(NUMBER, "how many points it scored")}
ACTION_FIELDS = {"card": Field(CARD, "the card played, as notation"), "covered": Field(FLAG, "true when played face down")}
GAME_FIELDS = {
    "target": Field(NUMBER, "the points that win the game (rule file: game.target; set_target() may change it)"),
    "mao_de_onze_at": Field(NUMBER, "the score at which a side plays the mão de onze (rule file: game.mao_de_onze_at)"),
    "number": Field(NUMBER, "the game's number in the match, from 1"),
}


@dataclass(frozen=True)
class Root:
    """A name an expression may start a path with.

    ``type``: its value's type when it is a plain value or an indexed one without fields;
    ``fields``: the fields allowed after it (None: it is a plain value);
    ``indexed``: it must be indexed (``score[team]``, ``tricks[1]``), by a value of ``index``;
    ``item_fields``: the fields allowed after the index; ``hooks``: where it is readable (None: at
    every hook).
    """

    doc: str
    type: Type | None = None
    fields: dict[str, Field] | None = None
    indexed: bool = False
    index: Type | None = None
    item_fields: dict[str, Field] | None = None
    hooks: tuple[str, ...] | None = None


#: Hooks that fire for an action being taken (a guard may refuse or penalise it there).
ACTION_HOOKS = ("play", "raise", "respond", "mao_de_onze", "show_cards", "infraction")
#: Hooks of the hand being played: once a clause ends the hand, the clauses after it there are skipped.
HAND_HOOKS = frozenset({"deal", "play", "trick_end", "after_trick", "raise", "respond", "mao_de_onze"})
_ACTION_HOOKS = ACTION_HOOKS

ROOTS: dict[str, Root] = {
    "trick": Root("the current vaza (at trick_end: the vaza just completed)", fields=TRICK_FIELDS),
    "tricks": Root("the vazas of this hand by number: tricks[1]", indexed=True, index=NUMBER, item_fields=TRICK_FIELDS),
    "hand": Root("the hand being played", fields=HAND_FIELDS),
    "score": Root("a team's points: score[team]", NUMBER, indexed=True, index=TEAM),
    "game": Root("the game's parameters", fields=GAME_FIELDS),
    "players": Root("the number of seats at the table", NUMBER),
    "actor": Root("the seat that acts", SEAT, hooks=_ACTION_HOOKS),
    "team": Root("the team of the seat that acts", TEAM, hooks=_ACTION_HOOKS),
    "action": Root("the card play being made", fields=ACTION_FIELDS, hooks=("play",)),
    "raise": Root("the raise being made or answered", fields=RAISE_FIELDS, hooks=("raise", "respond")),
    "response": Root('the answer to a raise: "accept", "fold" or "raise"', RESPONSE, hooks=("respond",)),
    "decision": Root('the mão de onze decision: "play" or "fold"', DECISION, hooks=("mao_de_onze",)),
    "points": Root("the points just awarded", fields=POINTS_FIELDS, hooks=("points",)),
    "infraction": Root('the kind of infraction reported, like "talking"', INFRACTION, hooks=("infraction",)),
    "games_won": Root("games (partidas, séries) a team has won in the match: games_won[team]", NUMBER, indexed=True, index=TEAM),
}


@dataclass(frozen=True)
class Builtin:
    """A function a clause may call. ``arity``: how many arguments; ``effect``: it changes the game
    (allowed only in ``then:``); ``guard``: it decides whether the action is allowed at all;
    ``arguments``: the type of each argument; ``result``: the type of its answer (``NOTHING`` for
    an effect)."""

    arity: int
    doc: str
    effect: bool = False
    guard: bool = False
    arguments: tuple[Type, ...] = ()
    result: Type = NOTHING


BUILTINS: dict[str, Builtin] = {
    # queries
    "opponents": Builtin(1, "opponents(team) -> the other team", arguments=(TEAM,), result=TEAM),
    "team_of": Builtin(1, "team_of(seat) -> the seat's team", arguments=(SEAT,), result=TEAM),
    "next_seat": Builtin(1, "next_seat(seat) -> the seat that plays after it", arguments=(SEAT,), result=SEAT),
    "previous_seat": Builtin(1, "previous_seat(seat) -> the seat that plays before it", arguments=(SEAT,), result=SEAT),
    "wins": Builtin(1, "wins(team) -> vazas the team has taken this hand (0 for none)", arguments=(TEAM_OR_NONE,), result=NUMBER),
    "sole_team_at": Builtin(1, "sole_team_at(n) -> the team with n points when it is the only one, else none", arguments=(NUMBER,), result=TEAM_OR_NONE),
    "all_teams_at": Builtin(1, "all_teams_at(n) -> true when every team has n points", arguments=(NUMBER,), result=FLAG),
    "min": Builtin(2, "min(a, b)", arguments=(NUMBER, NUMBER), result=NUMBER),
    "max": Builtin(2, "max(a, b)", arguments=(NUMBER, NUMBER), result=NUMBER),
    "guaranteed_win": Builtin(1, "guaranteed_win(team) -> true when the team's cards win the hand whatever the opponents hold and however they play", arguments=(TEAM,), result=FLAG),
    "count_infractions": Builtin(2, 'count_infractions(team, "kind") -> earlier reports of that kind against the team in this game', arguments=(TEAM, INFRACTION), result=NUMBER),
    "count_infractions_in_match": Builtin(2, 'count_infractions_in_match(team, "kind") -> earlier reports of that kind against the team in this match, every game of it', arguments=(TEAM, INFRACTION), result=NUMBER),
    "may_raise": Builtin(1, "may_raise(seat) -> true when the seat could call truco now (its turn, and no clause forbids the raise)", arguments=(SEAT,), result=FLAG),
    "hand_flag": Builtin(1, 'hand_flag("name") -> true when flag_hand("name") was called in this hand', arguments=(TEXT,), result=FLAG),
    "game_flag": Builtin(1, 'game_flag("name") -> true when flag_game("name") was called in this game', arguments=(TEXT,), result=FLAG),
    # effects
    "award": Builtin(2, "award(team, n): the team scores n points (runs the points hook)", effect=True, arguments=(TEAM, NUMBER)),
    "win_hand": Builtin(1, "win_hand(team): the team scores the hand's stake and the hand ends", effect=True, arguments=(TEAM,)),
    "end_hand": Builtin(0, "end_hand(): the hand ends", effect=True),
    "win_game": Builtin(1, "win_game(team): the team wins the game; the hand ends", effect=True, arguments=(TEAM,)),
    "take_trick": Builtin(1, "take_trick(seat): the vaza goes to that seat", effect=True, arguments=(SEAT,)),
    "lead": Builtin(1, "lead(seat): that seat leads the next vaza", effect=True, arguments=(SEAT,)),
    "pass_deal": Builtin(1, "pass_deal(seat): that seat deals the next hand", effect=True, arguments=(SEAT,)),
    "deal_in_packets": Builtin(1, "deal_in_packets(n): at the deal hook, this hand's shuffled deck is dealt n cards at a time instead (a forced deal is kept)", effect=True, arguments=(NUMBER,)),
    "cut_by": Builtin(1, "cut_by(seat): that seat cuts the deck for this hand (shown as the hand's cutter)", effect=True, arguments=(SEAT,)),
    "set_stake": Builtin(1, "set_stake(n): the hand is worth n points", effect=True, arguments=(NUMBER,)),
    "mao_de_onze": Builtin(1, "mao_de_onze(team): a mão de onze; team decides it (none: nobody decides)", effect=True, arguments=(TEAM_OR_NONE,)),
    "show_partner_hands": Builtin(1, "show_partner_hands(team): the team's seats see each other's cards", effect=True, arguments=(TEAM,)),
    "blind_hands": Builtin(0, "blind_hands(): nobody sees their own cards; seats play them unseen (play_blind:N)", effect=True),
    "win_match": Builtin(1, "win_match(team): the team wins the match (a disqualification); the hand ends", effect=True, arguments=(TEAM,)),
    "disqualify_both": Builtin(0, "disqualify_both(): both teams are disqualified: the match ends with no winner; the hand ends", effect=True),
    "set_target": Builtin(1, "set_target(n): the game is now won at n points", effect=True, arguments=(NUMBER,)),
    "reset_scores": Builtin(0, "reset_scores(): every team's score in this game goes back to 0 (the game is decided afresh)", effect=True),
    "call_raise": Builtin(1, "call_raise(seat): the seat raises the stake as if it had called truco (when it may)", effect=True, arguments=(SEAT,)),
    "flag_hand": Builtin(1, 'flag_hand("name"): mark this hand (read with hand_flag)', effect=True, arguments=(TEXT,)),
    "flag_game": Builtin(1, 'flag_game("name"): mark this game (read with game_flag)', effect=True, arguments=(TEXT,)),
    # guards: first call of a `then:`
    "forbid": Builtin(1, 'forbid("reason"): the action is refused with that reason code', effect=True, guard=True, arguments=(REASON,)),
    "foul": Builtin(
        1, 'foul("reason"): the action is not a legal choice, but if taken the rest of `then:` is its penalty',
        effect=True, guard=True, arguments=(REASON,),
    ),
}

#: The builtin that sets the flag each flag-reading builtin reads (``hand_flag`` reads what ``flag_hand`` sets).
FLAG_SETTERS: dict[str, str] = {"hand_flag": "flag_hand", "game_flag": "flag_game"}

#: The refusal codes the engine gives by itself, whatever the rule set: the shape of the game, not a
#: rule (a wrong seat, a malformed action, a raise waiting for its answer). A clause's
#: ``forbid("code")``/``foul("code")`` names one of these or one its rule set declares under
#: ``reasons:`` (with its meaning); the loader refuses any other.
REASONS: dict[str, str] = {
    "game_over": "the game is over: no action is taken",
    "no_hand_in_play": "no hand is being played (between hands)",
    "hand_in_play": "a new hand is asked for while one is still being played",
    "unknown_seat": "the seat does not exist at this table",
    "unknown_action": "the action is not one the protocol knows, or not one this rule set has",
    "unknown_infraction": "the infraction reported is not one of the rule set's referee.infractions",
    "unknown_card": "the card is not written as a card of the notation (or play_blind's position is out of range)",
    "mao_de_onze_pending": "a mão de onze decision must be taken first",
    "not_your_decision": "the mão de onze is the other team's to decide",
    "no_decision_pending": "there is no mão de onze decision to take",
    "raise_pending": "a raise waits for its answer (or it is the raising side's own raise)",
    "no_raise_pending": "there is no raise to accept or fold",
    "not_your_turn": "it is another seat's turn to play",
    "blind_hand": "this hand is played blind: a card is played by its position (play_blind:N)",
    "not_blind": "this hand is not played blind: play_blind is not an action now",
    "covered_not_allowed": "this rule set has no covered cards (play.covered is false)",
    "card_not_in_hand": "the seat does not hold that card",
}
