"""The engine's mechanisms for procedural rules, matches and blind hands, each driven by a rule file:
referee-reported infractions, flags, a changed target, a raise called by a clause, a match of several
games, the exposure of a raise, a blind hand, and dealing in packets."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from truco_dsl.engine import Engine
from truco_dsl.errors import IllegalAction, RuleSetIncomplete
from truco_dsl.rules import load_ruleset

HANDS = [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]]


def variant(tmp_path: Path, body: str, name: str = "referee-test") -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"ruleset: {name}\ntitle: test\nextends: atb-2004\n" + textwrap.dedent(body), encoding="utf-8")
    return str(path)


REFEREE = """\
    drop: [ATB-TEMPO-c.pe, ATB-TEMPO-c.again]  # this test's own deal_timeout clauses stand alone
    referee:
      infractions: [talking, deal_timeout, said_truco, time_limit]
    clauses:
      - id: ATB-CONVERSA-2
        cite: incorrendo aquele que assim proceder, na perda do tento em jogo
        on: infraction
        when: infraction == "talking"
        then: award(opponents(team), hand.stake); end_hand()
      - id: ATB-TEMPO-c
        cite: Na primeira reincidência perde a vez e também o tento
        on: infraction
        when: infraction == "deal_timeout" and count_infractions(team, "deal_timeout") >= 1
        then: award(opponents(team), 1); end_hand()
      - id: ATB-TEMPO-c.first
        cite: Vencido o tempo, perde-se o maço.
        on: infraction
        when: infraction == "deal_timeout" and count_infractions(team, "deal_timeout") == 0
        then: end_hand()
      - id: ATB-CONVERSA-3
        cite: O palavreado "Jorge", "Truca" entre outros, é considerado como três tentos em disputa.
        on: infraction
        when: infraction == "said_truco"
        then: call_raise(actor)
      - id: ATB-TEMPO-e
        cite: o jogo será decidido em 03 (três) tentos sem truco
        on: infraction
        when: infraction == "time_limit"
        then: set_target(max(score[0], score[1]) + 3); flag_game("sem_truco")
      - id: ATB-TEMPO-e.sem-truco
        cite: sem truco
        on: raise
        when: game_flag("sem_truco")
        then: forbid("no_truco_after_time_limit")
    """


def test_an_infraction_runs_its_clause_and_is_never_a_legal_action(tmp_path):
    engine = Engine(variant(tmp_path, REFEREE), players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")
    assert not any(action.startswith("infraction") for action in engine.legal_actions(0))
    engine.act(0, "truco")
    engine.act(1, "accept")
    events = engine.act(1, "infraction:talking")  # out of turn: a referee's report
    assert [event["type"] for event in events][:2] == ["infraction", "points_awarded"]
    assert engine.score == [3, 0] and engine.phase == "deal"


def test_a_repeated_infraction_is_counted_per_team_and_game(tmp_path):
    engine = Engine(variant(tmp_path, REFEREE), players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")
    engine.act(1, "infraction:deal_timeout")  # the first time: the deal passes, nobody scores
    assert engine.score == [0, 0] and engine.next_dealer == 0
    engine.deal(hands=HANDS, vira="7s")
    engine.act(1, "infraction:deal_timeout")  # again: the tento too
    assert engine.score == [1, 0]


def test_a_clause_may_call_a_raise_for_a_seat(tmp_path):
    engine = Engine(variant(tmp_path, REFEREE), players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")
    engine.act(1, "infraction:said_truco")  # seat 1 said "truca": a truco it must stand by
    assert engine.state()["hand"]["pending_raise"]["team"] == 1
    assert engine.legal_actions(0) == ["accept", "fold", "truco"]


def test_the_time_limit_changes_the_target_and_forbids_truco(tmp_path):
    engine = Engine(variant(tmp_path, REFEREE), players=2, dealer=1, scores=[5, 7])
    engine.deal(hands=HANDS, vira="7s")
    engine.act(0, "infraction:time_limit")
    assert engine.state()["target"] == 10
    with pytest.raises(IllegalAction) as refused:
        engine.act(0, "truco")
    assert refused.value.reason == "no_truco_after_time_limit"


def test_an_unknown_infraction_is_refused(tmp_path):
    engine = Engine(variant(tmp_path, REFEREE), players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")
    with pytest.raises(IllegalAction) as refused:
        engine.act(0, "infraction:sneezing")
    assert refused.value.reason == "unknown_infraction"


def test_a_match_of_two_games_won(tmp_path):
    path = variant(tmp_path, """\
        game:
          target: 1
        match:
          wins: 2
        """)
    engine = Engine(path, players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")  # game 1: seat 0 leads, trucos, seat 1 runs
    events = engine.act(0, "truco") + engine.act(1, "fold")
    assert ("game_won", 1) in [(event["type"], event.get("game")) for event in events]
    assert engine.phase == "deal" and engine.games_won == [1, 0] and engine.winner is None
    engine.deal(hands=HANDS, vira="7s")  # game 2: the deal has passed, seat 1 leads
    events = engine.act(1, "play:Kd") + engine.act(0, "truco") + engine.act(1, "fold")
    assert ("game_won", 2) in [(event["type"], event.get("game")) for event in events]
    assert "match_won" in [event["type"] for event in events]
    assert engine.winner == 0 and engine.games_won == [2, 0] and engine.phase == "game_over"


def test_the_next_game_of_a_match_starts_from_zero(tmp_path):
    engine = Engine(variant(tmp_path, "game:\n  target: 1\nmatch:\n  wins: 2\n"), players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")
    engine.act(0, "truco")
    engine.act(1, "fold")
    assert engine.score == [1, 0]
    engine.deal(hands=HANDS, vira="7s")
    assert engine.score == [0, 0] and engine.state()["game"] == 2


def test_a_raise_knows_whether_it_was_called_on_an_exposed_card():
    engine = Engine("atb-2004", players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")
    assert engine.act(0, "truco")[0]["exposed"] is False  # no card on the table: in the dark
    engine.act(1, "accept")
    engine.act(0, "play:4c")
    assert engine.act(1, "truco")[0]["exposed"] is True  # seat 0's 4c lies face up


def test_a_blind_hand_is_played_by_position_and_seen_by_nobody(tmp_path):
    path = variant(tmp_path, """\
        clauses:
          - id: ATB-MAO-DE-ONZE-4.blind
            cite: Havendo empate na mão de 11 a 11
            on: deal
            then: blind_hands()
        """)
    engine = Engine(path, players=2, dealer=1)
    engine.deal(hands=HANDS, vira="7s")
    assert engine.state(0)["hand"]["hands"] == {} and engine.state(0)["hand"]["cards_held"] == [3, 3]
    assert engine.legal_actions(0) == ["play_blind:1", "play_blind:2", "play_blind:3", "truco"]
    events = engine.act(0, "play_blind:2")
    assert events[0]["card"] == "2c"


def test_a_shuffled_deal_goes_round_in_packets():
    ruleset = load_ruleset("atb-2004")
    import dataclasses

    one_by_one = dataclasses.replace(ruleset, packet=1)
    whole, single = Engine(ruleset, players=2, seed=4), Engine(one_by_one, players=2, seed=4)
    whole.deal()
    single.deal()
    import random

    deck = random.Random(4).sample(ruleset.deck, 7)  # the top of the seeded shuffle, as far as the deal reaches
    assert whole.state()["hand"]["hands"] == {"0": [str(c) for c in deck[0:3]], "1": [str(c) for c in deck[3:6]]}
    assert single.state()["hand"]["hands"] == {"0": [str(c) for c in deck[0:6:2]], "1": [str(c) for c in deck[1:6:2]]}
    assert whole.state()["hand"]["vira"] == single.state()["hand"]["vira"] == str(deck[6])


def test_the_cutter_is_whoever_a_deal_clause_names(tmp_path):
    # atb-2004 names no cutter; a clause at the deal hook does, here the seat after the dealer
    plain = Engine("atb-2004", players=4, dealer=1)
    plain.deal()
    assert plain.state()["hand"]["cutter"] is None
    path = variant(tmp_path, """\
        clauses:
          - id: ATB-CARTEADA-1
            cite: dará o baralho para corte
            on: deal
            then: cut_by(previous_seat(previous_seat(hand.dealer)))
        """)
    engine = Engine(path, players=4, dealer=1, seed=3)
    engine.deal()
    assert engine.state()["hand"]["cutter"] == 3  # two seats before seat 1, round the table
    assert engine.state(0)["hand"]["cutter"] == 3  # every seat sees who cut


def test_jogo_livre_deals_picadas_but_in_sequence_at_11_a_11():
    # ATB-MAO-DE-ONZE-1: "Se pelo método LIVRE, as cartas devem ser dadas na seqüência só quando for 11 a 11"
    def hands(ruleset_id: str, scores: list[int]) -> dict:
        engine = Engine(ruleset_id, players=4, seed=5, dealer=3, scores=scores)
        engine.deal()
        return engine.state()["hand"]["hands"], engine.state()["hand"]["vira"]

    assert hands("jogo-livre", [3, 4]) != hands("atb-2004", [3, 4])  # picadas, one at a time
    assert hands("jogo-livre", [11, 11]) == hands("atb-2004", [11, 11])  # three at a time, as Tombo na Última
    assert hands("jogo-livre", [3, 4])[1] == hands("jogo-livre", [11, 11])[1]  # the same shuffle, the same vira


def test_deal_in_packets_keeps_a_forced_deal_and_belongs_to_the_deal_hook(tmp_path):
    engine = Engine("jogo-livre", players=2, dealer=1, scores=[11, 11])
    engine.deal(hands=HANDS, vira="7s")
    assert engine.state()["hand"]["hands"] == {"0": HANDS[0], "1": HANDS[1]}
    path = variant(tmp_path, """\
        clauses:
          - id: ATB-MAO-DE-ONZE-1
            cite: as cartas devem ser dadas na seqüência
            on: play
            then: deal_in_packets(3)
        """)
    engine = Engine(path, players=2, dealer=1, seed=1)
    engine.deal()
    with pytest.raises(RuleSetIncomplete, match="deal_in_packets\\(\\) is for the deal hook"):
        engine.act(0, engine.legal_actions(0)[0])


def test_disqualify_both_ends_the_match_with_no_winner(tmp_path):
    """FPT-TEMPO-e's penalty: both teams out; no deal follows and nobody is the winner."""
    engine = Engine(load_ruleset("fpt-1983"), players=2, dealer=1, scores=[5, 7])
    engine.deal(HANDS, "6s")
    events = engine.act(0, "infraction:time_limit")
    assert "match_ended" in [event["type"] for event in events]
    state = engine.state()
    assert state["phase"] == "game_over" and state["winner"] is None and state["game_winner"] is None
    assert engine.score == [5, 7] and engine.games_won == [0, 0]
    with pytest.raises(IllegalAction) as refusal:
        engine.deal(HANDS, "6s")
    assert refusal.value.reason == "game_over"


