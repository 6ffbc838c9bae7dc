"""``truco play``: a person at seat 0 against bots, driven here by scripted input."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from truco_dsl.cards import Card
from truco_dsl.cli import main
from truco_dsl.cli.terminal import TerminalGame
from truco_dsl.engine import Engine

PROMPT = "> "


def run(monkeypatch, capsys, typed: str, **options) -> tuple[int, str, str]:
    """``truco play --ruleset atb-2004 --seed 3 --players 2`` (``options`` change them; a seed of
    None leaves it out) with ``typed`` as stdin; returns (exit code, stdout, stderr)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    chosen = {"ruleset": "atb-2004", "seed": 3, "players": 2, **options}
    code = main(["play", *(word for name, value in chosen.items() if value is not None for word in (f"--{name}", str(value)))])
    out, err = capsys.readouterr()
    return code, out, err


def first_hand(seed: int = 3, players: int = 2) -> list[str]:
    """Seat 0's cards in the first deal of a game with ``seed`` (truco play deals the same)."""
    engine = Engine("atb-2004", players, seed)
    engine.deal()
    return engine.state(0)["hand"]["hands"]["0"]


def scripted(engine: Engine, lines: list[str]) -> tuple[TerminalGame, io.StringIO]:
    """A TerminalGame on ``engine`` reading ``lines``, writing to a buffer."""
    buffer = io.StringIO()
    pending = iter(lines)

    def read() -> str:
        try:
            return next(pending)
        except StopIteration:
            raise EOFError from None

    console = Console(file=buffer, width=100, highlight=False, emoji=False)
    return TerminalGame(engine, bots=random.Random(1), console=console, read=read), buffer


# ---------------------------------------------------------------- a whole game
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_whole_game_typing_1_ends_with_a_winner(monkeypatch, capsys, players):
    code, out, err = run(monkeypatch, capsys, "1\n" * 2000, players=players)
    assert code == 0, err
    assert err == ""
    assert "Vira" in out and "manilhas" in out
    assert "Your hand" in out and "Score" in out and "Stake" in out
    assert "Game over" in out and re.search(r"wins? the game", out) and "Final score" in out
    assert "End of input" not in out
    assert "Traceback" not in out
    if players > 2:
        assert "partner (seat 2)" in out


def test_the_table_shows_the_vira_the_manilhas_the_hand_and_the_actions(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "quit\n")
    engine = Engine("atb-2004", 2, 3)
    engine.deal()
    hand = engine.state(0)["hand"]
    assert code == 0
    assert f"Vira       {Card.parse(hand['vira']).pretty()}" in out
    manilhas = " ".join(Card.parse(card).pretty() for card in hand["manilhas"])  # strongest first
    assert f"manilhas {manilhas}" in out
    for card in hand["hands"]["0"]:
        assert Card.parse(card).pretty() in out.split("Your hand", 1)[1].splitlines()[0]
    assert "Score      you 0 · seat 1 0" in out
    assert "Now        Your turn" in out
    assert "4 truco (ask for 3)" in out


def test_the_same_seed_and_the_same_typing_give_the_same_game(monkeypatch, capsys):
    first = run(monkeypatch, capsys, "1\n2\n" * 1000, seed=11)
    second = run(monkeypatch, capsys, "1\n2\n" * 1000, seed=11)
    assert first == second
    other = run(monkeypatch, capsys, "1\n2\n" * 1000, seed=12)
    assert other[1] != first[1]


def test_bots_moves_and_events_are_told_in_words(monkeypatch, capsys):
    _, out, _ = run(monkeypatch, capsys, "1\n" * 2000, seed=3)
    assert "You play" in out and "Seat 1 plays" in out
    assert "Vaza 1 won by" in out
    assert "Hand won by" in out and "point" in out
    assert "Seat 1 calls TRUCO! (asks for 3)" in out
    assert "seat 1 asks for 3 — accept, fold or raise" in out


