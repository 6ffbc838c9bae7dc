"""gat-games 0.0.2 (PyPI: a Truco Paulista engine we did not write) behind the ``EngineAdapter`` interface.

Two ways to run it (README, "A third-party engine: gat-games 0.0.2"):

- as a protocol program (conformance/PROTOCOL.md), from its own virtual environment, because
  gat-games pins ``six==1.3.0`` and our pytest-bdd needs ``six>=1.15`` (through parse_type)::

      truco conform --ruleset atb-2004 --engine '.venv-gat/bin/python -m truco_dsl.conformance.engines.gat_games'

- in-process, ``--engine python:truco_dsl.conformance.engines.gat_games:GatGamesAdapter``, where
  ``gat_games`` can be imported beside truco-dsl.

How gat-games plays, and what this adapter does about it
--------------------------------------------------------
*Inverted control.* gat-games runs the whole game itself: ``Truco.start()`` loops over hands
(``TrucoRound``) and calls ``player.play(context, action='play' | 'accept_truco')`` on the player
whose turn it is; the player answers by executing one command (``Upcard``, ``TrucoCommand``,
``AcceptTruco``, ``RejectTruco``). The adapter runs that loop in a thread of its own. Its players
(``_Seat``) block in ``play()`` until the harness's ``act()`` brings the move; ``act()`` then waits
until gat-games blocks again (the next callback, the wait for the next deal, or the end of the
game) or ``MOVE_TIMEOUT`` seconds pass (``EngineTimeout``). A new game, or ``close()``, ends the
thread: the waiting player raises ``_Abandoned`` (a ``BaseException``, which gat-games' ``except
Exception`` clauses let through) and the thread unwinds.

*Who may act.* Only the seat gat-games is calling back may act, as in gat-games itself; its legal
actions are the commands whose own ``validate()`` accepts them right then. An action is first
checked with that ``validate()`` (a command that fails it inside a callback would make gat-games
disqualify the player); its refusal message becomes a reason code (``_REASONS``).

*Forced deals.* ``_ForcedDealRound.start_round`` lets gat-games deal from its own shuffled deck,
then, for a forced deal, replaces the vira (``center_card``) and the hands; for the first hand it
also puts the players in the order the harness's dealer gives (the seat after the dealer leads).
Later hands keep the order gat-games draws itself (it shuffles the players at every hand).

*The Python 3.11 recursion.* gat-games' command logger (``Game.save_command``, and
``Game.printable_data`` on every callback) serialises with ``gat_json.encode_object``, which returns
``obj.__getstate__`` — the bound method, not its result. Since Python 3.11 every object has a
``__getstate__``, the bound method included, so serialising any card recurses until
``RecursionError`` and every game ends "No contest!" at its first deal. ``_SoundLog`` overrides the
two methods in the adapter's subclasses and serialises with ``_plain`` (which calls
``__getstate__``); gat-games' files are not touched.

What it declares: rule sets ``atb-2004`` and ``fpt-1983`` for 2 players only (gat-games has no
partnerships: vazas and points go to single players, so a 4-seat table would be four players
each for themselves); capabilities ``next_hand`` and ``views``; no own readings.
"""

from __future__ import annotations

import logging
import queue
import sys
import threading
from dataclasses import dataclass
from typing import Any

from truco_dsl.conformance.engines.adapter import LineCount, Outcome
from truco_dsl.errors import EngineTimeout, NoGame, NotSupported, SetupRefused

try:
    from gat_games.game_engine import gat_json
    from gat_games.game_engine.cardgame import AS, CLUBS, DIAMONDS, HEARTS, J, K, Q, SPADES
    from gat_games.game_engine.engine import GATLogger, InvalidCommandError
    from gat_games.games.truco import (AcceptTruco, RejectTruco, Truco, TrucoCard, TrucoCommand, TrucoPlayer,
                                       TrucoRound, Upcard)
    from gat_games.games.truco_clean_deck import TrucoCleanDeckDeck
except ImportError as missing:  # pragma: no cover - depends on the installation
    raise ImportError(f"gat-games is not installed in this Python ({missing}); install it in its own virtual "
                      f"environment as the README's section 'A third-party engine: gat-games 0.0.2' says") from None

