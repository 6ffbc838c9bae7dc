Feature: FPT 1983 — empate
  First vaza tied: nobody must show his best card in the second; the second vaza won decides the
  hand, and if it ties too the third does, trucada or not. FPT has no rule on tied top cards of one
  team (ATB EMPATE 2): read as ATB says it, no empate, the vaza going to the first of them played.
  Three tied vazas without a trucada score nothing and the deal passes; with one, the side whose
  raise was called on an exposed card (an opponent's card face up in the vaza) loses the hand, the
  side that raised in the dark wins it — the last raise decides. A side with nine tentos may not
  raise to seis in a hand in a tie.

  @id:fpt-empate-001 @clause:FPT-EMPATE-1
  Scenario: First vaza tied, the second vaza decides the hand
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Jd 6c |
      | 1    | 3h Kd 6d |
    When the seats play: 0:3c 1:3h 0:Jd 1:Kd
    Then vaza 1 is tied
    And vaza 2 is won by seat 1
    And the hand is over
    And the hand has 2 vazas
    And the score is 0 to 1

  @id:fpt-empate-002 @clause:FPT-EMPATE-1
  Scenario: First vaza tied, the second trucada and tied again, the third decides for the truco's value
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Jd |
      | 1    | 3h 2h Kd |
    When the seats play: 0:3c 1:3h
    And seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:2c 1:2h
    Then vaza 2 is tied
    And the hand is not over
    When the seats play: 0:Jd 1:Kd
    Then vaza 3 is won by seat 1
    And the score is 0 to 3

  @id:fpt-empate-003 @clause:FPT-EMPATE-1
  Scenario: First vaza tied, the seat that led it leads the second, and a small card may win it
    Nobody must show his best card in the second vaza: seat 0 keeps its 3 and wins with a K.
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 5c Kc 3d |
      | 1    | 3c Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | 4d Js 7s |
    When the seats play: 0:5c 1:3c 2:3h 3:4d
    Then vaza 1 is tied
    And it is seat 0's turn
    When the seats play: 0:Kc 1:Jd 2:6h 3:Js
    Then vaza 2 is won by seat 0
    And the hand is over
    And the score is 1 to 0

  @id:fpt-empate-004 @clause:FPT-EMPATE-1
  Scenario: Tied top cards of one team are no empate: the first of them played takes the vaza and leads
    The deal of ATB's EMPATE 2 scenario: the two 3s are both team 1's, so no card of the other side
    matched them.
    Given a game of "fpt-1983" for 4 players
    And seat 1 deals
    And the deal: vira 6s
      | seat | cards    |
      | 0    | 4h 6c 6d |
      | 1    | 3s Jd 7d |
      | 2    | 5c 2h 6h |
      | 3    | 3d Js 7s |
    When the seats play: 2:5c 3:3d 0:4h 1:3s
    Then vaza 1 is won by seat 3
    And it is seat 3's turn

  @id:fpt-empate-005 @clause:FPT-EMPATE-1
  Scenario: Tied top cards of one team in the first vaza take it for that team, in trios
    Given a game of "fpt-1983" for 6 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6c 6d 6h |
      | 1    | 3c 7d 7h |
      | 2    | Qc Qd Qh |
      | 3    | Jc Jd Jh |
      | 4    | Kc Kd Kh |
      | 5    | 3h Ad 2h |
    When the seats play: 0:6c 1:3c 2:Qc 3:Jc 4:Kc 5:3h
    Then vaza 1 is won by seat 1
    And it is seat 1's turn
    When the seats play: 1:7d 2:Qd 3:Jd 4:Kd 5:Ad 0:6d
    Then vaza 2 is won by seat 5
    And the hand is over
    And the score is 0 to 1

  @id:fpt-empate-006 @clause:FPT-EMPATE-TODAS
  Scenario: Three tied vazas without a trucada score nothing and the deal passes on
    Given a game of "fpt-1983" for 2 players
    And the score is 4 to 7
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When the seats play: 0:3c 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then vaza 3 is tied
    And the hand is over
    And the score is 4 to 7
    And seat 0 deals the next hand

  @id:fpt-empate-007 @clause:FPT-EMPATE-TODAS
  Scenario: Three tied vazas without a trucada score nothing in duplas either
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 6c 6d 6h |
      | 3    | 7c 7d 7h |
    When the seats play: 0:3c 1:3h 2:6c 3:7c 0:2c 1:2h 2:6d 3:7d 0:Kd 1:Ks 2:6h 3:7h
    Then vaza 3 is tied
    And the hand is over
    And the score is 0 to 0
    And seat 0 deals the next hand

  @id:fpt-empate-008 @clause:FPT-EMPATE-1a
  Scenario: A truco called on an exposed card loses the three tied vazas
    Seat 1 calls truco with seat 0's 2 face up in the second vaza.
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When the seats play: 0:3c 1:3h 0:2c
    And seat 1 calls truco
    And seat 0 accepts
    And the seats play: 1:2h 0:Kd 1:Ks
    Then vaza 3 is tied
    And the hand is over
    And the score is 3 to 0

  @id:fpt-empate-009 @clause:FPT-EMPATE-1b
  Scenario: A truco called in the dark wins the three tied vazas
    Seat 0 calls truco before anybody plays a card.
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then vaza 3 is tied
    And the hand is over
    And the score is 3 to 0

  @id:fpt-empate-010 @clause:FPT-EMPATE-1b
  Scenario: A truco called in the dark by the leader of the second vaza wins the tie for his side
    Seat 1, the mão, led the tied first vaza and leads the second: it calls truco before playing,
    no card of seat 0 on the table.
    Given a game of "fpt-1983" for 2 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When the seats play: 1:3h 0:3c
    And seat 1 calls truco
    And seat 0 accepts
    And the seats play: 1:2h 0:2c 1:Ks 0:Kd
    Then vaza 3 is tied
    And the score is 0 to 3

  @id:fpt-empate-011 @clause:FPT-EMPATE-1a @clause:FPT-EMPATE-1b
  Scenario: The last raise decides: a seis asked in the dark wins the tie over a truco called on an exposed card
    Seat 0 leads the first vaza with its 3; seat 1 calls truco on it (exposed) and seat 0 answers
    seis, no card of seat 1 being on the table (in the dark).
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When seat 0 plays 3c
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 6
    When the seats play: 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then vaza 3 is tied
    And the score is 6 to 0

  @id:fpt-empate-012 @clause:FPT-EMPATE-1a
  Scenario: A seis asked on an exposed card loses the tie for six, in duplas
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 6c 6d 6h |
      | 3    | 7c 7d 7h |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c
    And seat 1 calls truco
    And seat 2 accepts
    Then the hand is worth 6
    When the seats play: 1:3h 2:6c 3:7c 0:2c 1:2h 2:6d 3:7d 0:Kd 1:Ks 2:6h 3:7h
    Then vaza 3 is tied
    And the score is 6 to 0

  @id:fpt-empate-013 @clause:FPT-EMPATE-1c @clause:FPT-EMPATE-1d
  Scenario: A side with nine tentos may not answer a truco with seis once a vaza is tied
    Given a game of "fpt-1983" for 2 players
    And the score is 9 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h Jh Ks |
    When the seats play: 0:3c 1:3h
    Then vaza 1 is tied
    When seat 0 plays Kd
    And seat 1 calls truco
    Then seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "beyond_tento_limit"
    And the state is unchanged
    And the legal actions of seat 0 are: accept fold

  @id:fpt-empate-014 @clause:FPT-EMPATE-1c
  Scenario: The limit binds the side with nine only: its opponents may ask seis in the tie, and it may truco
    Given a game of "fpt-1983" for 2 players
    And the score is 9 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h Jh Ks |
    When the seats play: 0:3c 1:3h
    Then seat 0 may truco
    When seat 0 calls truco
    Then seat 1 may truco
    When seat 1 calls truco
    Then the hand is worth 3
    And the legal actions of seat 0 are: accept fold

  @id:fpt-empate-015 @clause:FPT-EMPATE-1d
  Scenario: Without a tie the side with nine may answer a truco with seis
    Given a game of "fpt-1983" for 2 players
    And the score is 9 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h Jh Ks |
    When seat 0 plays 2c
    And seat 1 calls truco
    Then seat 0 may truco
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 6

  @id:fpt-empate-016 @clause:FPT-EMPATE-1c
  Scenario: The nine of the example is one case of the limit: at six, a hand worth six allows no nove after a tie
    Given a game of "fpt-1983" for 2 players
    And the score is 6 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h Jh Ks |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 accepts
    Then the hand is worth 6
    When the seats play: 0:3c 1:3h
    Then vaza 1 is tied
    And it is seat 0's turn
    And seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "beyond_tento_limit"

  @id:fpt-empate-017 @clause:FPT-EMPATE-1c @clause:FPT-MAO-DE-ONZE-3
  Scenario: In a mão de 11 after a tied vaza, a truco is not refused by the limit: it costs three tentos
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h Jh Ks |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:3h
    Then vaza 1 is tied
    When seat 0 calls truco
    Then the hand is over
    And the score is 11 to 8

  @id:fpt-empate-018 @clause:FPT-EMPATE-1a
  Scenario: A third vaza tied after one each, in a trucada called on an exposed card: the side that called it loses
    Given a game of "fpt-1983" for 2 players
    And the deal: vira Kc
      | seat | cards    |
      | 0    | 3c 6d 7c |
      | 1    | Qd 2h 7s |
    When the seats play: 0:3c 1:Qd 0:6d 1:2h
    Then vaza 2 is won by seat 1
    When seat 1 plays 7s
    And seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 7c
    Then vaza 3 is tied
    And the hand is over
    And the score is 0 to 3


  @id:fpt-empate-019 @clause:FPT-EMPATE-1
  Scenario: A first vaza won and the second tied, without a trucada: the first vaza's winner takes the hand
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Kd 6d |
      | 1    | 2h Ks 7h |
    When the seats play: 0:3c 1:2h 0:Kd 1:Ks
    Then vaza 1 is won by seat 0
    And vaza 2 is tied
    And the hand is over
    And the hand has 2 vazas
    And the score is 1 to 0

  @id:fpt-empate-020 @clause:FPT-EMPATE-1
  Scenario: One vaza each and the third tied, without a trucada: the first vaza's winner takes the hand
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 2c 6d Kd |
      | 1    | Ah 7h Ks |
    When the seats play: 0:2c 1:Ah 0:6d 1:7h 1:Ks 0:Kd
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is tied
    And the hand is over
    And the score is 1 to 0

  @id:fpt-empate-021 @clause:FPT-EMPATE-1b
  Scenario: A first vaza won and the second tied, in a trucada called in the dark: the side that called it wins the hand
    Given a game of "fpt-1983" for 2 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Kd 6d |
      | 1    | 2h Ks 7h |
    When seat 1 calls truco
    And seat 0 accepts
    And the seats play: 1:2h 0:3c
    Then vaza 1 is won by seat 0
    When the seats play: 0:Kd 1:Ks
    Then vaza 2 is tied
    And the hand is over
    And the score is 0 to 3