# ---------------------------------------------------------------- bad input
def test_bad_input_is_answered_and_the_prompt_repeats(monkeypatch, capsys):
    hand = first_hand()
    not_held = next(str(card) for card in Engine("atb-2004", 2).ruleset.deck if str(card) not in hand)
    typed = ["zzz", "9x", "", not_held, f"play_covered:{hand[0]}", "accept", "seis", "9", "quit"]
    code, out, err = run(monkeypatch, capsys, "\n".join(typed) + "\n")
    assert code == 0 and err == ""
    assert out.count(PROMPT) == len(typed)
    assert out.count("Your hand") == 1  # nothing was played: the same prompt was asked again
    assert "I don't understand 'zzz'" in out
    assert "'9x' is not a card: unknown rank '9'" in out
    assert "Type a number from 1 to 4, a card like 3c, or help." in out
    assert f"You don't hold {Card.parse(not_held).pretty()}" in out
    assert "forbidden now — ATB-NORMAS-11" in out
    assert "Nobody asked for a raise" in out
    assert "The next raise is truco (to 3), not seis." in out
    assert "There is no action 9; choose 1 to 4." in out
    assert "You left the game." in out
    assert "Traceback" not in out + err


def test_help_lists_the_forms_and_asks_again(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "help\nquit\n")
    assert code == 0
    assert "cover 3c" in out and "canonical forms work too: play:" in out
    assert out.count(PROMPT) == 2


def test_friendly_and_canonical_forms_are_understood(monkeypatch, capsys):
    hand = first_hand()
    code, out, _ = run(monkeypatch, capsys, f"{Card.parse(hand[1]).pretty()}\nquit\n")  # 3♣ plays 3c
    assert code == 0 and f"You play {Card.parse(hand[1]).pretty()}" in out
    code, out, _ = run(monkeypatch, capsys, f"play:{hand[2]}\nquit\n")
    assert f"You play {Card.parse(hand[2]).pretty()}" in out
    code, out, _ = run(monkeypatch, capsys, "truco\nquit\n")
    assert "You call TRUCO! (ask for 3)" in out


# ---------------------------------------------------------------- leaving
def test_end_of_input_ends_cleanly(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "")
    assert code == 0 and err == ""
    assert "End of input: you left the game." in out


def test_quit_ends_cleanly_mid_game(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "1\n1\nquit\n")
    assert code == 0
    assert "You left the game. Score:" in out


# ---------------------------------------------------------------- bad options
def test_a_player_count_the_rule_set_does_not_allow_is_exit_2(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "1\n", players=3)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "not 3" in err and "2, 4, 6" in err


