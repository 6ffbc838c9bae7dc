"""``truco explain``: a scenario or a recorded game replayed with the clause behind each step
(truco_dsl/review/explain.py, cli/explain.py), on the traced engine (engine.TracedEngine), which must
play exactly as the untraced one; every event names its clause or says it is structural."""

from __future__ import annotations

import json
import random

import pytest

from truco_dsl.cli import main
from truco_dsl.diagnostics import shortened
from truco_dsl.engine import Engine
from truco_dsl.engine.engine import STRUCTURAL, TracedEngine
from truco_dsl.review.explain import explain, explain_scenario
from truco_dsl.rules import load_ruleset
from truco_dsl.bundled import RULESETS_DIR
from truco_dsl.rules.loader import available_rulesets
from truco_dsl.simulation.games import replay

#: every bundled rule set that is played (atb-2004, fpt-1983, enecomp and the variants)
PLAYED = sorted(name for name in available_rulesets() if not load_ruleset(name).abstract)


def explained(capsys, *words: str) -> tuple[int, str, str]:
    code = main(["explain", *words])
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------------------- scenarios
def test_a_scenario_is_explained_with_its_guards_effects_clause_ids_and_the_regulations_words(capsys):
    atb = load_ruleset("atb-2004")
    explanation = explain_scenario("empate-003")
    assert explanation.ruleset == "atb-2004" and explanation.parting is None
    entries = [entry for block in explanation.blocks for entry in block.trace]
    guards = {entry.clause.id for entry in entries if entry.kind == "guard"}
    fired = [entry.clause.id for entry in entries if entry.kind == "effect" and entry.held]
    assert "ATB-NORMAS-11" in guards  # a card covered in the first vaza: checked at every play, not held
    assert "ATB-EMPATE-3.second" in fired or any(clause.startswith("ATB-EMPATE") for clause in fired)
    won = next(entry.event for entry in entries if entry.event and entry.event["type"] == "hand_won")
    assert won["clause"] in fired and won["team"] == 1  # the hand's winner, named by the clause that gave it
    code, out, _ = explained(capsys, "empate-003")
    assert code == 0
    cite = shortened(" ".join(atb.clause(won["clause"]).cite.split()), 100)
    assert f"effect {won['clause']} fired  “{cite}”" in out
    assert "guard ATB-NORMAS-11 at play: not held  “" in out
    assert "the scenario expects:" in out and "Then the score is 0 to 1" in out
    assert out.rstrip().count("now: ") == len(explanation.blocks)


def test_a_refused_action_names_the_guard_that_held(capsys):
    code, out, _ = explained(capsys, "normas-001")  # a card covered in the first vaza, under ATB
    assert code == 0
    assert "guard ATB-NORMAS-11 at play: HELD" in out and "REFUSED: covered_in_first_vaza" in out


def test_a_scenario_under_another_rule_set_shows_where_the_two_part(capsys):
    explanation = explain_scenario("empate-003", "fpt-1983")
    parting = explanation.parting
    assert explanation.compared == "atb-2004" and parting is not None
    # FPT lets the first vaza be played covered; ATB-NORMAS-11 does not: they part at the first card
    assert parting.first.cue.action == parting.second.cue.action == "play:Kd"
    assert "play_covered:Kd" in parting.second.legal and "play_covered:Kd" not in parting.first.legal
    assert any(line.startswith("legal:") for line in parting.differences)
    code, out, _ = explained(capsys, "empate-003", "--ruleset", "manilha-velha")
    assert code == 0 and "where they part: step 1" in out and "state.hand.vira: '4s' -> None" in out
    code, out, _ = explained(capsys, "empate-003", "--ruleset", "jogo-livre")
    assert code == 0 and "atb-2004 and jogo-livre do not part" in out


def test_a_changed_copy_of_the_scenarios_own_rule_set_shows_where_it_parts_from_the_bundled_one(tmp_path, capsys):
    # a pull request's atb-2004.yaml: the tento limit read as a tied score, not a tied vaza
    source = (RULESETS_DIR / "atb-2004.yaml").read_text(encoding="utf-8")
    condition = "(tricks[1].tied or tricks[2].tied) and score[team] + raise.before >= game.target"
    assert condition in source
    changed = tmp_path / "atb-2004.yaml"
    changed.write_text(source.replace(condition, "score[0] == score[1] and score[team] + raise.before >= game.target"),
                       encoding="utf-8")
    explanation = explain_scenario("empate-017", str(changed))
    assert explanation.compared == "atb-2004" and explanation.parting is not None
    assert explanation.parting.first.cue.action == "truco" and "above_the_limit" in explanation.parting.first.refusal


