"""guaranteed_win: a team's cards win whatever the opponents hold and however they play — decided by
playing the hand out on copies of the engine, so the rule set's own clauses judge every line."""

from __future__ import annotations

import pytest

from truco_dsl.engine import Engine
from truco_dsl.engine.search import guaranteed_win
from truco_dsl.rules import load_ruleset


def dealt(hands: list[list[str]], vira: str) -> Engine:
    engine = Engine("atb-2004", players=len(hands), dealer=len(hands) - 1, scores=[11, 0])
    engine.deal(hands=hands, vira=vira)
    return engine


@pytest.mark.parametrize("team_cards, vira, expected, why", [
    (["4c", "4h", "3d"], "3s", True, "the two strongest manilhas take two vazas whatever comes"),
    (["4c", "4h", "4s"], "3d", True, "three of the four manilhas"),
    (["4c", "7h", "3d"], "3s", False, "the zap takes one vaza; the other two can be beaten by manilhas"),
    (["4c", "3c", "3d"], "3s", False, "two 3s lose to the manilhas the opponent may hold"),
    (["4h", "4s", "3d"], "3s", False, "without the zap, the copas can meet the zap"),
])
def test_one_against_one(team_cards, vira, expected, why):
    engine = dealt([team_cards, ["Kd", "Jd", "5d"]], vira)
    assert guaranteed_win(engine, 0) is expected, why


def test_the_opponents_real_cards_do_not_matter():
    weak, strong = dealt([["4c", "7h", "3d"], ["5d", "6d", "Qd"]], "3s"), dealt([["4c", "7h", "3d"], ["4h", "4s", "4d"]], "3s")
    assert guaranteed_win(weak, 0) is guaranteed_win(strong, 0) is False


def test_partners_cards_count_in_four():
    team_has_zap_and_copas = [["4c", "5d", "6d"], ["Kd", "Jd", "5s"], ["4h", "7d", "6s"], ["Ks", "Js", "5h"]]
    team_has_zap_only = [["4c", "5d", "6d"], ["Kd", "Jd", "5s"], ["3h", "7d", "6s"], ["Ks", "Js", "5h"]]
    assert guaranteed_win(dealt(team_has_zap_and_copas, "3s"), 0) is True
    assert guaranteed_win(dealt(team_has_zap_only, "3s"), 0) is False


def test_the_search_leaves_the_game_as_it_was():
    engine = dealt([["4c", "4h", "3d"], ["Kd", "Jd", "5d"]], "3s")
    before = engine.state()
    guaranteed_win(engine, 0)
    assert engine.state() == before


def test_out_of_budget_is_not_a_proof():
    engine = dealt([["4c", "4h", "3d"], ["Kd", "Jd", "5d"]], "3s")
    assert guaranteed_win(engine, 0, budget=1) is False


def test_a_count_past_its_limit_of_positions_stops_and_says_so():
    from truco_dsl.conformance.engines.protocol import raised_reply
    from truco_dsl.engine.search import count_lines
    from truco_dsl.errors import CountTooLarge

    engine = Engine(load_ruleset("atb-2004"), players=6, seed=1)
    engine.deal()
    assert count_lines(engine, 1, limit=1000)[0] == len([a for seat in range(6) for a in engine.legal_actions(seat)])
    with pytest.raises(CountTooLarge, match="stopped after 50 positions"):
        count_lines(engine, None, limit=50)
    reply = raised_reply(3, CountTooLarge(50))
    assert (reply["error"], reply["seq"]) == ("bad_request", 3) and "ask for a smaller depth" in reply["message"]


def test_a_count_past_its_time_stops_and_says_so_and_a_count_within_it_is_whole():
    from truco_dsl.conformance.engines.protocol import raised_reply
    from truco_dsl.engine.search import count_lines
    from truco_dsl.errors import CountTooLarge

    engine = Engine(load_ruleset("atb-2004"), players=6, seed=1)
    engine.deal()
    with pytest.raises(CountTooLarge) as stopped:  # no time at all: it stops at its first position
        count_lines(engine, None, seconds=0)
    assert (stopped.value.positions, stopped.value.seconds) == (0, 0)
    reply = raised_reply(4, stopped.value)
    assert (reply["error"], reply["seq"]) == ("bad_request", 4)
    assert reply["message"] == "the count stopped after 0 s, its limit of time, having visited 0 positions; ask for a smaller depth"
    assert count_lines(engine, 0, seconds=0) == (1, [])  # a count that visits no position is never stopped
    assert count_lines(engine, 1, seconds=600)[0] == len([a for seat in range(6) for a in engine.legal_actions(seat)])


def _blind_mao_de_onze(tmp_path) -> object:
    """atb-2004 with the mão de onze played blind: nobody sees their cards (blind_hands())."""
    path = tmp_path / "cega.yaml"
    path.write_text("ruleset: cega\ntitle: mão de onze às cegas\nextends: atb-2004\nclauses:\n"
                    "  - id: ATB-MAO-DE-11-1\n"
                    "    cite: A mão-de-onze acontece quando um jogador (ou dupla/trio) atinge 11 pontos na partida.\n"
                    "    on: deal\n    when: sole_team_at(11) != none\n"
                    "    then: mao_de_onze(sole_team_at(11)); blind_hands()\n", encoding="utf-8")
    return load_ruleset(path)


