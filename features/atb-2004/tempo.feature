Feature: ATB 2004 — time limits (tempo) and matches of several partidas
  The referee times the table and reports: a pé who runs out of time to deal loses the deal (the
  hand ends, nobody scores), and from the team's second time in a game the tento too; a player who
  lets 30 seconds pass without deciding on a truco loses the tento(s) in play; when the time of the
  game is up, it is decided afresh in three tentos without truco (from 0 a 0, first to three).
  atb-2004 plays one partida; the variants melhor-de-tres and melhor-de-cinco play a match of three
  or five, each partida from 0 a 0. 1v1 unless the scenario says otherwise: seat 1 deals, seat 0 is
  the mão.

  @id:tempo-001 @clause:ATB-TEMPO-c
  Scenario: The pé runs out of time to deal: the deal passes and nobody scores
    Given a game of "atb-2004" for 2 players
    And the score is 4 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "deal_timeout" against seat 1
    Then the hand is over
    And the score is 4 to 4
    And seat 0 deals the next hand

  @id:tempo-002 @clause:ATB-TEMPO-c
  Scenario: The second time a team's pé runs out of time in a game, it loses the tento too
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "deal_timeout" against seat 1
    Then the score is 0 to 0
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the referee reports "deal_timeout" against seat 0
    Then the hand is over
    And the score is 0 to 0
    And seat 1 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the referee reports "deal_timeout" against seat 1
    Then the hand is over
    And the score is 1 to 0
    And seat 0 deals the next hand

  @id:tempo-003 @clause:ATB-TEMPO-c
  Scenario: The time to deal is the pé's: reported against another seat, it is refused
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to infraction:deal_timeout
    Then the action is refused with reason "not_the_dealer"
    And the state is unchanged

  @id:tempo-004 @clause:ATB-TEMPO-d
  Scenario: The seat to play lets 30 seconds pass without deciding: it loses the tento in play
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "decision_timeout" against seat 0
    Then the hand is over
    And the score is 0 to 1

  @id:tempo-005 @clause:ATB-TEMPO-d
  Scenario: A truco left unanswered for 30 seconds counts as run from: the raiser scores the value before it
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And the referee reports "decision_timeout" against seat 3
    Then the hand is over
    And the score is 1 to 0

  @id:tempo-006 @clause:ATB-TEMPO-d
  Scenario: In a trucada accepted, a decision timed out loses the three tentos in play
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 6d
    And the referee reports "decision_timeout" against seat 1
    Then the hand is over
    And the score is 3 to 0

  @id:tempo-007 @clause:ATB-TEMPO-e
  Scenario: When the time is up the hand in play ends unscored and the game is decided afresh in three tentos, without truco
    Given a game of "atb-2004" for 2 players
    And the score is 5 to 7
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then seat 0 may truco
    When the referee reports "time_limit" against seat 0
    Then the hand is over
    And the score is 0 to 0
    And the target is 3 points
    And the game is not over
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 1's turn
    And seat 1 may not truco
    When seat 1 tries to truco
    Then the action is refused with reason "no_truco_after_time_limit"
    And the state is unchanged
    When the seats play: 1:Kd 0:3c 0:2c 1:Jd
    Then the score is 1 to 0
    And the game is not over

  @id:tempo-008 @clause:ATB-TEMPO-e
  Scenario: After the time is up, the first side to make three tentos wins the game, every hand worth 1
    Given a game of "atb-2004" for 2 players
    And the score is 8 to 6
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "time_limit" against seat 1
    Then the score is 0 to 0
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the seats play: 1:Kd 0:3c 0:2c 1:Jd
    Then the score is 1 to 0
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then seat 0 may not truco
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 2 to 0
    And the game is not over
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the seats play: 1:Kd 0:3c 0:2c 1:Jd
    Then the score is 3 to 0
    And team 0 wins the game

  @id:tempo-009 @clause:ATB-TEMPO-e
  Scenario: Melhor de três — winning a partida does not end the match, and the next partida starts from 0 a 0
    Given a game of "melhor-de-tres" for 2 players
    And the score is 9 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then team 0 wins the game
    And the games won are 1 to 0
    And the match is not over
    And seat 0 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then the score is 0 to 0
    And it is seat 1's turn

  @id:tempo-010 @clause:ATB-TEMPO-e
  Scenario: Melhor de três — the side that wins its second partida wins the match
    Given a game of "melhor-de-tres" for 2 players
    And the match score is 1 games to 0
    And the score is 9 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then team 0 wins the game
    And the games won are 2 to 0
    And team 0 wins the match

  @id:tempo-011 @clause:ATB-TEMPO-e
  Scenario: Melhor de cinco — two partidas each is no win; the third wins the match
    Given a game of "melhor-de-cinco" for 2 players
    And the match score is 2 games to 1
    And the score is 3 to 9
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:Kd 1:3c 1:2c 0:Jd
    Then team 1 wins the game
    And the games won are 2 to 2
    And the match is not over
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 accepts
    And the seats play: 1:Kd 0:3c 0:2c 1:Jd
    Then the score is 12 to 0
    And team 0 wins the match
    And the games won are 3 to 2

  @id:tempo-012 @clause:ATB-TEMPO-e
  Scenario: Melhor de três — after the time is up, the partida decided in three tentos decides the match
    Given a game of "melhor-de-tres" for 2 players
    And the score is 11 to 9
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "time_limit" against seat 1
    Then the hand is over
    And the score is 0 to 0
    And the target is 3 points
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the seats play: 1:Kd 0:3c 0:2c 1:Jd
    And the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the seats play: 0:3c 1:Kd 0:2c 1:Jd
    And the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the seats play: 1:Kd 0:3c 0:2c 1:Jd
    Then the score is 3 to 0
    And team 0 wins the match
    And the games won are 1 to 0

  @id:tempo-013 @clause:ATB-TEMPO-e
  Scenario: The time is up once: a second report during the decider is refused
    Given a game of "atb-2004" for 2 players
    And the score is 5 to 7
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "time_limit" against seat 0
    And the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the seats play: 1:Kd 0:3c 0:2c 1:Jd
    Then the score is 1 to 0
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And seat 0 tries to infraction:time_limit
    Then the action is refused with reason "time_already_up"
    And the state is unchanged

  @id:tempo-014 @clause:ATB-TEMPO-d
  Scenario: The 30 seconds are the deciding side's: a report against the side that raised, or during a mão de onze decision, is refused
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 0 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged
    When seat 1 tries to infraction:decision_timeout
    Then the action is accepted
    And the hand is over
    And the score is 1 to 0

  @id:tempo-015 @clause:ATB-TEMPO-d @clause:ATB-MAO-DE-ONZE-2
  Scenario: A mão de onze decision is no trucada: a decision timeout cannot be reported while it is taken
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged
    And the score is 11 to 4

  @id:tempo-016 @clause:ATB-TEMPO-c
  Scenario: The time to deal is over once the hand has begun: a late report is refused
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 plays 6d
    And seat 1 tries to infraction:deal_timeout
    Then the action is refused with reason "deal_already_over"
    And the state is unchanged

  @id:tempo-017 @clause:ATB-TEMPO-d
  Scenario: No trucada to decide in a mão de onze once it is being played: a decision timeout is refused
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 decides to play the mão de onze
    Then it is seat 0's turn
    When seat 0 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged
    And the score is 11 to 4

  @id:tempo-018 @clause:ATB-TEMPO-d
  Scenario: No trucada to decide at 11 a 11: a decision timeout against the seat to play is refused
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged
    And the score is 11 to 11

  @id:tempo-019 @clause:ATB-TEMPO-d
  Scenario: No trucada to decide in the decider "sem truco", nor for the side that raised last
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd
    Then it is seat 0's turn
    And seat 0 may not truco
    When seat 0 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged
    When the referee reports "time_limit" against seat 0
    And the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 1's turn
    When seat 1 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged
    And the score is 0 to 0

  @id:tempo-020 @clause:ATB-TEMPO-e
  Scenario: Melhor de cinco — the match run past its time disqualifies both sides: no decider, and nobody wins the match
    Given a game of "melhor-de-cinco" for 2 players
    And the match score is 2 games to 1
    And the score is 5 to 7
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "time_limit" against seat 0
    Then the hand is over
    And the score is 5 to 7
    And the target is 12 points
    And the games won are 2 to 1
    And the match ends with no winner

  @id:tempo-021 @clause:ATB-TEMPO-c
  Scenario: Between the first vaza and the second the deal is long over: a report of its time is refused
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:6d 1:7d
    Then vaza 1 is won by seat 1
    When seat 1 tries to infraction:deal_timeout
    Then the action is refused with reason "deal_already_over"
    And the state is unchanged
