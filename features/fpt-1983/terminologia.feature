Feature: FPT 1983 — terminologia
  A mão is the play of three cards in three vazas; the "mão" is the player who plays the first card,
  the "pé" the one who deals and plays the last; the tombo or vira fixes the manilhas "ponto acima",
  the current system; the manilhas are the four strongest cards; a raio closes a queda of 12
  tentos. FPT plays a match of the best of five partidas (TEMPO e), so a raio closes a partida, not
  the match.

  @id:fpt-terminologia-001 @clause:FPT-TERMINOLOGIA-A-MAO
  Scenario: A mão is three cards, and two vazas won end it without a third, in duplas
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 6c 6d |
      | 1    | Kd Jd 7d |
      | 2    | Qh 2h 6h |
      | 3    | Ks Js 7s |
    Then the hand is worth 1
    When the seats play: 0:3c 1:Kd 2:Qh 3:Ks 0:6c 1:Jd 2:2h 3:Js
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 2
    And the hand is over
    And the hand has 2 vazas
    And the score is 1 to 0

  @id:fpt-terminologia-002 @clause:FPT-TERMINOLOGIA-A-MAO
  Scenario: A mão has three vazas: one each, and the third decides
    Given a game of "fpt-1983" for 2 players
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

  @id:fpt-terminologia-003 @clause:FPT-TERMINOLOGIA-A-MAO
  Scenario: Every player of a trio receives three cards from one deck
    Given a game of "fpt-1983" for 6 players
    And a shuffled deal with seed 3
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:fpt-terminologia-004 @clause:FPT-TERMINOLOGIA-O-MAO
  Scenario: The mão plays the first card and nobody else may
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    Then it is seat 0's turn
    And seat 1 has no legal action
    When seat 2 tries to play:3h
    Then the action is refused with reason "not_your_turn"
    And the state is unchanged

  @id:fpt-terminologia-005 @clause:FPT-TERMINOLOGIA-O-PE
  Scenario: The pé, who dealt, plays the last card of the first vaza
    Given a game of "fpt-1983" for 4 players
    And seat 2 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    Then it is seat 3's turn
    When the seats play: 3:Ks 0:6d 1:7d
    Then it is seat 2's turn
    When seat 2 plays 3h
    Then vaza 1 is won by seat 2

  @id:fpt-terminologia-006 @clause:FPT-TERMINOLOGIA-TOMBO-OU-VIRA
  Scenario: With a vira 5 the 6s are the manilhas and beat a 3, while a 5 is an ordinary card
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 5s
      | seat | cards    |
      | 0    | 6d 5c Kh |
      | 1    | 3c 7d Qs |
    When the seats play: 0:6d 1:3c 0:5c 1:7d 1:Qs 0:Kh
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    And vaza 3 is won by seat 0
    And the score is 1 to 0

  @id:fpt-terminologia-007 @clause:FPT-TERMINOLOGIA-TOMBO-OU-VIRA @clause:FPT-TERMINOLOGIA-PONTO-ACIMA
  Scenario: The rank of the vira itself is no manilha; the rank above it is
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 2s
      | seat | cards    |
      | 0    | 2c 3d 6h |
      | 1    | 3h Ad 6s |
    When the seats play: 0:2c 1:3h
    Then vaza 1 is won by seat 1
    When the seats play: 1:Ad 0:3d
    Then vaza 2 is won by seat 0

  @id:fpt-terminologia-008 @clause:FPT-TERMINOLOGIA-PONTO-ACIMA
  Scenario: Ponto acima: the manilhas change with the vira from one hand to the next
    Given a game of "fpt-1983" for 2 players
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

  @id:fpt-terminologia-009 @clause:FPT-TERMINOLOGIA-PONTO-ACIMA @clause:FPT-TERMINOLOGIA-TOMBO-OU-VIRA
  Scenario: Ponto acima wraps round: with a vira 3 the manilhas are the 4s
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 3c 2c Kh |
      | 1    | 4d 5d Qs |
    When the seats play: 0:3c 1:4d
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-terminologia-010 @clause:FPT-TERMINOLOGIA-MANILHA
  Scenario: The four manilhas are the strongest cards: one beats two 3s and a 2 in a vaza of trios
    Given a game of "fpt-1983" for 6 players
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

  @id:fpt-terminologia-011 @clause:FPT-TERMINOLOGIA-MANILHA
  Scenario: The manilhas have each their own value: no two of them tie
    Given a game of "fpt-1983" for 4 players
    And the deal: vira Qd
      | seat | cards    |
      | 0    | Jd 5d 5s |
      | 1    | Js 6d 6s |
      | 2    | Jh Qs Qh |
      | 3    | Jc Kd Ks |
    When the seats play: 0:Jd 1:Js 2:Jh 3:Jc
    Then vaza 1 is won by seat 3
    And it is seat 3's turn

  @id:fpt-terminologia-012 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: Twelve tentos close the raio: the team wins the partida, and the match of five goes on
    Given a game of "fpt-1983" for 4 players
    And the score is 2 to 9
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
      | 2    | Kc Jc 7c |
      | 3    | 3h Qh 6h |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:Kd 1:3c 2:Kc 3:6h 1:2c 2:Jc 3:Qh 0:Jd
    Then the score is 2 to 12
    And team 1 wins the game
    And the match is not over
    And the games won are 0 to 1

  @id:fpt-terminologia-013 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: Eleven tentos do not close the raio
    Given a game of "fpt-1983" for 2 players
    And the score is 10 to 0
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 11 to 0
    And the game is not over

  @id:fpt-terminologia-014 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: The truco ladder, read as ATB's: truco 3, seis 6, nove 9, doze 12, and nothing above the doze
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then the hand is worth 1
    When seat 0 calls truco
    And seat 1 calls truco
    Then the hand is worth 3
    When seat 0 calls truco
    Then the hand is worth 6
    When seat 1 calls truco
    Then the hand is worth 9
    When seat 0 accepts
    Then the hand is worth 12
    And seat 0 may not truco
    And seat 1 may not truco
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 12 to 0
    And team 0 wins the game

  @id:fpt-terminologia-015 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: A side that runs from a raise gives the other what the hand was worth before it: 9 for the doze
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 calls truco
    And seat 0 folds
    Then the hand is over
    And the score is 0 to 9
