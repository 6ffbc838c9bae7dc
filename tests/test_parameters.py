"""The interpreter holds no regulation: change a rule file and play follows the file.

Each test writes a small variant of atb-2004 that changes one parameter or clause, plays the same
forced deal under atb-2004 and under the variant, and shows the outcome moves as the file says.
A last test reads the engine's source for regulation constants written into the code.
"""

from __future__ import annotations

import io
import re
import textwrap
import tokenize
from pathlib import Path

import pytest

import truco_dsl.engine
from truco_dsl.cards import Card
from truco_dsl.engine import Engine
from truco_dsl.errors import BadDeal, IllegalAction, RulesetError
from truco_dsl.rules import RuleSet, load_ruleset

ATB = "atb-2004"


@pytest.fixture
def variant(tmp_path):
    """``variant(name, body)`` writes ``<name>.yaml`` (ruleset: name, extends: atb-2004, then body)
    and returns the loaded RuleSet."""

    def write(name: str, body: str) -> RuleSet:
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"ruleset: {name}\ntitle: test variant {name}\nextends: {ATB}\n" + textwrap.dedent(body), encoding="utf-8")
        return load_ruleset(path)

    return write


def play(ruleset, hands, vira, actions, players=2, **options):
    """Deal ``hands`` (seat 1 deals, so seat 0 leads), take ``actions`` (seat, action) in order;
    return the engine and every event."""
    engine = Engine(ruleset, players=players, seed=0, **options)
    events = engine.deal(hands=hands, vira=vira)
    for seat, action in actions:
        events += engine.act(seat, action)
    return engine, events


def of_type(events, kind):
    return [event for event in events if event["type"] == kind]


def first_vaza_taken_by(events) -> int:
    (won,) = [event for event in of_type(events, "trick_won") if event["trick"] == 1]
    return won["seat"]


