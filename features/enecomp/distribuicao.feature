Feature: Enecomp — dealing (Distribuição)
  The dealer (player 1 in the text's example) deals the cards at random, three to each player, and the
  card turned on the table is the last one dealt. (Who cuts and how the deck is cut are not modelled:
  the engine deals from a shuffled deck.)

  @id:ene-distribuicao-001 @clause:ENE-DISTRIBUICAO-2 @clause:ENE-DISTRIBUICAO-3
  Scenario: Player 1 deals at random: three cards to each player and a card turned that nobody holds
    Given a game of "enecomp" for 4 players
    And seat 0 deals
    And a shuffled deal with seed 301
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:ene-distribuicao-002 @clause:ENE-DISTRIBUICAO-3 @clause:ENE-DISTRIBUICAO-2
  Scenario: In every deal the card turned comes after the hands: it is never a card of a hand
    Given a game of "enecomp" for 4 players
    And seat 2 deals
    And a shuffled deal with seed 302
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand
