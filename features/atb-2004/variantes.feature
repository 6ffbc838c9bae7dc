Feature: ATB 2004 — the variants manilha velha and baralho limpo
  Manilha velha: no vira; the manilhas are always 4 de paus > 7 de copas > A de espadas > 7 de
  ouros, and every other 4, 7 and A is an ordinary card. Baralho limpo: the 4 5 6 7 are removed,
  24 cards Q J K A 2 3, and the manilha is still the rank after the vira's (vira 3 -> Q).

  @id:variantes-001 @clause:ATB-MANILHA-VELHA-1
  Scenario: Manilha velha — the 4 of paus beats the 7 of copas and the A of espadas beats the 7 of ouros
    Given a game of "manilha-velha" for 2 players
    And the deal without vira:
      | seat | cards    |
      | 0    | 4c As 5d |
      | 1    | 7h 7d 6d |
    When the seats play: 0:4c 1:7h 0:As 1:7d
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 0
    And the score is 1 to 0

  @id:variantes-002 @clause:ATB-MANILHA-VELHA-1
  Scenario: Manilha velha — the 7 of copas beats the A of espadas
    Given a game of "manilha-velha" for 2 players
    And the deal without vira:
      | seat | cards    |
      | 0    | As 5d 5s |
      | 1    | 7h 6d 6s |
    When the seats play: 0:As 1:7h
    Then vaza 1 is won by seat 1

  @id:variantes-003 @clause:ATB-MANILHA-VELHA-1
  Scenario: Manilha velha — the weakest manilha, the 7 of ouros, beats the 3 of paus
    Given a game of "manilha-velha" for 2 players
    And the deal without vira:
      | seat | cards    |
      | 0    | 3c 5d 5s |
      | 1    | 7d 6d 6s |
    When the seats play: 0:3c 1:7d
    Then vaza 1 is won by seat 1

  @id:variantes-004 @clause:ATB-MANILHA-VELHA-1 @clause:ATB-MANILHA-VELHA-2
  Scenario: Manilha velha — a 4 of copas and an A of copas are ordinary cards
    Given a game of "manilha-velha" for 2 players
    And the deal without vira:
      | seat | cards    |
      | 0    | 4h Ah 6s |
      | 1    | 5d 2d 6d |
    When the seats play: 0:4h 1:5d 1:2d 0:Ah
    Then vaza 1 is won by seat 1
    And vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:variantes-005 @clause:ATB-MANILHA-VELHA-1 @clause:ATB-MANILHA-VELHA-2
  Scenario: Manilha velha — the 7 of paus is an ordinary card below the Q
    Given a game of "manilha-velha" for 2 players
    And the deal without vira:
      | seat | cards    |
      | 0    | 7c 5h 6s |
      | 1    | Qd 5s 6d |
    When the seats play: 0:7c 1:Qd
    Then vaza 1 is won by seat 1

  @id:variantes-006 @clause:ATB-MANILHA-VELHA-1
  Scenario: Manilha velha — the four manilhas in one vaza, the zap takes it
    Given a game of "manilha-velha" for 4 players
    And the deal without vira:
      | seat | cards    |
      | 0    | 7h 5d 5s |
      | 1    | 7d 6d 6s |
      | 2    | As Qd Qs |
      | 3    | 4c Jd Js |
    When the seats play: 0:7h 1:7d 2:As 3:4c
    Then vaza 1 is won by seat 3

  @id:variantes-007 @clause:ATB-MANILHA-VELHA-2
  Scenario: Manilha velha — a shuffled deal turns no vira and gives three cards to each seat
    Given a game of "manilha-velha" for 4 players
    And a shuffled deal with seed 21
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:variantes-008 @clause:ATB-VARIANTES-2 @clause:ATB-MANILHAS-4
  Scenario: Baralho limpo — with a vira 3 the manilhas are the Qs, above the 3
    Given a game of "baralho-limpo" for 2 players
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 3c Kc Jh |
      | 1    | Qd Jd Js |
    When the seats play: 0:3c 1:Qd
    Then vaza 1 is won by seat 1

  @id:variantes-009 @clause:ATB-VARIANTES-2 @clause:ATB-BARALHO-2
  Scenario: Baralho limpo — with a vira K the As are manilhas and J still beats Q
    Given a game of "baralho-limpo" for 2 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 3c Jc Qh |
      | 1    | Ad Qd Kh |
    When the seats play: 0:3c 1:Ad 1:Qd 0:Jc
    Then vaza 1 is won by seat 1
    And vaza 2 is won by seat 0

  @id:variantes-010 @clause:ATB-VARIANTES-2
  Scenario: Baralho limpo — six players are dealt from the 24 cards
    Given a game of "baralho-limpo" for 6 players
    And a shuffled deal with seed 22
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:variantes-011 @clause:ATB-MANILHA-VELHA-2 @clause:ATB-MANILHA-VELHA-1
  Scenario: Manilha velha — the next hand turns no vira either, and the 4 of paus is still the zap
    Given a game of "manilha-velha" for 2 players
    And the deal without vira:
      | seat | cards    |
      | 0    | 4c As 5d |
      | 1    | 7h 7d 6d |
    When the seats play: 0:4c 1:7h 0:As 1:7d
    Then the score is 1 to 0
    When the next deal is without vira:
      | seat | cards    |
      | 0    | 7h 5d 5s |
      | 1    | 4c 6d 6s |
    And the seats play: 1:4c 0:7h
    Then vaza 1 is won by seat 1

  @id:variantes-012 @clause:ATB-MANILHA-VELHA-1
  Scenario Outline: Manilha velha — each two manilhas head to head at 2 players: the stronger takes the vaza, played first or second
    4 de paus > 7 de copas > A de espadas > 7 de ouros: every pair of the four, each order of play.
    Given a game of "manilha-velha" for 2 players
    And the deal without vira:
      | seat | cards         |
      | 0    | <seat0> 5c 6h |
      | 1    | <seat1> 5s 6d |
    When the seats play: 0:<seat0> 1:<seat1>
    Then vaza 1 is won by seat <winner>
    And it is seat <winner>'s turn

    Examples:
      | seat0 | seat1 | winner |
      | 7d    | As    | 1      |
      | As    | 7d    | 0      |
      | 7d    | 7h    | 1      |
      | 7h    | 7d    | 0      |
      | 7d    | 4c    | 1      |
      | 4c    | 7d    | 0      |
      | As    | 7h    | 1      |
      | 7h    | As    | 0      |
      | As    | 4c    | 1      |
      | 4c    | As    | 0      |
      | 7h    | 4c    | 1      |
      | 4c    | 7h    | 0      |

  @id:variantes-013 @clause:ATB-MANILHA-VELHA-1
  Scenario Outline: Manilha velha — each two manilhas head to head at 4 players: the stronger takes the vaza, played first or second
    4 de paus > 7 de copas > A de espadas > 7 de ouros: every pair of the four, each order of play, played
    by two opponents while the other two seats play a K.
    Given a game of "manilha-velha" for 4 players
    And the deal without vira:
      | seat | cards         |
      | 0    | <seat0> 5c 6c |
      | 1    | <seat1> 5h 6h |
      | 2    | <seat2> 5s 6s |
      | 3    | <seat3> 5d 6d |
    When the seats play: 0:<seat0> 1:<seat1> 2:<seat2> 3:<seat3>
    Then vaza 1 is won by seat <winner>
    And it is seat <winner>'s turn

    Examples:
      | seat0 | seat1 | seat2 | seat3 | winner |
      | 7d    | As    | Kc    | Kh    | 1      |
      | Kc    | As    | 7d    | Kh    | 1      |
      | Kc    | Kh    | 7d    | 7h    | 3      |
      | 7h    | Kc    | Kh    | 7d    | 0      |
      | 7d    | 4c    | Kc    | Kh    | 1      |
      | Kc    | 4c    | 7d    | Kh    | 1      |
      | Kc    | Kh    | As    | 7h    | 3      |
      | 7h    | Kc    | Kh    | As    | 0      |
      | As    | 4c    | Kc    | Kh    | 1      |
      | Kc    | 4c    | As    | Kh    | 1      |
      | Kc    | Kh    | 7h    | 4c    | 3      |
      | 4c    | Kc    | Kh    | 7h    | 0      |
