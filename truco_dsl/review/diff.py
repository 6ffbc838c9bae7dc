"""``truco diff OLD NEW``: what a rule change does, in three parts — the text (``review.text``),
every scenario (``review.behaviour``) and simulated play (below) — and the report of them as JSON
and as a pull-request comment (Markdown).

The statistics are exactly what ``truco simulate --ruleset NEW --against OLD`` computes
(``simulation.runner.simulate`` of a paired ``Plan``, ``simulation.summary.figures`` and
``differences``): the same games, seeds and bots under both rule sets, each figure's difference
NEW minus OLD with its 95% interval, the game the unit. Only a difference whose interval excludes
0 is claimed (``excludes_zero``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from truco_dsl.errors import SelectionError
from truco_dsl.review.behaviour import BehaviourDiff, behaviour_diff
from truco_dsl.review.revisions import Side
from truco_dsl.review.text import TextDiff, text_diff
from truco_dsl.simulation.runner import MOST_PER_CHUNK, Plan, simulate
from truco_dsl.simulation.summary import differences, figure_value, figures, shown_difference

#: version of the JSON report's shape
FORMAT = 1


@dataclass
class Statistics:
    """The statistics part: the run (``players``, ``games`` played, ``seed``, ``bots``), each
    figure under OLD and NEW (``old``, ``new``: ``summary.figures``) and their ``differences``
    (NEW minus OLD, ``summary.differences``); ``skipped``: why no game was played (no player count
    both allow), else None; ``interrupted`` (Ctrl-C) and ``failure`` as ``runner.Run`` says."""

    players: int | None
    games: int
    seed: int
    bots: tuple[str, str]
    old: dict[str, Any] = field(default_factory=dict)
    new: dict[str, Any] = field(default_factory=dict)
    differences: dict[str, Any] = field(default_factory=dict)
    skipped: str | None = None
    interrupted: bool = False
    failure: str | None = None

    @property
    def shown(self) -> list[str]:
        """The figures whose difference's interval excludes 0, in the catalogue's order."""
        return [name for name, difference in self.differences.items() if difference["excludes_zero"]]


@dataclass
class Diff:
    """A diff of two sides: its ``text``, ``behaviour`` and ``statistics`` parts."""

    old: Side
    new: Side
    text: TextDiff
    behaviour: BehaviourDiff
    statistics: Statistics

    @property
    def one_sided(self) -> list[Any]:
        """The scenarios only one side can play."""
        return [entry for entry in self.behaviour.unplayable if entry.side != "both"]

    @property
    def differs(self) -> bool:
        """Whether any part found a difference: text, a scenario played otherwise or by one side
        only, a statistic whose interval excludes 0."""
        return not self.text.empty or not self.behaviour.empty or bool(self.one_sided) or bool(self.statistics.shown)


def shared_players(old: Side, new: Side, players: int | None = None) -> tuple[int | None, str | None]:
    """The player count the simulation plays: ``players`` when given, else the fewest both rule
    sets allow. Returns ``(count, None)``, or ``(None, why)`` when they share none. Raises
    ``SelectionError`` when ``players`` is given and one of them does not allow it."""
    both = sorted(set(old.ruleset.players) & set(new.ruleset.players))
    if players is not None:
        if players in both:
            return players, None
        raise SelectionError(f"--players {players}: {old.ruleset.id} is played by {_counts(old)} and {new.ruleset.id} by "
                             f"{_counts(new)} players")
    if not both:
        return None, f"no player count both allow: {old.ruleset.id} plays {_counts(old)} and {new.ruleset.id} {_counts(new)} players"
    return both[0], None


def _counts(side: Side) -> str:
    return ", ".join(map(str, side.ruleset.players))


def paired_statistics(old: Side, new: Side, games: int, seed: int, bots: tuple[str, str], players: int | None = None,
                      workers: int = 1, progress: Callable[[int], None] | None = None) -> Statistics:
    """Play ``games`` games with ``bots`` (``simulation.bots.make_bot`` specs) under NEW and again
    under OLD with the same seeds (``truco simulate --against``) on ``workers`` processes, at
    ``players`` seats (default: ``shared_players``), and return their ``Statistics`` (none played
    for ``games`` 0). Raises
    ``SelectionError`` as ``shared_players`` does, and what ``simulation.runner.simulate`` raises."""
    count, why = shared_players(old, new, players)
    result = Statistics(count, 0, seed, bots, skipped=why if games else "--games 0")
    if count is None or not games:
        return result
    plan = Plan(new.reference, count, games, seed, bots, old.reference, workers=min(workers, -(-games // MOST_PER_CHUNK)))
    run = simulate(plan, progress)
    counts = [game["counts"] for game in run.results]
    against = [game["against_counts"] for game in run.results]
    stakes = sorted({int(stake) for game in counts + against for stake in game["stake_at_end"]})
    result.games, result.interrupted, result.failure = len(run.results), run.interrupted, run.failure
    result.new, result.old = figures(new.ruleset, counts, stakes), figures(old.ruleset, against, stakes)
    result.differences = differences(new.ruleset, counts, old.ruleset, against)
    return result


def diff(old: Side, new: Side, games: int, seed: int, bots: tuple[str, str], players: int | None = None, workers: int = 1,
         progress: Callable[[int], None] | None = None) -> Diff:
    """The three parts of ``old`` against ``new``: the text, the behaviour, then the statistics
    (``paired_statistics`` with the other arguments). Raises ``CasesError`` for a feature file the
    cases export cannot read, and what ``paired_statistics`` raises."""
    text = text_diff(old, new)
    behaviour = behaviour_diff(old, new, text.changed_ids)
    return Diff(old, new, text, behaviour, paired_statistics(old, new, games, seed, bots, players, workers, progress))


def unplayable_counts(found: Diff) -> dict[str, int]:
    """How many scenarios each side cannot play, by why: ``"new: enecomp is played by 4 players,
    not 2"`` -> 111."""
    return dict(Counter(f"{entry.side}: {entry.why}" for entry in found.behaviour.unplayable).most_common())


