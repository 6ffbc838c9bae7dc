Feature: ATB 2004 — the truco
  Truco raises the hand from 1 to 3; the other side accepts, folds (the raiser scores what the hand
  was worth before the raise) or asks the next step: seis, nove, doze. Doze can only be accepted or
  folded. The side that raised last cannot raise again. A player calls truco on his turn.

  @id:truco-001 @clause:ATB-TRUCO-1 @clause:ATB-TRUCO-2
  Scenario: A truco accepted makes the hand worth 3
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 3
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 3 to 0

  @id:truco-002 @clause:ATB-TRUCO-2
  Scenario: Folding a truco gives the raiser 1 point and ends the hand
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 folds
    Then the hand is over
    And the score is 1 to 0

  @id:truco-003 @clause:ATB-TRUCO-2 @clause:ATB-TRUCO-3
  Scenario: Asking seis accepts the truco, and folding the seis gives its caller 3
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    Then the hand is worth 3
    When seat 0 folds
    Then the hand is over
    And the score is 0 to 3

  @id:truco-004 @clause:ATB-TRUCO-2
  Scenario: A seis accepted makes the hand worth 6
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 accepts
    Then the hand is worth 6
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 6 to 0

  @id:truco-005 @clause:ATB-TRUCO-3
  Scenario: Folding a nove gives its caller 6
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 calls truco
    Then the hand is worth 6
    When seat 1 folds
    Then the hand is over
    And the score is 6 to 0

  @id:truco-006 @clause:ATB-TRUCO-3
  Scenario: Folding a doze gives its caller 9
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 calls truco
    Then the hand is worth 9
    When seat 0 folds
    Then the hand is over
    And the score is 0 to 9

  @id:truco-007 @clause:ATB-TRUCO-3 @clause:ATB-ESTRUTURA-1
  Scenario: A doze accepted makes the hand worth 12 and wins the game
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 calls truco
    And seat 0 accepts
    Then the hand is worth 12
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 12 to 0
    And team 0 wins the game

  @id:truco-008 @clause:ATB-TRUCO-3
  Scenario: A doze can only be accepted or folded
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 calls truco
    Then the legal actions of seat 0 are: accept fold
    When seat 0 tries to truco
    Then the action is refused with reason "no_higher_stake"
    And the state is unchanged

  @id:truco-009 @clause:ATB-TRUCO-3
  Scenario: Nothing can be asked above an accepted doze, not even by the side that did not call it
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 calls truco
    And seat 1 calls truco
    And seat 0 accepts
    Then seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "no_higher_stake"

  @id:truco-010 @clause:ATB-TRUCO-2
  Scenario: A truco is answered by accepting, folding or asking seis
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    Then the legal actions of seat 1 are: accept fold truco
    And seat 0 has no legal action

  @id:truco-011 @clause:ATB-TRUCO-4
  Scenario: The player who called truco cannot ask seis himself
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    Then seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "raised_last"
    And the state is unchanged

  @id:truco-012 @clause:ATB-TRUCO-4
  Scenario: The other side may ask seis on its turn after accepting the truco
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 6d
    Then seat 1 may truco
    When seat 1 calls truco
    And seat 0 folds
    Then the score is 0 to 3

  @id:truco-013 @clause:ATB-TRUCO-4
  Scenario: The partner of the player who called truco cannot ask seis either
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:6d 1:7d
    Then seat 2 may not truco
    When seat 2 tries to truco
    Then the action is refused with reason "raised_last"

  @id:truco-014 @clause:ATB-TRUCO-4 @clause:ATB-TRUCO-2
  Scenario: After the seis the side that called truco may ask nove, the side that asked seis may not
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 accepts
    Then seat 0 may truco
    When seat 0 plays 6d
    Then seat 1 may not truco

  @id:truco-015 @clause:ATB-TRUCO-2
  Scenario: Only a seat of the other team answers a truco
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 2 tries to accept
    Then the action is refused with reason "raise_pending"
    And seat 3 may accept
    And seat 1 may fold

  @id:truco-016 @clause:ATB-TRUCO-2
  Scenario: A truco must be answered before any card is played
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 0 tries to play:3c
    Then the action is refused with reason "raise_pending"
    And the state is unchanged

  @id:truco-017 @clause:ATB-TRUCO-1
  Scenario: A player calls truco only on his turn
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 1 tries to truco
    Then the action is refused with reason "not_your_turn"
    And seat 0 may truco

  @id:truco-018 @clause:ATB-TRUCO-2 @clause:ATB-DECISOES-1
  Scenario: During a trucada the first partner's answer stands
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 3 accepts
    And seat 1 tries to fold
    Then the action is refused with reason "no_raise_pending"
    And the hand is worth 3
    And the hand is not over

  @id:truco-019 @clause:ATB-TRUCO-2
  Scenario: Folding a truco in the second vaza still gives the raiser 1 point
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:Kd 2:6h 3:7s
    Then it is seat 1's turn
    When seat 1 calls truco
    And seat 2 folds
    Then the hand is over
    And the score is 0 to 1

  @id:truco-020 @clause:ATB-TRUCO-4
  Scenario: No player of the trio that called truco may ask seis, in 6 players
    Given a game of "atb-2004" for 6 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
      | 4    | Qc Qd Qh |
      | 5    | Ac Ad Ah |
    When seat 0 calls truco
    And seat 3 accepts
    And the seats play: 0:6d 1:7d
    Then seat 2 may not truco
    When seat 2 tries to truco
    Then the action is refused with reason "raised_last"
    And the state is unchanged
    When the seats play: 2:6h 3:7s
    Then seat 4 may not truco
    When seat 4 plays Qc
    Then seat 5 may truco

  @id:truco-021 @clause:ATB-TRUCO-3
  Scenario: A seis asked in answer to a truco and folded gives the side that asked it 3
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 folds
    Then the score is 0 to 3

  @id:truco-022 @clause:ATB-TRUCO-3
  Scenario: A truco accepted, then a seis asked on a later turn and folded, gives the side that asked the seis 3
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 6d
    And seat 1 calls truco
    And seat 2 folds
    Then the score is 0 to 3

  @id:truco-023 @clause:ATB-TRUCO-2
  Scenario: While a truco waits for its answer the turn stays with the seat that called it
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    Then it is seat 0's turn
    And seat 0 has no legal action
    And seat 3 may accept
    When seat 3 accepts
    Then it is seat 0's turn
    And seat 0 may play:3c

  @id:truco-024 @clause:ATB-TRUCO-2
  Scenario: A hand ended by a fold still shows the stake it was played for, its vazas and the next dealer, with no seat to play
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 3c
    And seat 1 calls truco
    Then it is seat 1's turn
    When seat 0 folds
    Then the hand is over
    And no seat is to play
    And the hand is worth 3
    And the hand has 1 vazas
    And the score is 0 to 3
    And seat 0 deals the next hand
