Feature: Enecomp — the cards (Cartas)
  One deck without the 8, 9, 10 and jokers: 40 cards. From the weakest: 4, 5, 6, 7, Q, J, K, A, 2, 3;
  the 3 is the best card but for the manilha. Outside the manilhas the suit does not count.

  @id:ene-cartas-001 @clause:ENE-CARTAS-1
  Scenario: One deck: no card is ever dealt twice nor turned as well as dealt
    Given a game of "enecomp" for 4 players
    And a shuffled deal with seed 201
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:ene-cartas-002 @clause:ENE-CARTAS-2
  Scenario: The 5 beats the 4 and the 6 beats the 5
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 4c 5c Kc |
      | 1    | 5d 6d Kd |
      | 2    | 4h 5h Kh |
      | 3    | 4s 5s Ks |
    When the seats play: 0:4c 1:5d 2:4h 3:4s
    Then vaza 1 is won by seat 1
    When the seats play: 1:6d 2:5h 3:5s 0:5c
    Then vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:ene-cartas-003 @clause:ENE-CARTAS-2
  Scenario: The 7 beats the 6 and the Q beats the 7
    Given a game of "enecomp" for 4 players
    And the deal: vira Kc
      | seat | cards    |
      | 0    | 6c 7c 4c |
      | 1    | 7d Qd 4d |
      | 2    | 6h 7h 4h |
      | 3    | 6s 7s 4s |
    When the seats play: 0:6c 1:7d 2:6h 3:6s
    Then vaza 1 is won by seat 1
    When the seats play: 1:Qd 2:7h 3:7s 0:7c
    Then vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:ene-cartas-004 @clause:ENE-CARTAS-2
  Scenario: The J beats the Q and the K beats the J
    Given a game of "enecomp" for 4 players
    And the deal: vira Ac
      | seat | cards    |
      | 0    | Qc Jc 4c |
      | 1    | Jd Kd 4d |
      | 2    | Qh Jh 4h |
      | 3    | Qs Js 4s |
    When the seats play: 0:Qc 1:Jd 2:Qh 3:Qs
    Then vaza 1 is won by seat 1
    When the seats play: 1:Kd 2:Jh 3:Js 0:Jc
    Then vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:ene-cartas-005 @clause:ENE-CARTAS-2
  Scenario: The A beats the K and the 2 beats the A
    Given a game of "enecomp" for 4 players
    And the deal: vira 4c
      | seat | cards    |
      | 0    | Kc Ac 6c |
      | 1    | Ad 2d 6d |
      | 2    | Kh Ah 6h |
      | 3    | Ks As 6s |
    When the seats play: 0:Kc 1:Ad 2:Kh 3:Ks
    Then vaza 1 is won by seat 1
    When the seats play: 1:2d 2:Ah 3:As 0:Ac
    Then vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:ene-cartas-006 @clause:ENE-CARTAS-2 @clause:ENE-MANILHA-3
  Scenario: The 3 beats the 2 and is the best card, except the manilha
    Given a game of "enecomp" for 4 players
    And the deal: vira 4c
      | seat | cards    |
      | 0    | 2c 6c 7c |
      | 1    | 3d 3s 7d |
      | 2    | 2h 5d 7h |
      | 3    | 2s 6s 7s |
    When the seats play: 0:2c 1:3d 2:2h 3:2s
    Then vaza 1 is won by seat 1
    When the seats play: 1:3s 2:5d 3:6s 0:6c
    Then vaza 2 is won by seat 2
    And it is seat 2's turn

  @id:ene-cartas-007 @clause:ENE-CARTAS-2
  Scenario: The value is the rank's: a K of each dupla tie the rodada, whatever their suits
    Given a game of "enecomp" for 4 players
    And the deal: vira 4c
      | seat | cards    |
      | 0    | Kc 6c 7c |
      | 1    | Kd 6d 7d |
      | 2    | Qh 6h 7h |
      | 3    | Js 6s 7s |
    When the seats play: 0:Kc 1:Kd 2:Qh 3:Js
    Then vaza 1 is tied
    And the hand is not over

  @id:ene-cartas-008 @clause:ENE-CARTAS-2
  Scenario Outline: Each two neighbouring ranks head to head at 4 players — the stronger takes the vaza, played first or second
    From the weakest 4 5 6 7 Q J K A 2 3: each rank against the next, each order of play, played by two
    opponents (at two places at the table) while the other two seats play a 4, under a vira whose
    manilhas are none of them.
    Given a game of "enecomp" for 4 players
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
      | Kd   | 4c    | 4h    | 4s    | 5d    | 3      |
      | 6s   | 5s    | 4c    | 4h    | 4d    | 0      |
      | Ad   | 5s    | 6d    | 4c    | 4h    | 1      |
      | 7s   | 4c    | 6s    | 5d    | 4h    | 1      |
      | 2d   | 4c    | 4h    | 6s    | 7d    | 3      |
      | Qs   | 7s    | 4c    | 4h    | 6d    | 0      |
      | 4d   | 7s    | Qd    | 4c    | 4h    | 1      |
      | Js   | 4c    | Qs    | 7d    | 4h    | 1      |
      | 4d   | 4c    | 4h    | Qs    | Jd    | 3      |
      | Ks   | Js    | 4c    | 4h    | Qd    | 0      |
      | 5d   | Js    | Kd    | 4c    | 4h    | 1      |
      | As   | 4c    | Ks    | Jd    | 4h    | 1      |
      | 6d   | 4c    | 4h    | Ks    | Ad    | 3      |
      | 2s   | As    | 4c    | 4h    | Kd    | 0      |
      | 7d   | As    | 2d    | 4c    | 4h    | 1      |
      | 4s   | 4c    | 2s    | Ad    | 4h    | 1      |
      | Qd   | 4c    | 4h    | 2s    | 3d    | 3      |
      | 4s   | 3s    | 4c    | 4h    | 2d    | 0      |