def _parting(parting: Any) -> dict[str, Any] | None:
    if parting is None:
        return None
    return {**asdict(parting), "values": {name: {"old": was, "new": now} for name, (was, now) in parting.values.items()}}


def _side(side: Side) -> dict[str, Any]:
    return {"label": side.label, "ruleset": side.ruleset.id, "lineage": list(side.ruleset.lineage),
            "file": side.place(side.ruleset.file)}


def as_json(found: Diff) -> str:
    """The diff as JSON (keys sorted; ``format`` 1): ``old`` and ``new`` (label, rule set, lineage,
    file), ``differs``, ``text`` (``parameters``, ``clauses``, ``sources``), ``behaviour``
    (``scenarios``, ``same``, ``differing`` with each ``parting``'s values as ``{"old", "new"}``,
    ``unplayable``, ``unplayable_counts``, ``groups``) and ``statistics`` (the run, ``old`` and
    ``new`` figures, ``differences``, ``shown``: the names whose interval excludes 0)."""
    behaviour = found.behaviour
    statistics = found.statistics
    document = {
        "format": FORMAT,
        "old": _side(found.old),
        "new": _side(found.new),
        "differs": found.differs,
        "text": {"parameters": [asdict(change) for change in found.text.parameters],
                 "clauses": [asdict(change) for change in found.text.clauses],
                 "sources": [asdict(change) for change in found.text.sources]},
        "behaviour": {
            "scenarios": behaviour.scenarios, "same": behaviour.same,
            "differing": [{**asdict(entry.scenario), "parting": _parting(entry.parting), "in_play": _parting(entry.in_play)}
                          for entry in behaviour.differing],
            "unplayable": [{**asdict(entry.scenario), "side": entry.side, "why": entry.why} for entry in behaviour.unplayable],
            "unplayable_counts": unplayable_counts(found),
            "groups": behaviour.groups,
        },
        "statistics": {"players": statistics.players, "games": statistics.games, "seed": statistics.seed,
                       "bots": list(statistics.bots), "skipped": statistics.skipped, "interrupted": statistics.interrupted,
                       "failure": statistics.failure, "old": statistics.old, "new": statistics.new,
                       "differences": statistics.differences, "shown": statistics.shown},
    }
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def shown_value(value: Any) -> str:
    """A value as one short line: a list joined by spaces, ``none`` for None, a mapping as
    ``key: value`` pairs."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(shown_value(item) for item in value) or "(none)"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {shown_value(item)}" for key, item in value.items()) or "(none)"
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def as_markdown(found: Diff, most: int = 30) -> str:
    """The diff as a pull-request comment: a heading and a one-line verdict, then each part as a
    short table (at most ``most`` rows a table, the count of the rest said)."""
    old, new = found.old, found.new
    lines = [f"## truco diff: `{old.label}` → `{new.label}`", ""]
    if not found.differs:
        lines += ["No difference: the same text, every scenario played alike, no statistic moved.", ""]
    text = found.text
    lines += ["### Text", ""]
    if text.empty:
        lines += ["No parameter, clause or source text differs.", ""]
    if text.parameters:
        lines += ["| parameter | old | new |", "|---|---|---|"]
        lines += [f"| `{change.path}` | {_cell(shown_value(change.old))} | {_cell(shown_value(change.new))} |"
                  for change in text.parameters[:most]]
        lines += _more(len(text.parameters), most, "parameters") + [""]
    if text.clauses:
        lines += ["| clause | change | cite | what differs |", "|---|---|---|---|"]
        for change in text.clauses[:most]:
            if change.kind in ("overridden", "changed"):
                what = "; ".join(f"{key}: `{_cell(shown_value(change.old.get(key)))}` → `{_cell(shown_value(change.new.get(key)))}`"
                                 for key in change.keys if key in ("on", "when", "then")) or ", ".join(change.keys)
            else:
                what = change.new_place if change.kind in ("added", "newly inherited") else change.old_place
            lines.append(f"| `{change.id}` | {change.kind} | {_cell(change.cite)} | {_cell(what or '')} |")
        lines += _more(len(text.clauses), most, "clauses") + [""]
    if text.sources:
        lines += ["| source clause | old text | new text |", "|---|---|---|"]
        lines += [f"| `{change.id}` | {_cell(shown_value(change.old))} | {_cell(shown_value(change.new))} |" for change in text.sources]
        lines.append("")
    behaviour = found.behaviour
    lines += ["### Behaviour", "",
              f"{behaviour.scenarios} scenarios: {behaviour.same} played alike, {len(behaviour.differing)} part, "
              f"{len(behaviour.unplayable)} not played by both.", ""]
    by_id = {entry.scenario.id: entry for entry in behaviour.differing}
    for clause, ids in behaviour.groups.items():
        lines += [f"**{clause}** ({len(ids)})", "", "| scenario | step where they part | old | new |", "|---|---|---|---|"]
        for scenario_id in ids[:most]:
            entry = by_id[scenario_id]
            for number, parting in enumerate(part for part in (entry.parting, entry.in_play) if part is not None):
                was = "; ".join(f"{name}: {shown_value(old_value)}" for name, (old_value, _) in parting.values.items())
                now = "; ".join(f"{name}: {shown_value(new_value)}" for name, (_, new_value) in parting.values.items())
                named = f"`{scenario_id}` {_cell(entry.scenario.name)}" if number == 0 else "… then in play"
                lines.append(f"| {named} | line {parting.line}: {_cell(parting.text)} "
                             f"({_cell(parting.action)}) | {_cell(was)} | {_cell(now)} |")
        lines += _more(len(ids), most, "scenarios") + [""]
    counts = unplayable_counts(found)
    if counts:
        lines += ["| not played by | scenarios |", "|---|---|"] + [f"| {_cell(why)} | {count} |" for why, count in counts.items()] + [""]
    statistics = found.statistics
    lines += ["### Statistics", ""]
    if statistics.skipped:
        lines += [f"Not simulated: {statistics.skipped}.", ""]
    else:
        lines += [f"{statistics.games:,} games at {statistics.players} players, seed {statistics.seed}, bots "
                  f"{statistics.bots[0]} and {statistics.bots[1]}, each game played under both rule sets; "
                  f"new minus old, 95% intervals. {len(statistics.shown)} of {len(statistics.differences)} "
                  f"differences shown (the interval excludes 0 and the games played differently lean one way, a sign test; "
                  f"about {len(statistics.differences) / 20:.1f} would be by chance alone).", ""]
        if statistics.shown:
            lines += ["| statistic | old | new | difference | 95% interval |", "|---|---|---|---|---|"]
            for name in statistics.shown:
                difference = statistics.differences[name]
                lines.append(f"| {difference['about']} | {figure_value(statistics.old.get(name))} | {figure_value(statistics.new.get(name))} "
                             f"| {' | '.join(shown_difference(difference))} |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _more(count: int, most: int, what: str) -> list[str]:
    return [f"| … and {count - most} more {what} (`--json` has them all) |"] if count > most else []
