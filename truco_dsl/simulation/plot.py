"""The pictures of a simulation (``truco simulate --plot``): a PNG drawn with matplotlib.

Two panels, the distributions over games of how many hands a game lasted and of the points its
winner finished ahead, each rule set's bars side by side; with ``--against``, a third: every
paired difference of a rate with its 95% interval, those whose interval excludes 0 in colour (the
differences of means, in hands or points, are on other scales: the table and the JSON give them). matplotlib is
an optional extra (``pip install 'truco-dsl[plot]'``); the figure is drawn without pyplot (no
window, no global state).
"""

from __future__ import annotations

from typing import Any

#: the picture's size in pixels (width, height), with and without a panel of differences
SIZE = {False: (1000, 450), True: (1500, 450)}
_DPI = 100


def missing() -> str | None:
    """What to install when matplotlib is missing (one line), None when it is there."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return "--plot draws with matplotlib, which is not installed: pip install 'truco-dsl[plot]' (or pip install matplotlib)"
    return None


def draw(path: str, report: dict[str, Any], tables: dict[str, dict[str, dict[str, int]]]) -> tuple[int, int]:
    """Draw ``report`` (``truco simulate``'s, its ``against`` included) as a PNG at ``path``;
    ``tables``: rule set id -> ``{"hands_per_game": table, "final_margin": table}`` (the added
    counts' tables: value as a string -> games). Returns the picture's size in pixels (``SIZE``).
    Raises ``ImportError`` without matplotlib (``missing`` says what to install), ``OSError`` when
    the file cannot be written."""
    from matplotlib.figure import Figure

    against = report.get("against")
    width, height = SIZE[against is not None]
    figure = Figure(figsize=(width / _DPI, height / _DPI), dpi=_DPI, layout="constrained")
    panels = figure.subplots(1, 3 if against is not None else 2)
    bots = " and ".join(dict.fromkeys(report["bots"]))
    figure.suptitle(f"{report['games']:,} games of {report['players']} players (seed {report['seed']}), bots {bots}")
    for panel, (table, title) in zip(panels, (("hands_per_game", "hands a game lasts"),
                                             ("final_margin", "points the winner finished ahead"))):
        _bars(panel, {ruleset: counted[table] for ruleset, counted in tables.items()})
        panel.set_title(title)
        panel.set_ylabel("share of games")
    if against is not None:
        _differences(panels[2], report["ruleset"], against)
    figure.savefig(path, format="png")
    return width, height


def _bars(panel: Any, tables: dict[str, dict[str, int]]) -> None:
    values = sorted({int(value) for table in tables.values() for value in table})
    share = 0.8 / max(1, len(tables))
    for offset, (ruleset, table) in enumerate(tables.items()):
        games = sum(table.values()) or 1
        panel.bar([value + (offset - (len(tables) - 1) / 2) * share for value in values],
                  [table.get(str(value), 0) / games for value in values], width=share, label=ruleset)
    panel.legend()


def _differences(panel: Any, ruleset: str, against: dict[str, Any]) -> None:
    shown = [(name, figure) for name, figure in against["differences"].items()
             if figure["kind"] == "rate" and figure["difference"] is not None]
    rows = range(len(shown))
    for row, (_, figure) in zip(rows, shown):
        colour = "tab:red" if figure["excludes_zero"] else "tab:gray"
        low = figure["low"] if figure["low"] is not None else figure["difference"]
        high = figure["high"] if figure["high"] is not None else figure["difference"]
        panel.errorbar(figure["difference"], row, xerr=[[figure["difference"] - low], [high - figure["difference"]]],
                       fmt="o", color=colour, markersize=3, capsize=2)
    panel.axvline(0, color="black", linewidth=0.8)
    panel.set_yticks(list(rows), [name for name, _ in shown], fontsize=6)
    panel.invert_yaxis()
    panel.set_title(f"rates, {ruleset} minus {against['ruleset']}\n(95% intervals; red: excludes 0)", fontsize=9)
