"""The rule language's types: every expression is type-checked when its file is loaded, and a
mistake is an ``ExpressionError`` at the offending node (column 1-based), which the loader shows
as file:line:col with a caret. The vocabulary gives a type to every root, field and builtin."""

from __future__ import annotations

import pytest

from truco_dsl.cli import main
from truco_dsl.errors import ExpressionError
from truco_dsl.lang import BUILTINS, HOOKS, ROOTS, compile_condition, compile_statements
from truco_dsl.lang.vocabulary import NOTHING, Type


@pytest.mark.parametrize("text, hook, message, column", [
    ('trick.number + "a" == 1', "trick_end", "the right side of `+` must be a number, and this is a string", 16),
    ('action.card == 3', "play", "a card is never equal to a number", 1),
    ('response == "acept"', "respond", '"acept" is not a response (did you mean accept?); responses are accept, fold, raise', 13),
    ('decision == "play" or decision == "flod"', "mao_de_onze", '"flod" is not a decision (did you mean fold?)', 35),
    ("opponents(actor) == team", "respond", "opponents() takes a team, and this is a seat", 11),
    ("actor == team", "respond", "a seat and a team are different numbers", 1),
    ("hand.dealer < team", "respond", "a seat and a team are different numbers", 1),
    ("hand.raised_by", "respond", "a `when:` must be true or false, and this is a team or none", 1),
    ("3", "deal", "a `when:` must be true or false, and this is a number", 1),
    ("trick.tied and hand.stake", "trick_end", "each side of `and` must be true or false, and this is a number", 16),
    ("not players", "deal", "what `not` negates must be true or false", 5),
    ("trick.tied + 1 == 2", "trick_end", "the left side of `+` must be a number, and this is a flag", 1),
    ("trick.number == none", "trick_end", "a number is never none, so this comparison always gives the same answer", 1),
    ("none < hand.stake", "deal", "`<` orders numbers; none is not one", 1),
    ("tricks[0].tied", "trick_end", "vazas are numbered from 1: tricks[0] is no vaza", 8),
    ("hand.stake / 0 == 1", "deal", "a division by 0 (`/ 0`) has no value", 14),
    ("hand.stake % 0 == 1", "deal", "a division by 0 (`% 0`) has no value", 14),
    ("score[actor] > 3", "play", "score[…] is indexed by a team, and this is a seat", 7),
    ("tricks[trick.tied].tied", "trick_end", "tricks[…] is indexed by a number, and this is a flag", 8),
    ('hand_flag(action.card)', "play", "hand_flag() takes a string, and this is a card", 11),
])
def test_a_when_with_a_type_error_is_refused_at_the_node(text, hook, message, column):
    with pytest.raises(ExpressionError) as caught:
        compile_condition(text, hook)
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (1, column)


@pytest.mark.parametrize("text, hook, message, column", [
    ("award(none, 3)", "respond", "award() takes a team as its first argument, and this is none", 7),
    ("award(team, -2)", "respond", "award() of -2: points cannot be negative", 13),
    ("set_stake(-1)", "deal", "set_stake() of -1: a stake cannot be negative", 11),
    ("lead(team)", "respond", "lead() takes a seat, and this is a team", 6),
    ("win_hand(actor)", "respond", "win_hand() takes a team, and this is a seat", 10),
    ("award(0, trick.tied)", "after_trick", "award() takes a number as its second argument, and this is a flag", 10),
    ('award(team, "3")', "respond", "award() takes a number as its second argument, and this is a string", 13),
    ('flag_hand(hand.stake)', "deal", "flag_hand() takes a string, and this is a number", 11),
])
def test_a_then_with_a_type_error_is_refused_at_the_argument(text, hook, message, column):
    with pytest.raises(ExpressionError) as caught:
        compile_statements(text, hook)
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (1, column)


@pytest.mark.parametrize("text, hook", [
    ("hand.raised_by == none or hand.raised_by == team", "respond"),   # a team or none equals a team
    ("hand.raised_by < 1", "respond"),                                  # ordering a value that may be none: false when none
    ("(hand.dealer + 1) % players == actor", "play"),                   # arithmetic on seats gives a number; a number fits a seat
    ('action.card == "4c" and not action.covered', "play"),
    ('response == "accept"', "respond"),
    ("wins(trick.winner) == 2", "after_trick"),                         # wins() takes a team or none
    ("sole_team_at(11) != none", "deal"),
])
def test_well_typed_conditions_compile(text, hook):
    assert compile_condition(text, hook).source == text


