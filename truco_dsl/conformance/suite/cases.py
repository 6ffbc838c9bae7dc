"""The bundled scenarios as JSON data (what ``truco cases export`` writes), for runners in other languages.

Every scenario of ``features/`` (each row of a Scenario Outline as a case of its own, its
placeholders filled in) becomes one *case*: its ``id`` tag, ``name``, ``feature`` file and
``line`` (the scenario's, or the example row's), every ``tags``, its ``clauses``, the ``ruleset``
and ``players`` of its game, the example row's values (``example``, outlines only), the
optional capabilities it ``needs`` of an engine (``steps.capabilities``: without one the scenario
is unsupported), its ``setup`` (the first ``dealer``, the ``scores`` and ``games_won`` before the
first deal, each as written or its default, ``steps.default_dealer`` …, and the rule set's
``target``), so that a runner needs no rule the export does not state, and its ``steps`` in order.
Each step has its ``keyword`` (given, when, then), ``phase`` (setup, action, expectation), ``text`` and ``line`` as written, and the structured form of the step vocabulary
(``steps.VOCABULARY``) under ``forms``: a list, since one step may stand for several
(``the seats play: 0:3c 1:Kd`` is two ``{"step": "act", "seat": 0, "action": "play:3c"}``); a step
with a data table keeps it as ``table`` (rows of cells, the header first). The shape is
``conformance/schema/cases.schema.json``; ``conformance/STEPS.md`` documents each form.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from gherkin.pickles.compiler import Compiler

from truco_dsl.bundled import FEATURES_DIR, SCHEMA_DIR
from truco_dsl.conformance.suite.catalogue import ExampleRow, example_rows, parsed_scenarios
from truco_dsl.conformance.suite.steps import DEFAULT_GAMES_WON, DEFAULT_SCORES, VOCABULARY, StepForm, capabilities, default_dealer
from truco_dsl.diagnostics import read_regular, shown
from truco_dsl.errors import CasesError, RulesetError
from truco_dsl.rules import RuleSet, load_ruleset
from truco_dsl.rules.features import parsed_feature

#: version of the export's shape (``format`` of the document)
FORMAT = 1
SCHEMA_PATH = SCHEMA_DIR / "cases.schema.json"
_KEYWORDS = {"Context": "given", "Action": "when", "Outcome": "then"}
_PHASES = {"given": "setup", "when": "action", "then": "expectation"}


def _lines(document: dict[str, Any]) -> dict[str, int]:
    """The line of each scenario and each step (a Background's too, in a Rule or not) of a parsed
    feature, by Gherkin node id. The example rows' are ``catalogue.example_rows``'."""
    found: dict[str, int] = {}
    for child in (document.get("feature") or {}).get("children", []):
        for node in [child, *(child.get("rule") or {}).get("children", [])]:
            for part in (node.get("background"), node.get("scenario")):
                if part is not None:
                    found[str(part["id"])] = part["location"]["line"]
                    found.update((str(step["id"]), step["location"]["line"]) for step in part.get("steps", []))
    return found


def _form(keyword: str, text: str, rows: list[list[str]] | None, where: str) -> list[dict[str, Any]]:
    """The structured forms of one step. Raises ``CasesError`` when no step definition matches."""
    forms: list[StepForm] = [form for form in VOCABULARY if form.keyword == keyword]
    for form in forms:
        groups = form.match(text)
        if groups is not None:
            return form.export(groups, rows)
    raise CasesError(f"{where}: {keyword.capitalize()} {text!r} is not in the step vocabulary (conformance/STEPS.md)")


def _case(pickle: dict[str, Any], feature: str, lines: dict[str, int], outline_rows: dict[str, ExampleRow],
          place: str | None = None) -> dict[str, Any]:
    tags = [tag["name"] for tag in pickle.get("tags", [])]
    ids = [tag[len("@id:"):] for tag in tags if tag.startswith("@id:")]
    steps = []
    keyword = "given"
    for step in pickle["steps"]:
        keyword = _KEYWORDS.get(step.get("type", ""), keyword)  # "Unknown" (a leading And/But) keeps the last
        line = lines.get(str(step["astNodeIds"][0]), 0)
        table = (step.get("argument") or {}).get("dataTable")
        rows = [[cell["value"] for cell in row["cells"]] for row in table["rows"]] if table else None
        forms = _form(keyword, step["text"], rows, f"{place or 'features/' + feature}:{line}")
        entry: dict[str, Any] = {"keyword": keyword, "phase": _PHASES[keyword], "text": step["text"], "line": line,
                                 "forms": forms}
        if rows is not None:
            entry["table"] = rows
        steps.append(entry)
    game = next((form for step in steps for form in step["forms"] if form["step"] == "game"), None)
    row_id = pickle["astNodeIds"][-1] if len(pickle["astNodeIds"]) > 1 else None
    case: dict[str, Any] = {
        "id": ids[0] if ids else None,
        "name": pickle["name"],
        "feature": feature,
        "line": outline_rows[str(row_id)].line if row_id else lines.get(str(pickle["astNodeIds"][0]), 0),
        "tags": tags,
        "clauses": sorted({tag[len("@clause:"):] for tag in tags if tag.startswith("@clause:")}),
        "ruleset": game["ruleset"] if game else None,
        "players": game["players"] if game else None,
        "steps": steps,
    }
    forms = [form for step in steps for form in step["forms"]]
    case["needs"] = sorted(set().union(*map(capabilities, forms)))
    case["setup"] = _setup(forms)
    if row_id is not None:
        case["example"] = dict(outline_rows[str(row_id)].values)
    return case


def _setup(forms: list[dict[str, Any]]) -> dict[str, Any]:
    """The game a case's steps ask for, its defaults filled in (``steps.default_dealer``,
    ``DEFAULT_SCORES``, ``DEFAULT_GAMES_WON``): ``dealer`` (of the first hand; null without a game
    step), ``scores`` and ``games_won`` (team 0's, team 1's) before the first deal. The target is
    ``_with_targets``'s."""
    setup: dict[str, Any] = {"dealer": None, "scores": list(DEFAULT_SCORES), "games_won": list(DEFAULT_GAMES_WON)}
    for form in forms:
        if form["step"] == "game":
            setup["dealer"] = default_dealer(form["players"])
        elif form["step"] == "seat_deals":
            setup["dealer"] = form["seat"]
        elif form["step"] == "starting_score":
            setup["scores"] = [form["first"], form["second"]]
        elif form["step"] == "starting_games":
            setup["games_won"] = [form["first"], form["second"]]
    return setup


