Feature: Enecomp — the manilha
  The manilha is the rank just above the card turned (a 5 turned: the 6; a 3 turned: the 4). It is the
  best card, the only one better than the 3, and the only one whose suit counts: from the weakest,
  ouros, espadas, copas, paus.

  @id:ene-manilha-001 @clause:ENE-MANILHA-1 @clause:ENE-MANILHA-3
  Scenario: The weakest manilha beats every 3
    Given a game of "enecomp" for 4 players
    And the deal: vira 6s
      | seat | cards    |
      | 0    | 3c Qc 4c |
      | 1    | 7d Jd Kd |
      | 2    | 3h 2h 4h |
      | 3    | 2s Js Ks |
    When the seats play: 0:3c 1:7d 2:3h 3:2s
    Then vaza 1 is won by seat 1

  @id:ene-manilha-002 @clause:ENE-MANILHA-1
  Scenario: Neither the turned card's rank nor the rank two above it is the manilha
    Given a game of "enecomp" for 4 players
    And the deal: vira 6s
      | seat | cards    |
      | 0    | 6c 4c 5c |
      | 1    | 3d Jd Kd |
      | 2    | Qh 2h 4h |
      | 3    | 4s Js Ks |
    When the seats play: 0:6c 1:3d 2:Qh 3:4s
    Then vaza 1 is won by seat 1

  @id:ene-manilha-003 @clause:ENE-MANILHA-2 @clause:ENE-MANILHA-6
  Scenario: A 5 turned makes the 6 the manilha: the 6 de ouros beats the 3
    Given a game of "enecomp" for 4 players
    And the deal: vira 5c
      | seat | cards    |
      | 0    | 3c 4c 7c |
      | 1    | 6d Jd Kd |
      | 2    | 2h 4h 7h |
      | 3    | Ah Js Ks |
    When the seats play: 0:3c 1:6d 2:2h 3:Ah
    Then vaza 1 is won by seat 1

  @id:ene-manilha-004 @clause:ENE-MANILHA-6
  Scenario: The text's example, a 5 turned: 4, 5, 7 … 3, then 6 de ouros, espadas, copas and paus
    Given a game of "enecomp" for 4 players
    And the deal: vira 5c
      | seat | cards    |
      | 0    | 6d 6c 7c |
      | 1    | 6s 3d 5d |
      | 2    | 3c 2h 4h |
      | 3    | 6h Ks 4s |
    When the seats play: 0:6d 1:6s 2:3c 3:6h
    Then vaza 1 is won by seat 3
    When the seats play: 3:Ks 0:6c 1:3d 2:2h
    Then vaza 2 is won by seat 0
    When the seats play: 0:7c 1:5d 2:4h 3:4s
    Then vaza 3 is won by seat 0
    And the score is 1 to 0

  @id:ene-manilha-005 @clause:ENE-MANILHA-5 @clause:ENE-MANILHA-4
  Scenario: Espadas beats ouros and paus beats copas among the manilhas
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 5d 4c 6c |
      | 1    | 5s 4d 6d |
      | 2    | 5h 4h 6h |
      | 3    | 5c 7s 6s |
    When the seats play: 0:5d 1:5s 2:4h 3:7s
    Then vaza 1 is won by seat 1
    When the seats play: 1:4d 2:5h 3:5c 0:4c
    Then vaza 2 is won by seat 3
    And the score is 0 to 1

  @id:ene-manilha-006 @clause:ENE-MANILHA-5
  Scenario: Copas beats espadas among the manilhas
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4c 6c 7c |
      | 1    | 5s 6d 7d |
      | 2    | 5h 6h 7h |
      | 3    | 4d Js Ks |
    When the seats play: 0:4c 1:5s 2:5h 3:4d
    Then vaza 1 is won by seat 2
    And it is seat 2's turn

  @id:ene-manilha-007 @clause:ENE-MANILHA-4
  Scenario: Outside the manilhas the suit does not count: two 3 of the two duplas tie the rodada
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 6c 7c |
      | 1    | 3d 6d 7d |
      | 2    | 2h 6h 7h |
      | 3    | 2s Js Ks |
    When the seats play: 0:3c 1:3d 2:2h 3:2s
    Then vaza 1 is tied
    And the hand is not over

  @id:ene-manilha-008 @clause:ENE-MANILHA-7
  Scenario: A 3 turned makes the 4 the manilha: the 4 de ouros beats the 3
    Given a game of "enecomp" for 4 players
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 3c 6c 7c |
      | 1    | 4d 6d 7d |
      | 2    | 2h 6h 7h |
      | 3    | As Js Ks |
    When the seats play: 0:3c 1:4d 2:2h 3:As
    Then vaza 1 is won by seat 1

  @id:ene-manilha-009 @clause:ENE-MANILHA-7 @clause:ENE-MANILHA-5
  Scenario: With a 3 turned the 5 is an ordinary card and the 4 de paus beats the 4 de copas
    Given a game of "enecomp" for 4 players
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 3c 7c |
      | 1    | 4h 5d 7d |
      | 2    | 2h 6h 7h |
      | 3    | As Js Ks |
    When the seats play: 0:3c 1:5d 2:2h 3:As
    Then vaza 1 is won by seat 0
    When the seats play: 0:4c 1:4h 2:6h 3:Js
    Then vaza 2 is won by seat 0
    And the score is 1 to 0

  @id:ene-manilha-010 @clause:ENE-MANILHA-1
  Scenario: The manilha follows the card turned in each partida
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 5d 5h 6c |
      | 1    | 3d 3h 7d |
      | 2    | 4h Qh 6h |
      | 3    | 4c Qs 7s |
    When the seats play: 0:5d 1:3d 2:4h 3:4c 0:5h 1:3h 2:Qh 3:Qs
    Then the score is 1 to 0
    When the next deal is: vira 6s
      | seat | cards    |
      | 0    | 5d 5h 6c |
      | 1    | 3d 3h 7d |
      | 2    | 4h Qh 6h |
      | 3    | 4c Qs 7s |
    And the seats play: 1:3d 2:4h 3:4c 0:5d
    Then vaza 1 is won by seat 1
    When the seats play: 1:3h 2:Qh 3:Qs 0:5h
    Then the score is 1 to 1

  @id:ene-manilha-011 @clause:ENE-MANILHA-6
  Scenario: The text's example, a 5 turned: the 6 de espadas beats the 6 de ouros, the 6 de paus the 6 de copas
    Given a game of "enecomp" for 4 players
    And the deal: vira 5c
      | seat | cards    |
      | 0    | 6d 7c 4c |
      | 1    | 6s 3d 5d |
      | 2    | 3c 6h 4h |
      | 3    | 4s 6c Ks |
    When the seats play: 0:6d 1:6s 2:3c 3:4s
    Then vaza 1 is won by seat 1
    When the seats play: 1:3d 2:6h 3:6c 0:7c
    Then vaza 2 is won by seat 3
    And the score is 0 to 1

  @id:ene-manilha-012 @clause:ENE-MANILHA-6
  Scenario: The text's example, a 5 turned: the 6 de copas beats the 6 de espadas, and the 5 turned is an ordinary card below the 7
    Given a game of "enecomp" for 4 players
    And the deal: vira 5c
      | seat | cards    |
      | 0    | 6s 4c Qc |
      | 1    | 6h 5d Jd |
      | 2    | 3c 7c Kh |
      | 3    | 2s 4s Ks |
    When the seats play: 0:6s 1:6h 2:3c 3:2s
    Then vaza 1 is won by seat 1
    When the seats play: 1:5d 2:7c 3:4s 0:4c
    Then vaza 2 is won by seat 2

  @id:ene-manilha-013 @clause:ENE-MANILHA-5 @clause:ENE-MANILHA-4
  Scenario Outline: Each two manilhas head to head at 4 players — the stronger suit takes the vaza, played first or second
    From the weakest, ouros, espadas, copas, paus: every pair of the four suits, each order of play, played
    by two opponents (at two places at the table) while the other two seats play a 7.
    Given a game of "enecomp" for 4 players
    And the deal: vira <vira>
      | seat | cards         |
      | 0    | <seat0> 5c 6c |
      | 1    | <seat1> 5h 6h |
      | 2    | <seat2> 5s 6s |
      | 3    | <seat3> 5d 6d |
    When the seats play: 0:<seat0> 1:<seat1> 2:<seat2> 3:<seat3>
    Then vaza 1 is won by seat <winner>
    And it is seat <winner>'s turn

    Examples:
      | vira | seat0 | seat1 | seat2 | seat3 | winner |
      | Js   | Kd    | Ks    | 7c    | 7h    | 1      |
      | 2h   | 7c    | 3s    | 3d    | 7h    | 1      |
      | Qd   | 7c    | 7h    | Jd    | Jh    | 3      |
      | Ac   | 2h    | 7c    | 7h    | 2d    | 0      |
      | 3s   | 4d    | 4c    | 7c    | 7h    | 1      |
      | Kh   | 7c    | Ac    | Ad    | 7h    | 1      |
      | 7d   | 7c    | 7h    | Qs    | Qh    | 3      |
      | Jc   | Kh    | 7c    | 7h    | Ks    | 0      |
      | 2s   | 3s    | 3c    | 7c    | 7h    | 1      |
      | Qh   | 7c    | Jc    | Js    | 7h    | 1      |
      | Ad   | 7c    | 7h    | 2h    | 2c    | 3      |
      | Kc   | Ac    | 7c    | 7h    | Ah    | 0      |
      | 7d   | 7c    | 7h    | Qd    | Qs    | 3      |
      | Jc   | Ks    | 7c    | 7h    | Kd    | 0      |
      | 2s   | 3d    | 3h    | 7c    | 7h    | 1      |
      | Qh   | 7c    | Jh    | Jd    | 7h    | 1      |
      | Ad   | 7c    | 7h    | 2d    | 2c    | 3      |
      | Kc   | Ac    | 7c    | 7h    | Ad    | 0      |
      | Js   | Ks    | Kh    | 7c    | 7h    | 1      |
      | 2h   | 7c    | 3h    | 3s    | 7h    | 1      |
      | Qd   | 7c    | 7h    | Js    | Jc    | 3      |
      | Ac   | 2c    | 7c    | 7h    | 2s    | 0      |
      | 3s   | 4h    | 4c    | 7c    | 7h    | 1      |
      | Kh   | 7c    | Ac    | Ah    | 7h    | 1      |