def test_the_vocabulary_types_every_root_field_and_builtin():
    for name, root in ROOTS.items():
        fields = root.fields or root.item_fields
        assert isinstance(root.type, Type) or fields, name  # a plain value has a type; a record has typed fields
        assert all(isinstance(field.type, Type) for field in (fields or {}).values()), name
        assert not root.indexed or isinstance(root.index, Type), name
    for name, builtin in BUILTINS.items():
        assert len(builtin.arguments) == builtin.arity, name
        assert all(isinstance(argument, Type) for argument in builtin.arguments), name
        assert (builtin.result is NOTHING) == builtin.effect, name  # a query answers something, an effect nothing


def variant(tmp_path, hook: str, when: str, then: str = "end_hand()") -> str:
    path = tmp_path / "casa.yaml"
    path.write_text("ruleset: casa\ntitle: Casa\nextends: atb-2004\nclauses:\n  - id: ATB-EMPATE-3\n"
                    f"    cite: Jogada empatada na 3ª vaza\n    on: {hook}\n    when: {when}\n    then: {then}\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("when, message, column", [
    ('infraction == "talkng"', '"talkng" is no infraction of this rule set (did you mean talking?); referee.infractions lists: misdeal', 25),
    ('count_infractions(team, "talkin") > 0', '"talkin" is no infraction of this rule set (did you mean talking?)', 35),
    ('hand_flag("nope")', 'hand_flag("nope") reads a flag that no clause sets with flag_hand("nope")', 21),
    ("actor == 6", "seat 6 does not exist at any table this rule set allows (2, 4, 6 players: seats 0 to 5)", 20),
    ("team == 2 or actor == -1", "team 2 does not exist: this rule set has 2 teams, 0 to 1", 19),
    ("may_raise(7)", "seat 7 does not exist at any table", 21),
    ("tricks[9].tied", "tricks[9] is no vaza: a hand has 3 (deal.cards), numbered from 1", 18),
])
def test_strings_only_the_rule_set_knows_are_checked_against_it(when, message, column, tmp_path, capsys):
    assert main(["validate", variant(tmp_path, "infraction", when)]) == 2
    err = capsys.readouterr().err
    assert f"casa.yaml:8:{column}: {message}" in err, err


@pytest.mark.parametrize("when, message, column", [
    ('action.card == "8c"', '"8c" is not a card: unknown rank \'8\'', 26),
    ('action.card != "4x"', '"4x" is not a card: unknown suit', 26),
])
def test_a_card_written_in_a_clause_must_be_a_card(when, message, column, tmp_path, capsys):
    assert main(["validate", variant(tmp_path, "play", when)]) == 2
    err = capsys.readouterr().err
    assert f"casa.yaml:8:{column}: {message}" in err, err


def test_a_clause_awards_or_stakes_at_most_the_largest_target(tmp_path, capsys):
    assert main(["validate", variant(tmp_path, "raise", "true", "award(team, 99999999999999999999); set_stake(101)")]) == 2
    err = capsys.readouterr().err
    assert "casa.yaml:9:23: award() of 99999999999999999999 points: a clause gives at most 100 (the largest target)" in err
    assert "casa.yaml:9:56: set_stake() of 101 points: a clause gives at most 100" in err