def test_infractions_in_match_count_every_game_and_in_game_only_this_one(tmp_path):
    path = variant(tmp_path, """\
        match:
          wins: 2
        clauses:
          - id: ATB-NORMAS-9b
            cite: Em caso de já haver advertência, desclassificação sumária na reincidência;
            on: infraction
            when: infraction == "warning" and count_infractions(team, "warning") == 0 and count_infractions_in_match(team, "warning") >= 1
            then: flag_game("second_warning_in_another_game")
        """)
    engine = Engine(load_ruleset(path), players=2, dealer=1, scores=[9, 3])
    engine.deal(HANDS, "6s")
    engine.act(1, "infraction:warning")
    for seat, action in ((0, "truco"), (1, "accept"), (0, "play:3c"), (1, "play:Kd"), (0, "play:2c"), (1, "play:Jd")):
        engine.act(seat, action)
    assert engine.games_won == [1, 0] and engine.winner is None
    engine.deal(HANDS, "6s")
    assert "second_warning_in_another_game" not in engine.game.flags
    engine.act(1, "infraction:warning")
    assert "second_warning_in_another_game" in engine.game.flags


def test_may_raise_answers_what_legal_actions_say_and_leaves_the_clause_context_alone():
    engine = Engine(load_ruleset("atb-2004"), players=2, dealer=1)
    engine.deal(HANDS, "6s")
    scope = engine._runtime
    assert scope.may_raise(0) is True and scope.may_raise(1) is False  # seat 1 is not to play
    engine.act(0, "truco")
    engine.act(1, "accept")
    engine.act(0, "play:3c")
    engine.act(1, "play:Kd")
    assert engine.hand.turn == 0 and scope.may_raise(0) is False  # its side raised last
    scope.hook, scope.context = "infraction", {"actor": 1, "team": 1, "infraction": "warning"}
    scope.may_raise(0)
    assert (scope.hook, scope.actor, scope.infraction) == ("infraction", 1, "warning")
