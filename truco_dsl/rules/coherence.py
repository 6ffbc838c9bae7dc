"""Coherence of a variant with what it inherits: warnings, not errors.

A variant that loads and plays may still not play as its author meant: a clause it inherits may
hold a number that followed from a parameter the variant changed (the mão de onze at 11 when the
game now goes to 24; a stake of 3 that is not on the new ladder), a cite may quote a value that is
no longer true, a clause may never fire any more, or a dropped clause may be needed by others.
``check(variant, parent, uses)`` finds these; each ``Incoherence`` has a stable ``code`` (the
README lists them), the place of what to look at (the inherited clause's literal in the file that
wrote it, or the variant's key), a message with the numbers involved, and a hint.

The codes:

- ``follows-target``: an inherited clause compares a score with, or counts from, the parent's target
  or one point short of it (``sole_team_at(11)`` under a parent played to 12), or the inherited
  ``game.mao_de_onze_at`` is, and the variant's target differs;
- ``off-ladder``: an inherited stake, award or comparison with a stake uses a step of the parent's
  ladder that is not on the variant's;
- ``cite-changed-value``: an inherited cite quotes a number the variant changed (the old target, a
  step no longer on the ladder, the old hand size);
- ``never-fires``: an inherited clause reads a flag no clause sets, or an infraction the variant
  no longer lists, or its ``when:`` is a constant false;
- ``dropped-dependency``: a dropped clause set a flag that a clause still played reads;
- ``unanswered``: a dropped clause was the only one that answered a response or a decision (a
  fold, ``response == "fold"``): that answer now changes nothing but the turn;
- ``ladder-above-target``: a hand can be worth more than the whole game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from truco_dsl.diagnostics import Problem, YamlFile, YamlPath, excerpt, writes
from truco_dsl.lang.checker import StringUse
from truco_dsl.lang.vocabulary import FLAG_SETTERS
from truco_dsl.rules.model import Clause, RuleSet

#: Paths and builtins whose number is a score (so may follow from the target).
_SCORE_CONTEXTS = {"sole_team_at", "all_teams_at", "score[…]", "game.target"}
#: Paths and builtins whose number is a stake or points won (so should be a step of the ladder).
_STAKE_CONTEXTS = {"set_stake", "award", "hand.stake", "raise.before", "raise.to", "points.value"}
#: The Portuguese words a cite may write a small number with (the regulations name raises so).
_WORDS = {1: "um", 2: "dois", 3: "três", 4: "quatro", 6: "seis", 8: "oito", 9: "nove", 10: "dez",
          11: "onze", 12: "doze", 15: "quinze", 24: "vinte e quatro"}


@dataclass(frozen=True)
class Incoherence:
    """One coherence warning: its stable ``code``, the ``problem`` (place, message, the line) and a
    ``hint`` saying what to change."""

    code: str
    problem: Problem
    hint: str

    def render(self) -> str:
        """``file:line:col: warning [code]: message``, the line with a caret, the YAML path, the hint."""
        problem = self.problem
        return (f"{problem.place}: warning [{self.code}]: {problem.message}" + excerpt(problem.line_text, problem.place.column)
                + (f"\n    (at {problem.place.path})" if problem.place.path else "") + f"\n    hint: {self.hint}")


#: What the loader keeps of each clause's literals: (the clause, the YAML path of its when/then, the use)
Use = tuple[Clause, YamlPath, StringUse]


def check(variant: RuleSet, parent: RuleSet | None, uses: Iterable[Use], written: Path,
          parameter_cites: Iterable[tuple[str, YamlPath, str]] = ()) -> tuple[Incoherence, ...]:
    """The coherence warnings of ``variant`` (loaded from ``written``) against ``parent`` (None:
    no parent, only the checks of the variant alone). ``uses``: the literals of every clause of
    the chain, as the loader recorded them; ``parameter_cites``: the cites of the parameters it
    plays, each as (the file that wrote it, its YAML path, the quote). Raises nothing."""
    files: dict[str, YamlFile] = {}

    def read(file: str) -> YamlFile:
        if file not in files:
            files[file] = YamlFile.read(file, "rule file")
        return files[file]

    def at(file: str, path: YamlPath, message: str, code: str, hint: str, offset: tuple[int, int] | None = None,
           at_key: bool = False) -> Incoherence:
        return Incoherence(code, read(file).problem(path, message, at_key=at_key, offset=offset), hint)

    mine = str(written.resolve())
    playing = {id(clause) for clause in variant.clauses}
    uses = [use for use in uses if id(use[0]) in playing]
    inherited = [use for use in uses if str(Path(use[0].place.file).resolve()) != mine]
    found: list[Incoherence] = []
    document = read(mine).document if isinstance(read(mine).document, dict) else {}

    if parent is not None:
        found += _follows_target(variant, parent, inherited, at, mine, document)
        found += _off_ladder(variant, parent, inherited, at)
        found += _cites(variant, parent, mine, at, parameter_cites)
        found += _dropped(variant, parent, uses, mine, document, at)
    found += _never_fires(variant, uses, mine, at)
    found += _out_of_reach(variant, document, mine, at)
    if variant.ladder[-1] > variant.target and (writes(document, ("stakes", "ladder")) or writes(document, ("game", "target"))):
        path = ("stakes", "ladder") if writes(document, ("stakes", "ladder")) else ("game", "target")
        found.append(at(mine, path, f"the ladder's top, {variant.ladder[-1]} points, is more than the game's target, "
                                    f"{variant.target}: one hand can be worth more than the whole game", "ladder-above-target",
                        "end the ladder at or below game.target, or raise the target"))
    return tuple(sorted(found, key=lambda warning: (warning.problem.place.file != mine, warning.problem.place.file,
                                                    warning.problem.place.line, warning.problem.place.column)))


def _follows_target(variant: RuleSet, parent: RuleSet, inherited: list[Use], at, mine: str,
                    document: dict) -> list[Incoherence]:
    if variant.target == parent.target:
        return []
    found = []
    at_score = variant.mao_de_onze_at
    if (at_score is not None and at_score == parent.mao_de_onze_at and at_score in (parent.target, parent.target - 1)
            and not writes(document, ("game", "mao_de_onze_at")) and writes(document, ("game", "target"))):
        readers = _mao_de_onze_readers(variant)
        if readers:
            found.append(at(mine, ("game", "target"),
                            f"this rule set plays to {variant.target}, but game.mao_de_onze_at stays {at_score}, one point "
                            f"short of {parent.id}'s target ({parent.target}): {', '.join(readers[:3])}"
                            f"{' …' if len(readers) > 3 else ''} play the mão de onze at {at_score}", "follows-target",
                            f"set game.mao_de_onze_at: {variant.target - 1} under game: (or keep {at_score} and note why)"))
    for clause, path, use in inherited:
        if use.kind != "number" or use.context not in _SCORE_CONTEXTS or use.value not in (parent.target, parent.target - 1):
            continue
        relation = f"{parent.id}'s game.target" if use.value == parent.target else f"one point short of {parent.id}'s game.target"
        found.append(at(clause.place.file, path,
                        f"{use.value} in inherited clause {clause.id} is {relation} ({parent.target}); this rule set plays "
                        f"to {variant.target}", "follows-target",
                        f"override {clause.id} with the number for a game to {variant.target}"
                        + (f" ({variant.target - 1})" if use.value == parent.target - 1 else ""),
                        offset=(use.line, use.column)))
    return found


def _off_ladder(variant: RuleSet, parent: RuleSet, inherited: list[Use], at) -> list[Incoherence]:
    if variant.ladder == parent.ladder:
        return []
    found = []
    ladder = ", ".join(map(str, variant.ladder))
    for clause, path, use in inherited:
        if (use.kind != "number" or use.context not in _STAKE_CONTEXTS or use.value in variant.ladder
                or use.value not in parent.ladder):
            continue
        found.append(at(clause.place.file, path,
                        f"{use.value} in inherited clause {clause.id} ({use.context}) is a step of {parent.id}'s ladder, "
                        f"not of this rule set's ({ladder})", "off-ladder",
                        f"override {clause.id} with a value on the ladder, or add {use.value} to stakes.ladder",
                        offset=(use.line, use.column)))
    return found


def _changed_numbers(variant: RuleSet, parent: RuleSet) -> dict[int, tuple[str, str]]:
    """The numbers a cite of the parent could state that are no longer true: number -> (the
    parameter, the words after it that make it that parameter's: points for a stake or a target,
    cards for a hand)."""
    changed: dict[int, tuple[str, str]] = {}
    for step in parent.ladder:
        if step not in variant.ladder:
            changed[step] = ("stakes.ladder", "pontos?|tentos?")
    if variant.hand_size != parent.hand_size:
        changed[parent.hand_size] = ("deal.cards", "cartas?")
    if variant.target != parent.target:
        changed[parent.target] = ("game.target", "pontos?|tentos?")
    if parent.mao_de_onze_at is not None and variant.mao_de_onze_at != parent.mao_de_onze_at:
        changed.setdefault(parent.mao_de_onze_at, ("game.mao_de_onze_at", "pontos?|tentos?"))
    return changed


#: The raises the regulations name by the stake they ask for: a cite that says "pedir Seis" states a step.
_RAISE_NAMES = {6: "seis", 9: "nove", 12: "doze"}


def _cites(variant: RuleSet, parent: RuleSet, mine: str, at,
           parameter_cites: Iterable[tuple[str, YamlPath, str]] = ()) -> list[Incoherence]:
    changed = _changed_numbers(variant, parent)
    if not changed:
        return []
    found = []
    patterns = {}
    for number, (parameter, units) in changed.items():
        said = rf"(?<![\w.,]){number}(?![\d\w])" + (rf"|\b{_WORDS[number]}\b" if number in _WORDS else "")
        raised = rf"|\bpedir\s+{_RAISE_NAMES[number]}\b|\b{_RAISE_NAMES[number]}\s+e\b" if parameter == "stakes.ladder" and number in _RAISE_NAMES else ""
        patterns[number] = re.compile(rf"(?:{said})(?:\s*\({number}\))?\s+(?:{units})\b{raised}", re.IGNORECASE)
    for clause in variant.clauses:
        if str(Path(clause.place.file).resolve()) == mine or not clause.cite:
            continue
        for number, pattern in patterns.items():
            quoted = pattern.search(clause.cite)
            if quoted:
                parameter = changed[number][0]
                what = f"a step of {parent.id}'s stakes.ladder" if parameter == "stakes.ladder" else f"{parent.id}'s {parameter}"
                found.append(at(clause.place.file, (*_clause_path(clause), "cite"),
                                f'the cite of inherited clause {clause.id} says "{quoted.group(0)}", {what}, which this '
                                f"rule set changes ({number} → {_now(variant, parameter)})",
                                "cite-changed-value",
                                f"override {clause.id} with the rule as this rule set plays it, or note why the quote still holds"))
                break
    for file, path, quote in parameter_cites:
        if str(Path(file).resolve()) == mine:
            continue
        group = ".".join(path[:-2])
        for number, pattern in patterns.items():
            quoted = pattern.search(quote)
            parameter = changed[number][0]
            if quoted and parameter.startswith(f"{group}."):  # a quote of the group's own value that changed
                what = f"a step of {parent.id}'s stakes.ladder" if parameter == "stakes.ladder" else f"{parent.id}'s {parameter}"
                found.append(at(file, path, f'the inherited cite {path[-1]} of {group} says "{quoted.group(0)}", {what}, '
                                            f"which this rule set changes ({number} → {_now(variant, parameter)})",
                                "cite-changed-value",
                                f"write {group}.cites in this rule file, citing what its values come from (a house rule "
                                f"of its own, say), or note why the quote still holds"))
                break
    return found


def _now(variant: RuleSet, parameter: str) -> str:
    return {"stakes.ladder": ", ".join(map(str, variant.ladder)), "deal.cards": str(variant.hand_size),
            "game.target": str(variant.target), "game.mao_de_onze_at": str(variant.mao_de_onze_at)}[parameter]


def _mao_de_onze_readers(variant: RuleSet) -> list[str]:
    """The ids of the clauses that read ``game.mao_de_onze_at``."""
    return [clause.id for clause in variant.clauses if "game.mao_de_onze_at" in clause.reads]


def _out_of_reach(variant: RuleSet, document: dict, mine: str, at) -> list[Incoherence]:
    """The clauses that read game.mao_de_onze_at when it is not below the target: a side that
    reaches it has won, so they never fire."""
    if variant.mao_de_onze_at is None or variant.mao_de_onze_at < variant.target:
        return []
    readers = _mao_de_onze_readers(variant)
    if not readers:
        return []
    path = next((path for path in (("game", "target"), ("game", "mao_de_onze_at")) if writes(document, path)), ("ruleset",))
    return [at(mine, path, f"game.mao_de_onze_at is {variant.mao_de_onze_at} points, not below game.target "
                           f"({variant.target}): a side that reaches it has won the game, so {', '.join(readers[:3])}"
                           f"{' …' if len(readers) > 3 else ''} never fire", "never-fires",
               f"set game.mao_de_onze_at below the target ({variant.target - 1}, say), or drop those clauses if the "
               f"game has no mão de onze")]


def _never_fires(variant: RuleSet, uses: list[Use], mine: str, at) -> list[Incoherence]:
    found = []
    flags_set = {(use.kind, use.value) for _, _, use in uses if use.kind in FLAG_SETTERS.values()}
    for clause, path, use in uses:
        if str(Path(clause.place.file).resolve()) == mine:
            continue  # the variant's own: errors, reported by the loader
        setter = FLAG_SETTERS.get(use.kind)
        if setter and (setter, use.value) not in flags_set:
            found.append(at(clause.place.file, path, f'inherited clause {clause.id} reads {use.kind}("{use.value}"), which no '
                                                     f"clause of this rule set sets any more: it never holds", "never-fires",
                            f'drop {clause.id}, or keep a clause that calls {setter}("{use.value}")', offset=(use.line, use.column)))
        if use.kind == "infraction" and use.value not in variant.infractions:
            found.append(at(clause.place.file, path, f'inherited clause {clause.id} answers the infraction "{use.value}", which '
                                                     f"referee.infractions no longer lists: it never fires", "never-fires",
                            f"drop {clause.id}, or list {use.value} under referee.infractions", offset=(use.line, use.column)))
    for clause in variant.clauses:
        if clause.when is not None and not clause.when.reads and not clause.when.builtins and clause.when.source.strip() == "false":
            found.append(at(clause.place.file, (*_clause_path(clause), "when"), f"clause {clause.id}'s when: is always false: "
                                                                                f"it never fires", "never-fires",
                            f"drop {clause.id} instead of disabling it"))
    return found


def _dropped(variant: RuleSet, parent: RuleSet, uses: list[Use], mine: str, document: dict, at) -> list[Incoherence]:
    present = {clause.id for clause in variant.clauses}
    read_flags: dict[tuple[str, str], list[str]] = {}
    for clause, _, use in uses:
        if use.kind in FLAG_SETTERS and clause.id not in read_flags.setdefault((use.kind, str(use.value)), []):
            read_flags[(use.kind, str(use.value))].append(clause.id)
    drops = document.get("drop", []) if isinstance(document.get("drop"), list) else []
    answered = {(clause.hook, kind, value) for clause in variant.clauses for kind, value in _answers(clause)}
    found = []
    for clause in parent.clauses:
        if clause.id in present or clause.id not in drops:
            continue
        for kind, value in _answers(clause):
            if (clause.hook, kind, value) not in answered:
                found.append(at(mine, ("drop", drops.index(clause.id)),
                                f'dropping {clause.id} leaves no clause at {clause.hook} answering {kind} == "{value}": '
                                f"that answer now changes nothing", "unanswered",
                                f'keep {clause.id}, or write a clause at {clause.hook} for {kind} == "{value}"'))
        for name in _flags_set_by(clause):
            readers = ", ".join(read_flags.get(name, []))
            if readers:
                found.append(at(mine, ("drop", drops.index(clause.id)),
                                f"dropping {clause.id} leaves {readers} reading {name[0]}(\"{name[1]}\"), which only "
                                f"{clause.id} set", "dropped-dependency", f"drop {readers} too, or keep {clause.id}"))
    return found


def _answers(clause: Clause) -> list[tuple[str, str]]:
    """The responses and decisions ``clause``'s ``when:`` reads: ``("response", "fold")``."""
    return [(use.kind, str(use.value)) for use in (clause.when.strings if clause.when else ())
            if use.kind in ("response", "decision")]


def _flags_set_by(clause: Clause) -> list[tuple[str, str]]:
    """The flags ``clause`` sets, as the reader's (kind, name): ``("game_flag", "time_limit")``."""
    readers = {setter: reader for reader, setter in FLAG_SETTERS.items()}
    return [(readers[use.kind], str(use.value))
            for use in (clause.then.strings if clause.then else ()) if use.kind in FLAG_SETTERS.values()]


def _clause_path(clause: Clause) -> YamlPath:
    index = clause.place.path.removeprefix("clauses[").removesuffix("]")
    return ("clauses", int(index)) if index.isdigit() else ()
