"""Many games, on one core, on several, or on a cluster, with the same results for a seed.

``simulate(plan)`` plays ``plan.games`` games (and, with ``plan.against``, the same games under a
second rule set) and returns every game's counts in the order of their numbers. Game ``i`` is
seeded by ``game_seed(plan.seed, i)`` and its bots by the game's seed and their seat, whoever plays
it: so the results, and the JSON made of them, are the same whatever the number of workers. The
games are handed out in chunks of consecutive numbers (``chunks``), large enough that handing them
out costs little beside playing them.
"""

from __future__ import annotations

import json
import signal
from contextlib import closing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from truco_dsl.errors import BotError, RuleSetIncomplete
from truco_dsl.rules import RuleSet, load_ruleset
from truco_dsl.simulation.bots import make_bot
from truco_dsl.simulation.games import play_game

#: about how many chunks each worker gets: enough to balance the work between workers
CHUNKS_PER_WORKER = 8
#: the most games in a chunk: progress is told, and Ctrl-C loses at most, a chunk a worker; handing
#: a chunk out and back costs about a millisecond, under 1% of 50 games of random bots (some 40 ms)
MOST_PER_CHUNK = 50


@dataclass(frozen=True)
class Plan:
    """What to simulate. ``ruleset`` and ``against``: a rule set id or a rule file's path (each
    worker loads it: a loaded rule set holds compiled functions, which do not cross processes);
    ``players``; ``games``: how many; ``seed``; ``bots``: one spec per side (``bots.make_bot``),
    the first playing the first seat's team in even games and the other team in odd ones;
    ``record``: whether to keep every game's deals and actions (``games.play_game``); ``workers``:
    local processes; ``cluster``: the address of a Dask distributed scheduler to play on instead
    (its workers must have truco-dsl installed, with the rule files named)."""

    ruleset: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...] = ("random", "random")
    against: str | None = None
    record: bool = False
    workers: int = 1
    cluster: str | None = None


#: game ``i`` of a run seeded ``S`` is seeded ``S * SEED_GAP + i``
SEED_GAP = 1_000_003
#: the most games of a run: fewer than ``SEED_GAP``, so two runs' seeds never share a game
MOST_GAMES = 1_000_000
#: the largest seed of a run: every game seed is then below 2**49 and every bot seed (16 a game)
#: below 2**53, JSON's safe integers, which every bot program's language reads exactly
#: (conformance/BOTS.md); no two games or bots of any runs share a seed
MOST_SEED = (2**49 - MOST_GAMES) // SEED_GAP


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (0 to ``MOST_GAMES - 1``) of a run seeded ``seed`` (0 to
    ``MOST_SEED``): the engine's shuffle. The bots' seeds derive from it and their seat
    (``bot_seed``). Raises ``ValueError`` outside those ranges."""
    if not (0 <= seed <= MOST_SEED and 0 <= number < MOST_GAMES):
        raise ValueError(f"a run's seed is 0 to {MOST_SEED} and its games 0 to {MOST_GAMES - 1}, not {seed} and {number}")
    return seed * SEED_GAP + number


def bot_seed(game: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0 to 15) in the game seeded ``game``: below 2**53."""
    return game * 16 + seat


@cache
def _loaded(source: str) -> RuleSet:
    return load_ruleset(source)


def play_numbered(plan: Plan, number: int) -> dict[str, Any]:
    """Game ``number`` of ``plan``: ``{"number", "counts", "record"}`` and, with ``plan.against``,
    ``"against_counts"`` and ``"against_record"`` (the same seeds under the other rule set). A game
    that cannot be played to its end (a bot broke its contract, a clause failed: ``BotError``,
    ``RuleSetIncomplete``) is ``{"number", "failure"}``, the failure naming the game, its seed, the
    rule set and what went wrong."""
    seed = game_seed(plan.seed, number)
    sides = plan.bots if number % 2 == 0 else tuple(reversed(plan.bots))
    played: dict[str, Any] = {"number": number}
    for key, source in (("", plan.ruleset), ("against_", plan.against)):
        if source is None:
            continue
        bots: list = []
        try:
            for seat in range(plan.players):
                bots.append(make_bot(sides[seat % len(sides)], bot_seed(seed, seat)))
            game = play_game(_loaded(source), plan.players, seed, list(bots), record=plan.record)
        except (BotError, RuleSetIncomplete) as error:
            return {"number": number, "failure": f"game {number} (counting from 0; its seed {seed}) under "
                                                 f"{_loaded(source).id}: {error}"}
        finally:
            for bot in bots:
                bot.close()
        counts = game.counts
        counts["games_won_by_first_bot"] = game.games_won[number % 2]
        played[key + "counts"] = counts
        played[key + "record"] = game.record
    return played


