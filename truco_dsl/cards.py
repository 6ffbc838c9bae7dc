"""Cards of the Spanish-suited deck as truco writes them: ``Card``, ``Rank``, ``Suit`` and the notation.

Notation (docs/DESIGN.md): a card is its rank followed by its suit, ``4c``, ``Ah``, ``7d``, ``Qs``.
Ranks are ``4 5 6 7 Q J K A 2 3`` (the ranks a truco deck keeps; 8, 9, 10 and the jokers are
removed by every regulation, ATB-BARALHO-1). Suits are ``c`` paus ♣, ``h`` copas ♥, ``s`` espadas ♠,
``d`` ouros ♦; the suit symbols are accepted on input (``4♣``) and so is a lower-case rank letter.

This module holds no order of strength: which card beats which is a rule, and rules live in rule
files (see ``truco_dsl.rules``). Here a card is only a name.
"""

from __future__ import annotations

from enum import Enum
from truco_dsl.errors import CardError


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


class Card:
    """One card: a ``Rank`` and a ``Suit``. ``str(card)`` is its notation (``"4c"``).

    Immutable, and there is one object per card: ``Card(rank, suit)`` returns the same object every
    time, so cards compare and hash by identity (at C speed: play looks cards up in dicts and sets
    all the time). Cards order by rank letter, then suit letter, as their notations do.
    """

    __slots__ = ("rank", "suit", "_notation", "__weakref__")
    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        known = _INTERNED.get((rank, suit))
        if known is None:
            known = object.__new__(cls)
            object.__setattr__(known, "rank", Rank(rank))
            object.__setattr__(known, "suit", Suit(suit))
            object.__setattr__(known, "_notation", f"{known.rank.value}{known.suit.value}")
            known = _INTERNED.setdefault((known.rank, known.suit), known)
        return known

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Card is immutable (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Card is immutable (cannot delete {name})")

    def __reduce__(self) -> tuple:
        return Card, (self.rank, self.suit)  # unpickled: the same one object

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    def _key(self) -> tuple[str, str]:
        return self.rank.value, self.suit.value

    def __lt__(self, other: object) -> bool:
        return self._key() < other._key() if isinstance(other, Card) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self._key() <= other._key() if isinstance(other, Card) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return self._key() > other._key() if isinstance(other, Card) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return self._key() >= other._key() if isinstance(other, Card) else NotImplemented

    def __repr__(self) -> str:
        return f"Card({self.rank!s}{self.suit!s})"

    def __str__(self) -> str:
        return self._notation

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


_INTERNED: dict[tuple[Rank, Suit], Card] = {}  # (rank, suit) -> the one Card object
#: every card by its canonical notation (``"4c"``); a card is immutable, so one object serves all
_BY_NOTATION = {str(card): card for card in (Card(rank, suit) for rank in Rank for suit in Suit)}


def parse_cards(text: str | list[str]) -> list[Card]:
    """Read several cards: ``"3c 2c 4c"``, ``"3c, 2c, 4c"`` or a list of tokens.

    Returns the cards in the order given. Raises ``CardError`` for the first bad token.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]
