"""The regulation as a reader knows it, clause by clause, beside the rules that play it (``truco rulebook``).

A rule set follows one regulation (its ``source:``, a file of spec/sources). Its rulebook takes
every clause of that regulation in the source's order and says what the rule set does with it:

- *encoded*: a clause of the rule file, a parameter's ``cites:`` or a live ``traces:`` entry names it
  (``Resolved.encoders``, the same clauses ``truco where`` names);
- *ambiguous*: encoded, where spec/sources marks the text ambiguous: the reading taken is its mark;
- *informative*: nothing encodes it and spec/sources says why no engine could (``- informative:``);
- *not encoded*: nothing encodes it and no mark says why (the bundled rule sets that do are named);

and, for a variant (a rule set whose lineage holds a playable rule set of its own: its *baseline*,
the last playable one of the ``extends`` chain, ``atb-2004`` for ``melhor-de-cinco``), compared
encoder by encoder with the baseline:

- *dropped*: the baseline encodes it, the variant nothing, and a ``drop:`` of the chain did it;
- *overridden*: the variant encodes it otherwise (a clause of its own replaces or joins the
  baseline's, a parameter group's cites quote other words or left it out);
- *added*: the variant encodes it and the baseline does not.

A variant's house rules (``sources:``, ``RuleSet.house``) come after, each a *house rule*. Beside
every clause: what encodes it (the clause with its hook, condition and effect and its note; the
parameter group with its values) and, where one exists, the smallest scenario tagged with it, as
its Gherkin steps (``truco cases export`` reads them). ``as_html`` and ``as_markdown`` write it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from truco_dsl.bundled import FEATURES_DIR
from truco_dsl.conformance.coverage import encoded_ids
from truco_dsl.conformance.suite.cases import export_cases
from truco_dsl.diagnostics import Place, shown
from truco_dsl.engine.proof import load_playable
from truco_dsl.errors import SelectionError
from truco_dsl.rules import RuleSet, available_rulesets, load_ruleset, load_sources
from truco_dsl.rules.resolved import Encoder, Resolved, resolve
from truco_dsl.rules.sources import SourceClause, regulation_titles

TEMPLATES = Path(__file__).with_name("templates")

ENCODED, AMBIGUOUS, INFORMATIVE, NOT_ENCODED = "encoded", "ambiguous", "informative", "not encoded"
OVERRIDDEN, DROPPED, ADDED, HOUSE = "overridden", "dropped", "added", "house rule"

#: every status, in the order the counts list them: its label (what a reader sees beside a
#: clause) and what it means
STATUSES: dict[str, tuple[str, str]] = {
    ENCODED: ("encoded", "a rule-file clause or parameter plays it"),
    AMBIGUOUS: ("ambiguous", "encoded, where the text can be read more than one way: the reading taken is given"),
    INFORMATIVE: ("informative", "nothing an engine could observe or enforce; why is given"),
    NOT_ENCODED: ("not encoded", "no rule of this rule set plays it, and no mark says why"),
    OVERRIDDEN: ("overridden by the variant", "the variant plays it otherwise than the rule set it is a variant of"),
    DROPPED: ("dropped by the variant", "the rule set it is a variant of plays it; the variant drops it"),
    ADDED: ("added by the variant", "the variant plays it; the rule set it is a variant of does not"),
    HOUSE: ("house rule", "a rule of the variant's own house, not of the regulation"),
}


@dataclass(frozen=True)
class Encoding:
    """One rule-file clause, parameter group or trace that encodes a source clause, as shown: its
    ``kind`` (clause, parameters, trace), ``name`` (clause id, group path, the trace's encoder),
    ``place`` (``file:line``), ``rule`` (what it does, in the rule file's words, a line each: the
    hook, condition and effect; each of the group's values; what encodes it), ``quote`` (its words of the clause), ``note``
    (what the file says of it), and ``change`` (in a variant: how it differs from the baseline, e.g.
    ``new in melhor-de-cinco``, ``dropped by melhor-de-cinco at FILE:LINE``; None when the same)."""

    kind: str
    name: str
    place: str
    rule: tuple[str, ...]
    quote: str = ""
    note: str | None = None
    change: str | None = None


@dataclass(frozen=True)
class Example:
    """A scenario that shows a clause: its ``scenario`` id, ``name``, ``place`` (feature file and
    line), the ``ruleset`` it plays and its ``steps`` as Gherkin lines (Given/When/Then/And, a data
    table's rows indented)."""

    scenario: str
    name: str
    place: str
    ruleset: str | None
    steps: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One clause of the rulebook: the ``clause`` of spec/sources (or of the house rules), its
    ``status`` (a key of ``STATUSES``), ``why`` (the informative reason, or the reading taken where
    it is ambiguous), the ``encodings`` played, the baseline's encodings a variant no longer plays
    (``gone``), an ``example`` scenario (None when no scenario is tagged with it), and for a clause
    not encoded the bundled rule sets that do encode it (``elsewhere``)."""

    clause: SourceClause
    status: str
    why: str | None
    encodings: tuple[Encoding, ...]
    gone: tuple[Encoding, ...]
    example: Example | None
    elsewhere: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """What a reader sees of its status (``STATUSES``)."""
        return STATUSES[self.status][0]


@dataclass(frozen=True)
class Rulebook:
    """The rulebook of ``ruleset``: the regulation it follows (``regulation``, a spec/sources file
    stem, and its ``regulation_title``; None when it encodes no regulation's clause), the
    ``baseline`` it is compared with when it is a variant (None otherwise), the regulation's
    ``entries`` in source order, the ``house`` rules' entries, and the rule sets it extends
    (``ancestors``, its parent first)."""

    ruleset: RuleSet
    regulation: str | None
    regulation_title: str
    baseline: RuleSet | None
    entries: tuple[Entry, ...]
    house: tuple[Entry, ...]
    ancestors: tuple[RuleSet, ...] = ()

    @property
    def parent(self) -> str | None:
        """The id of the rule set it extends, None for none."""
        return self.ruleset.lineage[1] if len(self.ruleset.lineage) > 1 else None

    @property
    def counts(self) -> list[tuple[str, int]]:
        """(status, how many clauses have it) for every status some clause has, in ``STATUSES`` order;
        they add up to the regulation's clauses and the house rules."""
        every = [entry.status for entry in (*self.entries, *self.house)]
        return [(status, every.count(status)) for status in STATUSES if status in every]

    @property
    def sections(self) -> list[tuple[str, list[Entry]]]:
        """The regulation's entries by section (``## `` heading of spec/sources), in source order."""
        grouped: list[tuple[str, list[Entry]]] = []
        for entry in self.entries:
            section = entry.clause.section or "(no section)"
            if not grouped or grouped[-1][0] != section:
                grouped.append((section, []))
            grouped[-1][1].append(entry)
        return grouped

    @property
    def changed(self) -> list[Entry]:
        """The entries a variant changes (dropped, overridden, added), in source order."""
        return [entry for entry in self.entries if entry.status in (OVERRIDDEN, DROPPED, ADDED)]


def rulebook(reference: str | Path) -> Rulebook:
    """The rulebook of the rule set ``reference`` (a bundled id or a rule file). Raises
    ``FileNotFoundError`` (no such rule set, with the closest id), ``RulesetError`` (a file that
    does not load, or does not play: ``RulesetNotPlayable``), ``CasesError`` (a scenario it carries
    that cannot be read)."""
    ruleset = load_playable(reference)
    resolved = resolve(reference)
    known = available_rulesets(Path(ruleset.file))
    ancestors = [load_ruleset(known[ancestor]) for ancestor in ruleset.lineage[1:]]
    playable = [each for each in (ruleset, *ancestors) if not each.abstract]
    baseline = playable[-1] if len(playable) > 1 else None
    base = resolve(baseline.file) if baseline is not None else None
    files = {str(Path(each.file).resolve()): each.id for each in (ruleset, *ancestors) if each.file}
    examples = _examples(reference, ruleset)
    sources = load_sources()
    regulation = ruleset.source or _most_encoded(ruleset, sources)
    entries = []
    for clause in (clause for clause in sources.values() if clause.source == regulation):
        entries.append(_entry(clause, resolved, base, files, examples.get(clause.id)))
    house = [Entry(clause, HOUSE, clause.informative, _shown(resolved.encoders(clause.id), files), (), examples.get(clause.id))
             for clause in ruleset.house.values()]
    title = regulation_titles().get(regulation, "") if regulation else ""
    return Rulebook(ruleset, regulation, title, baseline, tuple(entries), tuple(house), tuple(ancestors))


def _most_encoded(ruleset: RuleSet, sources: dict[str, SourceClause]) -> str | None:
    """The regulation of which ``ruleset`` encodes the most clauses (for a rule file naming no ``source:``)."""
    regulations = [sources[clause_id].source for clause_id in encoded_ids(ruleset) if clause_id in sources]
    return max(sorted(set(regulations)), key=regulations.count) if regulations else None


def _entry(clause: SourceClause, resolved: Resolved, base: Resolved | None, files: dict[str, str],
           example: Example | None) -> Entry:
    """The entry of one regulation clause (module docstring: how its status is decided)."""
    played = resolved.encoders(clause.id)
    before = base.encoders(clause.id) if base is not None else played
    kept = {encoder.key for encoder in before}
    if {encoder.key for encoder in played} == kept:
        if played:
            status = AMBIGUOUS if clause.ambiguous else ENCODED
        else:
            status = INFORMATIVE if clause.informative else NOT_ENCODED
        gone: list[Encoding] = []
    else:
        now = {encoder.key for encoder in played}
        restated = {(encoder.kind, encoder.name) for encoder in played if encoder.kind == "parameters"}
        gone = [_gone(encoder, resolved, files) for encoder in before
                if encoder.key not in now and (encoder.kind, encoder.name) not in restated]
        if not played:
            status = DROPPED if any(encoder.kind == "clause" and encoder.name in resolved.dropped for encoder in before) else OVERRIDDEN
        else:
            status = ADDED if not before else OVERRIDDEN
    why = clause.informative if status == INFORMATIVE else clause.ambiguous or clause.informative
    elsewhere = _encoded_by(clause.id) if status in (NOT_ENCODED, INFORMATIVE) else ()
    return Entry(clause, status, why, _shown(played, files, before if base is not None else None), tuple(gone), example,
                 tuple(each for each in elsewhere if each != resolved.ruleset.id))


def _shown(encoders: list[Encoder], files: dict[str, str], before: list[Encoder] | None = None) -> tuple[Encoding, ...]:
    """The encoders as shown, each marked when it is not the baseline's (``before``: the
    baseline's encoders, for a variant): a clause that overrides a parent's, a group that cites
    the clause in other words than the baseline's, or one new in the variant."""
    kept = {encoder.key for encoder in before or ()}
    quoted = {encoder.name: encoder.quote for encoder in before or () if encoder.kind == "parameters"}
    encodings = []
    for encoder in encoders:
        change = None
        if before is not None and encoder.key not in kept:
            by = _written_by(encoder.place, files)
            if encoder.overrides is not None:
                change = f"overrides {_at(encoder.overrides)}, written by {by}"
            elif encoder.kind == "parameters" and encoder.name in quoted:
                change = f"cited by {by} in other words than “{quoted[encoder.name]}”"
            else:
                change = f"new in {by}"
        encodings.append(Encoding(encoder.kind, encoder.name, _at(encoder.place), _rule(encoder), encoder.quote, encoder.note, change))
    return tuple(encodings)


def _gone(encoder: Encoder, resolved: Resolved, files: dict[str, str]) -> Encoding:
    """A baseline's encoder the variant no longer plays, with what did it."""
    if encoder.kind == "clause" and encoder.name in resolved.dropped:
        at = resolved.dropped[encoder.name][1]
        change = f"dropped by {_written_by(at, files)} at {_at(at)}"
    elif encoder.kind == "clause":
        replacing = next((entry.place for entry in resolved.clauses if entry.clause.id == encoder.name), None)
        change = f"replaced by {_written_by(replacing, files)}'s, at {_at(replacing)}" if replacing else "no longer played"
    elif encoder.kind == "parameters":
        at = resolved.origin((*encoder.name.split("."), "cites"))
        change = f"no longer cited: {_written_by(at, files)}'s {encoder.name} ({_at(at)}) cites other clauses" if at else "no longer cited"
    else:
        change = "the encoder this trace names is no longer played"
    return Encoding(encoder.kind, encoder.name, _at(encoder.place), _rule(encoder), encoder.quote, encoder.note, change)


def _rule(encoder: Encoder) -> tuple[str, ...]:
    """What an encoder does, in the rule file's words, a line each: ``at HOOK``, ``when …``,
    ``then …``; a group's values; a trace's encoder."""
    if encoder.kind == "clause" and encoder.clause is not None:
        clause = encoder.clause
        when = (f"when {clause.when.source.strip()}",) if clause.when is not None else ()
        return (f"at {clause.hook}", *when, f"then {clause.then.source.strip()}")
    if encoder.kind == "parameters":
        return tuple(f"{key}: {_flow(value)}" for key, value in (encoder.values or {}).items())
    return (f"encoded by {encoder.name}",)


def _flow(value: Any) -> str:
    """A parameter's value as one line of YAML (``[1, 3, 6, 9, 12]``, ``{rule: vira}``)."""
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False).strip().removesuffix("...").strip()


def _written_by(place: Place | None, files: dict[str, str]) -> str:
    """The rule set whose file holds ``place`` (its file's name when it is none of the lineage's)."""
    if place is None:
        return "?"
    return files.get(str(Path(place.file).resolve()), shown(place.file))


def _at(place: Place | None) -> str:
    """``file:line`` as ``truco where`` shows it."""
    return f"{shown(place.file)}:{place.line}" if place is not None else ""


@cache
def _encoded_by(clause_id: str) -> tuple[str, ...]:
    """The bundled rule sets that encode ``clause_id`` (clause, cite or trace), in id order."""
    return tuple(ruleset_id for ruleset_id, path in sorted(available_rulesets().items())
                 if clause_id in encoded_ids(load_ruleset(path)))


def _examples(reference: str | Path, ruleset: RuleSet) -> dict[str, Example]:
    """Clause id -> the scenario that shows it: of those ``truco conform --ruleset`` runs for the
    rule set (and the rows of features/desacordos/ that play its scenarios' rule set), one that
    plays the rule set itself before one of its lineage before any other, then the fewest steps
    and table rows, then the first written."""
    try:
        cases = export_cases(str(reference))["cases"]
    except SelectionError:  # a rule set no scenario folder serves (one that extends only the core)
        return {}

    def rank(case: dict[str, Any]) -> tuple[int, int]:
        played = 0 if case["ruleset"] == ruleset.id else 1 if case["ruleset"] in ruleset.lineage else 2
        return played, sum(1 + len(step.get("table", [])) for step in case["steps"])

    chosen: dict[str, dict[str, Any]] = {}
    for case in cases:
        for clause_id in case["clauses"]:
            if clause_id not in chosen or rank(case) < rank(chosen[clause_id]):
                chosen[clause_id] = case
    return {clause_id: _example(case) for clause_id, case in chosen.items()}


def _example(case: dict[str, Any]) -> Example:
    """A case of ``export_cases`` as Gherkin lines: its keywords, ``And`` for a repeated one, and a
    data table's rows aligned under their step."""
    lines, last = [], None
    for step in case["steps"]:
        keyword = "And" if step["keyword"] == last else step["keyword"].capitalize()
        last = step["keyword"]
        lines.append(f"{keyword} {step['text']}")
        rows = step.get("table") or []
        widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))] if rows else []
        lines += ["  | " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths)) + " |" for row in rows]
    bundled = FEATURES_DIR / case["feature"]  # a bundled scenario's feature is named from features/, a carried one as shown
    place = f"{shown(bundled) if bundled.is_file() else case['feature']}:{case['line']}"
    return Example(case["id"] or "(no id)", case["name"], place, case["ruleset"], tuple(lines))