def test_in_a_blind_hand_the_team_does_not_choose_its_cards(tmp_path):
    hands, vira = [["As", "Ac", "5c"], ["Kd", "Jd", "5d"]], "Kc"
    blind = Engine(_blind_mao_de_onze(tmp_path), players=2, dealer=1, scores=[11, 0])
    blind.deal(hands=hands, vira=vira)
    assert blind.hand.blind
    assert guaranteed_win(dealt(hands, vira), 0) is True  # seeing its cards, the team has a line that wins
    assert guaranteed_win(blind, 0) is False  # blind, it may play them in an order that loses
    three_manilhas = Engine(_blind_mao_de_onze(tmp_path), players=2, dealer=1, scores=[11, 0])
    three_manilhas.deal(hands=[["4c", "4h", "4s"], ["Kd", "Jd", "5d"]], vira="3d")
    assert guaranteed_win(three_manilhas, 0) is True  # every order wins


def test_a_card_the_rule_set_forbids_is_no_line_of_the_search(tmp_path):
    path = tmp_path / "coberto.yaml"  # the 4 of clubs may only be played face down
    path.write_text("ruleset: coberto\ntitle: coberto\nextends: atb-2004\nclauses:\n  - id: ATB-ESTRUTURA-1.x\n"
                    "    cite: Cada mão vale inicialmente 1 ponto\n    on: play\n"
                    "    when: action.card == \"4c\" and not action.covered\n    then: forbid(\"raised_last\")\n", encoding="utf-8")
    engine = Engine(load_ruleset(path), players=2, dealer=1, scores=[11, 0])
    engine.deal(hands=[["4c", "4h", "3d"], ["Kd", "Jd", "5d"]], vira="3s")
    assert guaranteed_win(engine, 0) is False  # without the zap face up the win is not sure; no IllegalAction
    assert guaranteed_win(dealt([["4c", "4h", "3d"], ["Kd", "Jd", "5d"]], "3s"), 0) is True


# ---------------------------------------------------------------------------------------------------
# The lean search against the search on forks (issue 13, point 1): on every mão de onze position of
# seeded games, the same answer wherever both finished within the budget.

from truco_dsl.engine import runtime  # noqa: E402
from truco_dsl.engine.search import DEFAULT_BUDGET, lean_obstacle, search_answer  # noqa: E402

#: rule files that change what the search must follow: the hand size, the card order, the ties
VARIANTS = {
    "cinco-cartas": "deal:\n  cards: 5\n",
    "avesso": "deck:\n  ranks: [3, 2, A, K, J, Q, 7, 6, 5, 4]\n",
    "sem-empate-da-dupla": "drop: [ATB-EMPATE-2]\n",
    # a point awarded before the hand is over: the team's score moves between two searches of a hand
    "ponto-da-primeira": "clauses:\n  - id: ATB-ESTRUTURA-1.primeira\n    cite: Cada mão vale inicialmente 1 ponto\n"
                         "    on: after_trick\n    when: trick.number == 1 and trick.winner != none\n"
                         "    then: award(trick.winner, 1)\n",
    # a guard at play the search must ask (it refuses cards face up): the second card of the third
    # vaza is played face down
    "coberta-na-terceira": "clauses:\n  - id: ATB-ESTRUTURA-1.terceira\n    cite: Cada mão vale inicialmente 1 ponto\n"
                           "    on: play\n    when: not action.covered and trick.number == 3 and trick.cards_played == 1\n"
                           "    then: forbid(\"covered_in_first_vaza\")\n",
}
#: rule sets and their player counts, with the seeded games each plays in CI (`--proof-games N`
#: plays N at each): fewer at 6 players, where a search examines up to its whole budget
TABLES = [(ruleset, players) for ruleset in ("atb-2004", "fpt-1983", "manilha-velha", "baralho-limpo") for players in (2, 4, 6)]
TABLES += [(variant, players) for variant in VARIANTS for players in (2, 4)]  # (enecomp has no sure-win claim)
GAMES = {2: 30, 4: 6, 6: 2}


class Proof:
    """What one table's games showed: positions compared, and those where the fork search gave up."""

    def __init__(self):
        self.compared = self.agreed = 0
        self.fork_gave_up: list[tuple[object, int, bool | None]] = []  # (a fork of the game, team, the lean answer)
        self.lean_gave_up = 0
        self.disagreements: list[str] = []