# ---------------------------------------------------------------------------------------- records
def test_a_game_of_truco_simulate_record_is_explained_to_its_end(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--ruleset", "atb-2004", "--games", "2", "--seed", "11", "--bots", "heuristic,heuristic",
                 "--record", str(path)]) == 0
    capsys.readouterr()
    record = json.loads(path.read_text(encoding="utf-8").splitlines()[1])
    engine = replay(record, load_ruleset("atb-2004"))
    explanation = explain(str(path), game=2)
    final = explanation.blocks[-1].state
    assert len(explanation.blocks) == len(record["steps"]) and all(block.accepted for block in explanation.blocks)
    assert final["phase"] == "game_over" and final["score"] == engine.score and final["winner"] == engine.winner
    code, out, _ = explained(capsys, str(path), "--game", "2", "--json")
    assert code == 0 and json.loads(out)["blocks"][-1]["state"]["score"] == engine.score


def test_a_game_of_truco_play_record_is_explained_to_its_end(monkeypatch, tmp_path, capsys):
    import io

    path = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", "--seed", "3", "--scores", "5,9", "--record", str(path)]) == 0
    capsys.readouterr()
    record = json.loads(path.read_text(encoding="utf-8"))
    engine = replay(record, load_ruleset("atb-2004"))
    code, out, _ = explained(capsys, str(path))
    assert code == 0
    last = out.rstrip().splitlines()[-1]
    assert f"score {engine.score[0]} to {engine.score[1]}" in last and f"game won by team {engine.game_winner}" in last


def test_seat_s_sees_its_own_cards_and_no_other_seats_hidden_card(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--ruleset", "fpt-1983", "--games", "4", "--seed", "2", "--bots", "random,random",
                 "--record", str(path)]) == 0
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()
    game, record = next((number, json.loads(line)) for number, line in enumerate(lines, start=1)
                        if any(step.get("seat") == 1 and step["action"].startswith("play_covered:") for step in json.loads(line)["steps"]))
    hidden = {step["action"].partition(":")[2] for step in record["steps"] if step.get("seat") == 1 and step["action"].startswith("play_covered:")}
    code, out, _ = explained(capsys, str(path), "--game", str(game), "--seat", "0", "--json")
    assert code == 0
    shown = json.loads(out)
    for block in shown["blocks"]:
        assert set(block["state"]["hand"]["hands"]) <= {"0"}  # only its own hand
        if block["seat"] == 1:
            assert block["legal"] is None and not block["action"].startswith("play_covered:")
        for entry in block["trace"]:
            event = entry.get("event") or {}
            if event.get("type") == "card_played" and event["seat"] == 1 and event["covered"]:
                assert event["card"] is None
    assert hidden  # the game has cards seat 1 played face down
    code, text, _ = explained(capsys, str(path), "--game", str(game), "--seat", "0")
    assert code == 0 and "seat=1 card=- covered=true" in text
    assert not any(f"seat 1: play_covered:{card}" in text or f"seat=1 card={card} covered=true" in text for card in hidden)
    code, referee, _ = explained(capsys, str(path), "--game", str(game))
    assert any(f"seat 1: play_covered:{card}" in referee for card in hidden)  # the referee sees them


# ---------------------------------------------------------------------------------------- the traced engine
def _play(engines: list[Engine], rng: random.Random) -> int:
    """Play the engines' game to its end, the same random choice for each (their legal actions must
    agree), comparing every step's events and states; returns the steps taken."""
    steps = 0
    first = engines[0]
    while first.phase != "game_over" and steps < 3000:
        if first.phase == "deal":
            outcomes = [engine.deal() for engine in engines]
        else:
            offered = [(seat, action) for seat in range(first.players) for action in first.legal_actions(seat)]
            for engine in engines[1:]:
                assert [(seat, action) for seat in range(engine.players) for action in engine.legal_actions(seat)] == offered
            seat, action = rng.choice(offered)
            outcomes = [engine.act(seat, action) for engine in engines]
        assert all(outcome == outcomes[0] for outcome in outcomes)
        states = [engine.state() for engine in engines]
        assert all(state == states[0] for state in states)
        for engine, outcome in zip(engines, outcomes):
            if isinstance(engine, TracedEngine):  # the trace holds the events returned, in order
                assert [entry.event for entry in engine.trace if entry.kind == "event"] == outcome
        steps += 1
    return steps


