Feature: ATB 2004 — the structure of the game
  Three cards to each player, three vazas, the hand to whoever takes two of them, worth 1 point;
  the game to 12. The deal passes to the next seat in the order of play; the seat after the dealer
  (the mão) leads the first vaza, and whoever takes a vaza leads the next. 2, 4 or 6 players, teams
  alternate (team = seat % 2).

  @id:estrutura-001 @clause:ATB-ESTRUTURA-2 @clause:ATB-BARALHO-1
  Scenario: Two players each receive three cards from one deck
    Given a game of "atb-2004" for 2 players
    And a shuffled deal with seed 11
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:estrutura-002 @clause:ATB-ESTRUTURA-2
  Scenario: Four players each receive three cards from one deck
    Given a game of "atb-2004" for 4 players
    And a shuffled deal with seed 12
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:estrutura-003 @clause:ATB-ESTRUTURA-2
  Scenario: Six players each receive three cards from one deck
    Given a game of "atb-2004" for 6 players
    And a shuffled deal with seed 13
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:estrutura-004 @clause:ATB-ESTRUTURA-1 @clause:ATB-ESTRUTURA-3
  Scenario: A hand starts worth 1 and two vazas won end it for 1 point, without a third vaza
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then the hand is worth 1
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the hand is over
    And the hand has 2 vazas
    And the score is 1 to 0

  @id:estrutura-005 @clause:ATB-ESTRUTURA-3
  Scenario: One vaza each goes to a third vaza, which decides the hand
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Qd 6d |
      | 1    | Kd 2d 7d |
    When the seats play: 0:3c 1:Kd 0:Qd 1:2d
    Then the hand is not over
    When the seats play: 1:7d 0:6d
    Then vaza 3 is won by seat 1
    And the hand has 3 vazas
    And the score is 0 to 1

  @id:estrutura-006 @clause:ATB-ESTRUTURA-1
  Scenario: A team that reaches 11 has not won the game
    Given a game of "atb-2004" for 2 players
    And the score is 10 to 0
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 11 to 0
    And the game is not over

  @id:estrutura-007 @clause:ATB-ESTRUTURA-1 @clause:ATB-TRUCO-1
  Scenario: A team that makes 12 points wins the game
    Given a game of "atb-2004" for 2 players
    And the score is 2 to 9
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:Kd 1:3c 1:2c 0:Jd
    Then the score is 2 to 12
    And team 1 wins the game

  @id:estrutura-008 @clause:ATB-JOGO-LIVRE-1
  Scenario: The seat after the dealer is the mão and leads the first vaza, with 4 players
    Given a game of "atb-2004" for 4 players
    And seat 1 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | Kc Jc 7c |
      | 3    | Kh Jh 7h |
    Then it is seat 2's turn
    When seat 1 tries to play:Kd
    Then the action is refused with reason "not_your_turn"

  @id:estrutura-009 @clause:ATB-JOGO-LIVRE-1
  Scenario: The seat after the dealer leads the first vaza, with 6 players
    Given a game of "atb-2004" for 6 players
    And seat 2 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | Kc Jc 7c |
      | 3    | Kh Jh 7h |
      | 4    | Qc Qd Qh |
      | 5    | Ac Ad Ah |
    Then it is seat 3's turn
    And seat 2 has no legal action

  @id:estrutura-010 @clause:ATB-TOMBO-1
  Scenario: After a hand the deal passes to the next seat in the order of play
    Given a game of "atb-2004" for 4 players
    And seat 1 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 2:3h 3:Ks 0:6d 1:7d 2:2h 3:Js 0:2c 1:Jd
    Then the score is 1 to 0
    And seat 2 deals the next hand

  @id:estrutura-011 @clause:ATB-TOMBO-1 @clause:ATB-JOGO-LIVRE-1
  Scenario: In the next hand the new dealer's next seat leads
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then seat 0 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 1's turn

  @id:estrutura-012 @clause:ATB-EMPATE-2 @clause:ATB-ESTRUTURA-3
  Scenario: The seat that takes a vaza leads the next one
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6c 1:Kd 2:3h 3:Ks
    Then vaza 1 is won by seat 2
    And it is seat 2's turn
    When seat 3 tries to play:Js
    Then the action is refused with reason "not_your_turn"

  @id:estrutura-013 @clause:ATB-EMPATE-2 @clause:ATB-ESTRUTURA-3
  Scenario: In 1v1 the second player who takes the first vaza leads the second
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
    When the seats play: 0:Kd 1:3c
    Then it is seat 1's turn

  @id:estrutura-014 @clause:ATB-ESTRUTURA-3
  Scenario: Partners' vazas count for their team in a 4-player hand
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 6c 6d |
      | 1    | Kd Jd 7d |
      | 2    | Qh 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:Qh 3:Ks 0:6c 1:Jd 2:2h 3:Js
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 2
    And the hand is over
    And the score is 1 to 0

  @id:estrutura-015 @clause:ATB-ESTRUTURA-3
  Scenario: Two vazas won by two partners of a trio win the hand in 6 players
    Given a game of "atb-2004" for 6 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6c 6d 6h |
      | 1    | 7c 7d 7h |
      | 2    | Qc Qd Qh |
      | 3    | 3c 2c Jc |
      | 4    | Kc Kd Kh |
      | 5    | Ac Ad 2h |
    When the seats play: 0:6c 1:7c 2:Qc 3:3c 4:Kc 5:Ac
    Then vaza 1 is won by seat 3
    And it is seat 3's turn
    When the seats play: 3:Jc 4:Kd 5:2h 0:6d 1:7d 2:Qd
    Then vaza 2 is won by seat 5
    And the hand is over
    And the score is 0 to 1

  @id:estrutura-016 @clause:ATB-ESTRUTURA-3
  Scenario: A player can only play a card of his own hand
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to play:Kd
    Then the action is refused with reason "card_not_in_hand"
    And the state is unchanged

  @id:estrutura-017 @clause:ATB-JOGO-LIVRE-1
  Scenario: With 2 players and seat 1 dealing, seat 0 is the mão and leads the first vaza
    Given a game of "atb-2004" for 2 players
    And seat 1 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 0's turn
    And seat 0 may play:6d
    And seat 1 has no legal action

  @id:estrutura-018 @clause:ATB-JOGO-LIVRE-1
  Scenario: With 2 players and seat 0 dealing, seat 1 is the mão and leads the first vaza
    Given a game of "atb-2004" for 2 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 1's turn
    And seat 1 may play:7d
    And seat 0 has no legal action
