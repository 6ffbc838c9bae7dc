"""Properties of whole games, for every bundled rule set and every player count it allows.

Hypothesis draws seeds; a game is dealt by the engine's seeded shuffle and played by a
``random.Random(seed)`` choosing among the legal actions of every seat that has any. Whatever is
played, the deal is a real deal, a seat plays only its cards, a hand has at most three vazas, every
award is a value the rule set can give, every game ends exactly at its target and the match when a side has won enough games, and the same seed
plays the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Tree

from truco_dsl.engine import Engine
from truco_dsl.errors import IllegalAction
from truco_dsl.rules import RuleSet, available_rulesets, load_ruleset

BUNDLED = sorted(ruleset_id for ruleset_id in available_rulesets() if not load_ruleset(ruleset_id).abstract)
CASES = [
    pytest.param(ruleset_id, players, id=f"{ruleset_id}-{players}p")
    for ruleset_id in BUNDLED
    for players in load_ruleset(ruleset_id).players
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
GAMES = settings(max_examples=3, deadline=None)  # 6-player games with mão de onze searches are costly: CI time


# --------------------------------------------------------------------------------------- playing
@dataclass
class Step:
    """One call into the engine: a deal (seat and action None) or an action, with what followed."""

    seat: int | None
    action: str | None
    events: list[dict[str, Any]]
    state: dict[str, Any]  # the referee's view right after


@dataclass
class Game:
    ruleset: RuleSet
    players: int
    engine: Engine
    steps: list[Step] = field(default_factory=list)

    def events(self) -> list[dict[str, Any]]:
        return [event for step in self.steps for event in step.events]


def play_random_game(ruleset_id: str, players: int, seed: int, max_steps: int = 5000) -> Game:
    ruleset = load_ruleset(ruleset_id)
    engine = Engine(ruleset, players=players, seed=seed)
    chooser = random.Random(seed)
    game = Game(ruleset, players, engine)
    while engine.phase != "game_over":
        assert len(game.steps) < max_steps, "the game does not end"
        if engine.phase == "deal":
            game.steps.append(Step(None, None, engine.deal(), engine.state()))
            continue
        options = [(seat, action) for seat in range(players) for action in engine.legal_actions(seat)]
        assert options, f"a hand in play where nobody may act: {engine.state()}"
        seat, action = chooser.choice(options)
        game.steps.append(Step(seat, action, engine.act(seat, action), engine.state()))
    return game


def hands_of(game: Game) -> list[list[Step]]:
    """The steps grouped by hand: each group starts with its deal."""
    hands: list[list[Step]] = []
    for step in game.steps:
        if step.action is None:
            hands.append([])
        hands[-1].append(step)
    return hands


# --------------------------------------------------------------------------------------- what an award may be
@cache
def _statement_parser() -> Lark:
    grammar = resources.files("truco_dsl.lang").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, start="statements", parser="lalr")


def _calls(tree: Tree):
    for node in tree.iter_subtrees_topdown():
        if node.data == "call":
            name, *arguments = node.children
            yield str(name), [argument for argument in arguments if argument is not None]


def _path_text(node: Tree) -> str:
    return ".".join(str(token) for token in node.scan_values(lambda token: token.type == "NAME"))


# What a hand may be worth when no literal says so: a step of the ladder, or the stake a clause set.
_STAKE_VALUED = {"hand.stake", "raise.before", "raise.to"}


def allowed_award_values(ruleset: RuleSet) -> set[int]:
    """Every value a points_awarded may carry under ``ruleset``: the ladder's steps, and each whole
    number a clause writes as the amount of award(team, n) or set_stake(n) (a hand's stake is
    awarded by win_hand). An amount computed any other way cannot be bounded: that fails loudly."""
    allowed = set(ruleset.ladder)
    for clause in ruleset.clauses:
        for name, arguments in _calls(_statement_parser().parse(clause.then.source)):
            if name not in ("award", "set_stake"):
                continue
            amount = arguments[-1]
            if isinstance(amount, Tree) and amount.data == "number":
                allowed.add(int(amount.children[0]))
            elif not (isinstance(amount, Tree) and amount.data == "path" and _path_text(amount) in _STAKE_VALUED):
                raise AssertionError(f"{clause.id}: cannot tell which values {name}() may give in {clause.then.source!r}")
    return allowed


def test_award_values_are_read_from_the_rule_files(tmp_path):
    assert allowed_award_values(load_ruleset("paulista")) == {1, 3, 6, 9, 12}  # the ladder only
    # atb-2004 adds the literals 3 (ATB-MAO-DE-11-3, ATB-MAO-DE-ONZE-3, -5) and 1 (ATB-DECISOES-1):
    # with a ladder of 1, 2, 4 they show up
    path = tmp_path / "low-ladder.yaml"
    path.write_text("ruleset: low-ladder\ntitle: t\nextends: atb-2004\nstakes:\n  ladder: [1, 2, 4]\n", encoding="utf-8")
    assert allowed_award_values(load_ruleset(path)) == {1, 2, 3, 4}


def test_a_computed_award_amount_cannot_be_bounded(tmp_path):
    path = tmp_path / "odd-award.yaml"
    path.write_text(
        "ruleset: odd-award\ntitle: t\nextends: atb-2004\nclauses:\n"
        "  - id: ATB-TRUCO-2.fold\n    cite: perdendo 1 ponto\n    on: respond\n"
        "    then: award(raise.team, raise.to + 1); end_hand()\n",
        encoding="utf-8",
    )
    with pytest.raises(AssertionError, match="cannot tell"):
        allowed_award_values(load_ruleset(path))


# --------------------------------------------------------------------------------------- the properties
@pytest.mark.parametrize("ruleset_id, players", CASES)
@GAMES
@given(seed=SEEDS)
def test_every_dealt_card_comes_from_the_deck_once_and_the_vira_is_in_no_hand(ruleset_id, players, seed):
    game = play_random_game(ruleset_id, players, seed)
    deck = {str(card) for card in game.ruleset.deck}
    for deal in (step for step in game.steps if step.action is None):
        hand = deal.state["hand"]
        assert sorted(hand["hands"]) == [str(seat) for seat in range(players)]
        dealt = [card for cards in hand["hands"].values() for card in cards]
        assert all(len(cards) == game.ruleset.hand_size for cards in hand["hands"].values())
        assert len(dealt) == len(set(dealt)) == players * game.ruleset.hand_size
        assert set(dealt) <= deck
        if game.ruleset.vira:
            assert hand["vira"] in deck and hand["vira"] not in dealt
        else:
            assert hand["vira"] is None


@pytest.mark.parametrize("ruleset_id, players", CASES)
@GAMES
@given(seed=SEEDS)
def test_each_seat_plays_only_its_own_cards_at_most_three_and_a_hand_has_at_most_three_vazas(ruleset_id, players, seed):
    game = play_random_game(ruleset_id, players, seed)
    assert game.ruleset.hand_size == 3
    for steps in hands_of(game):
        dealt = steps[0].state["hand"]["hands"]
        events = [event for step in steps for event in step.events]
        played: dict[int, list[str]] = {seat: [] for seat in range(players)}
        for event in events:
            if event["type"] == "card_played":
                played[event["seat"]].append(event["card"])
                assert event["trick"] <= 3
        for seat, cards in played.items():
            assert len(cards) <= 3
            assert len(set(cards)) == len(cards) and set(cards) <= set(dealt[str(seat)])
        vazas = {event["trick"] for event in events if event["type"] in ("trick_won", "trick_tied")}
        assert vazas <= {1, 2, 3}
        assert len(steps[-1].state["hand"]["tricks"]) <= 3
        assert [event["type"] for event in events].count("hand_ended") == 1
        assert events[-1]["type"] == "hand_ended"


@pytest.mark.parametrize("ruleset_id, players", CASES)
@GAMES
@given(seed=SEEDS)
def test_every_award_is_a_ladder_step_or_a_value_written_in_a_clause(ruleset_id, players, seed):
    game = play_random_game(ruleset_id, players, seed)
    allowed = allowed_award_values(game.ruleset)
    awards = [event for event in game.events() if event["type"] == "points_awarded"]
    assert awards  # a game is won by points
    assert {event["points"] for event in awards} <= allowed
    assert all(event["clause"] in {clause.id for clause in game.ruleset.clauses} for event in awards)


@pytest.mark.parametrize("ruleset_id, players", CASES)
@GAMES
@given(seed=SEEDS)
def test_each_game_ends_exactly_when_a_team_reaches_the_target_and_the_match_when_a_team_has_won_enough(ruleset_id, players, seed):
    game = play_random_game(ruleset_id, players, seed)
    target, match_wins = game.ruleset.target, game.ruleset.match_wins
    games_won = [0] * game.ruleset.teams
    for number, step in enumerate(game.steps, start=1):
        last_step = number == len(game.steps)
        awards = [(position, event) for position, event in enumerate(step.events) if event["type"] == "points_awarded"]
        crossing = [(position, event) for position, event in awards if max(event["score"]) >= target]
        won = [event for event in step.events if event["type"] == "game_won"]
        if not crossing:  # not before: the game goes on, every score short of the target
            assert not won and max(step.state["score"]) < target
            assert step.state["phase"] != "game_over" and step.state["winner"] is None
            continue
        # exactly then: the first award that crosses the target wins the game right after it
        position, reached = crossing[0]
        assert len(won) == 1 and step.events.index(won[0]) == position + 1
        assert won[0]["team"] == reached["team"] and step.state["score"][reached["team"]] >= target
        games_won[reached["team"]] += 1
        assert step.state["games_won"] == games_won
        if games_won[reached["team"]] < match_wins:  # the match goes on with a new game
            assert not last_step and step.state["phase"] == "deal" and step.state["winner"] is None
        else:  # the match is over
            assert last_step and step.state["phase"] == "game_over"
            assert step.state["winner"] == game.engine.winner == reached["team"]
    assert game.engine.winner is not None
    # and nothing is accepted after it
    engine = game.engine
    before = engine.state()
    assert all(engine.legal_actions(seat) == [] for seat in range(players))
    for attempt in (lambda: engine.act(0, "truco"), lambda: engine.act(1, "accept"), engine.deal):
        with pytest.raises(IllegalAction) as refused:
            attempt()
        assert refused.value.reason == "game_over"
    assert engine.state() == before


@pytest.mark.parametrize("ruleset_id, players", CASES)
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS)
def test_the_same_seed_gives_the_same_event_sequence(ruleset_id, players, seed):
    first = play_random_game(ruleset_id, players, seed)
    second = play_random_game(ruleset_id, players, seed)
    assert [(step.seat, step.action, step.events) for step in first.steps] == \
           [(step.seat, step.action, step.events) for step in second.steps]
    assert first.engine.state() == second.engine.state()


# --------------------------------------------------------------------------------------- the common core
def test_every_playable_bundled_rule_set_is_played():
    assert {"atb-2004", "fpt-1983", "enecomp", "manilha-velha", "baralho-limpo"} <= set(BUNDLED)
    assert "paulista" not in BUNDLED


def test_the_paulista_core_is_abstract_and_not_played_by_itself():
    # paulista.yaml holds only what the three regulations share; where they disagree (ties, the mão
    # de onze) it says nothing, so a hand could not always be finished with it alone.
    assert load_ruleset("paulista").abstract
    assert not load_ruleset("atb-2004").abstract  # `abstract` is not inherited
    with pytest.raises(ValueError, match="common core"):
        Engine("paulista", players=2, seed=0)