def _with_targets(cases: list[dict[str, Any]], played: RuleSet | None) -> list[dict[str, Any]]:
    """The cases, each ``setup`` with the ``target``: the points that win a game of the rule set it
    plays (``played`` for an id of its lineage, else the bundled rule set it names) before any step
    changes it; null when no rule file is known for it."""
    targets: dict[str | None, int | None] = {}
    result = []
    for case in cases:
        named = case["ruleset"]
        if named not in targets:
            if played is not None and named in played.lineage:
                targets[named] = played.target
            else:
                try:
                    targets[named] = load_ruleset(named).target if named else None
                except (FileNotFoundError, RulesetError):
                    targets[named] = None
        result.append({**case, "setup": {**case["setup"], "target": targets[named]}})
    return result


@cache
def _feature_cases(path: Path, feature: str | None = None) -> tuple[dict[str, Any], ...]:
    """The cases of one feature file, named ``feature`` (default: relative to features/)."""
    carried = feature is not None
    feature = feature if feature is not None else path.relative_to(FEATURES_DIR).as_posix()
    try:
        document = {**parsed_feature(read_regular(path).decode("utf-8")), "uri": feature}  # the parse is shared: not changed
    except Exception as problem:  # the Gherkin parser's CompositeParserException and its kin
        raise CasesError(f"{'' if carried else 'features/'}{feature} cannot be read: {problem}") from None
    lines = _lines(document)
    outline_rows = {row.id: row for scenario, _ in parsed_scenarios(document) for row in example_rows(scenario)}
    place = feature if carried else None
    return tuple(_case(pickle, feature, lines, outline_rows, place) for pickle in Compiler().compile(document))


def export_cases(ruleset: str | None = None) -> dict[str, Any]:
    """Every bundled scenario as a case: ``{"format": 1, "ruleset": ruleset, "cases": [case…]}``.

    ``ruleset``: None for every folder; else a rule set id or rule file, as ``truco conform
    --ruleset`` takes it: the cases of its scenario folder (a variant's parent's), the
    ``desacordos`` rows that play that folder's rule set, and the scenarios its rule files carry
    (``features:``, each named by its path as given). Raises ``FileNotFoundError`` (unknown rule
    set), ``RulesetError`` (malformed rule file), ``SelectionError`` (no scenarios for it),
    ``CasesError`` (a feature file or step the export cannot describe).
    """
    folder, carried, loaded = None, (), None
    if ruleset is not None:
        from truco_dsl.conformance.suite.selection import resolve_ruleset

        folder, loaded = resolve_ruleset(ruleset)
        carried = loaded.features
    cases = []
    if ruleset is None or folder is not None:
        for path in sorted(FEATURES_DIR.glob("*/**/*.feature")):
            for case in _feature_cases(path):
                where = case["feature"].split("/", 1)[0]
                if folder is None or where == folder or (where == "desacordos" and case["ruleset"] == folder):
                    cases.append(case)
    taken = {case["id"] for case in cases}
    for path in carried:  # checked as they loaded (rules.features), but for an id a bundled scenario has too
        own = _feature_cases(Path(path), shown(path))
        for case in own:
            if case["id"] in taken:
                raise CasesError(f"{case['feature']}:{case['line']}: scenario {case['name']!r}: @id:{case['id']} is a "
                                 f"bundled scenario's id too; give it one of its own")
        cases += own
    return {"format": FORMAT, "ruleset": ruleset, "cases": _with_targets(cases, loaded)}


def step_names() -> list[str]:
    """Every ``step`` name a structured form can have, sorted (what the schema's enum lists): each
    form's export applied to placeholder groups (a number for an int group, else ``"1:1"``)."""
    names = set()
    for form in VOCABULARY:
        sample = {name: (1 if form.converters.get(name) is int else "1:1") for name in form.parser.regex.groupindex}
        sample.setdefault("vira", "4c")
        names.update(item["step"] for item in form.export(sample, [["seat", "cards"], ["0", "4c"]]))
    return sorted(names)
