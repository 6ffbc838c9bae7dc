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

  @id:baralho-008 @clause:ATB-BARALHO-2 @clause:ATB-BARALHO-3
  Scenario Outline: Each two neighbouring ranks head to head at 2 players — the stronger takes the vaza, played first or second
    From the weakest 4 5 6 7 Q J K A 2 3: each rank against the next, each order of play, under a vira whose
    manilhas are neither.
    Given a game of "atb-2004" for 2 players
    And the deal: vira <vira>
      | seat | cards         |
      | 0    | <seat0> Kc Ah |
      | 1    | <seat1> Kh Ac |
    When the seats play: 0:<seat0> 1:<seat1>
    Then vaza 1 is won by seat <winner>
    And it is seat <winner>'s turn

    Examples:
      | vira | seat0 | seat1 | winner |
      | Qd   | 4s    | 5d    | 1      |
      | As   | 5s    | 4d    | 0      |
      | Jd   | 5s    | 6d    | 1      |
      | 2s   | 6s    | 5d    | 0      |
      | Kd   | 6s    | 7d    | 1      |
      | 3s   | 7s    | 6d    | 0      |
      | Ad   | 7s    | Qd    | 1      |
      | 4s   | Qs    | 7d    | 0      |
      | 2d   | Qs    | Jd    | 1      |
      | 5s   | Js    | Qd    | 0      |
      | 3d   | Js    | Kd    | 1      |
      | 6s   | Ks    | Jd    | 0      |
      | 4d   | Ks    | Ad    | 1      |
      | 7s   | As    | Kd    | 0      |
      | 5d   | As    | 2d    | 1      |
      | Qs   | 2s    | Ad    | 0      |
      | 6d   | 2s    | 3d    | 1      |
      | Js   | 3s    | 2d    | 0      |

  @id:baralho-009 @clause:ATB-BARALHO-2 @clause:ATB-BARALHO-3
  Scenario Outline: Each two neighbouring ranks head to head at 4 players — the stronger takes the vaza, played first or second
    From the weakest 4 5 6 7 Q J K A 2 3: each rank against the next, each order of play, played by two
    opponents while the other two seats play a 4, under a vira whose manilhas are none of them.
    Given a game of "atb-2004" for 4 players
    And the deal: vira <vira>
      | seat | cards         |
      | 0    | <seat0> Kc Ah |
      | 1    | <seat1> Kh Ac |
      | 2    | <seat2> 2c 3h |
      | 3    | <seat3> 2h 3c |
    When the seats play: 0:<seat0> 1:<seat1> 2:<seat2> 3:<seat3>
    Then vaza 1 is won by seat <winner>
    And it is seat <winner>'s turn

    Examples:
      | vira | seat0 | seat1 | seat2 | seat3 | winner |
      | Qd   | 4s    | 5d    | 4c    | 4h    | 1      |
      | As   | 4c    | 5s    | 4d    | 4h    | 1      |
      | Jd   | 4c    | 4h    | 5s    | 6d    | 3      |
      | 2s   | 6s    | 4c    | 4h    | 5d    | 0      |
      | Kd   | 6s    | 7d    | 4c    | 4h    | 1      |
      | 4s   | 4c    | 7s    | 6d    | 4h    | 1      |
      | Ad   | 4c    | 4h    | 7s    | Qd    | 3      |
      | 4s   | Qs    | 4c    | 4h    | 7d    | 0      |
      | 2d   | Qs    | Jd    | 4c    | 4h    | 1      |
      | 5s   | 4c    | Js    | Qd    | 4h    | 1      |
      | 4d   | 4c    | 4h    | Js    | Kd    | 3      |
      | 6s   | Ks    | 4c    | 4h    | Jd    | 0      |
      | 4d   | Ks    | Ad    | 4c    | 4h    | 1      |
      | 7s   | 4c    | As    | Kd    | 4h    | 1      |
      | 5d   | 4c    | 4h    | As    | 2d    | 3      |
      | Qs   | 2s    | 4c    | 4h    | Ad    | 0      |
      | 6d   | 2s    | 3d    | 4c    | 4h    | 1      |
      | Js   | 4c    | 3s    | 2d    | 4h    | 1      |
