"""Cards of the Spanish-suited deck as truco writes them: ``Card``, ``Rank``, ``Suit`` and the notation.

Notation (docs/DESIGN.md): a card is its rank followed by its suit, ``4c``, ``Ah``, ``7d``, ``Qs``.
Ranks are ``4 5 6 7 Q J K A 2 3`` (the ranks a truco deck keeps; 8, 9, 10 and the jokers are
removed by every regulation, ATB-BARALHO-1). Suits are ``c`` paus ♣, ``h`` copas ♥, ``s`` espadas ♠,
``d`` ouros ♦; the suit symbols are accepted on input (``4♣``) and so is a lower-case rank letter.

This module holds no order of strength: which card beats which is a rule, and rules live in rule
files (see ``truco_dsl.rules``). Here a card is only a name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class CardError(ValueError):
    """A token that is not a card. ``token`` is the offending text, ``reason`` says why."""

    def __init__(self, token: str, reason: str):
        self.token = token
        self.reason = reason
        super().__init__(f"bad card {token!r}: {reason}")


class Rank(str, Enum):
    """A rank, by its notation letter or digit (``Rank("Q")``)."""

    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    QUEEN = "Q"
    JACK = "J"
    KING = "K"
    ACE = "A"
    TWO = "2"
    THREE = "3"

    def __str__(self) -> str:
        return self.value


class Suit(str, Enum):
    """A suit, by its notation letter (``Suit("c")`` is paus ♣)."""

    CLUBS = "c"  # paus
    HEARTS = "h"  # copas
    SPADES = "s"  # espadas
    DIAMONDS = "d"  # ouros

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♥ ♠ ♦."""
        return _SYMBOLS[self]

    @property
    def portuguese(self) -> str:
        """The suit's Portuguese name: paus, copas, espadas, ouros."""
        return _PORTUGUESE[self]

    def __str__(self) -> str:
        return self.value


_SYMBOLS = {Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.SPADES: "♠", Suit.DIAMONDS: "♦"}
_PORTUGUESE = {Suit.CLUBS: "paus", Suit.HEARTS: "copas", Suit.SPADES: "espadas", Suit.DIAMONDS: "ouros"}
_SUIT_BY_SYMBOL = {symbol: suit for suit, symbol in _SYMBOLS.items()}
_SUIT_BY_SYMBOL.update({"♧": Suit.CLUBS, "♡": Suit.HEARTS, "♤": Suit.SPADES, "♢": Suit.DIAMONDS})


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: a ``Rank`` and a ``Suit``. ``str(card)`` is its notation (``"4c"``)."""

    rank: Rank
    suit: Suit
    # computed once: play looks cards up in dicts and prints them all the time, and an enum's
    # hash and value are slow Python calls
    _notation: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_notation", f"{self.rank.value}{self.suit.value}")
        object.__setattr__(self, "_hash", hash((self.rank, self.suit)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self._notation == other._notation  # type: ignore[attr-defined]
        return NotImplemented

    def __str__(self) -> str:
        return self._notation

    def __deepcopy__(self, memo: dict) -> Card:
        return self  # immutable: copies of a game share their cards

    def pretty(self) -> str:
        """The card with its suit symbol, for people: ``4♣``."""
        return f"{self.rank.value}{self.suit.symbol}"

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card from its notation.

        ``token``: ``"4c"``, ``"Ah"``, ``"ah"``, ``"4♣"`` (surrounding blanks ignored).
        Returns the ``Card``. Raises ``CardError`` naming the token when it is not a card.
        """
        known = _BY_NOTATION.get(token) if isinstance(token, str) else None
        if known is not None:  # the canonical notation, as engines and scenarios write it
            return known
        if not isinstance(token, str):
            raise CardError(repr(token), "a card is written as text, like 4c or A♥")
        text = token.strip()
        if len(text) != 2:
            raise CardError(token, "a card is a rank (4 5 6 7 Q J K A 2 3) and a suit (c h s d or ♣ ♥ ♠ ♦), like 4c")
        rank_text, suit_text = text[0].upper(), text[1]
        try:
            rank = Rank(rank_text)
        except ValueError:
            raise CardError(token, f"unknown rank {text[0]!r}; ranks are 4 5 6 7 Q J K A 2 3") from None
        suit = _SUIT_BY_SYMBOL.get(suit_text)
        if suit is None:
            try:
                suit = Suit(suit_text.lower())
            except ValueError:
                raise CardError(token, f"unknown suit {suit_text!r}; suits are c h s d (or ♣ ♥ ♠ ♦)") from None
        return cls(rank, suit)


#: every card by its canonical notation (``"4c"``); a card is immutable, so one object serves all
_BY_NOTATION = {str(card): card for card in (Card(rank, suit) for rank in Rank for suit in Suit)}


def parse_cards(text: str | list[str]) -> list[Card]:
    """Read several cards: ``"3c 2c 4c"``, ``"3c, 2c, 4c"`` or a list of tokens.

    Returns the cards in the order given. Raises ``CardError`` for the first bad token.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]
