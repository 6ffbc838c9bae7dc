Feature: ATB 2004 — the carteada (the deal) and the two dealing methods
  atb-2004 deals by Tombo na Última, the method that prevails when the sides do not agree: three
  cards at a time to each seat from the whole deck of 40 cards, the vira turned after them. Jogo
  Livre (variant jogo-livre) deals them "picadas", one at a time, the first to the mão. A carteada
  errada is reported by the referee against the pé: dealt wrong to the opponents, the deal passes
  and nobody scores; to the pé or the pé's partner, the pé's side also loses the tento. A team found
  holding 2, 4 or more cards is disqualified, and the claim must come before the first card is
  played. 1v1 unless the scenario says otherwise: seat 1 deals, seat 0 is the mão.

  @id:carteada-001 @clause:ATB-CARTEADA-a
  Scenario: A carteada errada to the opponents passes the deal on and nobody scores
    Given a game of "atb-2004" for 2 players
    And the score is 2 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "misdeal" against seat 1
    Then the hand is over
    And the score is 2 to 3
    And seat 0 deals the next hand

  @id:carteada-002 @clause:ATB-CARTEADA-a
  Scenario: A carteada errada to the pé's own side costs it the tento and the deal
    Given a game of "atb-2004" for 4 players
    And the score is 2 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the referee reports "misdeal_own_side" against seat 3
    Then the hand is over
    And the score is 3 to 3
    And seat 0 deals the next hand

  @id:carteada-003 @clause:ATB-CARTEADA-a
  Scenario: A carteada errada is the pé's: reported against another seat, even the pé's partner, it is refused
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 1 tries to infraction:misdeal_own_side
    Then the action is refused with reason "not_the_dealer"
    And the state is unchanged
    When seat 0 tries to infraction:misdeal
    Then the action is refused with reason "not_the_dealer"
    And the state is unchanged
    And it is seat 0's turn

  @id:carteada-004 @clause:ATB-CARTEADA-b
  Scenario: A team that claims a wrong number of cards before the first card gets a carteada errada: the deal passes, nobody scores
    Given a game of "atb-2004" for 4 players
    And the score is 7 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the referee reports "wrong_card_count" against seat 2
    Then the hand is over
    And the score is 7 to 2
    And the match is not over
    And seat 0 deals the next hand

  @id:carteada-011 @clause:ATB-CARTEADA-b
  Scenario: A team found playing with a wrong number of cards once the hand has started is disqualified
    Given a game of "atb-2004" for 4 players
    And the score is 7 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:7d
    And the referee reports "wrong_card_count" against seat 2
    Then the hand is over
    And team 1 wins the match

  @id:carteada-005 @clause:ATB-CARTEADA-b @clause:ATB-CARTEADA-a
  Scenario: Once a card is played, a claim of a carteada errada comes too late and is refused
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 plays 6d
    And seat 1 tries to infraction:misdeal
    Then the action is refused with reason "claimed_after_hand_started"
    And the state is unchanged
    And the match is not over
    And it is seat 1's turn

  @id:carteada-006 @clause:ATB-CARTEADA-b @clause:ATB-CARTEADA-a @clause:ATB-ESTRUTURA-1
  Scenario: In a mão de onze the claim may still be made while the side at 11 decides
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "misdeal_own_side" against seat 1
    Then the hand is over
    And the score is 14 to 4
    And team 0 wins the game

  @id:carteada-007 @clause:ATB-CARTEADA-3 @clause:ATB-PREAMBULO-5 @clause:ATB-TOMBO-1
  Scenario: Tombo na Última — every deal gives each seat three cards and turns the vira after them
    Given a game of "atb-2004" for 4 players
    And a shuffled deal with seed 31
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:carteada-008 @clause:ATB-TOMBO-b @clause:ATB-VARIANTES-1 @clause:ATB-BARALHO-1
  Scenario: The pé deals from one whole deck of 40 cards — the baralho sujo — never a card twice
    Six players hold 18 cards and the vira makes 19: dealt from two decks, a card would come twice
    in almost every deal, so twenty deals catch it.
    Given a game of "atb-2004" for 6 players
    And a shuffled deal with seed 40
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:carteada-009 @clause:ATB-JOGO-LIVRE-1
  Scenario: Jogo Livre — cards dealt one at a time still give each seat three cards, and the mão leads
    Given a game of "jogo-livre" for 4 players
    And seat 1 deals
    And a shuffled deal with seed 9
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    And it is seat 2's turn
    When the next 10 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:carteada-010 @clause:ATB-MAO-DE-ONZE-1
  Scenario: At 11 a 11 the cards are dealt in sequence, three together to each seat, the vira after them
    Given a game of "atb-2004" for 4 players
    And the score is 11 to 11
    And a shuffled deal with seed 1111
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    And it is seat 0's turn
    And the hand is worth 3

  @id:carteada-012 @clause:ATB-CARTEADA-b @clause:ATB-CARTEADA-a
  Scenario: The pé's own team claims a wrong number of cards in time: a carteada errada to its own side costs it the tento
    Given a game of "atb-2004" for 2 players
    And the score is 2 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "wrong_card_count" against seat 1
    Then the hand is over
    And the score is 3 to 3
    And seat 0 deals the next hand

  @id:carteada-013 @clause:ATB-CARTEADA-b
  Scenario: A wrong number of cards found between the first vaza and the second still disqualifies the team
    Given a game of "atb-2004" for 4 players
    And the score is 7 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:7d 2:6h 3:7s
    Then vaza 1 is won by seat 1
    When the referee reports "wrong_card_count" against seat 2
    Then the hand is over
    And team 1 wins the match

  @id:carteada-014 @clause:ATB-CARTEADA-b
  Scenario: One card on the table is enough: a wrong number of cards found then disqualifies the team
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 plays 6d
    And the referee reports "wrong_card_count" against seat 1
    Then the hand is over
    And team 0 wins the match

  @id:carteada-015 @clause:ATB-CARTEADA-b @clause:ATB-CARTEADA-a
  Scenario: Between the first vaza and the second, a claim of a carteada errada is too late as well
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:6d 1:7d
    Then vaza 1 is won by seat 1
    When seat 1 tries to infraction:misdeal
    Then the action is refused with reason "claimed_after_hand_started"
    And the state is unchanged
    And it is seat 1's turn
