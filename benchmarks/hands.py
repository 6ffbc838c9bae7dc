"""Random play, hands per second: the reference interpreter against the hand-written example engine.

    python benchmarks/hands.py [--games N] [--seed S] [--repeat R] [--max-hands K] [--example PATH | --example reference]

Plays the same N seeded random games (each to its end, hand after hand; with ``--max-hands 1``
each game is a single hand from 0 a 0, so no mão de onze and its sure-win search) with each engine, in this
process, and prints hands per second for each and their ratio. "The same games": every deal is
generated here from the seed (forced hands and vira, ``deal(hands, vira)``), and every action is
chosen by a seeded index into the (seat, action) pairs of every seat's sorted legal actions, so both
engines see identical games as long as they agree. While playing, each engine's legal-action
lists are recorded; afterwards they are compared step by step and the first disagreement of each
game is reported (after one, that game goes its own way in each engine).

The example engine is ``conformance/examples/python/truco_example.py``: a class
``Game(players=2, dealer=None, scores=None)`` with ``deal(hands=None, vira=None)``,
``legal_actions(seat)``, ``act(seat, action)`` and ``phase``; the reference ``Engine`` has the same
methods. ``--example reference`` (the default while that file is absent) plays the reference on both
sides, which checks the benchmark itself. Each engine plays the N games ``--repeat`` times,
alternately, and its best run counts (the machine may be shared). Not a test: it prints figures.
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


def example_factory(spec: str, players: int) -> tuple[str, Callable[[], Any]]:
    """The example engine's name and factory: ``reference`` or the path of the example's module."""
    if spec == "reference":
        ruleset = load_ruleset("atb-2004")
        return "reference (again)", lambda: Engine(ruleset, players=players, dealer=players - 1)
    path = Path(spec)
    module_spec = importlib.util.spec_from_file_location("truco_example", path)
    if module_spec is None or module_spec.loader is None:
        raise SystemExit(f"hands.py: cannot load the example engine from {path}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules["truco_example"] = module
    module_spec.loader.exec_module(module)
    return f"example ({path.name})", lambda: module.Game(players=players, dealer=players - 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the choices (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per engine, the best counts (default 3)")
    parser.add_argument("--max-hands", type=int, default=1_000, help="hands a game may last (default: to its end)")
    parser.add_argument("--example", default=str(EXAMPLE) if EXAMPLE.exists() else "reference",
                        help="the example engine's module, or 'reference' (default: the example if present)")
    options = parser.parse_args(argv)
    players = 2
    ruleset = load_ruleset("atb-2004")
    deck = [str(card) for card in ruleset.deck]
    name, example = example_factory(options.example, players)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