NAME, VERSION = "gat-games", "0.0.2"
#: the rule sets and player counts it plays (hello): its ``Truco`` for the two regulations' 40-card
#: game, its ``TrucoCleanDeck`` (Q J K A 2 3 of each suit) for ATB's baralho limpo
RULESETS = (("atb-2004", (2,)), ("baralho-limpo", (2,)), ("fpt-1983", (2,)))
#: seconds gat-games may take to come back to the harness after a move or a deal
MOVE_TIMEOUT = 5.0
#: seconds ``close()`` waits for the game thread to unwind
CLOSE_TIMEOUT = 2.0

_RANKS = {"4": 4, "5": 5, "6": 6, "7": 7, "Q": Q, "J": J, "K": K, "A": AS, "2": 2, "3": 3}
_SUITS = {"c": CLUBS, "h": HEARTS, "s": SPADES, "d": DIAMONDS}
_RANK_LETTERS = {rank: letter for letter, rank in _RANKS.items()}
_SUIT_LETTERS = {suit: letter for letter, suit in _SUITS.items()}

#: gat-games' refusal messages (InvalidCommandError) -> the harness's reason codes
_REASONS = {
    "Player can not upcard right now": "not_your_turn",
    "Invalid card to upcard": "card_not_in_hand",
    "Need to accept/reject Truco before upcard": "raise_pending",
    "It is not your resposibility to Truco right now": "not_your_turn",
    "You can not truco until another player re-truco": "raised_last",
    "Game has already been setted to all-in": "no_higher_stake",
    "You can not accept your own Truco": "raise_pending",
    "You can not reject your own Truco": "raise_pending",
    "No truco to accept": "no_raise_pending",
    "No truco to reject": "no_raise_pending",
}


def card_of(token: str, kind: type = TrucoCard) -> Any:
    """A card in the harness's notation (``7c``) as gat-games' card class ``kind`` (``TrucoCard``,
    or the clean deck's). Raises ``ValueError`` for a token that is not a card of that deck."""
    if len(token) != 2 or token[0] not in _RANKS or token[1] not in _SUITS:
        raise ValueError(f"{token!r} is not a card (rank 4 5 6 7 Q J K A 2 3, suit c h s d)")
    if _RANKS[token[0]] not in kind.ranks:
        raise ValueError(f"{token!r} is not in its deck of {len(kind.ranks) * 4} cards")
    return kind(_RANKS[token[0]], _SUITS[token[1]])


def notation(card: Any) -> str:
    """gat-games' card (rank, suit) in the harness's notation (``7c``)."""
    return _RANK_LETTERS[card.rank] + _SUIT_LETTERS[card.suit]


def _plain(obj: Any) -> Any:
    """What gat-games' ``encode_object`` meant: an object's ``__getstate__()`` (called), else its
    ``__dict__``, else its text — so that its command log serialises on Python 3.11."""
    getstate = getattr(obj, "__getstate__", None)
    state = getstate() if callable(getstate) else getattr(obj, "__dict__", None)
    return str(obj) if state is None else state


class _Abandoned(BaseException):
    """Raised in the game thread to end a game the harness has left (not an ``Exception``, so
    gat-games' own handlers do not turn it into a result)."""


class _SoundLog:
    """gat-games' command logger without the Python 3.11 recursion (module docstring)."""

    def save_command(self, command: Any) -> None:
        command.read_context(self)
        self.log(command.pretty_log(), logging.INFO)
        self.commands.append(gat_json.loads(gat_json.dumps(command.replay_data(), default=_plain)))
        self.relay.record(command)

    def printable_data(self, data: Any) -> str:
        return gat_json.dumps(data, sort_keys=True, default=_plain)


@dataclass(frozen=True)
class _Deal:
    """A deal to make: ``hands`` by seat and ``vira`` in notation (None: gat-games' own shuffle),
    and ``leader``, the seat to lead (None: the order gat-games draws)."""

    hands: list[list[str]] | None
    vira: str | None
    leader: int | None