@pytest.mark.parametrize("name", PLAYED)
def test_the_traced_engine_plays_exactly_as_the_untraced_one(name):
    ruleset = load_ruleset(name)
    steps = 0
    for players in [count for count in (2, 4) if count in ruleset.players]:
        for seed in range(20):
            scores = [ruleset.target - 1, ruleset.target - 1] if seed % 3 == 2 else None  # mão de onze, sure-win searches
            engines = [Engine(ruleset, players, seed, scores=scores), TracedEngine(ruleset, players, seed, scores=scores)]
            steps += _play(engines, random.Random(seed))
    assert steps > 500


def test_every_event_names_its_clause_or_says_it_is_structural():
    seen: dict[str, set[str]] = {}
    for name in PLAYED:
        ruleset = load_ruleset(name)
        ids = {clause.id for clause in ruleset.clauses}
        for seed in range(4):
            players = ruleset.players[seed % len(ruleset.players)]
            engine = Engine(ruleset, players, seed, scores=[ruleset.target - 1, 0] if seed == 3 else None)
            rng = random.Random(seed)
            while engine.phase != "game_over":
                if engine.phase == "deal":
                    events = engine.deal()
                else:
                    seat, action = rng.choice([(seat, action) for seat in range(players) for action in engine.legal_actions(seat)])
                    events = engine.act(seat, action)
                for event in events:
                    assert event["clause"] == STRUCTURAL or event["clause"] in ids, (name, event)
                    seen.setdefault(event["type"], set()).add("structural" if event["clause"] == STRUCTURAL else "clause")
    assert seen["card_played"] == seen["hand_dealt"] == {"structural"}
    assert seen["points_awarded"] == seen["hand_won"] == {"clause"}
    assert len(seen) >= 10


# ---------------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("content, said", [
    ("", "the file is empty"),
    ('{"ruleset": "atb-2004", "players": 2\n', "bad.jsonl:1: not a JSON line"),
    ('{"ruleset": "atb-2004"}\n', "bad.jsonl:1: not a game record (new_record's format): no 'players'"),
])
def test_a_file_that_is_no_record_is_bad_input(tmp_path, capsys, content, said):
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    code, out, err = explained(capsys, str(path))
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err and out == ""


def test_a_record_that_does_not_replay_names_its_line_and_step(tmp_path, capsys):
    source = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", "1", "--seed", "4", "--record", str(source)]) == 0
    capsys.readouterr()
    record = json.loads(source.read_text(encoding="utf-8"))
    number = next(index for index, step in enumerate(record["steps"]) if "action" in step)
    record["steps"][number]["action"] = "play:Xz"  # edited by hand
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code, _, err = explained(capsys, str(edited))
    assert code == 2 and f"edited.jsonl:1 step {number + 1}: the record does not replay under atb-2004" in err
    assert len(err.strip().splitlines()) == 1
    record["ruleset"] = "casa"  # a rule file's record: its file is needed
    edited.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code, _, err = explained(capsys, str(edited))
    assert code == 2 and "'casa', which is not bundled; give its rule file with --ruleset FILE" in err


@pytest.mark.parametrize("words, said", [
    (["empatee-003"], "no scenario has the id 'empatee-003' (did you mean empate-003?)"),
    (["no/such/game.jsonl"], "no/such/game.jsonl: no such record file"),
    (["empate-003", "--seat", "7"], "--seat 7 is not at the table of 2 players"),
    (["empate-003", "--ruleset", "atb-2005"], "atb-2005"),
])
def test_a_bad_target_or_option_is_one_line_and_exit_2(capsys, words, said):
    code, out, err = explained(capsys, *words)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_record_of_a_rule_file_is_explained_with_its_file(tmp_path, capsys):
    from pathlib import Path

    variant = str(Path(__file__).parent / "fixtures" / "variants" / "casa24b.yaml")  # a 1, 2, 4, 8 ladder
    path = tmp_path / "casa.jsonl"
    assert main(["simulate", "--ruleset", variant, "--games", "1", "--seed", "3", "--record", str(path)]) == 0
    capsys.readouterr()
    code, _, err = explained(capsys, str(path))
    assert code == 2 and "which is not bundled; give its rule file with --ruleset FILE" in err
    engine = replay(json.loads(path.read_text(encoding="utf-8")), load_ruleset(variant))
    explanation = explain(str(path), variant)
    assert explanation.ruleset == "casa24b" and explanation.blocks[-1].state["score"] == engine.score
