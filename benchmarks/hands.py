"""Random play, hands per second: the reference interpreter against the example engine and a bare loop.

    python benchmarks/hands.py [--games N] [--seed S] [--repeat R] [--max-hands K] [--example PATH | --example reference]
                               [--random-games G] [--tables N,N] [--table-games T] [--calls]

First part: plays the same N seeded random games (each to its end, hand after hand; with
``--max-hands 1`` each game is a single hand from 0 a 0, so no mão de onze and its sure-win search)
with the interpreter and with the hand-written example engine, in this process, and prints hands
per second for each and their ratio. "The same games": every deal is generated here from the seed
(forced hands and vira, ``deal(hands, vira)``), and every action is chosen by a seeded index into
the (seat, action) pairs of every seat's sorted legal actions, so both engines see identical games
as long as they agree. While playing, each engine's legal-action lists are recorded; afterwards
they are compared step by step and the first disagreement of each game is reported (after one,
that game goes its own way in each engine).

The example engine is ``conformance/examples/python/truco_example.py``: a class
``Game(players=2, dealer=None, scores=None)`` with ``deal(hands=None, vira=None)``,
``legal_actions(seat)``, ``act(seat, action)`` and ``phase``; the reference ``Engine`` has the same
methods. ``--example reference`` (the default while that file is absent) plays the reference on both
sides, which checks the benchmark itself. Each engine plays the N games ``--repeat`` times,
alternately, and its best run counts (the machine may be shared).

Second part, "random play through the public API": the interpreter, and the example engine, each
driven the way a user would drive it (``random_play``): an engine seeded per game, dealt by its own
shuffle (``deal()``), every action a pick among every seat's ``legal_actions`` by one generator for
the whole run, and nothing else in the loop (both deal a seeded hand the same way, so they play the
same games as long as they agree). Each plays 10 G single hands (one-hand games: every hand from 0 a 0, so no mão
de onze) and G whole games, set against ``bare_random_play``: 100 G hands of a deliberately bare
hand-written loop (``bare_hand``), measured in the same run to give this machine's pace. For each,
it prints hands per second, the interpreter's ratio to the bare loop's and to the example's, and
the issue's target read two ways: 10,000 hands/s as such, and the bare loop's rate / 6 (the issue's
bare loop does about 60,000 hands/s, six times its target). The runs take turns, ``--repeat``
times each, and the best of each counts. ``--calls`` prints instead the Python function calls each
engine makes per hand of that random play (``calls_per_hand``): a count, the same on any machine.
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

from truco_dsl.engine import Engine
from truco_dsl.rules import load_ruleset

EXAMPLE = Path(__file__).resolve().parent.parent / "conformance" / "examples" / "python" / "truco_example.py"

#: one recorded step: the (seat, action) pairs offered, in the order the choice indexes them
Step = tuple[tuple[int, str], ...]


def deals(seed: int, game: int, deck: list[str], players: int, hand_size: int) -> Callable[[], tuple[list[list[str]], str]]:
    """The forced deals of one game: each call shuffles ``deck`` (card notations) with the game's
    own generator and returns ``(hands, vira)``: ``hand_size`` cards per seat, then the vira."""
    shuffler = random.Random(seed * 1_000_003 + 2 * game)

    def deal() -> tuple[list[list[str]], str]:
        cards = list(deck)
        shuffler.shuffle(cards)
        return [cards[seat * hand_size:(seat + 1) * hand_size] for seat in range(players)], cards[players * hand_size]

    return deal


def play(make: Callable[[], Any], games: int, seed: int, deck: list[str], players: int, hand_size: int,
         max_hands: int = 1_000) -> tuple[float, int, int, list[list[Step]]]:
    """Play ``games`` games with engines from ``make()``. Returns (seconds, hands, actions, the steps
    of each game). A game stops at its end or after ``max_hands`` hands."""
    traces: list[list[Step]] = []
    hands = actions = 0
    started = time.perf_counter()
    for game in range(games):
        engine = make()
        deal = deals(seed, game, deck, players, hand_size)
        chooser = random.Random(seed * 1_000_003 + 2 * game + 1)
        trace: list[Step] = []
        for _ in range(max_hands):
            if engine.phase != "deal":
                break
            engine.deal(*deal())
            hands += 1
            while engine.phase == "play":
                offered = tuple((seat, action) for seat in range(players) for action in sorted(engine.legal_actions(seat)))
                trace.append(offered)
                if not offered:
                    break  # a hand in play with nothing to do: reported by the comparison
                seat, action = offered[chooser.randrange(len(offered))]
                engine.act(seat, action)
                actions += 1
        traces.append(trace)
    return time.perf_counter() - started, hands, actions, traces


def disagreements(reference: list[list[Step]], example: list[list[Step]]) -> list[str]:
    """The first step of each game where the two engines offered different actions."""
    found = []
    for game, (ours, theirs) in enumerate(zip(reference, example)):
        for step, (offered, other) in enumerate(zip(ours, theirs)):
            if offered != other:
                only_ours = sorted(set(offered) - set(other))
                only_theirs = sorted(set(other) - set(offered))
                found.append(f"game {game}, step {step}: only the reference offers {only_ours}, only the example {only_theirs}")
                break
        else:
            if len(ours) != len(theirs):
                found.append(f"game {game}: the reference took {len(ours)} steps, the example {len(theirs)}")
    return found


def example_factory(spec: str, players: int) -> tuple[str, Callable[..., Any]]:
    """The example engine's name and factory (``make(seed=None)``, the last seat dealing first):
    ``reference`` or the path of the example's module."""
    if spec == "reference":
        ruleset = load_ruleset("atb-2004")
        return "reference (again)", lambda seed=None: Engine(ruleset, players=players, dealer=players - 1, seed=seed)
    path = Path(spec)
    module_spec = importlib.util.spec_from_file_location("truco_example", path)
    if module_spec is None or module_spec.loader is None:
        raise SystemExit(f"hands.py: cannot load the example engine from {path}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules["truco_example"] = module
    module_spec.loader.exec_module(module)
    return f"example ({path.name})", lambda seed=None: module.Game(players=players, dealer=players - 1, seed=seed)


def interpreter_factory(players: int = 2) -> Callable[[int], Engine]:
    """``make(game_seed)`` for the second and third parts: the interpreter playing atb-2004 with
    ``players`` seats, the last seat dealing first, shuffled by ``game_seed`` (the rule set is loaded
    once, here)."""
    ruleset = load_ruleset("atb-2004")
    return lambda game_seed: Engine(ruleset, players=players, dealer=players - 1, seed=game_seed)


def random_play(make: Callable[[int], Any], games: int, seed: int, max_hands: int, players: int = 2) -> tuple[float, int]:
    """Random play through the public API, the way a user drives an engine: ``games`` games of
    atb-2004 (``players`` seats), each ``make(game_seed)`` (an engine seeded from ``seed`` and the
    game's number) and dealt by its own shuffle (``deal()``); at every step one (seat, action) pair is
    picked among every seat's legal actions by one generator seeded with ``seed`` for the whole run.
    A game stops at its end or after ``max_hands`` hands. Returns (seconds, hands played)."""
    rng = random.Random(seed)
    hands = 0
    started = time.perf_counter()
    for game in range(games):
        engine = make(seed * 1_000_003 + game)
        for _ in range(max_hands):
            if engine.phase != "deal":
                break
            engine.deal()
            hands += 1
            while engine.phase == "play":
                options = [(seat, action) for seat in range(players) for action in engine.legal_actions(seat)]
                seat, action = options[rng.randrange(len(options))]
                engine.act(seat, action)
    return time.perf_counter() - started, hands


BARE_RANKS = "4567QJKA23"  # weakest first
BARE_DECK = [rank + suit for rank in BARE_RANKS for suit in "chsd"]
BARE_LADDER = (1, 3, 6, 9, 12)


def bare_hand(rng: random.Random, players: int = 2) -> tuple[int | None, int]:
    """One hand of Truco Paulista for ``players`` seats played at random with ``rng``: a baseline,
    not an engine.

    It holds rules only to set this machine's pace, written straight into a plain loop (the
    interpreter's rules come from rule files): a shuffled 40-card deck, 3 cards each and a vira,
    the manilhas, the truco ladder with accept, fold and raise again (answered by the next seat, an
    opponent), the vazas and their ties (the strongest card wins its team the vaza; equal strongest
    cards of both teams tie it). Teams alternate (seat % 2); seat 0 leads; no mão de onze, no
    covered cards, no game around the hand. Every choice is ``options[rng.randrange(len(options))]``,
    like the interpreter's random play. Returns (the team that wins the hand, 0 or 1, or None when
    all three vazas tie; the points it wins, 0 for None).
    """
    cards = list(BARE_DECK)
    rng.shuffle(cards)
    hands = [cards[3 * seat:3 * seat + 3] for seat in range(players)]
    vira = cards[3 * players]
    manilha = BARE_RANKS[(BARE_RANKS.index(vira[0]) + 1) % len(BARE_RANKS)]  # the rank after the vira's
    strength = {card: 10 + "dshc".index(card[1]) if card[0] == manilha else BARE_RANKS.index(card[0])
                for card in cards[:3 * players]}
    level, raised_by, asked = 0, None, None  # BARE_LADDER[level]: the stake, or the stake asked of seat `asked`
    turn, table, won = 0, [], []  # table: (seat, card) of the vaza so far; won: each vaza's team, None if tied
    while True:
        seat = turn if asked is None else asked
        options = ["play:" + card for card in hands[seat]] if asked is None else ["accept", "fold"]
        if seat % 2 != raised_by and level + 1 < len(BARE_LADDER):
            options.append("truco")
        action = options[rng.randrange(len(options))]
        if action == "truco":
            level, raised_by, asked = level + 1, seat % 2, (seat + 1) % players
        elif action == "accept":
            asked = None
        elif action == "fold":
            return 1 - seat % 2, BARE_LADDER[level - 1]
        else:
            card = action[5:]
            hands[seat].remove(card)
            table.append((seat, card))
            if len(table) < players:
                turn = (seat + 1) % players
                continue
            top = max(strength[played] for _, played in table)
            tops = [(player, played) for player, played in table if strength[played] == top]
            leader = table[0][0]
            table = []
            if len({player % 2 for player, _ in tops}) > 1:
                won.append(None)
                turn = leader  # after a tie the same seat leads
            else:
                turn = tops[0][0]
                won.append(turn % 2)
            decided = [team for team in won if team is not None]
            if decided and len(decided) < len(won):  # a tie and a decided vaza: the first decided one wins
                return decided[0], BARE_LADDER[level]
            if decided.count(turn % 2) == 2 and won[-1] is not None:
                return turn % 2, BARE_LADDER[level]
            if len(won) == 3:  # all three tied, or decided 1-1 and the third tied (told above)
                return (decided[0] if decided else None), (BARE_LADDER[level] if decided else 0)


def bare_random_play(hands: int, seed: int, players: int = 2) -> tuple[float, int]:
    """Play ``hands`` bare hands (``bare_hand``) of ``players`` seats with one generator seeded
    with ``seed``. Returns (seconds, hands played)."""
    rng = random.Random(seed)
    started = time.perf_counter()
    for _ in range(hands):
        bare_hand(rng, players)
    return time.perf_counter() - started, hands


def searched_play(games: int, seed: int, players: int) -> tuple[float, int, float]:
    """``random_play`` of ``games`` whole games of atb-2004 at ``players`` seats, the time spent in
    the sure-win search (``search.guaranteed_win``, as the clause runtime calls it) measured apart.
    Returns (seconds, hands played, seconds in the search)."""
    from truco_dsl.engine import runtime

    searching = 0.0
    search = runtime.guaranteed_win

    def timed(*arguments: Any, **keywords: Any) -> bool:
        nonlocal searching
        started = time.perf_counter()
        try:
            return search(*arguments, **keywords)
        finally:
            searching += time.perf_counter() - started

    runtime.guaranteed_win = timed
    try:
        seconds, hands = random_play(interpreter_factory(players), games, seed, 1_000, players)
    finally:
        runtime.guaranteed_win = search
    return seconds, hands, searching


#: the speed issue's targets for whole games, as ratios to the bare loop of the same player count
TABLE_TARGETS = {2: 0.10, 4: 0.05}
#: the speed issue's target for single hands at 2 players, as a ratio to the bare loop
SINGLE_HAND_TARGET = 0.15


def print_tables(games: int, seed: int, repeat: int, tables: list[int]) -> None:
    """Time and print the third part: ``games`` whole games of random play at each player count of
    ``tables``, each against ``100 * games`` bare hands (``bare_hand``) of that count, best of
    ``repeat`` runs taken in turn; with the share of the interpreter's time spent in the sure-win
    search (in the best run) and the issue's target for that count, if it names one."""
    best: dict[tuple[str, int], tuple[float, ...]] = {}
    for _ in range(repeat):
        for players in tables:
            for label, run in (("games", lambda: searched_play(games, seed, players)),
                               ("bare", lambda: bare_random_play(100 * games, seed, players))):
                measured = run()
                if (label, players) not in best or measured[0] < best[label, players][0]:
                    best[label, players] = measured
    print(f"whole games by player count: atb-2004 (seed {seed}), best of {repeat} runs each")
    for players in tables:
        seconds, hands, searching = best["games", players]
        bare_seconds, bare_hands = best["bare", players]
        rate, bare_rate = hands / seconds, bare_hands / bare_seconds
        target = TABLE_TARGETS.get(players)
        verdict = f", target {target:.2f}: {'met' if rate / bare_rate >= target else 'not met'}" if target else ""
        print(f"  {players} players: {games} games, {hands} hands {seconds:6.2f} s {rate:7,.0f} hands/s "
              f"({games / seconds:5.1f} games/s); bare loop {bare_rate:8,.0f} hands/s; "
              f"ratio {rate / bare_rate:.3f}{verdict}; sure-win search {100 * searching / seconds:4.1f}% of the time")


def print_random_play(games: int, seed: int, repeat: int, example: tuple[str, Callable[..., Any]]) -> None:
    """Time and print the second part: random play through the public API by the interpreter and by
    ``example`` (its name and ``make(seed)``), single hands (``10 * games`` one-hand games) and
    ``games`` whole games, against ``100 * games`` bare hands; best of ``repeat`` runs of each, taken
    in turn. Each interpreter figure is set against the issue's target of 10,000 hands/s and against
    this machine's bare rate / 6 (the issue's bare loop does about 60,000 hands/s where it asks for
    10,000), and against the example engine driven by the same loop."""
    interpreter = interpreter_factory()
    example_name, example_make = example
    runs = {
        "single hands": lambda: random_play(interpreter, 10 * games, seed, 1),
        "whole games": lambda: random_play(interpreter, games, seed, 1_000),
        "example single hands": lambda: random_play(example_make, 10 * games, seed, 1),
        "example whole games": lambda: random_play(example_make, games, seed, 1_000),
        "bare": lambda: bare_random_play(100 * games, seed),
    }
    best: dict[str, tuple[float, int]] = {}
    for _ in range(repeat):
        for label, run in runs.items():
            seconds, hands = run()
            if label not in best or seconds < best[label][0]:
                best[label] = seconds, hands
    bare_seconds, bare_hands = best["bare"]
    bare_rate = bare_hands / bare_seconds
    print(f"random play through the public API: atb-2004, 2 players (seed {seed}), best of {repeat} runs each")
    print(f"  {'bare hand-written loop':28} {bare_hands:6} hands {bare_seconds:7.2f} s {bare_rate:9,.0f} hands/s")
    headings = {
        "single hands": f"{10 * games} single hands (max_hands=1: every hand from 0 a 0, no mão de onze)",
        "whole games": f"{games} whole games (each to its end, mão de onze included)",
    }
    for label, heading in headings.items():
        seconds, hands = best[label]
        rate = hands / seconds
        print(f"  {heading}")
        example_seconds, example_hands = best[f"example {label}"]
        example_rate = example_hands / example_seconds
        print(f"    {'interpreter':26} {hands:6} hands {seconds:7.2f} s {rate:9,.0f} hands/s")
        print(f"    {example_name:26} {example_hands:6} hands {example_seconds:7.2f} s {example_rate:9,.0f} hands/s")
        target = SINGLE_HAND_TARGET if label == "single hands" else None
        verdict = f" (the speed issue's target {target:.2f}: {'met' if rate / bare_rate >= target else 'not met'})" if target else ""
        print(f"    ratio interpreter / bare: {rate / bare_rate:.3f}{verdict}, interpreter / example: {rate / example_rate:.2f}")
        print(f"    target: 10,000 hands/s: {'met' if rate >= 10_000 else 'not met'} ({rate:,.0f} hands/s)")
        print(f"    target on this machine: bare / 6 = {bare_rate / 6:,.0f} hands/s: "
              f"{'met' if rate >= bare_rate / 6 else 'not met'} ({rate:,.0f} hands/s)")


def calls_per_hand(make: Callable[[int], Any], games: int, seed: int, max_hands: int) -> float:
    """Python function calls an engine makes per hand of ``random_play`` (the same games): counted
    with ``sys.setprofile`` while the engine is made and while its ``deal``, ``legal_actions`` and
    ``act`` run, the loop's own calls left out. A count, not a time: the same on any machine."""
    calls = 0

    def count(frame: Any, event: str, argument: Any) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    def counted(function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*arguments: Any) -> Any:
            sys.setprofile(count)
            try:
                return function(*arguments)
            finally:
                sys.setprofile(None)
        return run

    class Counted:
        """The engine ``make`` gives, its calls counted."""

        def __init__(self, game_seed: int):
            self.engine = counted(make)(game_seed)
            self.deal, self.legal_actions, self.act = (counted(self.engine.deal), counted(self.engine.legal_actions),
                                                       counted(self.engine.act))

        @property
        def phase(self) -> str:
            return self.engine.phase

    _, hands = random_play(Counted, games, seed, max_hands)
    return calls / hands


def positive(text: str) -> int:
    """A command-line count: a whole number from 1. Raises ``ArgumentTypeError`` otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def print_calls(games: int, seed: int, example: tuple[str, Callable[..., Any]]) -> None:
    """Print ``calls_per_hand`` for the interpreter and ``example`` (its name and ``make(seed)``):
    ``10 * games`` single hands and ``games`` whole games, as the second part plays them."""
    interpreter = interpreter_factory()
    print(f"Python function calls per hand of random play: atb-2004, 2 players (seed {seed})")
    for label, count, max_hands in (("single hands", 10 * games, 1), ("whole games", games, 1_000)):
        for name, make in (("interpreter", interpreter), example):
            print(f"  {label:13} {name:28} {calls_per_hand(make, count, seed, max_hands):8,.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=100, help="first part: games each engine plays (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the choices, all three parts (default 1)")
    parser.add_argument("--repeat", type=positive, default=3, help="runs of each measurement, the best counts (default 3)")
    parser.add_argument("--max-hands", type=positive, default=1_000,
                        help="first part: hands a game may last (default: to its end)")
    parser.add_argument("--example", default=str(EXAMPLE) if EXAMPLE.exists() else "reference",
                        help="the example engine, both parts: its module's path, or 'reference' to play the "
                             "interpreter on both sides (default: the example if present)")
    parser.add_argument("--random-games", type=positive, default=200,
                        help="second part: whole games each engine plays; each also plays 10 times as many "
                             "single hands, and the bare loop 100 times as many hands (default 200)")
    parser.add_argument("--table-games", type=positive, default=400,
                        help="third part: whole games at each player count (default 400: with 100, the ratio at 4 "
                             "players moved by a tenth from seed to seed, as a few mão de onze hands need long searches; "
                             "the bare loop plays 100 times as many hands of that count)")
    parser.add_argument("--tables", default="2,4,6", metavar="N,N",
                        help="third part: the player counts (default 2,4,6); 'none' skips it")
    parser.add_argument("--calls", action="store_true",
                        help="only count the Python function calls each engine makes per hand of the second part's "
                             "random play (single hands and whole games): a count, the same on any machine")
    options = parser.parse_args(argv)
    players = 2
    ruleset = load_ruleset("atb-2004")
    deck = [str(card) for card in ruleset.deck]
    name, example = example_factory(options.example, players)
    if options.calls:
        print_calls(options.random_games, options.seed, (name, example))
        return 0
    engines = {"reference interpreter": lambda: Engine(ruleset, players=players, dealer=players - 1), name: example}
    best: dict[str, tuple[float, int, int, list[list[Step]]]] = {}
    for _ in range(options.repeat):
        for label, make in engines.items():
            run = play(make, options.games, options.seed, deck, players, ruleset.hand_size, options.max_hands)
            if label not in best or run[0] < best[label][0]:
                best[label] = run
    length = "each to its end" if options.max_hands >= 1_000 else f"at most {options.max_hands} hand(s) each"
    print(f"atb-2004, {players} players, {options.games} games {length} (seed {options.seed}), best of {options.repeat} runs each")
    rates = {}
    for label, (seconds, hands, actions, _) in best.items():
        rates[label] = hands / seconds
        print(f"  {label:28} {hands:6} hands {actions:7} actions {seconds:7.2f} s {rates[label]:9,.0f} hands/s")
    reference_rate, example_rate = rates.values()
    print(f"  ratio interpreter / example: {reference_rate / example_rate:.2f}")
    found = disagreements(*(run[3] for run in best.values()))
    if found:
        print(f"  the engines disagree in {len(found)} of {options.games} games (first disagreement of each):")
        for line in found[:20]:
            print(f"    {line}")
    else:
        print("  the engines offered the same legal actions at every step")
    print_random_play(options.random_games, options.seed, options.repeat, (name, example))
    if options.tables != "none":
        print_tables(options.table_games, options.seed, options.repeat, [int(count) for count in options.tables.split(",")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