def test_a_card_written_in_a_clause_must_be_in_the_deck(tmp_path, capsys):
    path = tmp_path / "limpo.yaml"
    path.write_text("ruleset: limpo\ntitle: Limpo\nextends: baralho-limpo\nclauses:\n  - id: ATB-EMPATE-3\n"
                    "    cite: Jogada empatada na 3ª vaza\n    on: play\n    when: action.card == \"4c\"\n    then: end_hand()\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert "limpo.yaml:8:26: \"4c\" is not in this rule set's deck (deck.ranks: Q J K A 2 3; deck.suits: c h s d)" in capsys.readouterr().err


def test_a_type_error_in_a_rule_file_is_shown_at_its_line_and_column(tmp_path, capsys):
    assert main(["validate", variant(tmp_path, "respond", 'response == "acept"')]) == 2
    err = capsys.readouterr().err
    assert 'casa.yaml:8:23: "acept" is not a response (did you mean accept?)' in err, err
    assert err.splitlines()[2].index("^") == err.splitlines()[1].index('"acept"')


def test_truco_vocabulary_shows_each_name_s_type(capsys):
    assert main(["vocabulary"]) == 0
    out = capsys.readouterr().out
    assert "trick.winner: team or none" in out
    assert "opponents(team) -> team" in out
    assert "award(team, number)" in out
    assert "response: accept, fold, raise" in out
    assert set(HOOKS) <= set(out.replace(",", " ").split())


# ------------------------------------------------------------------------------ refusal codes
def covering(tmp_path, then: str, name: str = "casa", extends: str = "atb-2004", tail: str = "") -> str:
    """A variant whose ATB-NORMAS-11 (no covered card in the first vaza) does ``then``."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"ruleset: {name}\ntitle: Casa\nextends: {extends}\nclauses:\n  - id: ATB-NORMAS-11\n"
                    "    cite: Na primeira vaza não se pode encobrir cartas;\n    on: play\n"
                    f"    when: action.covered and trick.number == 1\n    then: {then}\n{tail}", encoding="utf-8")
    return str(path)


def test_a_refusal_code_no_one_declared_is_refused_with_the_closest(tmp_path, capsys):
    assert main(["validate", covering(tmp_path, 'forbid("covered_in_first_vza")')]) == 2
    err = capsys.readouterr().err
    assert ('casa.yaml:9:18: "covered_in_first_vza" is no refusal code of this rule set (did you mean '
            'covered_in_first_vaza?); declare it with its meaning under reasons:') in err, err


def test_a_refusal_code_is_declared_with_its_meaning_and_inherited(tmp_path, capsys):
    covering(tmp_path, 'forbid("encoberta_na_casa")', tail="reasons:\n  encoberta_na_casa: in this house no card is covered in the first vaza\n")
    child = covering(tmp_path, 'foul("encoberta_na_casa"); award(opponents(team), 1); end_hand()', name="filha", extends="casa")
    assert main(["validate", child]) == 0, capsys.readouterr().err
    from truco_dsl.rules import load_ruleset
    assert load_ruleset(child).reasons["encoberta_na_casa"] == "in this house no card is covered in the first vaza"
    assert load_ruleset(child).reasons["covered_in_first_vaza"]  # atb-2004's, inherited too


def test_the_engine_s_own_codes_need_no_declaration_and_cannot_be_redeclared(tmp_path, capsys):
    path = covering(tmp_path, 'forbid("card_not_in_hand")')
    assert main(["validate", path]) == 0, capsys.readouterr().err
    with open(path, "a", encoding="utf-8") as written:
        written.write("reasons:\n  not_your_turn: mine\n")
    assert main(["validate", path]) == 2
    err = capsys.readouterr().err
    assert "casa.yaml:11:3: not_your_turn is a code the engine gives by itself (it is another seat's turn to play)" in err, err


def test_every_refusal_code_the_engine_gives_is_in_the_vocabulary():
    """The engine's own refusals (``IllegalAction("code", …)`` with a literal code) are the
    vocabulary's REASONS, no more and no fewer: the list truco vocabulary prints is the contract."""
    import ast
    from pathlib import Path
    import truco_dsl.engine
    from truco_dsl.lang.vocabulary import REASONS
    given = set()
    for source in Path(truco_dsl.engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                code = node.args[0]
                given |= {part.value for part in ast.walk(code) if isinstance(part, ast.Constant) and isinstance(part.value, str)}
    assert given == set(REASONS)


def test_truco_vocabulary_lists_the_engine_s_refusal_codes(capsys):
    from truco_dsl.lang.vocabulary import REASONS
    assert main(["vocabulary"]) == 0
    out = capsys.readouterr().out
    assert "guard   forbid(reason)" in out
    for code, meaning in REASONS.items():
        assert f"{code:<22} {meaning}" in out


@pytest.mark.parametrize("when, then, refused", [
    ("trick.tied", "win_hand(trick.winner)", "win_hand() takes a team, and this may be none (a team or none); "
                                              "say when it is not: `trick.winner != none and …` in the when:"),
    ("trick.winner != none", "win_hand(trick.winner)", None),  # the when: says it is not none
    ("not trick.tied and trick.winner != none", "lead(trick.winner_seat)", "lead() takes a seat, and this may be none"),
    ("trick.winner != none or trick.tied", "win_hand(trick.winner)", "win_hand() takes a team, and this may be none"),
])
def test_a_value_that_may_be_none_is_given_where_none_is_not_only_when_the_when_says_it_is_not(when, then, refused):
    condition = compile_condition(when, "after_trick")
    if refused is None:
        assert compile_statements(then, "after_trick", condition.facts).source == then
        return
    with pytest.raises(ExpressionError) as caught:
        compile_statements(then, "after_trick", condition.facts)
    assert refused in caught.value.message


def test_within_a_when_what_the_left_of_an_and_says_holds_on_its_right():
    assert compile_condition("trick.winner != none and opponents(trick.winner) == 0", "after_trick").facts == {"trick.winner"}
    with pytest.raises(ExpressionError) as caught:
        compile_condition("opponents(trick.winner) == 0 and trick.winner != none", "after_trick")
    assert "opponents() takes a team, and this may be none" in caught.value.message
