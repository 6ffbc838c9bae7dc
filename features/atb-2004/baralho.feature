Feature: ATB 2004 — the deck and the order of the cards
  One deck without 8, 9, 10 and jokers; from strongest to weakest 3 2 A K J Q 7 6 5 4 of every
  suit; the suit changes nothing but a manilha's value. Each vaza below is decided by the rank
  order alone, once with the stronger card played first and once with it played second.

  @id:baralho-001 @clause:ATB-BARALHO-2 @clause:ATB-BARALHO-3
  Scenario: 5 beats 4, 6 beats 5, 7 beats 6, whoever plays first
    Given a game of "atb-2004" for 2 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 5d 5c 6c |
      | 1    | 4c 6d 7d |
    When the seats play: 0:5d 1:4c 0:5c 1:6d 1:7d 0:6c
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 1
    And the score is 0 to 1

  @id:baralho-002 @clause:ATB-BARALHO-2 @clause:ATB-BARALHO-3
  Scenario: Q beats 7, J beats Q, K beats J, whoever plays first
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Qd Qc Kc |
      | 1    | 7c Jd Jc |
    When the seats play: 0:Qd 1:7c 0:Qc 1:Jd 1:Jc 0:Kc
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 0
    And the score is 1 to 0

  @id:baralho-003 @clause:ATB-BARALHO-2 @clause:ATB-BARALHO-3
  Scenario: A beats K, 2 beats A, 3 beats 2, whoever plays first
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Ad Ac 2c |
      | 1    | Kc 2d 3d |
    When the seats play: 0:Ad 1:Kc 0:Ac 1:2d 1:3d 0:2c
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 1
    And the score is 0 to 1

  @id:baralho-004 @clause:ATB-BARALHO-3 @clause:ATB-BARALHO-4
  Scenario: Two cards of one rank and different suits are equal when they are not manilhas
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4d
      | seat | cards    |
      | 0    | 7h Kd 3s |
      | 1    | 7c Kc 2s |
    When the seats play: 0:7h 1:7c 0:Kd 1:Kc
    Then vaza 1 is tied
    And vaza 2 is tied
    And the hand is not over

  @id:baralho-005 @clause:ATB-BARALHO-1 @clause:ATB-MANILHAS-1
  Scenario: Without 8, 9 and 10 the card after a vira 7 is the Q, and the Q manilha beats a 3
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 4h 5h |
      | 1    | Qd 4s 5s |
    When the seats play: 0:3c 1:Qd
    Then vaza 1 is won by seat 1

  @id:baralho-006 @clause:ATB-BARALHO-1
  Scenario: An 8 is no card of the truco deck
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 4h 5h |
      | 1    | Qd 4s 5s |
    When seat 0 tries to play:8c
    Then the action is refused with reason "unknown_card"
    And the state is unchanged

  @id:baralho-007 @clause:ATB-BARALHO-2 @clause:ATB-BARALHO-3
  Scenario: The 3 is the strongest ordinary card and the 4 the weakest, in a 4-player vaza
    Given a game of "atb-2004" for 4 players
    And the deal: vira 6h
      | seat | cards    |
      | 0    | 4c 5d 5s |
      | 1    | 3d 6d 6s |
      | 2    | 2c Qd Qs |
      | 3    | Ac Jd Js |
    When the seats play: 0:4c 1:3d 2:2c 3:Ac
    Then vaza 1 is won by seat 1
    And it is seat 1's turn
