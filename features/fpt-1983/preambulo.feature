Feature: FPT 1983 — preâmbulo: the dealing method played
  FPT offers three dealing methods (Jogo Livre, Carteada Cantada, Tombo na Última); when the
  players do not agree, Tombo na Última prevails. This rule set deals that way: packets of three
  from the mão round the table, the vira the card after the hands, one deck. The steps see the
  hands and the vira of a deal, not the order the cards came out of the deck, so these scenarios
  check what a deal of that method must always give: three cards a seat from one deck, the vira
  in no hand.

  @id:fpt-preambulo-001 @clause:FPT-PREAMBULO-5 @clause:FPT-TOMBO-1
  Scenario: Without an agreement the cards are dealt Tombo na Última, in duplas: three a seat from one deck, the vira last
    Given a game of "fpt-1983" for 4 players
    And a shuffled deal with seed 1983
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:fpt-preambulo-002 @clause:FPT-PREAMBULO-5 @clause:FPT-TOMBO-1
  Scenario: Without an agreement the cards are dealt Tombo na Última, in trios: three a seat from one deck, the vira last
    Given a game of "fpt-1983" for 6 players
    And a shuffled deal with seed 1984
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand
