Feature: ATB 2004 — the manilhas
  The card after the vira, in its four suits, is the manilha: stronger than any 3, ordered among
  themselves by suit, paus > copas > espadas > ouros. The manilhas change with every vira.

  @id:manilhas-001 @clause:ATB-MANILHAS-4 @clause:ATB-MANILHAS-1 @clause:ATB-MANILHAS-2
  Scenario: With a vira 5 the 6s are manilhas and beat a 3, while a 5 stays an ordinary card
    Given a game of "atb-2004" for 2 players
    And the deal: vira 5s
      | seat | cards    |
      | 0    | 6d 5c Kh |
      | 1    | 3c 7d Qs |
    When the seats play: 0:6d 1:3c 0:5c 1:7d 1:Qs 0:Kh
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 0
    And the score is 1 to 0

  @id:manilhas-002 @clause:ATB-MANILHAS-4 @clause:ATB-MANILHAS-2 @clause:ATB-BARALHO-4
  Scenario: With a vira 3 the manilhas are the 4s, and the weakest of them beats the 3 of paus
    Given a game of "atb-2004" for 2 players
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 3c 2c Kh |
      | 1    | 4d 5d Qs |
    When the seats play: 0:3c 1:4d
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:manilhas-003 @clause:ATB-MANILHAS-6 @clause:ATB-MANILHAS-1
  Scenario: With a vira K the manilhas are the As, and the K is an ordinary card
    Given a game of "atb-2004" for 2 players
    And the deal: vira Kh
      | seat | cards    |
      | 0    | 3c Kc 5h |
      | 1    | Ad Jd 5s |
    When the seats play: 0:3c 1:Ad 1:Jd 0:Kc
    Then vaza 1 is won by seat 1
    And vaza 2 is won by seat 0

  @id:manilhas-004 @clause:ATB-MANILHAS-3 @clause:ATB-BARALHO-4
  Scenario: Among manilhas espadas beats ouros and paus beats copas
    Given a game of "atb-2004" for 2 players
    And the deal: vira 6c
      | seat | cards    |
      | 0    | 7d 7c 3d |
      | 1    | 7s 7h 2c |
    When the seats play: 0:7d 1:7s 1:7h 0:7c 0:3d 1:2c
    Then vaza 1 is won by seat 1
    And vaza 2 is won by seat 0
    And vaza 3 is won by seat 0
    And the score is 1 to 0

  @id:manilhas-005 @clause:ATB-MANILHAS-3
  Scenario: Among manilhas copas beats espadas
    Given a game of "atb-2004" for 2 players
    And the deal: vira Jd
      | seat | cards    |
      | 0    | Ks 4c 5c |
      | 1    | Kh 4d 5d |
    When the seats play: 0:Ks 1:Kh
    Then vaza 1 is won by seat 1

  @id:manilhas-006 @clause:ATB-MANILHAS-3 @clause:ATB-MANILHAS-4
  Scenario: The 4 of paus is the zap when the vira is a 3, above the other three manilhas
    Given a game of "atb-2004" for 4 players
    And the deal: vira 3d
      | seat | cards    |
      | 0    | 4h 5d 5s |
      | 1    | 4c 6d 6s |
      | 2    | 4d Qd Qs |
      | 3    | 4s Jd Js |
    When the seats play: 0:4h 1:4c 2:4d 3:4s
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:manilhas-007 @clause:ATB-MANILHAS-1 @clause:ATB-MANILHAS-2
  Scenario: The rank of the vira itself is no manilha
    Given a game of "atb-2004" for 2 players
    And the deal: vira 2s
      | seat | cards    |
      | 0    | 2c 5h 6h |
      | 1    | Ad 5s 6s |
    When the seats play: 0:2c 1:Ad
    Then vaza 1 is won by seat 0

  @id:manilhas-008 @clause:ATB-MANILHA-NOVA-1 @clause:ATB-MANILHAS-1
  Scenario: The manilhas change with the vira from one hand to the next
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4c
      | seat | cards    |
      | 0    | 5d 5s Kc |
      | 1    | 3c 3h Qc |
    When the seats play: 0:5d 1:3c 0:5s 1:3h
    Then the score is 1 to 0
    When the next deal is: vira 5c
      | seat | cards    |
      | 0    | 6d 4s 4d |
      | 1    | 5h 3h 2c |
    And the seats play: 1:5h 0:6d
    Then vaza 1 is won by seat 0

  @id:manilhas-009 @clause:ATB-MANILHAS-2 @clause:ATB-MANILHAS-4
  Scenario: A manilha wins the vaza against two 3s in a 6-player vaza
    Given a game of "atb-2004" for 6 players
    And the deal: vira 4h
      | seat | cards    |
      | 0    | 3c 6c 6h |
      | 1    | 3h 6d 6s |
      | 2    | 2c Qd Qs |
      | 3    | 5d Jd Js |
      | 4    | Ac Kd Ks |
      | 5    | 7c 7d 7s |
    When the seats play: 0:3c 1:3h 2:2c 3:5d 4:Ac 5:7c
    Then vaza 1 is won by seat 3
    And it is seat 3's turn

  @id:manilhas-010 @clause:ATB-MANILHAS-6
  Scenario: The example — with a vira K the manilhas are the As, the A of ouros beats a 3, and a K is ordinary
    Given a game of "atb-2004" for 2 players
    And the deal: vira Kh
      | seat | cards    |
      | 0    | 3c Kc 5h |
      | 1    | Ad Jd 5s |
    When the seats play: 0:3c 1:Ad
    Then vaza 1 is won by seat 1
    When the seats play: 1:Jd 0:Kc
    Then vaza 2 is won by seat 0

  @id:manilhas-011 @clause:ATB-NORMAS-4
  Scenario: Ponto acima — the manilha is the rank above the vira's, wrapping from the 3 to the 4
    Given a game of "atb-2004" for 2 players
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 3c 2c Kh |
      | 1    | 4d 5d Qs |
    When the seats play: 0:3c 1:4d
    Then vaza 1 is won by seat 1

  @id:manilhas-012 @clause:ATB-MANILHAS-3
  Scenario Outline: Each two manilhas head to head at 2 players — the stronger suit takes the vaza, played first or second
    Paus > copas > espadas > ouros: every pair of the four suits, each order of play, under several viras.
    Given a game of "atb-2004" for 2 players
    And the deal: vira <vira>
      | seat | cards         |
      | 0    | <seat0> 5c 6h |
      | 1    | <seat1> 5s 6d |
    When the seats play: 0:<seat0> 1:<seat1>
    Then vaza 1 is won by seat <winner>
    And it is seat <winner>'s turn

    Examples:
      | vira | seat0 | seat1 | winner |
      | 3s   | 4d    | 4s    | 1      |
      | 7h   | Qs    | Qd    | 0      |
      | Qc   | Jd    | Jh    | 1      |
      | Kd   | Ah    | Ad    | 0      |
      | As   | 2d    | 2c    | 1      |
      | 2h   | 3c    | 3d    | 0      |
      | Jc   | Ks    | Kh    | 1      |
      | 3h   | 4h    | 4s    | 0      |
      | 7d   | Qs    | Qc    | 1      |
      | Kc   | Ac    | As    | 0      |
      | Ah   | 2h    | 2c    | 1      |
      | 2s   | 3c    | 3h    | 0      |

  @id:manilhas-013 @clause:ATB-MANILHAS-3
  Scenario Outline: Each two manilhas head to head at 4 players — the stronger suit takes the vaza, played first or second
    Paus > copas > espadas > ouros: every pair of the four suits, each order of play, played by two opponents
    while the other two seats play a 7.
    Given a game of "atb-2004" for 4 players
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
      | Qs   | Jd    | Js    | 7c    | 7h    | 1      |
      | Jh   | 7c    | Ks    | Kd    | 7h    | 1      |
      | Kc   | 7c    | 7h    | Ad    | Ah    | 3      |
      | Ad   | 2h    | 7c    | 7h    | 2d    | 0      |
      | 2s   | 3d    | 3c    | 7c    | 7h    | 1      |
      | 3h   | 7c    | 4c    | 4d    | 7h    | 1      |
      | 7c   | 7h    | 7s    | Qs    | Qh    | 3      |
      | Qd   | Jh    | 7c    | 7h    | Js    | 0      |
      | Jc   | Ks    | Kc    | 7c    | 7h    | 1      |
      | Kh   | 7c    | Ac    | As    | 7h    | 1      |
      | As   | 7c    | 7h    | 2h    | 2c    | 3      |
      | 3d   | 4c    | 7c    | 7h    | 4h    | 0      |
