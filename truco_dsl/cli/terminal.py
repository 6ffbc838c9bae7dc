"""One game in the terminal (``truco play``), the person at seat 0 against simple bots.

The reference engine runs the game; this module only shows it and reads what the person types.
Whenever the person must act it shows the vira and the manilhas, the person's hand (and a partner's
cards when the rule set shows them, in a mão de onze), the vazas of the hand, the stake and a
pending raise, the score, and a numbered list of the legal actions. The person types a number, a
canonical action (``play:3c``, ``play_covered:3c``, ``truco``, ``accept``, ``fold``,
``mao_de_onze:play``, ``mao_de_onze:fold``) or a friendly form (``3c`` or ``3♣`` plays the card,
``cover 3c`` plays it face down, ``truco`` raises (``seis``/``nove``/``doze``/``raise to N`` when they
name the next step), ``help``, ``quit``). Bad input
gets a short reason and the prompt again.

Bots draw from a ``random.Random`` seeded by ``--seed``: they answer a raise or decide a mão de onze
at random among the legal actions; on their turn they call truco now and then (one time in five
when it is legal) and otherwise play a random card face up. With the same seed and the same typing,
the game is the same. Without ``--seed`` a seed is drawn and printed, so a game can be replayed.

Nothing here holds a rule: what is legal, what a raise is worth and who wins come from the engine
and the rule file (the names truco/seis/nove/doze are the ladder's steps by position).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any, Callable

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from truco_dsl.cards import Card
from truco_dsl.diagnostics import printable
from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_OK, bad_input, warned
from truco_dsl.cli.options import check_writable, write_file
from truco_dsl.engine import Engine, Event
from truco_dsl.errors import CardError, IllegalAction, RuleSetIncomplete, SelectionError
from truco_dsl.engine.proof import load_playable
from truco_dsl.rules import RuleSet
from truco_dsl.simulation.games import dealt_step, new_record

PERSON = 0

#: Hands in a row that may end at the deal before the game is given up as one that cannot be played.
IDLE_DEALS = 100

#: What a raise is called: the first is always "truco" (the call); a later one by the number it
#: asks for, where the game has a word for it ("seis" for 6 …), else "raise to N".
_RAISE_WORDS = {6: "seis", 9: "nove", 12: "doze"}
RAISE_NAMES = ("truco", *_RAISE_WORDS.values())
#: Chance that a bot whose turn it is calls truco when it may.
BOT_RAISE_CHANCE = 0.2
#: The longest line of input read (characters): a move is a few; /dev/zero or a binary file is none.
LONGEST_LINE = 1_000

_ACCEPT_WORDS = {"accept", "aceito", "aceita", "quero", "yes", "sim", "y", "s", "ok"}
_FOLD_WORDS = {"fold", "corro", "fugir", "fujo", "run", "no", "nao", "não", "n"}
_PLAY_WORDS = {"play", "jogar", "jogo", "p"}
_COVER_WORDS = {"cover", "covered", "down", "encoberta", "coberta", "hide", "c"}
_QUIT_WORDS = {"quit", "exit", "q", "sair"}
_HELP_WORDS = {"help", "?", "h", "ajuda"}


class _Quit(Exception):
    """The person left the game (``quit`` or the end of the input)."""


def play_game(ruleset: str = "atb-2004", seed: int | None = None, players: int = 2, scores: list[int] | None = None,
              record: str | None = None) -> int:
    """Play one game in the terminal: the person is seat 0, bots take the other seats.

    ``ruleset``: a rule set id or a rule file; ``seed``: seeds the deals and the bots (None: draw one
    and print it); ``players``: seats at the table; ``scores``: each team's points to start from
    (None: 0 a 0), each below the rule set's target; ``record``: a file to write the game to when
    it ends or the person leaves, as one JSON line of its deals and actions (the format of
    ``truco simulate --record``: ``simulation.games.new_record``). Reads the person's input from
    ``sys.stdin`` and writes to ``sys.stdout``. Returns ``TerminalGame.run``'s exit code
    (``EXIT_BAD_INPUT`` too when the record cannot be written). Raises, before the game starts,
    ``FileNotFoundError`` / ``RulesetError`` for a rule set that cannot be loaded and
    ``SelectionError`` for a player count it does not allow (or a common core, not played alone),
    scores that reach its target or a record that cannot be written.
    """
    rules = load_playable(ruleset)
    if scores is not None and max(scores) >= rules.target:
        raise SelectionError(f"--scores {scores[0]},{scores[1]}: a game of {rules.id} is won at {rules.target} points; "
                             f"start below it")
    warned("play", rules)
    if record is not None:
        check_writable(record)
    drawn = seed is None
    if drawn:
        seed = random.SystemRandom().randrange(1, 100_000)
    try:
        engine = Engine(rules, players, seed, scores=scores)
    except ValueError as refused:  # what the engine says of --players (or of a common core)
        hint = (f" (give --players {' or '.join(map(str, rules.players))})"
                if players not in rules.players and not rules.abstract else "")
        raise SelectionError(" ".join(str(refused).split()) + hint) from None
    game = TerminalGame(engine, bots=random.Random(f"truco-bots:{seed}"))
    if record is not None:
        game.record = new_record(rules, players, seed, engine.next_dealer, scores, ["person"] + ["random"] * (players - 1))
    game.say(f"[bold]Truco[/] — {escape(printable(rules.title, lines=False))}")
    seats = ", ".join(game.seat_name(seat) for seat in range(1, players))
    game.say(f"[dim]{players} players: you are seat 0; bots: {escape(seats)}. Seed {seed}"
             f"{f' (replay with --seed {seed})' if drawn else ''}. Type help for help.[/]")
    code = game.run()
    if record is not None and not write_file("play", record, "the game's record", json.dumps(game.record, sort_keys=True) + "\n"):
        return EXIT_BAD_INPUT
    return code


class TerminalGame:
    """The loop of one game: deal, let bots act, show the table and ask the person, narrate events.

    ``engine``: a fresh ``Engine`` (or one set up by a test: scores, dealer); ``bots``: the random
    source of the bots; ``console``: where to write (default: a rich console on ``sys.stdout``);
    ``read``: returns the next line the person typed, raises ``EOFError`` at the end of the input
    (default: a line of ``sys.stdin``).
    """

    def __init__(self, engine: Engine, bots: random.Random, console: Console | None = None,
                 read: Callable[[], str] | None = None):
        self.engine = engine
        self.rules: RuleSet = engine.ruleset
        self.record: dict[str, Any] | None = None  # the game's record, kept when asked for (play_game)
        self.bots = bots
        self.console = console or Console(highlight=False, emoji=False)
        self._read = read or _read_stdin
        self.echo = read is None and not _stdin_is_terminal()
        encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
        self.symbols = "utf" in encoding

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play until the game is over or the person leaves. Returns ``EXIT_OK``, or
        ``EXIT_BAD_INPUT`` (after one line on stderr) when the rule set leaves the game stuck
        (``RuleSetIncomplete``: nobody may act, or hand after hand ends at the deal)."""
        engine = self.engine
        idle_deals = 0  # hands in a row that ended at the deal, before anyone could act
        try:
            while engine.phase != "game_over":
                if engine.phase == "deal":
                    self.narrate(engine.deal())
                    if self.record is not None:
                        self.record["steps"].append(dealt_step(engine))
                    idle_deals = idle_deals + 1 if engine.phase != "play" else 0
                    if idle_deals >= IDLE_DEALS:
                        raise RuleSetIncomplete(f"{IDLE_DEALS} hands in a row ended at the deal, before anyone could act")
                    continue
                actors = self._actors()
                if not actors:
                    raise RuleSetIncomplete("nobody may act and the hand is not over")
                seat = PERSON if PERSON in actors else actors[0]
                action = self.ask() if seat == PERSON else self.bot_choice(seat)
                self.narrate(engine.act(seat, action))
                if self.record is not None:
                    self.record["steps"].append({"seat": seat, "action": action})
        except _Quit as leaving:
            score = self.engine.score
            self.say(f"\n{leaving} Score: {self.score_markup(score)}.")
            return EXIT_OK
        except RuleSetIncomplete as problem:
            return bad_input("play", f"rule set {self.rules.id} cannot go on: {problem}")
        except _Unreadable as problem:
            return bad_input("play", str(problem))
        self.game_over()
        return EXIT_OK

    def _actors(self) -> list[int]:
        """Seats that may act now, the person first, then in the order of play from the turn."""
        engine = self.engine
        hand = engine.state(None)["hand"]
        start = hand["turn"] if hand["turn"] is not None else hand["mao_seat"] or 0
        pending = hand["pending_raise"]
        if pending is not None:
            start = (pending["seat"] + 1) % engine.players
        order = [(start + k) % engine.players for k in range(engine.players)]
        seats = [seat for seat in order if engine.legal_actions(seat)]
        return sorted(seats, key=lambda seat: seat != PERSON)

    def bot_choice(self, seat: int) -> str:
        """A bot's action: random among the legal ones; on its turn, truco one time in five when
        legal, else a random card face up."""
        legal = self.engine.legal_actions(seat)
        plays = [action for action in legal if action.startswith(("play:", "play_blind:"))]
        if not plays:
            return self.bots.choice(legal)
        if "truco" in legal and self.bots.random() < BOT_RAISE_CHANCE:
            return "truco"
        return self.bots.choice(plays)

    # ------------------------------------------------------------------ asking the person
    def ask(self) -> str:
        """Show the table and the numbered legal actions; read until the person gives a legal one."""
        view = self.engine.state(PERSON)
        actions = self.ordered_actions()
        self.show(view, actions)
        while True:
            line = self.read_line()
            try:
                action = self.parse(line, actions, view)
            except _Help:
                self.help(actions)
                continue
            except _Refused as refusal:
                self.say(f"  [red]✗[/] {escape(printable(refusal))}")
                continue
            return action

    def read_line(self) -> str:
        self.console.print("[bold cyan]>[/] ", end="")
        try:
            line = self._read()
        except EOFError:
            self.console.print()
            raise _Quit("End of input: you left the game.") from None
        line = line.rstrip("\r\n")
        if self.echo:
            self.console.print(escape(printable(line, lines=False)), markup=True)
        return line

    def ordered_actions(self) -> list[str]:
        """The person's legal actions in the order they are numbered: cards (strongest first) face
        up, then face down (in a blind hand: the unseen cards by position), then truco, accept,
        fold, the mão de onze decisions."""
        legal = self.engine.legal_actions(PERSON)
        strengths = self._strengths()

        def key(action: str) -> tuple[int, int]:
            kind, _, argument = action.partition(":")
            rank = {"play": 0, "play_blind": 0, "play_covered": 1, "truco": 4, "accept": 2, "fold": 5,
                    "mao_de_onze": 2 if argument == "play" else 5}.get(kind, 9)
            if kind == "play_blind":
                return rank, int(argument)
            strength = -strengths.get(Card.parse(argument), 0) if kind.startswith("play") else 0
            return rank, strength

        return sorted(legal, key=key)

    def parse(self, line: str, actions: list[str], view: dict[str, Any]) -> str:
        """The legal action ``line`` names. Raises ``_Refused`` with a reason, ``_Help``, ``_Quit``."""
        text = line.strip()
        if not text:
            raise _Refused(f"Type a number from 1 to {len(actions)}, a card like 3c, or help.")
        word = text.lower()
        if word in _QUIT_WORDS:
            raise _Quit("You left the game.")
        if word in _HELP_WORDS:
            raise _Help()
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            raise _Refused(f"There is no action {number}; choose 1 to {len(actions)}.")
        action = self.to_action(text, view)
        if action in actions:
            return action
        raise _Refused(self.why_not(action, actions))

    def to_action(self, text: str, view: dict[str, Any]) -> str:
        """Read a canonical or friendly action; raises ``_Refused`` for what is no action at all."""
        hand = view["hand"]
        words = text.replace(",", " ").split()
        lowered = [word.lower() for word in words]
        if len(words) == 1 and ":" in text:
            kind, _, argument = lowered[0].partition(":")
            if kind in ("play", "play_covered"):
                return f"{kind}:{self.read_card(argument)}"
            if kind == "play_blind" and argument.isdigit():
                return f"play_blind:{int(argument)}"
            if kind == "mao_de_onze" and argument in ("play", "fold"):
                return lowered[0]
            raise _Refused(f"Unknown action {text!r}. Actions look like play:3c, truco, accept, fold; help lists them.")
        if len(words) == 1:
            word = lowered[0]
            if hand["decision_pending"] is not None:
                if word in _PLAY_WORDS:
                    return "mao_de_onze:play"
                if word in _FOLD_WORDS:
                    return "mao_de_onze:fold"
            if word in ("raise", "t", "truco", "trucar"):  # the call: it raises to the next step, however named
                return "truco"
            if word in RAISE_NAMES:  # seis, nove, doze: only the step the next raise reaches
                return self.check_raise_name(word, hand)
            if word in _ACCEPT_WORDS:
                return "accept"
            if word in _FOLD_WORDS:
                return "fold"
            if word in _PLAY_WORDS or word in _COVER_WORDS:
                raise _Refused(f"{word.capitalize()} which card? Type it too, like {word} 3c.")
            if len(word) == 2:
                return f"play:{self.read_card(words[0])}"
        if len(words) == 3 and lowered[:2] == ["raise", "to"] and lowered[2].isdigit():  # as the menu names a step
            return self.check_raise_to(int(lowered[2]), hand)
        if len(words) == 2:
            first, second = lowered
            if first in _PLAY_WORDS:
                return f"play:{self.read_card(words[1])}"
            if first in _COVER_WORDS:
                return f"play_covered:{self.read_card(words[1])}"
            if second in _COVER_WORDS:
                return f"play_covered:{self.read_card(words[0])}"
        raise _Refused(f"I don't understand {text!r}. Type a number, a card like 3c, or help.")

    def read_card(self, token: str) -> str:
        try:
            return str(Card.parse(token))
        except CardError as problem:
            raise _Refused(f"{token!r} is not a card: {problem.reason}.") from None

    def check_raise_name(self, word: str, hand: dict[str, Any]) -> str:
        """``seis`` (…) means truco when it names the step the next raise reaches. When no raise is
        a legal choice now, it is passed on as truco, for the engine to say why."""
        if self.engine.refusal(PERSON, "truco") is not None:
            return "truco"
        pending = hand["pending_raise"]
        current = pending["to"] if pending else hand["stake"]
        following = self._step_after(current)
        if following is not None and self.raise_name(following) == word:
            return "truco"
        if following is None:
            raise _Refused(f"The stake cannot go above {current}.")
        raise _Refused(f"The next raise is {self.raise_name(following)} (to {following}), not {word}.")

    def check_raise_to(self, points: int, hand: dict[str, Any]) -> str:
        """``raise to N`` means truco when N is the step the next raise reaches (a ladder's step with
        no word of its own, say 4 or 8 of a 1, 2, 4, 8 ladder)."""
        if self.engine.refusal(PERSON, "truco") is not None:
            return "truco"
        pending = hand["pending_raise"]
        current = pending["to"] if pending else hand["stake"]
        following = self._step_after(current)
        if following == points:
            return "truco"
        if following is None:
            raise _Refused(f"The stake cannot go above {current}.")
        raise _Refused(f"The next raise is {self.raise_name(following)} (to {following}), not to {points}.")

    def why_not(self, action: str, actions: list[str]) -> str:
        """Why ``action`` is not legal now, in the engine's own words (nothing is played)."""
        refusal = self.engine.refusal(PERSON, action)
        if refusal is None:
            return f"{self.action_name(action)} is not a legal action now."
        if refusal.clause is not None and refusal.clause in {c.id for c in self.rules.clauses if c.then.guard == "foul"}:
            clause = self.rules.clause(refusal.clause)
            # a raise refused as a foul is the call itself (trucar), whatever step it would reach
            name = "truco" if action == "truco" else self.action_name(action)
            return f"{name.capitalize()} is not allowed now; it would be a foul ({clause.id}: {clause.cite})."
        return self._refusal_text(action, refusal)

    def _refusal_text(self, action: str, refusal: IllegalAction) -> str:
        reason = refusal.reason
        if reason == "card_not_in_hand":
            held = " ".join(self.pretty(card) for card in self.engine.state(PERSON)["hand"]["hands"][str(PERSON)])
            return f"You don't hold {self.pretty(action.partition(':')[2])}; your hand is {held}."
        if reason == "no_raise_pending":
            return f"Nobody asked for a raise; there is nothing to {action}."
        if reason == "mao_de_onze_pending":
            return f"First decide the {self.mao_name()}: play or fold."
        if reason == "no_decision_pending":
            return "There is no mão de onze to decide."
        if reason == "raise_pending":
            return "Answer the raise first: accept, fold or raise."
        if reason == "no_higher_stake":
            return "The stake cannot go any higher."
        if reason == "raised_last":
            return f"Your side made the last raise; the other side must raise next ({refusal.clause})."
        if refusal.clause:
            clause = self.rules.clause(refusal.clause)
            return f"{self.action_name(action)} is forbidden now — {clause.id}: {clause.cite}"
        return str(refusal)

    def help(self, actions: list[str]) -> None:
        self.say("[bold]Type[/] the number of an action, or the action itself:\n"
                 "  3c or 3♣      play that card        cover 3c   play it face down\n"
                 "  truco (or seis, nove, doze, raise to N: the next step)   raise     accept, fold   answer a raise\n"
                 "  play, fold    decide a mão de onze  quit       leave the game\n"
                 "  canonical forms work too: " + escape(", ".join(actions)))

    # ------------------------------------------------------------------ showing the table
    def show(self, view: dict[str, Any], actions: list[str]) -> None:
        """The table as the person sees it, then the numbered actions."""
        hand = view["hand"]
        vira = Card.parse(hand["vira"]) if hand["vira"] else None
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim", no_wrap=True)
        grid.add_column()
        manilhas = " ".join(self.card_markup(card) for card in hand["manilhas"])
        top = f"{self.card_markup(vira)}   [dim]manilhas[/] {manilhas}" if vira else (manilhas or "—")
        grid.add_row("Vira" if vira else "Manilhas", top)
        grid.add_row("Score", f"{self.score_markup(view['score'])}   [dim]game to {view['target']}[/]")
        grid.add_row("Stake", self.stake_markup(hand))
        done = [trick for trick in hand["tricks"] if trick["winner"] is not None or trick["tied"]]
        if done:
            grid.add_row("Vazas", "   ".join(self.trick_markup(trick) for trick in done))
        current = hand["tricks"][-1] if hand["tricks"] and hand["tricks"][-1] not in done else None
        if current is not None:
            played = " · ".join(f"{escape(self.seat_name(play['seat']))} {self.played_markup(play)}"
                                for play in current["cards"]) or "[dim]no card yet[/]"
            grid.add_row(f"Vaza {current['number']}", played)
        cards = hand["hands"].get(str(PERSON), [])
        if hand["blind"]:
            held = hand["cards_held"][PERSON]
            grid.add_row("Your hand", f"{held} card{'s' if held != 1 else ''}, unseen: this hand is played blind")
        else:
            grid.add_row("Your hand", " ".join(self.card_markup(card) for card in self._by_strength(cards)) or "[dim]no cards[/]")
        for seat_text, partner_cards in sorted(hand["hands"].items(), key=lambda item: int(item[0])):
            if int(seat_text) != PERSON:
                shown = " ".join(self.card_markup(card) for card in self._by_strength(partner_cards)) or "[dim]no cards[/]"
                grid.add_row(escape(self.seat_name(int(seat_text)).capitalize()), shown)
        grid.add_row("Now", self.turn_markup(hand))
        self.console.print()
        self.console.print(grid)
        self.console.print(self.actions_markup(actions, hand))

    def mao_name(self) -> str:
        """The hand a side plays at the score it has reached: "mão de onze" at 11, "mão de 23" at 23
        (a variant's, named by the score, whatever the rule file calls it)."""
        hand = self.engine.hand
        team = hand.mao_de_onze_team if hand is not None else None
        score = self.engine.score[team] if team is not None else max(self.engine.score)
        return "mão de onze" if score == 11 else f"mão de {score}"

    def stake_markup(self, hand: dict[str, Any]) -> str:
        text = f"[bold]{hand['stake']}[/] point{'s' if hand['stake'] != 1 else ''}"
        if hand["mao_de_onze"]:
            text += f"   [magenta]{self.mao_name()}[/]"
        pending = hand["pending_raise"]
        if pending is not None:
            who = self.seat_name(pending["seat"])
            asks = "ask" if pending["seat"] == PERSON else "asks"
            answers = "accept or fold" if self._step_after(pending["to"]) is None else "accept, fold or raise"
            text += f"   [bold yellow]{escape(who)} {asks} for {pending['to']} — {answers}[/]"
        return text

    def turn_markup(self, hand: dict[str, Any]) -> str:
        if hand["decision_pending"] is not None:
            return f"[bold]Your team decides the {self.mao_name()}: play it or fold[/]"
        if hand["pending_raise"] is not None:
            return "[bold]Your answer to the raise[/]"
        return "[bold]Your turn[/]"

    def actions_markup(self, actions: list[str], hand: dict[str, Any]) -> str:
        rows: dict[str, list[str]] = {}
        for number, action in enumerate(actions, 1):
            kind, _, argument = action.partition(":")
            label = {"play": "play", "play_blind": "play", "play_covered": "face down"}.get(kind, "say")
            if kind == "play_blind":
                shown = f"card {argument} (unseen)"
            elif kind.startswith("play"):
                shown = self.card_markup(argument)
            else:
                shown = escape(self.action_name(action, hand))
            rows.setdefault(label, []).append(f"[bold cyan]{number}[/] {shown}")
        width = max(len(label) for label in rows)
        return "\n".join(f"  [dim]{label:<{width}}[/]  " + "   ".join(items) for label, items in rows.items())

    def action_name(self, action: str, hand: dict[str, Any] | None = None) -> str:
        """An action in words: ``play 3♣``, ``seis (raise to 6)``, ``accept (for 6)`` …"""
        hand = hand or self.engine.state(PERSON)["hand"]
        kind, _, argument = action.partition(":")
        pending = hand["pending_raise"] if hand else None
        if kind == "play":
            return f"play {self.pretty(argument)}"
        if kind == "play_covered":
            return f"play {self.pretty(argument)} face down"
        if kind == "play_blind":
            return f"play your card {argument}, unseen"
        if kind == "truco":
            current = pending["to"] if pending else hand["stake"] if hand else self.rules.ladder[0]
            following = self._step_after(current)
            if following is None:
                return "truco"
            return f"{self.raise_name(following)} (ask for {following})"
        if kind == "accept":
            return f"accept ({pending['to']} points)" if pending else "accept"
        if kind == "fold":
            return "fold"
        if kind == "mao_de_onze":
            return f"play the {self.mao_name()} ({hand['stake']} points)" if argument == "play" else f"fold the {self.mao_name()}"
        return action

    # ------------------------------------------------------------------ narrating events
    def narrate(self, events: list[Event]) -> None:
        previous: Event | None = None
        for event in events:
            told = (previous is not None and previous["type"] == "hand_won" and event["type"] == "points_awarded"
                    and (event["team"], event["points"]) == (previous["team"], previous["points"]))
            previous = event
            line = None if told else self.event_markup(event)
            if line:
                self.say(line)

    def event_markup(self, event: Event) -> str | None:
        kind = event["type"]
        name = self.seat_name
        if kind == "hand_dealt":
            self.console.print()
            vira = f" · vira {self.card_markup(event['vira'])}" if event.get("vira") else ""
            self.console.rule(f"[bold]Hand {event['hand']}[/] · {escape(name(event['dealer']))} deal"
                              f"{'' if event['dealer'] == PERSON else 's'}{vira}", style="dim")
            return None
        if kind == "card_played":
            seat = event["seat"]
            verb = "play" if seat == PERSON else "plays"
            if event["covered"]:
                hidden = seat != PERSON and not self._sees(seat)
                card = "a card" if hidden else self.card_markup(event["card"])
                return f"  {escape(name(seat)).capitalize()} {verb} {card} face down"
            return f"  {escape(name(seat)).capitalize()} {verb} {self.card_markup(event['card'])}"
        if kind == "trick_won":
            team = f" [dim](team {event['team']})[/]" if self.engine.players > 2 else ""
            return f"  [green]Vaza {event['trick']} won by {escape(name(event['seat']))}[/]{team}"
        if kind == "trick_tied":
            seats = ", ".join(name(seat) for seat in event["seats"])
            return f"  [yellow]Vaza {event['trick']} tied[/] [dim]({escape(seats)})[/]"
        if kind == "stake_raised":
            seat = event["seat"]
            if event["to"] is None:
                return f"  {escape(name(seat)).capitalize()} call{'' if seat == PERSON else 's'} truco above the top stake"
            named = self.raise_name(event["to"])
            call = "TRUCO" if named.startswith("raise to") else named.upper()  # a step with no word of its own
            calls, asks = ("call", "ask") if seat == PERSON else ("calls", "asks")
            return f"  [bold yellow]{escape(name(seat)).capitalize()} {calls} {call}![/] ({asks} for {event['to']})"
        if kind == "raise_accepted":
            seat = event["seat"]
            return f"  {escape(name(seat)).capitalize()} accept{'' if seat == PERSON else 's'} — the hand is worth {event['to']}"
        if kind == "raise_folded":
            seat = event["seat"]
            return f"  {escape(name(seat)).capitalize()} fold{'' if seat == PERSON else 's'} rather than play for {event['to']}"
        if kind == "stake_set":
            return None  # told by raise_accepted / mao_de_onze; the stake shows at every prompt
        if kind == "mao_de_onze":
            team = event["team"]
            if team is None:
                return f"[magenta]{self.mao_name().capitalize()} for both teams[/] — nobody decides; the hand is played"
            chooser = "your team decides" if team == PERSON % self.engine.teams else f"team {team} decides"
            return f"[magenta]{self.mao_name().capitalize()} for {escape(self.team_name(team))}[/] — {chooser} to play it or fold"
        if kind == "mao_de_onze_decided":
            seat = event["seat"]
            decision = "play" if event["decision"] == "play" else "fold"
            return (f"  [magenta]{escape(name(seat)).capitalize()} decide{'' if seat == PERSON else 's'}"
                    f" to {decision} the mão de onze[/]")
        if kind == "foul":
            return f"  [red]Foul by {escape(name(event['seat']))}: {escape(str(event['reason']))}[/] [dim]({event.get('clause')})[/]"
        if kind == "hand_won":
            points = event["points"]
            return (f"[bold green]Hand won by {escape(self.team_name(event['team']))}[/] for {points} "
                    f"point{'s' if points != 1 else ''} [dim]({event.get('clause')})[/]")
        if kind == "points_awarded":
            points = event["points"]
            return (f"  +{points} for {escape(self.team_name(event['team']))} [dim]({event.get('clause')})[/]")
        if kind == "hand_ended":
            return f"Score: {self.score_markup(event['score'])}"
        if kind == "game_won":
            if self.engine.ruleset.match_wins <= 1:
                return None  # a single game: game_over() says it once the hand is closed
            return (f"[bold]Game {event['game']} won by {escape(self.team_name(event['team']))}[/] "
                    f"({self.score_markup(event['score'])}) — games won {self.games_won()}, the match goes to "
                    f"{self.engine.ruleset.match_wins}")
        if kind in ("match_won", "match_ended"):
            return None  # game_over() says it (a match ended with no winner: both teams disqualified)
        details = ", ".join(f"{key} {value}" for key, value in event.items() if key != "type")
        return f"  [dim]{escape(kind)}: {escape(details)}[/]"

    def game_over(self) -> None:
        winner, score = self.engine.winner, self.engine.score
        what = "match" if self.engine.ruleset.match_wins > 1 else "game"
        self.console.print()
        self.console.rule(f"[bold]{what.capitalize()} over[/]", style="dim")
        if winner is None:  # disqualify_both(): the match ends with no winner
            headline = f"The {what} ends with no winner: both sides are disqualified."
        elif winner == PERSON % self.engine.teams:
            headline = f"You win the {what}!" if self.engine.players == 2 else f"Your team wins the {what}!"
        else:
            headline = f"{self.team_name(winner).capitalize()} wins the {what}."
        games = f" Games won {self.games_won()}." if what == "match" else ""
        self.say(f"[bold]{escape(headline)}[/] Final score {self.score_markup(score)}.{games}")

    # ------------------------------------------------------------------ words and cards
    def say(self, markup: str) -> None:
        self.console.print(markup)

    def seat_name(self, seat: int) -> str:
        if seat == PERSON:
            return "you"
        if seat % self.engine.teams == PERSON % self.engine.teams:
            return f"partner (seat {seat})"
        return f"seat {seat}"

    def team_name(self, team: int) -> str:
        if team == PERSON % self.engine.teams:
            return "you" if self.engine.players == 2 else "your team"
        return f"seat {team}" if self.engine.players == 2 else f"team {team}"

    def games_won(self) -> str:
        return " · ".join(str(won) for won in self.engine.games_won)

    def score_markup(self, score: list[int]) -> str:
        return " · ".join(f"{escape(self.team_name(team))} [bold]{points}[/]" for team, points in enumerate(score))

    def trick_markup(self, trick: dict[str, Any]) -> str:
        if trick["tied"]:
            result = "[yellow]tied[/]"
        else:
            result = f"[green]{escape(self.seat_name(trick['winner_seat']))}[/]"
        return f"{trick['number']}: {result}"

    def played_markup(self, play: dict[str, Any]) -> str:
        if play["card"] is None:
            return "[dim]▒▒[/]"
        card = self.card_markup(play["card"])
        return f"{card}[dim] (down)[/]" if play["covered"] else card

    def pretty(self, card: Card | str) -> str:
        card = card if isinstance(card, Card) else Card.parse(card)
        return card.pretty() if self.symbols else str(card)

    def card_markup(self, card: Card | str) -> str:
        """A card for the screen: its symbol, red for ♥ ♦, bold when it is a manilha now."""
        card = card if isinstance(card, Card) else Card.parse(card)
        style = "red" if card.suit.value in ("h", "d") else ""
        if self._is_manilha(card):
            style = f"bold {style}".strip()
        text = escape(self.pretty(card))
        return f"[{style}]{text}[/]" if style else text

    def raise_name(self, to: int) -> str:
        ladder = list(self.rules.ladder)
        if to in ladder and ladder.index(to) == 1:
            return "truco"
        return _RAISE_WORDS.get(to, f"raise to {to}") if to in ladder else f"raise to {to}"

    def _step_after(self, value: int) -> int | None:
        return next((step for step in self.rules.ladder if step > value), None)

    def _strengths(self) -> dict[Card, int]:
        hand = self.engine.state(PERSON)["hand"]
        vira = Card.parse(hand["vira"]) if hand and hand["vira"] else None
        return self.rules.strengths(vira)

    def _by_strength(self, cards: list[str]) -> list[str]:
        strengths = self._strengths()
        return sorted(cards, key=lambda card: -strengths.get(Card.parse(card), 0))

    def _is_manilha(self, card: Card) -> bool:
        hand = self.engine.state(PERSON)["hand"]
        return bool(hand) and str(card) in hand["manilhas"]

    def _sees(self, seat: int) -> bool:
        """Whether the person sees ``seat``'s cards (their own, a partner's in a mão de onze)."""
        hand = self.engine.state(PERSON)["hand"]
        return bool(hand) and str(seat) in hand["hands"]


class _Refused(Exception):
    """Input that names no legal action; the message says why."""


class _Help(Exception):
    """The person asked for help."""


class _Unreadable(Exception):
    """Input that is no line a person typed (longer than ``LONGEST_LINE``): the game ends."""


def _read_stdin() -> str:
    """The next line of stdin. Raises ``EOFError`` at its end, ``_Unreadable`` for a line longer
    than ``LONGEST_LINE`` characters (read no further: /dev/zero has no end of line)."""
    if _stdin_is_terminal():
        return input()  # line editing where the terminal offers it
    line = sys.stdin.readline(LONGEST_LINE + 1)
    if line == "":
        raise EOFError
    if len(line) > LONGEST_LINE:
        raise _Unreadable(f"a line of input is longer than {LONGEST_LINE:,} characters: no move is that long; "
                          f"the game ends here")
    return line


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
