"""The reference interpreter as a state machine: refused actions name their reason and change
nothing, the same seed plays the same game, state() is plain JSON, and each seat sees only what
it may (its own cards; its partners' in a mão de onze; no covered card but its own)."""

from __future__ import annotations

import json
import random

import pytest

from truco_dsl.bundled import RULESETS_DIR
from truco_dsl.diagnostics import Place
from truco_dsl.engine import Engine
from truco_dsl.errors import BadDeal, IllegalAction

# Two seats, vira 6d (the manilhas are the 7s). Seat 1 deals, so seat 0 is the mão and leads.
HANDS_2 = [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]]
HANDS_4 = [["3c", "2c", "Kc"], ["Ah", "Jh", "4h"], ["5s", "6s", "Qs"], ["5d", "Jd", "Kd"]]
VIRA = "6d"


def dealt(players: int = 2, ruleset: str = "atb-2004", **options) -> Engine:
    engine = Engine(ruleset, players=players, seed=7, **options)
    engine.deal(hands=HANDS_2 if players == 2 else HANDS_4, vira=VIRA)
    return engine


def snapshot(engine: Engine) -> str:
    """Everything observable: the referee's view, every seat's view, every seat's legal actions."""
    views = {"all": engine.state(), "phase": engine.phase}
    for seat in range(engine.players):
        views[f"seat {seat}"] = engine.state(seat)
        views[f"legal {seat}"] = engine.legal_actions(seat)
    return json.dumps(views, sort_keys=True)


def finished_game() -> Engine:
    """A game won by team 0: at 10 a 0 it trucos, is accepted, and takes two vazas (10 + 3)."""
    engine = dealt(scores=[10, 0])
    engine.act(0, "truco")
    engine.act(1, "accept")
    engine.act(0, "play:3c")
    engine.act(1, "play:Ah")
    engine.act(0, "play:2c")
    events = engine.act(1, "play:Jh")
    assert any(event["type"] == "game_won" and event["team"] == 0 for event in events)
    return engine


def mao_de_onze(players: int = 2) -> Engine:
    return dealt(players=players, scores=[11, 5])


def truco_pending() -> Engine:
    engine = dealt()
    engine.act(0, "truco")
    return engine


def truco_accepted() -> Engine:
    engine = truco_pending()
    engine.act(1, "accept")
    return engine


def at_the_top_of_the_ladder() -> Engine:
    engine = truco_pending()  # 1 -> 3 asked by team 0
    engine.act(1, "truco")  # seis: accepts 3, asks 6
    engine.act(0, "truco")  # nove
    engine.act(1, "truco")  # doze, the last step
    return engine


def after_one_vaza() -> Engine:
    engine = dealt()
    engine.act(0, "play:3c")
    engine.act(1, "play:Ah")  # seat 0 takes the vaza and leads again
    return engine


def blind_hand() -> Engine:
    """atb-2004 plus a clause that makes every hand blind (as Enecomp's mão de ferro does at 11 a 11)."""
    import dataclasses

    from truco_dsl.lang import compile_statements
    from truco_dsl.rules import Clause, load_ruleset

    atb = load_ruleset("atb-2004")
    blind = Clause("ATB-MAO-DE-ONZE-4.blind", "Havendo empate na mão de 11 a 11", "deal",
                   compile_statements("blind_hands()", "deal"), Place("test", 1, 1), "blind-test")
    engine = Engine(dataclasses.replace(atb, id="blind-test", clauses=atb.clauses + (blind,)), players=2, dealer=1)
    engine.deal(hands=[["3c", "2c", "4c"], ["Ah", "Kd", "5d"]], vira="7s")
    return engine


def no_covered_cards() -> Engine:
    import dataclasses

    from truco_dsl.rules import load_ruleset

    engine = Engine(dataclasses.replace(load_ruleset("atb-2004"), id="no-covered", covered=False), players=2, dealer=1)
    engine.deal(hands=[["3c", "2c", "4c"], ["Ah", "Kd", "5d"]], vira="7s")
    return engine


