Feature: Enecomp — remarks (Observações): embarcar
  A player may "embarcar" his card — play it face down — at any time, the first rodada included. The
  card has no value: the player simply discarded it.

  @id:ene-observacoes-001 @clause:ENE-OBS-1
  Scenario: Differs from ATB (covered card in the first vaza) — the player who leads may embarcar a card in the first rodada
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then seat 0 may play_covered:6d
    When seat 0 plays 6d covered
    Then it is seat 1's turn

  @id:ene-observacoes-002 @clause:ENE-OBS-1
  Scenario: Differs from ATB (covered card in the first vaza) — the last player of the first rodada may embarcar too
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:Kd 2:6h
    Then seat 3 may play_covered:7s
    When seat 3 plays 7s covered
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:ene-observacoes-003 @clause:ENE-OBS-2
  Scenario: An embarcada card has no value: a 3 played face down loses to a 5
    Given a game of "enecomp" for 4 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | 5d Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | 4s Js 7s |
    When seat 0 plays 3c covered
    And the seats play: 1:5d 2:4h 3:4s
    Then vaza 1 is won by seat 1

  @id:ene-observacoes-004 @clause:ENE-OBS-2 @clause:ENE-OBS-1
  Scenario: A manilha embarcada in the third rodada is worth nothing
    Given a game of "enecomp" for 4 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 3c Ac 6d |
      | 1    | 2d 4d 7d |
      | 2    | 4h Qh 6h |
      | 3    | 4s Js 7s |
    When the seats play: 0:3c 1:2d 2:4h 3:4s
    Then vaza 1 is won by seat 0
    When the seats play: 0:6d 1:7d 2:Qh 3:Js
    Then vaza 2 is won by seat 3
    When seat 3 plays 7s
    And seat 0 plays Ac covered
    And the seats play: 1:4d 2:6h
    Then vaza 3 is won by seat 3
    And the score is 0 to 1

  @id:ene-observacoes-005 @clause:ENE-OBS-2
  Scenario: An embarcada card does not tie: the 3 face up takes the rodada over a 3 face down
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | 3s Js 7s |
    When the seats play: 0:3c 1:Kd 2:4h
    And seat 3 plays 3s covered
    Then vaza 1 is won by seat 0

  @id:ene-observacoes-006 @clause:ENE-OBS-1
  Scenario: A card may be embarcada in the first rodada of a mão de onze too
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    Then seat 0 may play_covered:6d
    When seat 0 plays 6d covered
    Then it is seat 1's turn