# ----------------------------------------------------------------------------------- stakes.ladder
def test_the_ladder_decides_what_truco_makes_the_hand_worth(variant):
    short = variant("short-ladder", "stakes:\n  ladder: [1, 2, 4]\n")
    hands, vira = [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "6d"
    actions = [(0, "truco"), (1, "accept"), (0, "play:3c"), (1, "play:Ah"), (0, "play:2c"), (1, "play:Jh")]
    for ruleset, worth in ((ATB, 3), (short, 2)):
        engine, events = play(ruleset, hands, vira, actions)
        assert of_type(events, "stake_raised")[0]["to"] == worth
        assert of_type(events, "hand_won") == [{"type": "hand_won", "team": 0, "points": worth, "clause": "ATB-ESTRUTURA-3"}]
        assert engine.state()["score"] == [worth, 0]


def test_the_top_of_the_ladder_is_the_files(variant):
    short = variant("short-ladder", "stakes:\n  ladder: [1, 2, 4]\n")
    engine, events = play(short, [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "6d", [(0, "truco"), (1, "truco")])
    assert [event["to"] for event in of_type(events, "stake_raised")] == [2, 4]
    assert engine.legal_actions(0) == ["accept", "fold"]  # 4 is the top: no raise past it
    with pytest.raises(IllegalAction) as refused:
        engine.act(0, "truco")
    assert refused.value.reason == "no_higher_stake"


# ----------------------------------------------------------------------------------- game.target
def test_the_target_decides_when_the_game_ends(variant):
    to_three = variant("to-three", "game:\n  target: 3\n")
    hands, vira = [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "6d"
    actions = [(0, "truco"), (1, "accept"), (0, "play:3c"), (1, "play:Ah"), (0, "play:2c"), (1, "play:Jh")]
    engine, events = play(ATB, hands, vira, actions)
    assert (engine.state()["score"], engine.phase, of_type(events, "game_won")) == ([3, 0], "deal", [])
    engine, events = play(to_three, hands, vira, actions)
    assert engine.state()["score"] == [3, 0]
    assert engine.phase == "game_over" and engine.winner == 0
    assert of_type(events, "game_won")[0]["team"] == 0


def test_one_point_short_of_the_target_is_not_a_win(variant):
    to_four = variant("to-four", "game:\n  target: 4\n")
    engine, events = play(to_four, [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "6d",
                          [(0, "truco"), (1, "accept"), (0, "play:3c"), (1, "play:Ah"), (0, "play:2c"), (1, "play:Jh")])
    assert engine.state()["score"] == [3, 0] and engine.phase == "deal" and not of_type(events, "game_won")


# ----------------------------------------------------------------------------------- deck.manilha.suits
def test_the_manilha_suit_order_is_the_files(variant):
    reversed_suits = variant("ouros-zap", "deck:\n  manilha:\n    suits: [c, h, s, d]\n")
    hands, vira = [["4c", "5h", "6h"], ["4d", "5s", "6s"]], "3s"  # vira 3: the manilhas are the 4s
    actions = [(0, "play:4c"), (1, "play:4d")]
    _, events = play(ATB, hands, vira, actions)
    assert first_vaza_taken_by(events) == 0  # paus is the zap
    engine, events = play(reversed_suits, hands, vira, actions)
    assert first_vaza_taken_by(events) == 1  # now ouros is
    assert engine.state()["hand"]["manilhas"] == ["4d", "4s", "4h", "4c"]


# ----------------------------------------------------------------------------------- deck.ranks
def test_the_card_order_is_the_files(variant):
    four_on_top = variant("four-on-top", "deck:\n  ranks: [5, 6, 7, Q, J, K, A, 2, 3, 4]\n")
    hands, vira = [["3h", "5c", "6c"], ["4h", "5s", "6s"]], "Kd"  # the manilhas are the As
    actions = [(0, "play:3h"), (1, "play:4h")]
    _, events = play(ATB, hands, vira, actions)
    assert first_vaza_taken_by(events) == 0
    _, events = play(four_on_top, hands, vira, actions)
    assert first_vaza_taken_by(events) == 1


def test_the_manilha_is_the_rank_after_the_vira_in_the_files_order(variant):
    four_on_top = variant("four-on-top", "deck:\n  ranks: [5, 6, 7, Q, J, K, A, 2, 3, 4]\n")
    engine, _ = play(four_on_top, [["3h", "5c", "6c"], ["4h", "5s", "6s"]], "3d", [])
    assert engine.state()["hand"]["manilhas"] == ["4c", "4h", "4s", "4d"]  # after 3 comes 4 here
    engine, _ = play(four_on_top, [["3h", "5c", "6c"], ["4h", "7s", "6s"]], "4d", [])
    assert engine.state()["hand"]["manilhas"] == ["5c", "5h", "5s", "5d"]  # and 4 wraps to 5


# ----------------------------------------------------------------------------------- deck.manilha.rule
def test_a_fixed_manilha_rule_makes_the_listed_cards_manilhas_without_a_vira(variant):
    fixed = variant("fixed", "deck:\n  manilha:\n    rule: fixed\n    cards: [5h, 4c]\ndeal:\n  vira: false\n")
    hands = [["4c", "5h", "6h"], ["3s", "3h", "6s"]]
    _, events = play(ATB, hands, "Kd", [(0, "play:4c"), (1, "play:3s")])
    assert first_vaza_taken_by(events) == 1  # a plain 4 is the weakest card
    engine, events = play(fixed, hands, None, [(0, "play:4c"), (1, "play:3s")])
    assert first_vaza_taken_by(events) == 0  # the 4c is a manilha
    assert engine.state()["hand"]["vira"] is None
    assert engine.state()["hand"]["manilhas"] == ["4c", "5h"]
    with pytest.raises(BadDeal, match="turns no vira"):
        Engine(fixed, players=2).deal(hands=hands, vira="Kd")


def test_under_a_fixed_rule_a_turned_vira_changes_nothing(variant):
    fixed_with_vira = variant("fixed-with-vira", "deck:\n  manilha:\n    rule: fixed\n    cards: [5h, 4c]\n")
    hands = [["4c", "5h", "6h"], ["4h", "3h", "6s"]]
    engine, events = play(fixed_with_vira, hands, "3d", [(0, "play:6h"), (1, "play:4h")])  # vira 3 would make 4s manilhas
    assert first_vaza_taken_by(events) == 0  # 4h is still the weakest card
    assert engine.state()["hand"]["manilhas"] == ["4c", "5h"]


def test_the_vira_rule_needs_a_vira_and_the_loader_says_so(tmp_path):
    path = tmp_path / "no-vira.yaml"
    path.write_text("ruleset: no-vira\ntitle: t\nextends: atb-2004\ndeal:\n  vira: false\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="deal.vira is false"):
        load_ruleset(path)


# ----------------------------------------------------------------------------------- table.players, deal.cards
def test_the_player_counts_are_the_files(variant):
    four_only = variant("four-only", "table:\n  players: [4]\n")
    for players in (2, 6):
        Engine(ATB, players=players)  # atb-2004 allows them
        with pytest.raises(ValueError, match="not %d" % players):
            Engine(four_only, players=players)
    assert Engine(four_only, players=4).players == 4


def test_six_players_are_dealt_eighteen_cards_and_a_vira(variant):
    six = variant("six-only", "table:\n  players: [6]\n")
    engine = Engine(six, players=6, seed=5)
    engine.deal()
    hand = engine.state()["hand"]
    cards = [card for seat_cards in hand["hands"].values() for card in seat_cards]
    assert len(hand["hands"]) == 6 and all(len(seat_cards) == 3 for seat_cards in hand["hands"].values())
    assert len(cards) == len(set(cards)) == 18
    assert hand["vira"] not in cards


def test_the_hand_size_is_the_files(variant):
    four_cards = variant("four-cards", "deal:\n  cards: 4\n")
    engine = Engine(four_cards, players=4, seed=2)
    engine.deal()
    assert [len(cards) for cards in engine.state()["hand"]["hands"].values()] == [4, 4, 4, 4]


def test_a_table_the_deck_cannot_serve_is_refused_at_load(tmp_path):
    path = tmp_path / "crowded.yaml"
    path.write_text("ruleset: crowded\ntitle: t\nextends: baralho-limpo\ntable:\n  players: [2, 8]\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="3 cards to each of 8 seats and a vira need 25 cards; this deck has 24"):
        load_ruleset(path)


@pytest.mark.parametrize("body, message", [
    ("game:\n  target: 1000000\n", "game.target is 1000000 points; a game is played to at most 100"),
    ("match:\n  wins: 200\n", "match.wins is 200 games; a match needs at most 10"),
])
def test_a_game_or_match_too_long_to_play_is_refused_at_its_key(tmp_path, body, message):
    """Unbounded, a target of a million points made the proof of play (and any game) run for ever."""
    path = tmp_path / "long.yaml"
    path.write_text("ruleset: long\ntitle: t\nextends: atb-2004\n" + body, encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert refused.value.problems[0].message == message
    assert refused.value.problems[0].place.line == 5


def test_the_longest_game_allowed_loads_and_plays(variant):
    from truco_dsl.engine.proof import prove
    assert prove(variant("cem", "game:\n  target: 100\nmatch:\n  wins: 10\n")) == 12


# ----------------------------------------------------------------------------------- a tie clause
TIED_THIRD = ([["3c", "4c", "Kc"], ["2c", "5c", "Kh"]], "7d")  # vaza 1 to team 0, vaza 2 to team 1, vaza 3 tied
TIED_THIRD_PLAY = [(0, "play:3c"), (1, "play:2c"), (0, "play:4c"), (1, "play:5c"), (1, "play:Kh"), (0, "play:Kc")]


def test_a_tie_clause_rewritten_gives_the_hand_to_the_other_team(variant):
    second_decides = variant("second-decides", """\
        clauses:
          - id: ATB-EMPATE-3
            cite: Jogada empatada na 3ª vaza, vence a equipe que ganhou a 1ª vaza
            note: test variant, the 2nd vaza decides instead of the 1st
            on: after_trick
            when: trick.number == 3 and trick.tied and not tricks[2].tied and tricks[2].winner != none
            then: win_hand(tricks[2].winner)
        """)
    engine, events = play(ATB, *TIED_THIRD, TIED_THIRD_PLAY)
    assert of_type(events, "trick_tied")[0]["trick"] == 3
    assert [(event["team"], event["clause"]) for event in of_type(events, "hand_won")] == [(0, "ATB-EMPATE-3")]
    assert engine.state()["score"] == [1, 0]
    engine, events = play(second_decides, *TIED_THIRD, TIED_THIRD_PLAY)
    assert [(event["team"], event["clause"]) for event in of_type(events, "hand_won")] == [(1, "ATB-EMPATE-3")]
    assert engine.state()["score"] == [0, 1]
    # the override keeps the clause's place among the others
    assert [clause.id for clause in second_decides.clauses] == [clause.id for clause in load_ruleset(ATB).clauses]


# ----------------------------------------------------------------------------------- a fold value
def test_what_a_fold_is_worth_is_the_files(variant):
    fold_pays_the_raise = variant("fold-pays-more", """\
        clauses:
          - id: ATB-TRUCO-2.fold
            cite: pode fugir, interrompendo a rodada e perdendo 1 ponto
            note: test variant, a fold pays what was asked
            on: respond
            when: response == "fold" and raise.to != none
            then: award(raise.team, raise.to); end_hand()
        """)
    hands, vira, actions = [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "6d", [(0, "truco"), (1, "fold")]
    for ruleset, paid in ((ATB, 1), (fold_pays_the_raise, 3)):
        engine, events = play(ruleset, hands, vira, actions)
        assert [(event["team"], event["points"]) for event in of_type(events, "points_awarded")] == [(0, paid)]
        assert engine.state()["score"] == [paid, 0] and engine.state()["hand"]["over"]


# ----------------------------------------------------------------------------------- drop:
def test_a_dropped_clause_no_longer_applies(variant):
    covering_allowed = variant("cover-anytime", "drop: [ATB-NORMAS-11]\n")
    assert "ATB-NORMAS-11" not in [clause.id for clause in covering_allowed.clauses]
    hands, vira = [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "6d"
    engine, _ = play(ATB, hands, vira, [])
    assert "play_covered:Kc" not in engine.legal_actions(0)
    with pytest.raises(IllegalAction, match="ATB-NORMAS-11"):
        engine.act(0, "play_covered:Kc")
    engine, _ = play(covering_allowed, hands, vira, [])
    assert "play_covered:Kc" in engine.legal_actions(0)
    events = engine.act(0, "play_covered:Kc")
    assert events == [{"type": "card_played", "seat": 0, "card": "Kc", "covered": True, "trick": 1, "clause": "structural"}]


def test_dropping_the_mao_de_onze_clauses_plays_11_as_any_score(variant):
    no_mao_de_onze = variant("no-mao-de-onze", "drop: [ATB-MAO-DE-11-1, ATB-MAO-DE-11-1.both]\n")
    hands, vira = [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "6d"
    engine, _ = play(ATB, hands, vira, [], scores=[11, 0])
    assert engine.state()["hand"]["mao_de_onze"] and engine.state()["hand"]["stake"] == 3
    engine, _ = play(no_mao_de_onze, hands, vira, [], scores=[11, 0])
    assert not engine.state()["hand"]["mao_de_onze"] and engine.state()["hand"]["stake"] == 1
    assert "truco" in engine.legal_actions(0)


def test_dropping_a_clause_nobody_inherited_is_an_error(tmp_path):
    path = tmp_path / "drop-nothing.yaml"
    path.write_text("ruleset: drop-nothing\ntitle: t\nextends: atb-2004\ndrop: [ATB-NORMAS-12]\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="cannot drop ATB-NORMAS-12"):
        load_ruleset(path)


# ----------------------------------------------------------------------------------- no regulation in the engine
_REGULATION_IN_CODE = [
    (re.compile(r"(?<![\w.])(11|12)(?![\w.])"), "a mão de onze / game target number"),
    (re.compile(r"[\[(]\s*1\s*,\s*3\s*,\s*6"), "a ladder"),
    (re.compile(r"(?i)\b(paus|copas|espadas|ouros|clubs|hearts|spades|diamonds|zap)\b"), "a suit name"),
    (re.compile(r"\b(Suit|Rank)\.[A-Z]"), "a particular suit or rank"),
    (re.compile(r"""["'][4567QJKA23][chsd]["']"""), "a particular card"),
]


def code_without_comments_or_docstrings(source: str) -> list[tuple[int, str]]:
    """The source's lines with comments and lone string statements (docstrings) blanked out."""
    lines = source.splitlines()
    tokens = [token for token in tokenize.generate_tokens(io.StringIO(source).readline) if token.type != tokenize.NL]
    statement_start = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    for position, token in enumerate(tokens):
        lone_string = (token.type == tokenize.STRING and (position == 0 or tokens[position - 1].type in statement_start)
                       and position + 1 < len(tokens) and tokens[position + 1].type in (tokenize.NEWLINE, tokenize.COMMENT))
        if token.type == tokenize.COMMENT or lone_string:
            (first, start), (last, end) = token.start, token.end
            for number in range(first, last + 1):
                text = lines[number - 1]
                left = start if number == first else 0
                right = end if number == last else len(text)
                lines[number - 1] = text[:left] + " " * (right - left) + text[right:]
    return [(number, text) for number, text in enumerate(lines, start=1) if text.strip()]


def regulation_constants(source: str) -> list[str]:
    return [f"line {line}: {why}: {text}" for line, text in code_without_comments_or_docstrings(source)
            for pattern, why in _REGULATION_IN_CODE if pattern.search(text)]


def test_the_engine_source_holds_no_regulation_constants():
    engine_dir = Path(truco_dsl.engine.__file__).parent
    sources = sorted(engine_dir.glob("*.py"))
    assert {path.name for path in sources} >= {"engine.py", "records.py"}
    found = {path.name: regulation_constants(path.read_text(encoding="utf-8")) for path in sources}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_the_constant_grep_sees_code_and_ignores_comments_and_docstrings():
    planted = textwrap.dedent('''\
        """The ladder is 1, 3, 6, 9, 12 and paus is the zap."""
        LADDER = (1, 3, 6, 9, 12)  # 11 in a comment is fine
        def target():
            """Returns 12."""
            return 12
        SUIT = "ouros"
        ZAP = Suit.CLUBS
        CARD = "4c"
        ''')
    hits = [hit.split(": ")[:2] for hit in regulation_constants(planted)]
    assert hits == [
        ["line 2", "a mão de onze / game target number"], ["line 2", "a ladder"],
        ["line 5", "a mão de onze / game target number"],
        ["line 6", "a suit name"],
        ["line 7", "a suit name"], ["line 7", "a particular suit or rank"],
        ["line 8", "a particular card"],
    ]


# ----------------------------------------------------------------------------------- the bundled variants
def test_manilha_velha_turns_no_vira_and_its_four_manilhas_beat_every_three():
    velha = load_ruleset("manilha-velha")
    assert velha.lineage == ("manilha-velha", "atb-2004", "paulista")
    assert "ATB-MANILHA-VELHA-1" in velha.cites
    hands = [["7d", "As", "5c"], ["3s", "3h", "6s"]]
    engine, events = play(velha, hands, None, [(0, "play:7d"), (1, "play:3s")])
    assert first_vaza_taken_by(events) == 0  # the weakest manilha (7 de ouros) beats a 3
    assert engine.state()["hand"]["manilhas"] == ["4c", "7h", "As", "7d"]
    strengths = velha.strengths(None)
    assert sorted(["7d", "As", "7h", "4c"], key=lambda card: strengths[Card.parse(card)]) == ["7d", "As", "7h", "4c"]
    assert strengths[Card.parse("7c")] == strengths[Card.parse("7s")] < strengths[Card.parse("3c")]  # other 7s are plain


def test_baralho_limpo_has_24_cards_and_a_vira_3_makes_the_q_manilha():
    limpo = load_ruleset("baralho-limpo")
    assert len(limpo.deck) == 24 and not {card.rank.value for card in limpo.deck} & {"4", "5", "6", "7"}
    assert [str(card) for card in limpo.manilhas(Card.parse("3d"))] == ["Qd", "Qs", "Qh", "Qc"]
    assert [str(card) for card in limpo.manilhas(Card.parse("Kd"))] == ["Ad", "As", "Ah", "Ac"]  # as atb-2004
    hands = [["Qc", "Jc", "Kc"], ["3s", "2h", "Ah"]]
    _, events = play(limpo, hands, "3d", [(0, "play:Qc"), (1, "play:3s")])
    assert first_vaza_taken_by(events) == 0  # the zap is the Q of paus
    with pytest.raises(BadDeal, match="not in the baralho-limpo deck"):
        Engine(limpo, players=2).deal(hands=[["4c", "Jc", "Kc"], ["3s", "2h", "Ah"]], vira="3d")
    # nothing else changed: the clauses and the other parameters are atb-2004's
    atb = load_ruleset(ATB)
    assert [clause.id for clause in limpo.clauses] == [clause.id for clause in atb.clauses]
    assert (limpo.ladder, limpo.target, limpo.players, limpo.manilha_suits) == (atb.ladder, atb.target, atb.players, atb.manilha_suits)