# (what is tried, the situation, seat, action, reason, clause that forbids it or None)
REFUSALS = [
    ("acting before any deal", lambda: Engine("atb-2004", players=2, seed=1), 0, "play:3c", "no_hand_in_play", None),
    ("acting after the game is won", finished_game, 0, "play:Kc", "game_over", None),
    ("a seat that is not at the table", dealt, 2, "play:3c", "unknown_seat", None),
    ("a negative seat", dealt, -1, "play:3c", "unknown_seat", None),
    ("an action that does not exist", dealt, 0, "dance", "unknown_action", None),
    ("truco with an argument", dealt, 0, "truco:now", "unknown_action", None),
    ("a mão de onze decision that does not exist", mao_de_onze, 0, "mao_de_onze:maybe", "unknown_action", None),
    ("an action that is not a string", dealt, 0, 42, "unknown_action", None),
    ("a card that does not exist", dealt, 0, "play:9x", "unknown_card", None),
    ("a card another seat holds", dealt, 0, "play:Ah", "card_not_in_hand", None),
    ("a card already played", after_one_vaza, 0, "play:3c", "card_not_in_hand", None),
    ("playing out of turn", dealt, 1, "play:Ah", "not_your_turn", None),
    ("truco out of turn", dealt, 1, "truco", "not_your_turn", None),
    ("accepting when nobody raised", dealt, 1, "accept", "no_raise_pending", None),
    ("folding when nobody raised", dealt, 1, "fold", "no_raise_pending", None),
    ("playing while a raise waits for an answer", truco_pending, 0, "play:3c", "raise_pending", None),
    ("answering your own raise", truco_pending, 0, "accept", "raise_pending", None),
    ("deciding a mão de onze when there is none", dealt, 0, "mao_de_onze:play", "no_decision_pending", None),
    ("playing before the mão de onze is decided", mao_de_onze, 0, "play:3c", "mao_de_onze_pending", None),
    ("the other team deciding the mão de onze", mao_de_onze, 1, "mao_de_onze:play", "not_your_decision", None),
    ("raising again after your raise was accepted", truco_accepted, 0, "truco", "raised_last", "ATB-TRUCO-4"),
    ("raising past doze", at_the_top_of_the_ladder, 0, "truco", "no_higher_stake", "ATB-TRUCO-3"),
    ("a covered card in the first vaza", dealt, 0, "play_covered:3c", "covered_in_first_vaza", "ATB-NORMAS-11"),
    ("an infraction the rule set does not know", dealt, 0, "infraction:sneezing", "unknown_infraction", None),
    ("a card named in a blind hand", blind_hand, 0, "play:3c", "blind_hand", None),
    ("a blind play in a hand that is not blind", dealt, 0, "play_blind:1", "not_blind", None),
    ("a blind play past the cards held", blind_hand, 0, "play_blind:4", "unknown_card", None),
    ("a covered card where no card may be covered", no_covered_cards, 0, "play_covered:3c", "covered_not_allowed", None),
]


@pytest.mark.parametrize("what, situation, seat, action, reason, clause", REFUSALS, ids=[case[0] for case in REFUSALS])
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(what, situation, seat, action, reason, clause):
    engine = situation()
    before = snapshot(engine)
    with pytest.raises(IllegalAction) as refused:
        engine.act(seat, action)
    assert refused.value.reason == reason
    assert refused.value.clause == clause
    assert snapshot(engine) == before
    if engine.phase == "play" and isinstance(seat, int) and 0 <= seat < engine.players:
        assert action not in engine.legal_actions(seat)


def test_every_reason_code_is_covered_above():
    """The engine's own codes (read from its source) and the atb-2004 clauses' forbid() codes."""
    import inspect
    import re

    from truco_dsl.engine import engine as module
    from truco_dsl.rules import load_ruleset

    first_arguments = re.findall(r"IllegalAction\(\s*([^,]*?),", inspect.getsource(module))
    engine_codes = {code for argument in first_arguments for code in re.findall(r'"([a-z_]+)"', argument)}
    engine_codes.discard("forbidden")  # the fallback of a forbid() without a reason, which the compiler refuses
    assert len(engine_codes) >= 10
    tested = {case[4] for case in REFUSALS} | {"hand_in_play"}  # hand_in_play is refused to deal(), below
    assert engine_codes - tested == set()
    # every code a bundled rule set's forbid() gives is checked, here or by a scenario
    from truco_dsl.bundled import FEATURES_DIR
    from truco_dsl.rules import available_rulesets

    clause_codes = {clause.then.reason for ruleset_id in available_rulesets()
                    for clause in load_ruleset(ruleset_id).clauses if clause.then.guard == "forbid"}
    assert {"raised_last", "no_higher_stake", "covered_in_first_vaza"} <= clause_codes
    scenarios = " ".join(path.read_text(encoding="utf-8") for path in FEATURES_DIR.rglob("*.feature"))
    unchecked = {code for code in clause_codes - tested if f'with reason "{code}"' not in scenarios}
    assert not unchecked, f"forbid() codes no test or scenario checks: {sorted(unchecked)}"


