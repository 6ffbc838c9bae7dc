"""The bots (truco_dsl.simulation): what a seat's view hides, the heuristic's play, that every bot
answers a legal action under every player count, and the graded strength of the rungs."""

from __future__ import annotations

import json

import pytest

from truco_dsl.engine import Engine
from truco_dsl.rules import load_ruleset
from truco_dsl.bundled import RULESETS_DIR
from truco_dsl.simulation.bots import RandomBot, make_bot
from truco_dsl.simulation.heuristic import HeuristicBot
from truco_dsl.simulation.games import play_game, replay
from truco_dsl.simulation.mcts import MctsBot
from truco_dsl.simulation.statistics import wilson
from truco_dsl.simulation.view import seat_to_act, seat_view

ATB = load_ruleset("atb-2004")
MANILHA_VELHA = load_ruleset(RULESETS_DIR / "variants" / "manilha-velha.yaml")


class Recording:
    """A bot that asks another and keeps every (view, legal, choice) it was asked."""

    def __init__(self, bot):
        self.bot, self.name, self.asked = bot, bot.name, []

    def choose(self, view, legal):
        choice = self.bot.choose(view, legal)
        self.asked.append((view, list(legal), choice))
        return choice

    def close(self):
        self.bot.close()


# ------------------------------------------------------------------------------------ the view
def _tokens(value, skip=("manilhas",)):
    """Every string inside a JSON value, but under the keys ``skip`` (the manilhas are public:
    they follow from the vira, and may name a card someone holds)."""
    if isinstance(value, dict):
        return [token for key, item in value.items() if key not in skip for token in _tokens(item, skip)]
    if isinstance(value, list):
        return [token for item in value for token in _tokens(item, skip)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("players", [2, 4])
def test_a_view_never_names_a_card_its_seat_may_not_see(players):
    hidden_checked = covered_checked = 0
    for seed in range(12):
        engine = Engine(ATB, players, seed=seed)
        bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
        while engine.phase == "deal" and engine.game_winner is None:
            engine.deal()
            history: list[tuple[int, str]] = []
            covered: dict[int, set[str]] = {seat: set() for seat in range(players)}  # seat -> cards it played face down
            while (asked := seat_to_act(engine)) is not None:
                for viewer in range(players):
                    view = seat_view(engine, viewer, history)
                    hand = engine.hand
                    team = viewer % engine.teams
                    secret = {str(card) for seat, cards in enumerate(hand.hands) if seat != viewer
                              and not (seat % engine.teams == team and team in hand.partners_see) for card in cards}
                    secret |= {card for seat, cards in covered.items() if seat != viewer for card in cards}
                    named = set(_tokens(view.state)) | {action.partition(":")[2] for _, action in view.history}
                    assert not secret & named, (viewer, secret & named, view)
                    assert view.state == engine.state(viewer) and view.seat == viewer and view.ruleset is ATB
                    hidden_checked += bool(secret)
                    covered_checked += any(covered[seat] for seat in covered if seat != viewer)
                seat, legal = asked
                action = bots[seat].choose(seat_view(engine, seat, history), legal)
                engine.act(seat, action)
                history.append((seat, action))
                if action.startswith("play_covered:"):
                    covered[seat].add(action.partition(":")[2])
    assert hidden_checked > 100 and covered_checked > 10  # the check met hidden hands and covered cards


def test_a_view_writes_another_seats_covered_card_without_it_and_keeps_its_own():
    engine = Engine(ATB, 2, seed=1)
    engine.deal()
    history = [(0, "play:4c"), (1, "play:5c"), (1, "play_covered:Kd"), (0, "play_covered:Ah")]
    assert seat_view(engine, 0, history).history == ((0, "play:4c"), (1, "play:5c"), (1, "play_covered"), (0, "play_covered:Ah"))
    assert seat_view(engine, 1, history).history == ((0, "play:4c"), (1, "play:5c"), (1, "play_covered:Kd"), (0, "play_covered"))


# ------------------------------------------------------------------------------- the heuristic
def _position(ruleset, hands, vira, players=2, scores=None, actions=()):
    engine = Engine(ruleset, players, seed=0, scores=scores)
    engine.deal(hands, vira)
    for seat, action in actions:
        engine.act(seat, action)
    return engine


def _heuristic(engine, seat, history=(), cards_only=False):
    legal = engine.legal_actions(seat)
    if cards_only:
        legal = [action for action in legal if action.startswith("play")]
    return HeuristicBot(0).choose(seat_view(engine, seat, list(history)), legal)


STRONG, WEAK = ["5c", "5h", "3d"], ["6c", "7d", "Qh"]  # under the vira 4c the manilhas are the 5s


def test_the_heuristic_raises_with_manilhas_and_plays_a_weak_hand_on():
    assert _heuristic(_position(ATB, [STRONG, WEAK], "4c"), 0) == "truco"
    assert _heuristic(_position(ATB, [WEAK, STRONG], "4c"), 0).startswith("play:")


def test_the_heuristic_folds_a_weak_hand_when_raised_and_answers_a_strong_one():
    assert _heuristic(_position(ATB, [STRONG, WEAK], "4c", actions=[(0, "truco")]), 1) == "fold"
    assert _heuristic(_position(ATB, [WEAK, STRONG], "4c", actions=[(0, "truco")]), 1) in ("accept", "truco")


def test_the_heuristic_plays_a_mao_de_onze_with_a_strong_hand_and_folds_a_weak_one():
    strong = _position(ATB, [["5c", "3d", "2d"], WEAK], "4c", scores=[11, 0])
    assert "mao_de_onze:fold" in strong.legal_actions(0) and "show_cards" not in strong.legal_actions(0)
    assert _heuristic(strong, 0) == "mao_de_onze:play"
    assert _heuristic(_position(ATB, [WEAK, STRONG], "4c", scores=[11, 0]), 0) == "mao_de_onze:fold"


def test_the_heuristic_shows_its_cards_when_the_engine_offers_it():
    engine = _position(ATB, [["5c", "5h", "5s"], WEAK], "4c", scores=[11, 0])  # the three best cards: a sure win
    assert "show_cards" in engine.legal_actions(0)
    assert _heuristic(engine, 0) == "show_cards"


def test_the_heuristic_takes_a_vaza_with_its_weakest_card_that_takes_it_else_plays_its_weakest():
    taking = _position(ATB, [["Kd", "6s", "7s"], ["2c", "Ad", "6h"]], "4c", actions=[(0, "play:Kd")])
    assert _heuristic(taking, 1, [(0, "play:Kd")], cards_only=True) == "play:Ad"
    lost = _position(ATB, [["3d", "6s", "7s"], ["Qd", "7h", "6h"]], "4c", actions=[(0, "play:3d")])
    assert _heuristic(lost, 1, [(0, "play:3d")], cards_only=True) == "play:6h"


def test_the_heuristic_saves_its_best_card_when_its_side_holds_the_vaza():
    played = [(0, "play:3c"), (1, "play:4d")]
    engine = _position(ATB, [["3c", "6s", "7s"], ["4d", "Qs", "Js"], ["5c", "2d", "6h"], ["4h", "Qc", "Jc"]], "4c",
                       players=4, actions=played)
    assert _heuristic(engine, 2, played, cards_only=True) == "play:6h"


def test_the_heuristic_reads_card_strength_from_the_rule_set():
    # 4c, 7h and As are manilhas of the manilha velha; under atb-2004 with the vira Qd they are not
    hand, other = ["4c", "7h", "As"], ["6c", "6d", "Qh"]
    assert _heuristic(_position(MANILHA_VELHA, [hand, other], None), 0) == "truco"
    assert _heuristic(_position(ATB, [hand, other], "Qd"), 0) != "truco"


# -------------------------------------------------------------------- every bot, every table
SPECS = ["random", "heuristic", "mcts:6"]
TABLES = [(ATB, 2), (ATB, 4), (ATB, 6), (MANILHA_VELHA, 2), (MANILHA_VELHA, 4), (MANILHA_VELHA, 6)]


@pytest.mark.parametrize("spec", SPECS)
def test_every_bot_answers_a_legal_action_at_every_table_and_the_same_seed_plays_the_same_game(spec):
    asked = set()
    for ruleset, players in TABLES:
        for seed in range(3):
            games = []
            for _ in range(2):
                bots = [Recording(make_bot(spec if seat % 2 == seed % 2 else SPECS[(SPECS.index(spec) + 1) % 3], seed * 7 + seat))
                        for seat in range(players)]
                record = play_game(ruleset, players, seed, bots, record=True)  # raises BotError on an action not legal
                for bot in bots:
                    if bot.name.startswith(spec.partition(":")[0]):
                        assert all(choice in legal for _, legal, choice in bot.asked)
                        asked |= {_kind(legal) for _, legal, _ in bot.asked}
                        assert getattr(bot.bot, "passed_over", 0) == 0  # every determinization was rebuilt
                games.append(record)
            assert games[0] == games[1]  # the same seeds, the same game
            assert record.winner is not None and record.score[record.winner] >= ruleset.target
            assert replay(record.record, ruleset).score == record.score
    assert {"card", "raise answer", "mao de onze"} <= asked  # the bots met every kind of decision


def _kind(legal):
    if "mao_de_onze:play" in legal:
        return "mao de onze"
    return "raise answer" if "accept" in legal else "card"


def test_make_bot_refuses_an_unknown_bot_and_names_the_closest():
    with pytest.raises(ValueError, match=r"unknown bot 'heuristc' \(did you mean heuristic\?\)"):
        make_bot("heuristc", 0)
    with pytest.raises(ValueError, match="mcts:N takes N"):
        make_bot("mcts:0", 0)
    assert make_bot("mcts:25", 0).name == "mcts:25" and make_bot("random", 0).name == "random"


# ------------------------------------------------------------------------------ graded strength
def duel(strong: str, weak: str, games: int, players: int = 2) -> tuple[int, int]:
    """Games ``strong`` won of ``games`` against ``weak`` under atb-2004, seats swapped every game."""
    won = 0
    for game in range(games):
        side = game % 2
        bots = [make_bot(strong if seat % 2 == side else weak, 1000 * game + seat) for seat in range(players)]
        won += play_game(ATB, players, game, bots).winner == side
    return won, games


@pytest.mark.parametrize(("strong", "weak", "games"), [("heuristic", "random", 200), ("mcts", "heuristic", 80)])
def test_each_rung_beats_the_one_below_with_an_interval_excluding_a_half(strong, weak, games):
    won, played = duel(strong, weak, games)
    low, high = wilson(won, played)
    print(f"\n{strong} vs {weak}, atb-2004, 2 players: {won}/{played} = {won / played:.3f}, Wilson 95% [{low:.3f}, {high:.3f}]")
    assert low > 0.5


# ------------------------------------------------------------------------------------ wilson
def test_wilson_holds_the_rate_stays_in_bounds_is_symmetric_and_narrows_with_more_trials():
    for successes, n in [(0, 10), (3, 10), (10, 10), (50, 100), (1, 1000)]:
        low, high = wilson(successes, n)
        assert 0.0 <= low <= successes / n <= high <= 1.0
        mirrored = wilson(n - successes, n)
        assert low == pytest.approx(1 - mirrored[1]) and high == pytest.approx(1 - mirrored[0])
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)
    narrow, wide = wilson(500, 1000), wilson(5, 10)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert wilson(50, 100, z=2.58)[0] < wilson(50, 100)[0]  # 99% is wider than 95%
    with pytest.raises(ValueError):
        wilson(11, 10)
    with pytest.raises(ValueError):
        wilson(1, 10, z=0)


def test_wilson_matches_its_formula_at_a_half():
    # at p = 1/2 the interval is 1/2 ± z·sqrt(1/(4n) + z²/(4n²)) / (1 + z²/n)
    n, z = 100, 1.96
    half = z * (1 / (4 * n) + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    assert wilson(50, n) == pytest.approx((0.5 - half, 0.5 + half))