def chunks(games: int, workers: int) -> list[range]:
    """The numbers ``0 .. games - 1`` in consecutive runs, ``CHUNKS_PER_WORKER`` runs or so a worker,
    of at most ``MOST_PER_CHUNK`` games."""
    size = min(MOST_PER_CHUNK, max(1, -(-games // (workers * CHUNKS_PER_WORKER))))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def _play_chunk(plan: Plan, numbers: range) -> list[dict[str, Any]]:
    """The games of ``numbers``, up to the first that fails (its failure last)."""
    played = []
    for number in numbers:
        played.append(play_numbered(plan, number))
        if "failure" in played[-1]:
            break
    return played


def _start_worker() -> None:
    """A worker ignores Ctrl-C: the parent stops its workers itself (``Pool.terminate``, which ends
    them at once; a bot program one of them was talking to is ended when it next reads its
    standard input or writes its reply, and one that does neither is left running)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Run(NamedTuple):
    """What ``simulate`` played: ``results``, every finished game's ``play_numbered`` result in the
    order of their numbers; ``interrupted``: whether Ctrl-C stopped the run; ``failure``: why a game
    could not be played to its end, which stopped the run (None when none failed)."""

    results: list[dict[str, Any]]
    interrupted: bool = False
    failure: str | None = None


def simulate(plan: Plan, progress: Callable[[int], None] | None = None) -> Run:
    """Play ``plan`` and return its ``Run``. Ctrl-C, or a game that cannot be played to its end,
    stops the run: the games played by then are returned (a worker's unfinished chunk is lost).
    ``progress(n)`` is told each time ``n`` more games are done. Raises what loading a rule set
    raises (``RulesetError``, ``UnknownRuleset``) before any game."""
    _loaded(plan.ruleset)
    if plan.against is not None:
        _loaded(plan.against)
    done: dict[int, dict[str, Any]] = {}
    interrupted = False
    failure = None
    try:
        with closing(_chunk_results(plan)) as played:  # a failure stops the workers at once
            for results in played:
                finished = [result for result in results if "failure" not in result]
                for result in finished:
                    done[result["number"]] = result
                if progress is not None:
                    progress(len(finished))
                if len(finished) < len(results):
                    failure = results[-1]["failure"]
                    break
    except KeyboardInterrupt:
        interrupted = True
    return Run([done[number] for number in sorted(done)], interrupted, failure)


def _chunk_results(plan: Plan) -> Iterator[list[dict[str, Any]]]:
    if plan.cluster is not None:
        yield from _cluster_results(plan)
        return
    if plan.workers <= 1:  # in this process, game by game
        for number in range(plan.games):
            yield [play_numbered(plan, number)]
        return
    work = chunks(plan.games, plan.workers)
    import multiprocessing

    pool = multiprocessing.get_context("spawn").Pool(plan.workers, initializer=_start_worker)
    try:
        yield from pool.imap_unordered(_PlayChunk(plan), work)
        pool.close()
        pool.join()  # every worker gone by itself: terminate below ends none
    finally:
        pool.terminate()
        pool.join()


def _cluster_results(plan: Plan) -> Iterator[list[dict[str, Any]]]:
    """The chunks played by the workers of the Dask cluster at ``plan.cluster``, as they finish.
    Raises ``ImportError`` without the [cluster] extra, ``OSError`` (or Dask's own errors, which are
    ``OSError``s or ``TimeoutError``s) when the scheduler cannot be reached."""
    from distributed import Client, as_completed

    with Client(plan.cluster, timeout="10s") as client:
        workers = max(1, len(client.scheduler_info()["workers"]))
        futures = client.map(_PlayChunk(plan), chunks(plan.games, workers), pure=False)
        try:
            for _, results in as_completed(futures, with_results=True):
                yield results
        finally:
            client.cancel(futures)


class _PlayChunk:
    """``_play_chunk`` with its plan, as a picklable callable for the workers."""

    def __init__(self, plan: Plan):
        self.plan = plan

    def __call__(self, numbers: range) -> list[dict[str, Any]]:
        return _play_chunk(self.plan, numbers)


def record_lines(results: list[dict[str, Any]]) -> Iterator[str]:
    """Every game's record as one JSON line (``games.play_game``'s record), in the order of their
    numbers; with ``against``, each game's second record follows its first."""
    for result in results:
        for key in ("record", "against_record"):
            if result.get(key) is not None:
                yield json.dumps(result[key], sort_keys=True)
