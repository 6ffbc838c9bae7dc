"""The figures of a simulation: what many games' counts (``measures``) say, with their intervals.

``figures(ruleset, counts)`` gives every statistic of ``catalogue(ruleset)`` over the games'
counts, pooled; ``differences(ruleset, counts, other, other_counts)`` gives, for two rule sets played on
the same seeds, each statistic's paired difference. A statistic is a rate (successes of trials,
added up over the games: Wilson's interval) or a mean over games (of a value each game gives).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from truco_dsl.rules import RuleSet
from truco_dsl.simulation.measures import dealt_manilha_chance
from truco_dsl.simulation.statistics import mean, paired_difference, paired_rate_difference, rate, wilson

Counts = dict[str, Any]


@dataclass(frozen=True)
class Statistic:
    """One figure of a simulation: its ``name`` (a JSON key), what it says (``text``), and how a
    game's counts give it: ``rate`` (successes, trials) or ``values`` (the numbers the game gives
    to a mean: one per game of a match)."""

    name: str
    text: str
    rate: Callable[[Counts], tuple[int, int]] | None = None
    values: Callable[[Counts], list[float]] | None = None


# a count absent from the counts is 0 (no game played, or a run interrupted before its first)
def _count(successes: str, trials: str) -> Callable[[Counts], tuple[int, int]]:
    return lambda counts: (counts.get(successes, 0), counts.get(trials, 0))


def _in_table(successes: str, trials: str, key: int | str) -> Callable[[Counts], tuple[int, int]]:
    return lambda counts: (counts.get(successes, {}).get(str(key), 0), counts.get(trials, {}).get(str(key), 0))


def _share(table: str, key: int | str, trials: str) -> Callable[[Counts], tuple[int, int]]:
    return lambda counts: (counts.get(table, {}).get(str(key), 0), counts.get(trials, 0))


def _spread(table: str) -> Callable[[Counts], list[float]]:
    return lambda counts: [float(value) for value, times in counts.get(table, {}).items() for _ in range(times)]


def catalogue(ruleset: RuleSet, stakes: Sequence[int] = ()) -> list[Statistic]:
    """Every statistic a simulation of ``ruleset`` reports, in the order it prints them: the
    ladder's steps (``ruleset.ladder``) and the hand's vazas (``ruleset.hand_size``) come from the
    rule set; ``stakes``: what hands were seen to end worth besides the ladder's steps (a clause
    may set a stake off the ladder: a mão de onze worth 3 under a ladder of 1/2/4/8)."""
    ladder = ruleset.ladder
    found = [
        Statistic("first_bot_wins_game", "games won by the team of the first bot", _count("games_won_by_first_bot", "games")),
        Statistic("hands_per_game", "hands a game lasts", values=_spread("hands_per_game")),
        Statistic("mao_team_wins_hand", "decided hands won by the mão's team", _count("hands_won_by_mao", "hands_decided")),
        Statistic("first_dealers_opponents_win_game", "games won by the team that did not deal their first hand",
                  _count("games_won_by_first_dealers_opponents", "games")),
    ]
    found += [Statistic(f"hand_ends_at_{stake}", f"hands that end worth {stake}", _share("stake_at_end", stake, "hands"))
              for stake in sorted({*ladder, *stakes})]
    for before, to in zip(ladder, ladder[1:]):
        found += [
            Statistic(f"raise_to_{to}", f"hands worth {before} at some moment that a side raised to {to}",
                      _pair("raises", "stake_reached", to, before)),
            Statistic(f"accept_{to}", f"raises to {to} accepted (raising again included)", _in_table("accepted", "raises", to)),
            Statistic(f"fold_{to}", f"raises to {to} folded", _in_table("folded", "raises", to)),
            Statistic(f"raise_again_{to}", f"raises to {to} answered by raising again", _in_table("raised_again", "raises", to)),
        ]
    found += [
        Statistic("mao_de_onze", "hands that are a mão de onze", _count("mao_de_onze_hands", "hands")),
        Statistic("mao_de_onze_played", "mão de onze decisions to play", _count("mao_de_onze_played", "mao_de_onze_decisions")),
        Statistic("mao_de_onze_played_won", "mão de onze hands played that the deciding side won",
                  _count("mao_de_onze_played_won", "mao_de_onze_played")),
    ]
    found += [Statistic(f"vaza_{number}_tied", f"vazas number {number} tied", _in_table("vazas_tied", "vazas", number))
              for number in range(1, ruleset.hand_size + 1)]
    found += [
        Statistic("hand_all_tied", "hands whose every vaza tied, no side scoring more", _count("hands_all_tied", "hands")),
        Statistic("first_vaza_winner_wins_hand", "decided hands with a first vaza won (not tied) that its winner won",
                  _count("first_vaza_winner_won_hand", "first_vaza_won")),
        Statistic("lead_changes_per_game", "times a game's lead passed from one side to the other",
                  values=_spread("lead_changes_per_game")),
        Statistic("final_margin", "points the winner of a game finished ahead", values=_spread("final_margin")),
        Statistic("won_from_behind", "games won by a side that trailed at some moment", _count("games_won_from_behind", "games")),
    ]
    return found


def _pair(successes: str, trials: str, key: int, trials_key: int) -> Callable[[Counts], tuple[int, int]]:
    return lambda counts: (counts.get(successes, {}).get(str(key), 0), counts.get(trials, {}).get(str(trials_key), 0))


def _stakes(*counts: Counts) -> list[int]:
    """The stakes hands were seen to end worth, in the added ``counts`` given."""
    return sorted({int(stake) for total in counts for stake in total.get("stake_at_end", {})})


def added(counts: Sequence[Counts]) -> Counts:
    """The counts of many games added up (numbers summed, tables summed key by key)."""
    total: Counts = {}
    for game in counts:
        for name, value in game.items():
            if isinstance(value, dict):
                table = total.setdefault(name, {})
                for key, times in value.items():
                    table[key] = table.get(key, 0) + times
            else:
                total[name] = total.get(name, 0) + value
    return total


def figures(ruleset: RuleSet, counts: Sequence[Counts], stakes: Sequence[int] = ()) -> dict[str, Any]:
    """Every statistic of ``catalogue(ruleset)`` over the games' ``counts`` (one dict a game, from
    ``GameTally.counts``), and the self-check: the share of hands in which seat 0 was dealt a
    manilha, whose interval must hold ``dealt_manilha_chance(ruleset)``. ``stakes``: what hands
    ended worth under another rule set compared with this one, told here too (0 where none did)."""
    total = added(counts)
    result: dict[str, Any] = {}
    for statistic in catalogue(ruleset, sorted({*_stakes(total), *stakes})):
        figure = rate(*statistic.rate(total)) if statistic.rate is not None else mean(statistic.values(total))
        result[statistic.name] = {"about": statistic.text, "kind": "rate" if statistic.rate is not None else "mean", **figure}
    dealt, hands = total.get("seat_0_dealt_manilha", 0), total.get("hands", 0)
    low, high = wilson(dealt, hands)
    expected = dealt_manilha_chance(ruleset)
    result["self_check"] = {"about": "hands in which seat 0 was dealt a manilha (exactly computable: expected)", "kind": "rate",
                            **rate(dealt, hands), "expected": expected,
                            "holds": low <= expected <= high if hands else None}
    return result


def differences(ruleset: RuleSet, counts: Sequence[Counts], other_ruleset: RuleSet, other: Sequence[Counts]) -> dict[str, Any]:
    """Each statistic of both rule sets' catalogues played two ways on the same seeds: ``counts[i]``
    under ``ruleset`` and ``other[i]`` under ``other_ruleset`` are game ``i``'s. The paired
    difference (first minus second) with its 95% interval, the game the unit
    (``statistics.paired_rate_difference``; a mean: the mean of each game's own mean). A step of one
    ladder that the other lacks has no difference: that the step is gone is all it would say."""
    result: dict[str, Any] = {}
    stakes = _stakes(added(counts), added(other))
    shared = {statistic.name for statistic in catalogue(other_ruleset, stakes)}
    for statistic in catalogue(ruleset, stakes):
        if statistic.name not in shared:
            continue
        if statistic.rate is not None:
            difference = paired_rate_difference([statistic.rate(game) for game in counts], [statistic.rate(game) for game in other])
        else:
            difference = paired_difference([_average(statistic.values(game)) for game in counts],
                                           [_average(statistic.values(game)) for game in other])
        result[statistic.name] = {"about": statistic.text, "kind": "rate" if statistic.rate is not None else "mean", **difference}
    return result


def _average(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def figure_value(figure: dict[str, Any] | None) -> str:
    """A figure's rate or mean as text (4 decimals), ``—`` when there is none."""
    value = None if figure is None else figure.get("rate", figure.get("mean"))
    return "—" if value is None else f"{value:.4f}"


def shown_difference(difference: dict[str, Any]) -> tuple[str, str]:
    """A paired difference (``differences``' values) as text: the difference and its interval, with
    their signs, in one format for the row: four decimals, or two significant digits when the
    largest of the three is below 0.001 (``-1.4e-05``); ``—`` where there is none."""
    value, low, high = difference["difference"], difference["low"], difference["high"]
    present = [number for number in (value, low, high) if number is not None]
    small = bool(present) and 0 < max(abs(number) for number in present) < 0.001

    def shown(number: float) -> str:
        return f"{number:+.1e}" if small else f"{number:+.4f}"

    return ("—" if value is None else shown(value)), ("—" if low is None or high is None else f"[{shown(low)}, {shown(high)}]")