def test_dealing_while_a_hand_is_played_is_refused_and_changes_nothing():
    engine = dealt()
    before = snapshot(engine)
    with pytest.raises(IllegalAction) as refused:
        engine.deal()
    assert refused.value.reason == "hand_in_play"
    assert snapshot(engine) == before


def test_dealing_after_the_game_is_won_is_refused():
    engine = finished_game()
    before = snapshot(engine)
    with pytest.raises(IllegalAction) as refused:
        engine.deal()
    assert refused.value.reason == "game_over"
    assert snapshot(engine) == before
    assert all(engine.legal_actions(seat) == [] for seat in range(engine.players))


@pytest.mark.parametrize(
    "hands, vira, words, at",
    [
        ([["3c", "2c"], ["Ah", "Jh", "4h"]], VIRA, "seat 0 gets 2 cards", ("hands", 0)),
        ([["3c", "2c", "Kc"], ["3c", "Jh", "4h"]], VIRA, "3c is dealt twice (to seat 0 and to seat 1)", ("hands", 1, 0)),
        ([["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "3c", "the vira 3c is in the hand of seat 0", ("vira",)),
        ([["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], None, "needs one", ("vira",)),
        ([["3c", "2c", "Kc"]], VIRA, "needs 2 hands", ("hands",)),
        ([["3c", "2c", "9x"], ["Ah", "Jh", "4h"]], VIRA, "'9x'", ("hands", 0, 2)),
        ([["3c", "2c", "Kc"], ["Ah", "Jh", "4h"]], "Zz", "'Zz'", ("vira",)),
        ({0: ["3c", "2c", "Kc"], 5: ["Ah", "Jh", "4h"]}, VIRA, "every seat", ("hands",)),
    ],
)
def test_an_impossible_forced_deal_is_refused_and_changes_nothing(hands, vira, words, at):
    engine = Engine("atb-2004", players=2, seed=1)
    before = snapshot(engine)
    with pytest.raises(BadDeal, match=words.replace("(", r"\(").replace(")", r"\)")) as refused:
        engine.deal(hands=hands, vira=vira)
    assert refused.value.at == at  # where in the deal (load_perft points at that place of a perft file)
    assert snapshot(engine) == before


def test_a_foul_is_no_legal_choice_but_is_penalised_when_taken():
    engine = mao_de_onze()
    engine.act(0, "mao_de_onze:play")
    assert "truco" not in engine.legal_actions(0)
    events = engine.act(0, "truco")  # ATB-MAO-DE-ONZE-3: the side that trucos loses three tentos
    assert [event["type"] for event in events] == ["foul", "points_awarded", "hand_ended"]
    assert events[0]["reason"] == "truco_in_mao_de_onze"
    assert engine.state()["score"] == [11, 8]


# ------------------------------------------------------------------------------------- determinism
def random_game(seed: int, players: int = 4, ruleset: str = "atb-2004") -> tuple[list, Engine]:
    engine = Engine(ruleset, players=players, seed=seed)
    chooser = random.Random(seed)
    log: list = []
    while engine.phase != "game_over":
        if engine.phase == "deal":
            log.append(engine.deal())
            continue
        options = [(seat, action) for seat in range(players) for action in engine.legal_actions(seat)]
        assert options, f"nobody can act: {engine.state()}"
        seat, action = chooser.choice(options)
        log.append((seat, action, engine.act(seat, action)))
    return log, engine


def test_the_same_seed_plays_the_same_game():
    first, first_engine = random_game(11)
    second, second_engine = random_game(11)
    assert first == second
    assert first_engine.state() == second_engine.state()


def test_the_seed_decides_the_deal():
    def first_deal(seed: int) -> str:
        engine = Engine("atb-2004", players=2, seed=seed)
        engine.deal()
        return json.dumps(engine.state()["hand"])

    assert first_deal(5) == first_deal(5)
    assert len({first_deal(seed) for seed in range(5)}) == 5


def test_a_forced_deal_ignores_the_seed():
    views = []
    for seed in (1, 2):
        engine = Engine("atb-2004", players=2, seed=seed)
        engine.deal(hands=HANDS_2, vira=VIRA)
        views.append(engine.state())
    assert views[0] == views[1]


# ------------------------------------------------------------------------------------- state()
def test_state_is_plain_json_all_game_long():
    engine = Engine("atb-2004", players=4, seed=3)
    chooser = random.Random(3)
    checked = 0
    while engine.phase != "game_over":
        for seat in (None, *range(engine.players)):
            view = engine.state(seat)
            assert json.loads(json.dumps(view)) == view  # no tuples, sets, Cards or enums inside
            checked += 1
        if engine.phase == "deal":
            engine.deal()
            continue
        options = [(seat, action) for seat in range(4) for action in engine.legal_actions(seat)]
        engine.act(*chooser.choice(options))
    assert checked > 50
    final = engine.state()
    assert json.loads(json.dumps(final)) == final
    assert final["phase"] == "game_over" and final["winner"] in (0, 1)


def test_state_before_the_first_deal():
    state = Engine("atb-2004", players=2, seed=1).state()
    assert state == {"ruleset": "atb-2004", "players": 2, "phase": "deal", "score": [0, 0], "target": 12,
                     "next_dealer": 1, "winner": None, "game_winner": None, "game": 1, "games_won": [0, 0], "match_wins": 1, "hand": None}


def test_state_names_the_manilhas_strongest_first():
    assert dealt().state()["hand"]["manilhas"] == ["7c", "7h", "7s", "7d"]


# ------------------------------------------------------------------------------------- views
def test_a_seat_sees_only_its_own_hand():
    engine = dealt(players=4)
    assert set(engine.state()["hand"]["hands"]) == {"0", "1", "2", "3"}
    for seat in range(4):
        hands = engine.state(seat)["hand"]["hands"]
        assert hands == {str(seat): HANDS_4[seat]}


def test_in_a_mao_de_onze_partners_see_each_other_but_not_the_opponents():
    engine = mao_de_onze(players=4)  # team 0 (seats 0 and 2) has 11
    assert set(engine.state(0)["hand"]["hands"]) == {"0", "2"}
    assert set(engine.state(2)["hand"]["hands"]) == {"0", "2"}
    assert engine.state(0)["hand"]["hands"]["2"] == HANDS_4[2]
    assert set(engine.state(1)["hand"]["hands"]) == {"1"}
    assert set(engine.state(3)["hand"]["hands"]) == {"3"}


def test_at_11_a_11_nobody_sees_a_partners_hand():
    engine = dealt(players=4, scores=[11, 11])
    assert engine.state()["hand"]["mao_de_onze"] is True
    for seat in range(4):
        assert set(engine.state(seat)["hand"]["hands"]) == {str(seat)}


def test_a_covered_card_is_hidden_from_everyone_but_its_player():
    engine = after_one_vaza()
    engine.act(0, "play_covered:Kc")  # second vaza: covering is allowed
    last = lambda seat: engine.state(seat)["hand"]["tricks"][-1]["cards"][-1]  # noqa: E731
    assert last(None) == {"seat": 0, "card": "Kc", "covered": True}
    assert last(0) == {"seat": 0, "card": "Kc", "covered": True}
    assert last(1) == {"seat": 0, "card": None, "covered": True}


def test_a_covered_card_loses_to_any_card():
    engine = after_one_vaza()
    engine.act(0, "play_covered:2c")  # a 2 that would beat the 4h
    events = engine.act(1, "play:4h")
    assert {"type": "trick_won", "trick": 2, "seat": 1, "team": 1, "clause": "structural"} in events


def test_the_bundled_variants_are_found_by_id():
    assert (RULESETS_DIR / "variants" / "manilha-velha.yaml").is_file()
    engine = Engine("manilha-velha", players=2, seed=1)
    engine.deal()
    assert engine.state()["hand"]["vira"] is None
    assert engine.state()["hand"]["manilhas"] == ["4c", "7h", "As", "7d"]


def test_every_state_setter_is_a_field_of_the_state_set_by_a_builtin_effect():
    """``engine.STATE_SETTERS`` (which calls set which field of the state, for the likely causes of
    conformance/report/causes.py): every field is one of ``state()`` (of the game, its hand, a vaza)
    or the mão de onze decision, and every call an effect builtin of the rule-file language."""
    from truco_dsl.engine.engine import STATE_SETTERS
    from truco_dsl.lang.vocabulary import BUILTINS

    engine = Engine("atb-2004", players=2, seed=1)
    engine.deal()
    engine.act(engine.hand.turn, engine.legal_actions(engine.hand.turn)[0])
    state = engine.state()
    fields = set(state) | set(state["hand"]) | {field for trick in state["hand"]["tricks"] for field in trick}
    for field, calls in STATE_SETTERS.items():
        assert field in fields, field
        assert calls and all(BUILTINS[call].effect for call in calls), field