def _prove(ruleset, players: int, games: int, monkeypatch) -> Proof:
    """Play ``games`` seeded random games of ``ruleset`` from a mão de onze (one side at 11, the other
    at any score); at every position where a clause asks for the sure-win search, ask both searches
    (the game goes on with the lean one's answer, as in play)."""
    import random

    proof = Proof()

    def both(engine, team, budget=DEFAULT_BUDGET):
        lean = search_answer(engine, team, budget)
        fork = search_answer(engine, team, budget, lean=False)
        proof.compared += 1
        if fork is None:
            proof.fork_gave_up.append((engine.fork(), team, lean))
        elif lean is None:
            proof.lean_gave_up += 1
        elif lean == fork:
            proof.agreed += 1
        else:
            proof.disagreements.append(f"{engine.state()} team {team}: lean {lean}, fork {fork}")
        return lean is True

    monkeypatch.setattr(runtime, "guaranteed_win", both)
    chooser = random.Random(players)
    for game in range(games):
        engine = Engine(ruleset, players=players, seed=game, scores=[11, chooser.randint(0, 11)][::chooser.choice((1, -1))])
        while engine.phase != "game_over" and engine.hand_count < 8:
            if engine.phase == "deal":
                engine.deal()
                continue
            seat, action = chooser.choice([(seat, action) for seat in range(players) for action in engine.legal_actions(seat)])
            engine.act(seat, action)
    return proof


def _ruleset(name: str, tmp_path):
    if name not in VARIANTS:
        return load_ruleset(name)
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"ruleset: {name}\ntitle: {name}\nextends: atb-2004\n{VARIANTS[name]}", encoding="utf-8")
    return load_ruleset(path)


def test_a_guard_that_requires_a_covered_card_is_not_asked_of_a_card_face_up():
    from truco_dsl.lang.compiler import compile_condition

    assert compile_condition("action.covered and trick.number == 1", "play").requires == {"action.covered"}
    assert compile_condition("action.covered or trick.number == 1", "play").requires == frozenset()
    assert compile_condition("not action.covered and trick.number == 3", "play").requires == frozenset()


@pytest.mark.parametrize("name, players", TABLES, ids=[f"{name}-{players}p" for name, players in TABLES])
def test_the_lean_search_answers_as_the_search_on_forks(name, players, tmp_path, monkeypatch, proof_games):
    ruleset = _ruleset(name, tmp_path)
    assert lean_obstacle(ruleset) is None  # the lean search stands for the other here
    proof = _prove(ruleset, players, proof_games(GAMES[players]), monkeypatch)
    assert proof.compared > 0, "no game asked for the search"
    assert proof.disagreements == []
    assert proof.lean_gave_up == 0, "the lean search gave up where the search on forks finished"
    assert proof.agreed + len(proof.fork_gave_up) == proof.compared
    print(f"{name} at {players}: {proof.compared} positions, {proof.agreed} alike, the fork search gave up at "
          f"{len(proof.fork_gave_up)}, the lean one answering {[lean for _, _, lean in proof.fork_gave_up]}")
    # where the search on forks gave up at its budget, the lean one's answer is checked against the
    # search on forks with a budget 20 times as large (2 in CI, 10 with --proof-games: each takes
    # up to seconds)
    answered = [(engine, team, lean) for engine, team, lean in proof.fork_gave_up if lean is not None]
    for engine, team, lean in answered[:2 if proof_games(None) is None else 10]:
        assert search_answer(engine, team, 20 * DEFAULT_BUDGET, lean=False) in (lean, None)


def test_a_seat_that_must_play_face_down_does_not_stop_the_search_of_the_seats_after_it(tmp_path):
    # fresh5's case: in the third vaza the second card must be face down; a search earlier in the hand
    # answered the guards of that vaza from a vaza start, and the seats after the second were read "no"
    ruleset = _ruleset("coberta-na-terceira", tmp_path)
    engine = Engine(ruleset, players=4, seed=0, scores=[6, 11])
    for _ in range(4):
        engine.deal()
        engine.act(3, "mao_de_onze:fold")
    engine.deal()
    engine.act(1, "mao_de_onze:play")
    for seat, action in [(0, "play:Kd"), (1, "play:3c"), (2, "play:6d"), (3, "play:Kh"), (3, "play:7d"), (0, "play_covered:6h"),
                         (1, "play_covered:Qh"), (2, "play:Jc"), (2, "play_covered:2s"), (3, "play_covered:4h"), (0, "play:Qc")]:
        team = engine.hand.turn % 2
        assert search_answer(engine, team) == search_answer(engine, team, lean=False), (seat, action)
        engine.act(seat, action)
    assert search_answer(engine, 1) is search_answer(engine, 1, lean=False) is True
    assert "show_cards" in engine.legal_actions(1)


def test_only_truco_serve_limits_a_count_by_time():
    # in-process, a count's verdict must not depend on the machine's load; served, it stops before a harness gives up
    from truco_dsl.cli.serve import reference_server
    from truco_dsl.conformance.engines.adapter import ReferenceAdapter
    from truco_dsl.engine.search import COUNT_SECONDS

    assert ReferenceAdapter().count_seconds == float("inf")
    assert reference_server("atb-2004").adapter.count_seconds == COUNT_SECONDS
