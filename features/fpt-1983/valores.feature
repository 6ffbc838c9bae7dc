Feature: FPT 1983 — valores das cartas
  From strongest to weakest: 3, 2, Az, Reis, Valetes, Damas, 7, 6, 5, 4, whatever the suit; no 8, 9
  or 10. FPT names the four manilhas by their manilha velha names — zape (paus), sete copas,
  espadilha (espadas), sete ouros — but plays ponto acima: this rule set reads the names for their
  order by suit among the manilhas the vira makes, paus > copas > espadas > ouros. A 7 of copas, a
  7 of ouros, an ace of espadas or a 4 of paus is a manilha only when the vira makes its rank one.

  @id:fpt-valores-001 @clause:FPT-VALORES-ZAPE
  Scenario: The zape, the manilha of paus, beats the manilha of copas
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 6c
      | seat | cards    |
      | 0    | 7h 5d 3d |
      | 1    | 7c 5s 2c |
    When the seats play: 0:7h 1:7c
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-valores-002 @clause:FPT-VALORES-SETE-COPAS
  Scenario: The second manilha, of copas, beats the manilha of espadas
    Given a game of "fpt-1983" for 2 players
    And the deal: vira Jd
      | seat | cards    |
      | 0    | Ks 4c 5c |
      | 1    | Kh 4d 5d |
    When the seats play: 0:Ks 1:Kh
    Then vaza 1 is won by seat 1

  @id:fpt-valores-003 @clause:FPT-VALORES-ESPADILHA @clause:FPT-VALORES-SETE-OUROS
  Scenario: The third manilha, of espadas, beats the manilha of ouros
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 6c
      | seat | cards    |
      | 0    | 7s 5d 3d |
      | 1    | 7d 5s 2c |
    When the seats play: 0:7s 1:7d
    Then vaza 1 is won by seat 0
    And it is seat 0's turn

  @id:fpt-valores-004 @clause:FPT-VALORES-SETE-OUROS
  Scenario: The fourth manilha, of ouros, the weakest of them, still beats the 3 of paus
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 3c 2c Kh |
      | 1    | 4d 5d Qs |
    When the seats play: 0:3c 1:4d
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-valores-005 @clause:FPT-VALORES-ZAPE @clause:FPT-VALORES-SETE-COPAS @clause:FPT-VALORES-ESPADILHA @clause:FPT-VALORES-SETE-OUROS
  Scenario: With a vira 3 the four 4s are the manilhas and the 4 of paus, the zape, takes the vaza
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 3d
      | seat | cards    |
      | 0    | 4h 5d 5s |
      | 1    | 4c 6d 6s |
      | 2    | 4d Qd Qs |
      | 3    | 4s Jd Js |
    When the seats play: 0:4h 1:4c 2:4d 3:4s
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-valores-006 @clause:FPT-VALORES-SETE-COPAS @clause:FPT-VALORES-ESPADILHA @clause:FPT-VALORES-SETE-OUROS
  Scenario: With a vira 6 the sete copas takes a vaza against the espadas and ouros manilhas and a 3
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 6d
      | seat | cards    |
      | 0    | 7s 5d 5s |
      | 1    | 7h 6c 6s |
      | 2    | 7d Qd Qs |
      | 3    | 3c Jd Js |
    When the seats play: 0:7s 1:7h 2:7d 3:3c
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-valores-007 @clause:FPT-VALORES-SETE-COPAS @clause:FPT-VALORES-SETE-OUROS
  Scenario: Under ponto acima a 7 of copas and a 7 of ouros are ordinary 7s unless the vira is a 6
    The FPT side of the manilha velha, where they would be the second and the fourth manilha: with a
    vira K the manilhas are the aces, and both 7s lose to a 3 and a 2.
    Given a game of "fpt-1983" for 2 players
    And the deal: vira Kh
      | seat | cards    |
      | 0    | 7h 7d Qc |
      | 1    | 3c 2c 4s |
    When the seats play: 0:7h 1:3c 1:2c 0:7d
    Then vaza 1 is won by seat 1
    And vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:fpt-valores-008 @clause:FPT-VALORES-ESPADILHA @clause:FPT-VALORES-ZAPE
  Scenario: Under ponto acima the ace of espadas and the 4 of paus are ordinary cards unless the vira makes them manilhas
    With a vira 7 the manilhas are the Qs: the ace of espadas loses to a 2, the 4 of paus to a 5.
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7h
      | seat | cards    |
      | 0    | As 4c Kd |
      | 1    | 2d 5d Jd |
    When the seats play: 0:As 1:2d 1:5d 0:4c
    Then vaza 1 is won by seat 1
    And vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:fpt-valores-009 @clause:FPT-VALORES-CARTAS
  Scenario: 5 beats 4, 6 beats 5, 7 beats 6, whoever plays first
    Given a game of "fpt-1983" for 2 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 5d 5c 6c |
      | 1    | 4c 6d 7d |
    When the seats play: 0:5d 1:4c 0:5c 1:6d 1:7d 0:6c
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 1
    And the score is 0 to 1

  @id:fpt-valores-010 @clause:FPT-VALORES-CARTAS
  Scenario: Damas beat 7s, Valetes beat Damas, Reis beat Valetes, whoever plays first
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Qd Qc Kc |
      | 1    | 7c Jd Jc |
    When the seats play: 0:Qd 1:7c 0:Qc 1:Jd 1:Jc 0:Kc
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 0
    And the score is 1 to 0

  @id:fpt-valores-011 @clause:FPT-VALORES-CARTAS
  Scenario: Az beats Reis, 2 beats Az, 3 beats 2, whoever plays first
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Ad Ac 2c |
      | 1    | Kc 2d 3d |
    When the seats play: 0:Ad 1:Kc 0:Ac 1:2d 1:3d 0:2c
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 1
    And the score is 0 to 1

  @id:fpt-valores-012 @clause:FPT-VALORES-CARTAS
  Scenario: Two cards of one rank and different suits are equal when they are not manilhas
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4d
      | seat | cards    |
      | 0    | 7h Kd 3s |
      | 1    | 7c Kc 2s |
    When the seats play: 0:7h 1:7c 0:Kd 1:Kc
    Then vaza 1 is tied
    And vaza 2 is tied
    And the hand is not over

  @id:fpt-valores-013 @clause:FPT-VALORES-CARTAS
  Scenario: The 3 is the strongest ordinary card and the 4 the weakest, in a vaza of duplas
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 6h
      | seat | cards    |
      | 0    | 4c 5d 5s |
      | 1    | 3d 6d 6s |
      | 2    | 2c Qd Qs |
      | 3    | Ac Jd Js |
    When the seats play: 0:4c 1:3d 2:2c 3:Ac
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-valores-014 @clause:FPT-VALORES-EXCLUSOES
  Scenario: Without 8, 9 and 10 the card after a vira 7 is the Dama, and the Dama manilha beats a 3
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 4h 5h |
      | 1    | Qd 4s 5s |
    When the seats play: 0:3c 1:Qd
    Then vaza 1 is won by seat 1

  @id:fpt-valores-015 @clause:FPT-VALORES-EXCLUSOES
  Scenario: An 8 is no card of the deck
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 4h 5h |
      | 1    | Qd 4s 5s |
    When seat 0 tries to play:8c
    Then the action is refused with reason "unknown_card"
    And the state is unchanged

  @id:fpt-valores-016 @clause:FPT-VALORES-ZAPE @clause:FPT-VALORES-SETE-COPAS @clause:FPT-VALORES-ESPADILHA @clause:FPT-VALORES-SETE-OUROS
  Scenario Outline: Each two manilhas head to head at 2 players — the stronger suit takes the vaza, played first or second
    Zape (paus) > sete copas > espadilha (espadas) > sete ouros: every pair of the four suits, each order
    of play, under several viras.
    Given a game of "fpt-1983" for 2 players
    And the deal: vira <vira>
      | seat | cards         |
      | 0    | <seat0> 5c 6h |
      | 1    | <seat1> 5s 6d |
    When the seats play: 0:<seat0> 1:<seat1>
    Then vaza 1 is won by seat <winner>
    And it is seat <winner>'s turn

    Examples:
      | vira | seat0 | seat1 | winner |
      | Ks   | Ad    | As    | 1      |
      | 2c   | 3s    | 3d    | 0      |
      | 7d   | Qd    | Qh    | 1      |
      | Jh   | Kh    | Kd    | 0      |
      | 3c   | 4d    | 4c    | 1      |
      | Ad   | 2c    | 2d    | 0      |
      | Qs   | Js    | Jh    | 1      |
      | Kh   | Ah    | As    | 0      |
      | 2d   | 3s    | 3c    | 1      |
      | 7s   | Qc    | Qs    | 0      |
      | 3s   | 4h    | 4c    | 1      |
      | Jd   | Kc    | Kh    | 0      |

  @id:fpt-valores-017 @clause:FPT-VALORES-ZAPE @clause:FPT-VALORES-SETE-COPAS @clause:FPT-VALORES-ESPADILHA @clause:FPT-VALORES-SETE-OUROS
  Scenario Outline: Each two manilhas head to head at 4 players — the stronger suit takes the vaza, played first or second
    Zape (paus) > sete copas > espadilha (espadas) > sete ouros: every pair of the four suits, each order
    of play, played by two opponents while the other two seats play a 7.
    Given a game of "fpt-1983" for 4 players
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
      | Ah   | 2d    | 2s    | 7c    | 7h    | 1      |
      | 3s   | 7c    | 4s    | 4d    | 7h    | 1      |
      | Qc   | 7c    | 7h    | Jd    | Jh    | 3      |
      | 2d   | 3h    | 7c    | 7h    | 3d    | 0      |
      | Kh   | Ad    | Ac    | 7c    | 7h    | 1      |
      | 7s   | 7c    | Qc    | Qd    | 7h    | 1      |
      | Jd   | 7c    | 7h    | Ks    | Kh    | 3      |
      | As   | 2h    | 7c    | 7h    | 2s    | 0      |
      | 3c   | 4s    | 4c    | 7c    | 7h    | 1      |
      | Qh   | 7c    | Jc    | Js    | 7h    | 1      |
      | 2s   | 7c    | 7h    | 3h    | 3c    | 3      |
      | Kd   | Ac    | 7c    | 7h    | Ah    | 0      |

  @id:fpt-valores-018 @clause:FPT-VALORES-CARTAS
  Scenario Outline: Each two neighbouring ranks head to head at 2 players — the stronger takes the vaza, played first or second
    From the weakest 4 5 6 7 Q J K A 2 3: each rank against the next, each order of play, under a vira whose
    manilhas are neither.
    Given a game of "fpt-1983" for 2 players
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

  @id:fpt-valores-019 @clause:FPT-VALORES-CARTAS
  Scenario Outline: Each two neighbouring ranks head to head at 4 players — the stronger takes the vaza, played first or second
    From the weakest 4 5 6 7 Q J K A 2 3: each rank against the next, each order of play, played by two
    opponents while the other two seats play a 4, under a vira whose manilhas are none of them.
    Given a game of "fpt-1983" for 4 players
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
