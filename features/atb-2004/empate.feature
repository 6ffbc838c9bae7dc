Feature: ATB 2004 — ties (empate)
  A tied vaza is taken by nobody, unless the tied top cards are all of one team: then the first of
  them played takes it. First vaza tied: the next vaza won decides. First vaza won and a later one
  tied: the winner of the first vaza wins the hand. All three tied: nobody scores. After a tied
  vaza the seat that led it leads again (this rule set's reading: the texts are silent).

  @id:empate-001 @clause:ATB-EMPATE-1
  Scenario: First vaza tied, the second vaza decides the hand
    Given a game of "atb-2004" for 2 players
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

  @id:empate-002 @clause:ATB-EMPATE-1-EX @clause:ATB-EMPATE-1
  Scenario: First vaza tied, second vaza trucada and tied again, the third decides for the truco's value
    Given a game of "atb-2004" for 2 players
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

  @id:empate-003 @clause:ATB-EMPATE-3
  Scenario: First vaza won and second tied, the first vaza's winner takes the hand without a third vaza
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd 2c 3d |
      | 1    | 3c 2h 6d |
    When the seats play: 0:Kd 1:3c 1:2h 0:2c
    Then vaza 2 is tied
    And the hand is over
    And the hand has 2 vazas
    And the score is 0 to 1

  @id:empate-004 @clause:ATB-EMPATE-3
  Scenario: Third vaza tied, the team that won the first vaza wins the hand
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c 5d Kd |
      | 1    | 2c Ad Kh |
    When the seats play: 0:3c 1:2c 0:5d 1:Ad 1:Kh 0:Kd
    Then vaza 2 is won by seat 1
    And vaza 3 is tied
    And the hand is over
    And the score is 1 to 0

  @id:empate-005 @clause:ATB-EMPATE-3 @clause:ATB-TRUCO-1
  Scenario: Third vaza tied in a trucada, the first vaza's winner scores the truco
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 5d 3d Kd |
      | 1    | 3c 2c Kh |
    When the seats play: 0:5d 1:3c 1:2c 0:3d
    Then vaza 2 is won by seat 0
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:Kd 1:Kh
    Then vaza 3 is tied
    And the score is 0 to 3

  @id:empate-006 @clause:ATB-EMPATE-TODAS @clause:ATB-TOMBO-1
  Scenario: All three vazas tied, nobody scores and the deal passes on
    Given a game of "atb-2004" for 2 players
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

  @id:empate-007 @clause:ATB-EMPATE-2
  Scenario: Tied top cards of one team, the first of them played takes the vaza
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 6c 6d |
      | 1    | 2c Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Kd Js 7s |
    When the seats play: 0:3c 1:2c 2:3h 3:Kd
    Then vaza 1 is won by seat 0
    And it is seat 0's turn

  @id:empate-008 @clause:ATB-EMPATE-2
  Scenario: Tied top cards of one team, the partner who played first takes the vaza, not the leader
    Given a game of "atb-2004" for 4 players
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

  @id:empate-009 @clause:ATB-EMPATE-1 @clause:ATB-EMPATE-2
  Scenario: Top cards of both teams tie the vaza, and its leader leads the next one
    Given a game of "atb-2004" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 5c 6c 6d |
      | 1    | 3c Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | 4d Js 7s |
    When the seats play: 0:5c 1:3c 2:3h 3:4d
    Then vaza 1 is tied
    And it is seat 0's turn

  @id:empate-010 @clause:ATB-EMPATE-2
  Scenario: Two top cards of one team and one of the other tie the vaza
    Given a game of "atb-2004" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c 6c 6d |
      | 1    | 3h Jd 7d |
      | 2    | 3s 2h 6h |
      | 3    | 5d Js 7s |
    When the seats play: 0:3c 1:3h 2:3s 3:5d
    Then vaza 1 is tied

  @id:empate-011 @clause:ATB-EMPATE-2
  Scenario: Tied top cards of one trio in 6 players, the first of them played takes the vaza
    Given a game of "atb-2004" for 6 players
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

  @id:empate-012 @clause:ATB-EMPATE-1
  Scenario: First vaza tied in 6 players, its leader leads again and the second vaza decides
    Given a game of "atb-2004" for 6 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6c 6d 6h |
      | 1    | 3c 7d 7h |
      | 2    | Qc Qd Qh |
      | 3    | Jc Jd Jh |
      | 4    | 3h Kd Kh |
      | 5    | Ac Ad 2h |
    When the seats play: 0:6c 1:3c 2:Qc 3:Jc 4:3h 5:Ac
    Then vaza 1 is tied
    And it is seat 0's turn
    When the seats play: 0:6d 1:7d 2:Qd 3:Jd 4:Kd 5:Ad
    Then vaza 2 is won by seat 5
    And the hand is over
    And the score is 0 to 1

  @id:empate-013 @clause:ATB-EMPATE-1
  Scenario: First vaza tied, the seat that led it leads the second even when it is not the mão of 1v1
    Given a game of "atb-2004" for 2 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Jd 6c |
      | 1    | 3h Kd 6d |
    When the seats play: 1:3h 0:3c
    Then vaza 1 is tied
    And it is seat 1's turn

  @id:empate-014 @clause:ATB-EMPATE-1a
  Scenario: All three vazas tied in a trucada called on an exposed card: the side that called it loses
    Given a game of "atb-2004" for 2 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When seat 1 plays 3h
    And seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 3c
    And the seats play: 1:2h 0:2c 1:Ks 0:Kd
    Then vaza 3 is tied
    And the hand is over
    And the score is 0 to 3

  @id:empate-015 @clause:ATB-EMPATE-1b
  Scenario: All three vazas tied in a trucada called in the dark: the side that called it plays for the tie and wins
    Given a game of "atb-2004" for 2 players
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

  @id:empate-022 @clause:ATB-EMPATE-1b
  Scenario: A first vaza won and the second tied, in a trucada called in the dark: the side that called it wins, not the first vaza's winner
    Given a game of "atb-2004" for 2 players
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

  @id:empate-016 @clause:ATB-EMPATE-1b @clause:ATB-EMPATE-1a
  Scenario: Truco in the dark answered by a seis in the dark: the last raise decides the tied hand
    Given a game of "atb-2004" for 2 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When seat 1 calls truco
    And seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 6
    When the seats play: 1:3h 0:3c 1:2h 0:2c 1:Ks 0:Kd
    Then the hand is over
    And the score is 6 to 0

  @id:empate-017 @clause:ATB-EMPATE-1c @clause:ATB-EMPATE-1d
  Scenario: After a tied vaza, a side at nine tentos may not answer a truco with seis
    Given a game of "atb-2004" for 2 players
    And the score is 9 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | 3h Kd 7d |
    When the seats play: 0:3c 1:3h
    Then vaza 1 is tied
    When seat 0 plays 6d
    And seat 1 calls truco
    Then the legal actions of seat 0 are: accept fold
    When seat 0 tries to truco
    Then the action is refused with reason "above_the_limit"
    And the state is unchanged
    When seat 0 accepts
    Then the hand is worth 3

  @id:empate-018 @clause:ATB-EMPATE-1c @clause:ATB-EMPATE-1d
  Scenario: Without a tied vaza the limit does not apply: a side at nine tentos may ask seis
    Given a game of "atb-2004" for 2 players
    And the score is 9 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6d 2c 3c |
      | 1    | Kd 3h 7d |
    When the seats play: 0:6d 1:Kd
    Then vaza 1 is won by seat 1
    When seat 1 calls truco
    Then seat 0 may truco
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 6

  @id:empate-019 @clause:ATB-EMPATE-1c @clause:ATB-EMPATE-1d
  Scenario: After a tied vaza a side at eight tentos may still ask seis, which the trucada alone does not win it
    Given a game of "atb-2004" for 2 players
    And the score is 8 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | 3h Kd 7d |
    When the seats play: 0:3c 1:3h 0:6d
    And seat 1 calls truco
    Then seat 0 may truco
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 6

  @id:empate-020 @clause:ATB-EMPATE-1c @clause:ATB-MAO-DE-ONZE-3
  Scenario: In a mão de onze after a tied vaza, a truco is not refused by the limit: it costs three tentos
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | 3h Kd 7d |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:3h
    Then vaza 1 is tied
    When seat 0 calls truco
    Then the hand is over
    And the score is 11 to 8

  @id:empate-021 @clause:ATB-EMPATE-1a @clause:ATB-EMPATE-3
  Scenario: A first vaza won and the second tied in a trucada called on an exposed card: the side that called it loses
    ATB states no rule for a second vaza tied after a first one won; without a trucada its winner
    takes the hand, in a trucada the EMPATE section decides: here the raiser of the exposed truco
    had won the first vaza, and loses the hand.
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6d 2c 3c |
      | 1    | Kd 2h 7d |
    When seat 0 plays 6d
    And seat 1 calls truco
    And seat 0 accepts
    And seat 1 plays Kd
    Then vaza 1 is won by seat 1
    When the seats play: 1:2h 0:2c
    Then vaza 2 is tied
    And the hand is over
    And the score is 3 to 0

