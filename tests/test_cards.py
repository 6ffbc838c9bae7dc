"""Card notation: every card reads back as itself, suit symbols are accepted, bad tokens are named."""

from __future__ import annotations

import pytest

from truco_dsl.cards import Card, Rank, Suit, parse_cards
from truco_dsl.errors import CardError

ALL_CARDS = [Card(rank, suit) for rank in Rank for suit in Suit]


def test_the_notation_has_forty_distinct_cards():
    assert len(ALL_CARDS) == 40
    assert len({str(card) for card in ALL_CARDS}) == 40


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_notation_round_trip(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty()) == card


@pytest.mark.parametrize(
    "token, expected",
    [
        ("4c", Card(Rank.FOUR, Suit.CLUBS)),
        ("Ah", Card(Rank.ACE, Suit.HEARTS)),
        ("7d", Card(Rank.SEVEN, Suit.DIAMONDS)),
        ("Qs", Card(Rank.QUEEN, Suit.SPADES)),
        ("qs", Card(Rank.QUEEN, Suit.SPADES)),
        ("AH", Card(Rank.ACE, Suit.HEARTS)),
        ("  3c ", Card(Rank.THREE, Suit.CLUBS)),
    ],
)
def test_letters_in_either_case_and_blanks_around(token, expected):
    assert Card.parse(token) == expected


@pytest.mark.parametrize(
    "token, suit",
    [("4♣", Suit.CLUBS), ("7♥", Suit.HEARTS), ("A♠", Suit.SPADES), ("7♦", Suit.DIAMONDS),
     ("4♧", Suit.CLUBS), ("7♡", Suit.HEARTS), ("A♤", Suit.SPADES), ("7♢", Suit.DIAMONDS)],
)
def test_suit_symbols_are_accepted(token, suit):
    card = Card.parse(token)
    assert card.suit is suit
    assert card.rank is Rank(token[0])


def test_str_is_the_notation_and_pretty_uses_the_symbol():
    zap = Card(Rank.FOUR, Suit.CLUBS)
    assert str(zap) == "4c"
    assert zap.pretty() == "4♣"
    assert Suit.DIAMONDS.portuguese == "ouros"
    assert Suit.CLUBS.symbol == "♣"


@pytest.mark.parametrize(
    "token, what",
    [
        ("9c", "unknown rank '9'"),
        ("8h", "unknown rank '8'"),
        ("4x", "unknown suit 'x'"),
        ("10c", "a card is a rank"),
        ("", "a card is a rank"),
        ("4", "a card is a rank"),
        ("K♤♤", "a card is a rank"),
    ],
)
def test_a_bad_token_is_named_with_the_reason(token, what):
    with pytest.raises(CardError) as caught:
        Card.parse(token)
    assert caught.value.token == token
    assert repr(token) in str(caught.value)
    assert what in caught.value.reason


def test_a_non_string_is_refused_as_a_card_error():
    with pytest.raises(CardError, match="written as text"):
        Card.parse(4)  # type: ignore[arg-type]


def test_parse_cards_reads_lists_commas_and_symbols_in_order():
    expected = [Card(Rank.THREE, Suit.CLUBS), Card(Rank.TWO, Suit.CLUBS), Card(Rank.FOUR, Suit.CLUBS)]
    assert parse_cards("3c 2c 4c") == expected
    assert parse_cards("3c, 2c,4c") == expected
    assert parse_cards(["3♣", "2♣", "4♣"]) == expected
    assert parse_cards("") == []


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(CardError) as caught:
        parse_cards("3c 2c 9x Zz")
    assert caught.value.token == "9x"