@dataclass(frozen=True)
class _Pause:
    """Where the game thread waits: ``move`` (a player callback: ``seat``, and gat-games' ``ask``,
    ``play`` or ``accept_truco``), ``deal`` (the next hand's deal), ``over`` (the game ended;
    ``summary`` is gat-games' result) or ``broken`` (the thread died: ``detail``)."""

    kind: str
    seat: int | None = None
    ask: str | None = None
    summary: dict[str, Any] | None = None
    detail: str | None = None


_ABANDON = object()  # the request that ends a waiting game thread


class _Seat(TrucoPlayer):
    """A gat-games player whose moves come from the harness: ``play()`` waits for them."""

    def __init__(self, seat: int, relay: "_Relay"):
        super().__init__(name=f"seat{seat}")
        self.seat = seat
        self.relay = relay

    def __getstate__(self) -> dict[str, Any]:
        return {"name": self.name}

    def play(self, context: dict[str, Any], **kwargs: Any) -> None:
        self.game.execute_command(self.relay.wait(_Pause("move", seat=self.seat, ask=kwargs.get("action", "play"))))


class _ForcedDealRound(_SoundLog, TrucoRound):
    """gat-games' hand, dealt as the harness asks, with its vazas recorded for the canonical state."""

    def __init__(self, seed: int, players: list[_Seat], relay: "_Relay", **kwargs: Any):
        self.relay = relay  # start_round, called by the parent's __init__, needs it
        super().__init__(seed, players, relay=relay, **kwargs)

    def start_round(self) -> None:
        deal = self.relay.next_deal()
        super().start_round()
        if deal.leader is not None:
            by_seat = sorted(self.players, key=lambda player: player.seat)
            self.players[:] = by_seat[deal.leader:] + by_seat[:deal.leader]
        if deal.hands is not None:
            self.center_card = card_of(deal.vira, self.Deck.Card)
            for seat, cards in enumerate(deal.hands):
                dealt = self.Deck()
                for token in cards:
                    dealt.push(card_of(token, self.Deck.Card))
                self.hands[f"seat{seat}"] = dealt
        self.relay.hand_started(self)

    def after_player_play(self, player: Any, context: Any, response: Any = None) -> None:
        before = dict(self.wins)
        complete = len(self.table) == len(self.players)
        super().after_player_play(player, context, response)
        if complete:
            takers = [int(name.removeprefix("seat")) for name, wins in self.wins.items() if wins > before[name]]
            self.relay.trick_ended(takers)


class _CleanDeckRound(_ForcedDealRound):
    """A hand of gat-games' ``TrucoCleanDeck`` (its 24-card deck), dealt as the harness asks."""

    Deck = TrucoCleanDeckDeck


#: the hand played for each rule set id of RULESETS
_ROUNDS = {"atb-2004": _ForcedDealRound, "baralho-limpo": _CleanDeckRound, "fpt-1983": _ForcedDealRound}


class _RelayedTruco(_SoundLog, Truco):
    """gat-games' game to 12 (``Truco``, or ``TrucoCleanDeck`` with ``_CleanDeckRound``: the two
    differ only in their hands), with the starting score the harness gives."""

    def __init__(self, seed: int, players: list[_Seat], relay: "_Relay", scores: list[int], round_class: type):
        self.relay = relay
        self.Round = round_class
        super().__init__(seed, players, relay=relay)
        for seat, points in enumerate(scores):
            self.scoreboard[f"seat{seat}"] = points

    def after_end_round(self, round_game: Any) -> None:
        super().after_end_round(round_game)
        self.relay.events.append({"type": "points", "seats": [int(str(winner).removeprefix("seat")) for winner in round_game.winners],
                                  "points": round_game.value, "score": self.relay.score()})