# --------------------------------------------------------------------------------------------- writing
def _environment() -> Environment:
    environment = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                              trim_blocks=True, lstrip_blocks=True)
    environment.filters["md"] = _markdown_text
    environment.filters["shown"] = shown
    environment.filters["slug"] = lambda text: re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    environment.globals["STATUSES"] = STATUSES
    return environment


def as_html(book: Rulebook) -> str:
    """The rulebook as one self-contained HTML page: inline CSS with a print style sheet, no
    JavaScript, no external link; everything taken from the files escaped. Raises
    ``jinja2.TemplateError`` only for a broken template."""
    return _environment().get_template("rulebook.html.j2").render(book=book, title=_title(book))


def as_markdown(book: Rulebook) -> str:
    """The rulebook as Markdown (GitHub's): the same content as ``as_html``, the text of the files
    escaped where Markdown would read it as markup. Raises ``jinja2.TemplateError`` only for a
    broken template."""
    environment = _environment()
    environment.autoescape = False
    return environment.get_template("rulebook.md.j2").render(book=book, title=_title(book),
                                                              anchors=_github_anchors(book))


def _title(book: Rulebook) -> str:
    return f"Rulebook of {book.ruleset.id}"


#: what Markdown may read as markup in a line of prose
_MARKUP = re.compile(r"([\\`*_\[\]<>|#])")


def _markdown_text(text: Any) -> str:
    """``text`` as Markdown prose shows it as written: every character Markdown may read as markup
    escaped with a backslash, line breaks as spaces."""
    return _MARKUP.sub(r"\\\1", " ".join(str(text).split()))


def _github_anchors(book: Rulebook) -> dict[str, str]:
    """Each heading's text -> the anchor GitHub gives it (lower case, punctuation left out, spaces
    as hyphens, a repeated one numbered), for the table of contents."""
    anchors: dict[str, str] = {}
    taken: dict[str, int] = {}
    headings = ["Summary", "Contents", *[f"What {book.ruleset.id} changes"] * bool(book.changed),
                *(section for section, _ in book.sections), *[f"House rules ({book.ruleset.id})"] * bool(book.house)]
    for heading in headings:
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = taken.get(slug, 0)
        taken[slug] = count + 1
        anchors.setdefault(heading, slug if count == 0 else f"{slug}-{count}")
    return anchors
