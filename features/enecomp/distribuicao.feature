Feature: Enecomp — dealing (Distribuição)
  The dealer (player 1 in the text's example) deals the cards at random, three to each player, and the
  card turned on the table is the last one dealt. The player before the dealer cuts (how the deck is
  cut is not modelled: the engine deals from a deck it shuffles).

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

  @id:ene-distribuicao-003 @clause:ENE-CORTE-1 @clause:ENE-MESA-6
  Scenario: Player 1 deals and player 4, the player before him, cuts
    Given a game of "enecomp" for 4 players
    And seat 0 deals
    And a shuffled deal with seed 103
    Then seat 3 cut the deck for this hand

  @id:ene-distribuicao-004 @clause:ENE-CORTE-1
  Scenario: The cut goes round with the deal: player 3 deals, player 2 cuts
    Given a game of "enecomp" for 4 players
    And seat 2 deals
    And a shuffled deal with seed 104
    Then seat 1 cut the deck for this hand

  @id:ene-distribuicao-005 @clause:ENE-CORTE-1
  Scenario: In the next partida the next dealer's previous player cuts
    Given a game of "enecomp" for 4 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Qc 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h 2h 6h |
      | 3    | Ks Js 7s |
    Then seat 3 cut the deck for this hand
    When the seats play: 1:Kd 2:4h 3:Ks 0:3c 0:Qc 1:Jd 2:2h 3:Js
    Then the hand is over
    And seat 1 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c Qc 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h 2h 6h |
      | 3    | Ks Js 7s |
    Then seat 0 cut the deck for this hand