class _Relay:
    """One game of gat-games running in its own thread, and the hand-over between that thread and
    the harness. Every method but the ``_ForcedDealRound`` / ``_Seat`` hooks is called by the
    harness's thread while the game thread waits."""

    def __init__(self, players: int, dealer: int, scores: list[int], games_won: list[int], first: _Deal, seed: int,
                 round_class: type):
        self.players = players
        self.games_won = list(games_won)
        self.deals: queue.Queue[Any] = queue.Queue()
        self.moves: queue.Queue[Any] = queue.Queue()
        self.pauses: queue.Queue[_Pause] = queue.Queue()
        self.deals.put(first)
        self.events: list[dict[str, Any]] = []
        self.round: _ForcedDealRound | None = None  # the hand being (or last) played
        self.tricks: list[dict[str, Any]] = []
        self.leader = (dealer + 1) % players
        self.pause: _Pause | None = None
        self.seats = [_Seat(seat, self) for seat in range(players)]
        self.game = _RelayedTruco(seed, list(self.seats), self, scores, round_class)
        self.card_class = round_class.Deck.Card
        self.thread = threading.Thread(target=self._run, name="gat-games game", daemon=True)

    # ------------------------------------------------------------------ the game thread
    def _run(self) -> None:
        try:
            summary = self.game.start()
        except _Abandoned:
            return
        except BaseException as problem:  # noqa: BLE001 - reported to the harness, which raises it
            self.pauses.put(_Pause("broken", detail=f"{type(problem).__name__}: {problem}"))
            return
        self.pauses.put(_Pause("over", summary=summary))

    def wait(self, pause: _Pause) -> Any:
        """In the game thread: tell the harness where the game waits, and return what it sends
        (a gat-games command for a move, a ``_Deal`` for a deal). Raises ``_Abandoned``."""
        self.pauses.put(pause)
        request = (self.moves if pause.kind == "move" else self.deals).get()
        if request is _ABANDON:
            raise _Abandoned()
        return request

    def next_deal(self) -> _Deal:
        """In the game thread: the deal of the hand starting (the first is given; the others are
        waited for)."""
        if self.round is None:
            return self.deals.get_nowait()
        return self.wait(_Pause("deal"))

    def hand_started(self, round_game: _ForcedDealRound) -> None:
        self.round, self.tricks = round_game, []
        self.leader = round_game.players[0].seat
        self.events.append({"type": "hand_dealt", "vira": notation(round_game.center_card), "leader": self.leader})

    def trick_ended(self, takers: list[int]) -> None:
        tied = len(takers) != 1
        self.tricks.append({"number": len(self.tricks) + 1, "tied": tied, "winner_seat": None if tied else takers[0]})
        self.events.append({"type": "vaza", **self.tricks[-1]})

    def record(self, command: Any) -> None:
        event: dict[str, Any] = {"type": command.name()}
        player = getattr(command, "player", None)
        if player is not None:
            event["seat"] = player.seat
        if "card" in command.kwargs:
            event["card"] = notation(command.kwargs["card"])
        self.events.append(event)

    # ------------------------------------------------------------------ the harness's thread
    def start(self) -> list[dict[str, Any]]:
        """Start the game thread; return the events up to the first callback."""
        self.events = []
        self.thread.start()
        return self._await_pause()

    def resume(self, channel: queue.Queue[Any], request: Any) -> list[dict[str, Any]]:
        """Send ``request`` on ``channel`` and wait until the game waits again; return the events
        in between. Raises ``EngineTimeout`` when it does not come back within ``MOVE_TIMEOUT``
        seconds, ``RuntimeError`` when gat-games broke or ended the game on an error of its own."""
        self.events = []
        channel.put(request)
        return self._await_pause()

    def _await_pause(self) -> list[dict[str, Any]]:
        self.pause = None
        try:
            self.pause = self.pauses.get(timeout=MOVE_TIMEOUT)
        except queue.Empty:
            raise EngineTimeout(f"gat-games did not ask for a move or a deal within {MOVE_TIMEOUT:g} s") from None
        if self.pause.kind == "broken":
            raise RuntimeError(f"gat-games' game thread broke: {self.pause.detail}")
        if self.pause.kind == "over" and self.pause.summary.get("error"):
            raise RuntimeError(f"gat-games ended the game on an error: {self.pause.summary.get('summary')}")
        return self.events

    def close(self) -> None:
        """End the game thread if it waits (a thread that does not come back is left, a daemon)."""
        if self.thread.is_alive() and self.pause is not None and self.pause.kind in ("move", "deal"):
            (self.moves if self.pause.kind == "move" else self.deals).put(_ABANDON)
            self.thread.join(CLOSE_TIMEOUT)

    def score(self) -> list[int]:
        return [self.game.scoreboard[f"seat{seat}"] for seat in range(self.players)]