def test_the_cli_gives_exit_2_for_three_players(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--players", "3", "--seed", "1"]) == 2
    assert "is played by 2, 4, 6 players, not 3 (give --players 2 or 4 or 6)" in capsys.readouterr().err
    assert main(["play", "--ruleset", "enecomp", "--seed", "1"]) == 2  # a rule set of 4 players only
    assert "not 2 (give --players 4)" in capsys.readouterr().err


def test_an_unknown_rule_set_is_exit_2(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, "", ruleset="no-such-rules")
    assert code == 2 and err.count("\n") == 1 and "no-such-rules" in err


def test_a_malformed_rule_file_is_exit_2_with_its_problems_located(monkeypatch, capsys, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: broken\nextends: atb-2004\nclauses: [\n", encoding="utf-8")
    code, _, err = run(monkeypatch, capsys, "", ruleset=str(broken))
    assert code == 2 and err.startswith("truco play: bad rule file:\n")
    assert "broken.yaml:3:" in err and "    clauses: [\n" in err and "^" in err and "Traceback" not in err
    code, _, err = run(monkeypatch, capsys, "", ruleset=str(tmp_path / "missing.yaml"))
    assert code == 2 and err.count("\n") == 1


def test_a_game_without_a_seed_prints_the_seed_to_replay(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "", seed=None)
    assert code == 0 and "replay with --seed" in out


def test_a_variant_without_a_vira_shows_the_fixed_manilhas(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "1\n" * 2000, ruleset="manilha-velha")
    assert code == 0 and "Manilhas   4♣ 7♥ A♠ 7♦" in out and "Game over" in out


# ---------------------------------------------------------------- what the person sees mid-hand
def test_a_pending_raise_is_shown_with_its_answers():
    engine = Engine("atb-2004", 2, 3)
    engine.deal()
    engine.act(0, f"play:{engine.state(0)['hand']['hands']['0'][0]}")
    engine.act(1, "truco")
    game, screen = scripted(engine, ["quit"])
    assert game.run() == 0
    text = screen.getvalue()
    assert "seat 1 asks for 3 — accept, fold or raise" in text
    assert "Your answer to the raise" in text
    assert "1 accept (3 points)   2 seis (ask for 6)   3 fold" in text


def test_a_mao_de_onze_shows_the_partners_cards_and_the_decision():
    engine = Engine("atb-2004", 4, 7, scores=[11, 4])
    game, screen = scripted(engine, ["quit"])
    assert game.run() == 0
    text = screen.getvalue()
    partner = engine.state(0)["hand"]["hands"]["2"]
    assert "Mão de onze for your team" in text
    assert "Partner (seat 2)" in text
    assert all(Card.parse(card).pretty() in text for card in partner)
    assert "1 play the mão de onze (3 points)   2 fold the mão de onze" in text


def test_a_truco_in_a_mao_de_onze_is_refused_not_committed_as_a_foul():
    engine = Engine("atb-2004", 2, 7, scores=[11, 4])
    game, screen = scripted(engine, ["play", "truco", "quit"])
    assert game.run() == 0
    text = screen.getvalue()
    assert "You decide to play the mão de onze" in text
    assert "Truco is not allowed now; it would be a foul (ATB-MAO-DE-ONZE-3" in text  # not "seis": the call is forbidden
    assert engine.score == [11, 4]


def test_a_bots_covered_card_is_not_revealed():
    engine = Engine("atb-2004", 2, 3)
    engine.deal()
    hand = engine.state(None)["hand"]["hands"]
    engine.act(0, f"play:{hand['0'][0]}")
    engine.act(1, f"play:{hand['1'][0]}")
    leader = engine.state(None)["hand"]["turn"]
    game, screen = scripted(engine, [])
    if leader == 1:
        card = engine.state(None)["hand"]["hands"]["1"][0]
        game.narrate(engine.act(1, f"play_covered:{card}"))
        assert "Seat 1 plays a card face down" in screen.getvalue()
        assert Card.parse(card).pretty() not in screen.getvalue()
    else:
        card = engine.state(None)["hand"]["hands"]["0"][0]
        game.narrate(engine.act(0, f"play_covered:{card}"))
        game.narrate(engine.act(1, f"play_covered:{engine.state(None)['hand']['hands']['1'][0]}"))
        assert f"You play {Card.parse(card).pretty()} face down" in screen.getvalue()
        assert "Seat 1 plays a card face down" in screen.getvalue()


def test_after_an_accepted_truco_the_next_raise_is_named_seis():
    engine = Engine("atb-2004", 2, 3)
    engine.deal(hands={0: ["4c", "5h", "6h"], 1: ["7d", "Qd", "Jd"]}, vira="3c")  # 4c is the zap
    engine.act(0, "play:4c")
    engine.act(1, "truco")
    game, screen = scripted(engine, ["accept", "seis", "quit"])
    assert game.run() == 0
    text = screen.getvalue()
    assert "You accept — the hand is worth 3" in text
    assert "Vaza 1 won by you" in text
    assert "seis (ask for 6)" in text
    assert "You call SEIS! (ask for 6)" in text


def test_a_match_announces_each_game_and_ends_with_the_match(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "1\n" * 6000, ruleset="melhor-de-tres")
    assert code == 0, err
    assert re.search(r"Game 1 won by (you|seat 1) \(.*\) — games won \d · \d, the match goes to 2", out)
    assert "Match over" in out and re.search(r"wins? the match", out)
    assert re.search(r"Games won (2 · [01]|[01] · 2)\.", out)
    assert "match_won" not in out  # told in words, not as a raw event


def test_a_blind_hand_numbers_the_unseen_cards_and_plays_to_the_end():
    engine = Engine("enecomp", 4, 7, scores=[11, 11])  # 11 a 11: the mão de ferro, played blind (ENE-FERRO-1)
    game, screen = scripted(engine, ["1"] * 40)
    assert game.run() == 0
    text = screen.getvalue()
    assert "Your hand  3 cards, unseen: this hand is played blind" in text
    assert "1 card 1 (unseen)   2 card 2 (unseen)   3 card 3 (unseen)" in text
    assert engine.phase == "game_over" or engine.game.number > 1  # the blind hand was played out


def test_in_a_blind_hand_a_card_named_or_a_position_out_of_range_is_refused():
    game, screen = scripted(Engine("enecomp", 4, 7, scores=[11, 11]), ["4c", "play_blind:9", "play_blind:2", "quit"])
    assert game.run() == 0
    text = screen.getvalue()
    assert "✗ this hand is played blind: play_blind:<position>" in text
    assert "✗ 'play_blind:9': play_blind takes the position of a card in the hand, 1 to 3" in text
    assert "You play " in text.split("1 to 3", 1)[1]  # play_blind:2 plays the second unseen card


def test_a_line_of_input_without_end_is_read_no_further_than_a_limit(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "\0" * 5000)
    assert code == 2
    assert "a line of input is longer than 1,000 characters: no move is that long; the game ends here" in err


def test_a_match_that_ends_with_both_sides_disqualified_has_no_winner(tmp_path):
    path = tmp_path / "fora.yaml"
    path.write_text("ruleset: fora\ntitle: fora\nextends: atb-2004\nclauses:\n  - id: ATB-EMPATE-2\n"
                    "    cite: torna aquele que jogou primeiro\n    on: deal\n    then: disqualify_both()\n", encoding="utf-8")
    game, screen = scripted(Engine(str(path), 2, 3), [])
    assert game.run() == 0
    text = screen.getvalue()
    assert "The game ends with no winner: both sides are disqualified." in text and "none wins" not in text
    assert "match_ended" not in text  # said once, in words, not as the event


def test_a_raise_is_named_by_the_number_it_asks_for_not_by_its_place_on_the_ladder():
    variant = str(Path(__file__).parent / "fixtures" / "variants" / "casa24b.yaml")  # a 1, 2, 4, 8 ladder
    game, _ = scripted(Engine(variant, 2, 3), [])
    assert game.raise_name(2) == "truco"  # the first raise is the call, whatever it asks for
    assert game.raise_name(4) == "raise to 4" and game.raise_name(8) == "raise to 8"  # not "seis", "nove"
    atb, _ = scripted(Engine("atb-2004", 2, 3), [])
    assert [atb.raise_name(step) for step in (3, 6, 9, 12)] == ["truco", "seis", "nove", "doze"]


def test_a_game_may_start_at_given_scores_below_the_target(monkeypatch, capsys):
    variant = str(Path(__file__).parent / "fixtures" / "variants" / "jogo-de-24" / "jogo-de-24.yaml")
    code, out, _ = run(monkeypatch, capsys, "quit\n", ruleset=variant, scores="23,5")
    assert code == 0
    assert "you 23 · seat 1 5   game to 24" in out and "4 points   mão de 23" in out  # the house's mão de 23
    code, _, err = run(monkeypatch, capsys, "quit\n", scores="12,0")
    assert code == 2 and "--scores 12,0: a game of atb-2004 is won at 12 points; start below it" in err


def test_a_raise_of_a_ladder_without_words_is_typed_as_truco_or_raise_to_n():
    engine = Engine(str(Path(__file__).parent / "fixtures" / "variants" / "casa24b.yaml"), players=2, seed=3, dealer=1)
    engine.deal([["4c", "7h", "3d"], ["Kd", "Jd", "5d"]], None)
    game, _ = scripted(engine, [])
    view = engine.state(0)
    assert game.to_action("truco", view) == "truco" and game.to_action("raise to 2", view) == "truco"
    with pytest.raises(Exception, match="The next raise is truco \\(to 2\\), not to 4"):
        game.to_action("raise to 4", view)


def test_a_recorded_game_replays_to_the_same_end(monkeypatch, capsys, tmp_path):
    import json

    from truco_dsl.rules import load_ruleset
    from truco_dsl.simulation.games import replay

    path = tmp_path / "game.jsonl"
    code, out, _ = run(monkeypatch, capsys, "1\n" * 400, scores="5,9", record=str(path))
    assert code == 0 and "Game over" in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seats"][0] == "person" and record["scores"] == [5, 9] and len(record["steps"]) > 3
    engine = replay(record, load_ruleset("atb-2004"))
    assert engine.phase == "game_over" and max(engine.score) >= engine.game.target


def test_a_record_that_cannot_be_written_is_exit_2_before_the_game(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, "1\n", record="/no/such/folder/game.jsonl")
    assert code == 2 and "cannot write to /no/such/folder/game.jsonl" in err and "Truco" not in out
