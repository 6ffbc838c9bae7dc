Feature: FPT 1983 — tempo
  The time limits are the referee's to keep; he reports what runs over. A late deal loses the deal
  (the hand is void and the deal passes); from the first repeat by the same side in the game, the
  tento too. A late decision on a trucada loses the tento in play. The match is the best of five
  partidas; run over its time (2 h in duplas, 2:30 in trios; 1 h and 1:30 for a best of three) it
  costs both teams their place: nobody scores — where ATB decides the game in three tentos without
  truco, FPT has no such sentence (the time-limit scenario uses the deal ATB's would).

  @id:fpt-tempo-001 @clause:FPT-TEMPO-c
  Scenario: A pé who takes too long to deal loses the deal, and nobody scores
    Given a game of "fpt-1983" for 2 players
    And the score is 4 to 4
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "deal_timeout" against seat 1
    Then the hand is over
    And the score is 4 to 4
    And seat 0 deals the next hand

  @id:fpt-tempo-002 @clause:FPT-TEMPO-c
  Scenario: At the first repeat the late pé loses the deal and the tento too
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "deal_timeout" against seat 1
    Then the score is 0 to 0
    When the next deal is: vira 7s
      | seat | cards    |
      | 0    | Kd Jd 5d |
      | 1    | 3c 2c 4c |
    And the seats play: 1:3c 0:Kd 1:2c 0:Jd
    Then the score is 0 to 1
    And seat 1 deals the next hand
    When the next deal is: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    And the referee reports "deal_timeout" against seat 1
    Then the hand is over
    And the score is 1 to 1
    And seat 0 deals the next hand

  @id:fpt-tempo-003 @clause:FPT-TEMPO-c
  Scenario: A late deal by the other side is its first, not a repeat
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "deal_timeout" against seat 1
    And the next deal is: vira 7s
      | seat | cards    |
      | 0    | Kd Jd 5d |
      | 1    | 3c 2c 4c |
    And the referee reports "deal_timeout" against seat 0
    Then the hand is over
    And the score is 0 to 0
    And seat 1 deals the next hand

  @id:fpt-tempo-004 @clause:FPT-TEMPO-c
  Scenario: In duplas a partner's late deal is his side's repeat
    Given a game of "fpt-1983" for 4 players
    And seat 1 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "deal_timeout" against seat 1
    Then seat 2 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    And the referee reports "deal_timeout" against seat 2
    Then the score is 0 to 0
    And seat 3 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    And the referee reports "deal_timeout" against seat 3
    Then the hand is over
    And the score is 1 to 0
    And seat 0 deals the next hand

  @id:fpt-tempo-005 @clause:FPT-TEMPO-d
  Scenario: A side too slow to answer a truco loses the tento in play to the side that called it
    Given a game of "fpt-1983" for 2 players
    And the score is 3 to 3
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And the referee reports "decision_timeout" against seat 1
    Then the hand is over
    And the score is 4 to 3

  @id:fpt-tempo-006 @clause:FPT-TEMPO-d
  Scenario: In a trucada, a seat too slow to decide on a seis loses the three tentos in play, in duplas
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:6d
    And the referee reports "decision_timeout" against seat 1
    Then the hand is over
    And the score is 3 to 0

  @id:fpt-tempo-007 @clause:FPT-TEMPO-d
  Scenario: The seat whose turn it is, too slow to decide whether to call truco, loses the tento
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the seats play: 0:4c 1:Kd
    And the referee reports "decision_timeout" against seat 1
    Then the hand is over
    And the score is 1 to 0

  @id:fpt-tempo-008 @clause:FPT-TEMPO-e
  Scenario: The match run over its time disqualifies both teams: the hand stops, nobody scores, the match ends with no winner
    The FPT side of ATB's "decidido em 03 (três) tentos sem truco", with the same deal: under FPT
    nobody gains a tento, no decider is played, and neither team wins.
    Given a game of "fpt-1983" for 2 players
    And the score is 5 to 7
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then seat 0 may truco
    When the referee reports "time_limit" against seat 0
    Then the hand is over
    And the score is 5 to 7
    And the games won are 0 to 0
    And the match ends with no winner

  @id:fpt-tempo-009 @clause:FPT-TEMPO-e @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: The match is the best of five partidas: the third partida won wins it
    Given a game of "fpt-1983" for 4 players
    And the match score is 2 games to 1
    And the score is 10 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 2:6h 3:7s 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 13 to 4
    And team 0 wins the game
    And team 0 wins the match
    And the games won are 3 to 1

  @id:fpt-tempo-010 @clause:FPT-TEMPO-e
  Scenario: Two partidas won do not win the match of five: the next partida starts from nothing
    Given a game of "fpt-1983" for 2 players
    And the match score is 1 games to 0
    And the score is 10 to 4
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then team 0 wins the game
    And the match is not over
    And the games won are 2 to 0
    When the next deal is: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    Then the score is 0 to 0
    And the hand is worth 1

  @id:fpt-tempo-011 @clause:FPT-TEMPO-c
  Scenario: The time to deal is the pé's, at the deal: a report against another seat or after a card is refused
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to infraction:deal_timeout
    Then the action is refused with reason "not_at_the_deal"
    And the state is unchanged
    When seat 0 plays 6d
    And seat 1 tries to infraction:deal_timeout
    Then the action is refused with reason "not_at_the_deal"
    And the state is unchanged

  @id:fpt-tempo-012 @clause:FPT-TEMPO-d
  Scenario: The 30 seconds are a trucada's: no decision timeout while the mão de 11 is decided, nor against the side that raised
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged
    When seat 0 decides to play the mão de onze
    And seat 0 plays 6d
    And seat 0 tries to infraction:decision_timeout
    Then the action is refused with reason "not_deciding"
    And the state is unchanged

  @id:fpt-tempo-013 @clause:FPT-TEMPO-d
  Scenario: No trucada to decide for the side that raised last: a decision timeout against it is refused
    Given a game of "fpt-1983" for 2 players
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
    When the seats play: 0:2c 1:Jd
    Then the score is 3 to 0

  @id:fpt-tempo-014 @clause:FPT-TEMPO-c
  Scenario: Between the first vaza and the second the deal is long over: a report of its time is refused
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:6d 1:7d
    Then vaza 1 is won by seat 1
    When seat 1 tries to infraction:deal_timeout
    Then the action is refused with reason "not_at_the_deal"
    And the state is unchanged