class GatGamesAdapter:
    """gat-games 0.0.2 as an ``EngineAdapter`` (conformance/adapter.py; module docstring for how).

    ``new_game`` raises ``SetupRefused`` for what gat-games cannot set up: another rule set or player
    count than ``RULESETS``, a deal without a vira, a card that is not one, a match already under
    way. ``act`` raises ``NotSupported`` for a referee's report (no ``infractions`` capability),
    ``count`` always (no ``count`` capability); any call may raise ``EngineTimeout`` when gat-games
    does not come back, and ``RuntimeError`` when it breaks.
    """

    name = f"{NAME} {VERSION}"
    features = frozenset({"next_hand", "views"})
    readings: dict[str, str] = {}

    def __init__(self) -> None:
        GATLogger.set_level(logging.WARNING)  # its INFO log is every command of every game
        self.relay: _Relay | None = None

    def supports(self, ruleset: str, players: int) -> bool:
        return any(ruleset == offered and players in counts for offered, counts in RULESETS)

    def new_game(self, ruleset: str, players: int, dealer: int, scores: list[int], hands: list[list[str]] | None,
                 vira: str | None, seed: int | None, games_won: list[int] | None = None) -> list[dict[str, Any]]:
        self.close()
        if not self.supports(ruleset, players):
            raise SetupRefused(f"{self.name} plays {', '.join(offered for offered, _ in RULESETS)} for 2 players, not "
                               f"{ruleset} for {players}")
        if not 0 <= dealer < players:
            raise SetupRefused(f"seat {dealer} is not at a table of {players}")
        if games_won and any(games_won):
            raise SetupRefused(f"{self.name} plays single games to 12: it has no match of several games to resume")
        round_class = _ROUNDS[ruleset]
        self.relay = _Relay(players, dealer, list(scores), list(games_won or [0, 0]),
                            self._deal(players, round_class.Deck.Card, hands, vira, leader=(dealer + 1) % players), seed or 0,
                            round_class)
        return self.relay.start()

    def next_hand(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        relay = self._relay()
        if relay.pause.kind != "deal":
            raise SetupRefused(f"{self.name} is not waiting for a deal ({'the game is over' if relay.pause.kind == 'over' else 'a hand is in play'})")
        return relay.resume(relay.deals, self._deal(relay.players, relay.card_class, hands, vira, leader=None))

    def legal_actions(self, seat: int) -> list[str]:
        relay = self._relay()
        pause = relay.pause
        if pause.kind != "move" or pause.seat != seat:
            return []
        player = relay.seats[seat]
        candidates = {f"play:{notation(card)}": Upcard(player, card=card) for card in relay.round.hand(player).getCards()}
        candidates.update(truco=TrucoCommand(player), accept=AcceptTruco(player), fold=RejectTruco(player))
        return sorted(action for action, command in candidates.items() if self._refusal(command) is None)

    def act(self, seat: int, action: str) -> Outcome:
        relay = self._relay()
        if action.startswith("infraction:"):
            raise NotSupported(f"not supported: {self.name} has no referee's reports ({action})")
        if relay.pause.kind != "move":
            reason = "game_over" if relay.pause.kind == "over" else "no_hand_in_play"
            return Outcome(False, reason=reason, detail=f"{self.name} is not asking for a move")
        if not 0 <= seat < relay.players:
            return Outcome(False, reason="unknown_seat", detail=f"seat must be 0 to {relay.players - 1}")
        player = relay.seats[seat]
        kind, _, argument = action.partition(":")
        if kind == "play" and argument:
            try:
                command = Upcard(player, card=card_of(argument, relay.card_class))
            except ValueError as problem:
                return Outcome(False, reason="unknown_card", detail=str(problem))
        elif action in ("truco", "accept", "fold"):
            command = {"truco": TrucoCommand, "accept": AcceptTruco, "fold": RejectTruco}[action](player)
        else:
            return Outcome(False, reason="unknown_action", detail=f"{self.name} has no such action: it has play:<card>, "
                                                                  f"truco, accept and fold")
        refusal = self._refusal(command)
        if refusal is not None:
            return refusal
        if relay.pause.seat != seat:
            return Outcome(False, reason="not_your_turn", detail=f"{self.name} is asking seat {relay.pause.seat}")
        return Outcome(True, events=relay.resume(relay.moves, command))

    def state(self, seat: int | None = None) -> dict[str, Any]:
        relay = self._relay()
        pause, round_game = relay.pause, relay.round
        over = pause.kind == "over"
        winner = None
        if over and relay.game.winners:
            winner = int(str(relay.game.winners[0]).removeprefix("seat"))
        games_won = list(relay.games_won)
        if winner is not None:
            games_won[winner] += 1
        turn = None
        if pause.kind == "move":
            turn = pause.seat if pause.ask == "play" else round_game.next_player().seat
        next_leader = relay.game.players[0].seat if pause.kind == "deal" else relay.leader
        in_play = pause.kind == "move"
        tricks = list(relay.tricks)
        taken = [sum(1 for trick in tricks if trick["winner_seat"] == player) for player in range(relay.players)]
        if in_play or max(taken) < 2:  # a vaza is under way, or was when a fold ended the hand
            tricks.append({"number": len(tricks) + 1, "tied": False, "winner_seat": None})
        shown = range(relay.players) if seat is None else [seat]
        return {
            "phase": "play" if in_play else "game_over" if over else "deal",
            "score": relay.score(),
            "winner": winner,
            "game_winner": winner,
            "games_won": games_won,
            "target": 12,
            "next_dealer": (next_leader - 1) % relay.players,
            "hand": {
                "stake": round_game.value,
                "blind": False,
                "turn": turn,
                "over": not in_play,
                "vira": notation(round_game.center_card),
                "cutter": None,
                "hands": {str(shown_seat): [notation(card) for card in round_game.hand(relay.seats[shown_seat]).getCards()]
                          for shown_seat in shown},
                "tricks": tricks,
                "pending_raise": round_game.truco_value if round_game.state == "truco" else None,
            },
        }

    def count(self, depth: int | None) -> LineCount:
        raise NotSupported(f"not supported: {self.name} cannot count lines of play")

    def close(self) -> None:
        if self.relay is not None:
            self.relay.close()
            self.relay = None

    # ------------------------------------------------------------------ helpers of the calls above
    def _relay(self) -> _Relay:
        if self.relay is None:
            raise NoGame("no game has been started (new_game was not called)")
        if self.relay.pause is None:
            raise RuntimeError("gat-games has not come back since the last move or deal (it timed out)")
        return self.relay

    def _refusal(self, command: Any) -> Outcome | None:
        """gat-games' own ``validate()`` of ``command`` now, as a refusal (None: it would take it)."""
        round_game = self.relay.round
        try:
            command.validate(round_game, round_game.get_context(command.player))
        except InvalidCommandError as problem:
            return Outcome(False, reason=_REASONS.get(str(problem), "refused"), detail=f"gat-games: {problem}")
        return None

    def _deal(self, players: int, card_class: type, hands: list[list[str]] | None, vira: str | None,
              leader: int | None) -> _Deal:
        if hands is None:
            return _Deal(None, None, leader)
        if vira is None:
            raise SetupRefused(f"{self.name} always turns a vira (it has no manilha velha)")
        if len(hands) != players:
            raise SetupRefused(f"the deal has {len(hands)} hands for {players} seats")
        try:
            for token in [vira, *(token for cards in hands for token in cards)]:
                card_of(token, card_class)
        except ValueError as problem:
            raise SetupRefused(f"{self.name} cannot deal it: {problem}") from None
        return _Deal([list(cards) for cards in hands], vira, leader)


def main() -> None:
    """``python -m truco_dsl.conformance.engines.gat_games``: answer protocol requests on stdin
    with gat-games until stdin ends (conformance/PROTOCOL.md)."""
    from truco_dsl.conformance.engines.protocol import ProtocolServer

    server = ProtocolServer(GatGamesAdapter(), RULESETS, name=NAME, version=VERSION)
    server.run(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
