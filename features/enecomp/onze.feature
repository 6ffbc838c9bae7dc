Feature: Enecomp — one dupla has 11 points (mão de onze)
  The dupla alone at 11 looks at its cards, the partners show each other their hands, and the dupla
  decides whether it plays the partida. Played, the partida is worth 3 and nobody may ask truco (the
  call is refused: Enecomp names no penalty). Not played, the partida ends and the opponents score 1.

  @id:ene-onze-001 @clause:ENE-ONZE-2
  Scenario: The dupla alone at 11 decides whether to play; the other dupla waits
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold
    And the legal actions of seat 2 are: mao_de_onze:play mao_de_onze:fold
    And seat 1 has no legal action
    And seat 3 has no legal action

  @id:ene-onze-002 @clause:ENE-ONZE-2
  Scenario: The partners at 11 see each other's cards; the opponents see only their own
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then seat 0 sees the cards of seat 2
    And seat 2 sees the cards of seat 0
    And seat 1 does not see the cards of seat 3
    And seat 3 does not see the cards of seat 1
    And seat 0 does not see the cards of seat 1

  @id:ene-onze-003 @clause:ENE-ONZE-2
  Scenario: No card is played before the dupla at 11 decides
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 tries to play:3c
    Then the action is refused with reason "mao_de_onze_pending"
    And the state is unchanged

  @id:ene-onze-004 @clause:ENE-ONZE-2
  Scenario: When the dupla (2,4) has 11, the decision is theirs, not the dupla (1,3)'s
    Given a game of "enecomp" for 4 players
    And the score is 3 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 tries to mao_de_onze:play
    Then the action is refused with reason "not_your_decision"
    And seat 1 sees the cards of seat 3
    And seat 0 does not see the cards of seat 2
    When seat 3 decides to play the mão de onze
    Then it is seat 0's turn

  @id:ene-onze-005 @clause:ENE-ONZE-3 @clause:ENE-PONTUACAO-3
  Scenario: The mão de onze played is worth 3: won, it wins the série
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 2 decides to play the mão de onze
    Then the hand is worth 3
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 14 to 3
    And team 0 wins the game

  @id:ene-onze-006 @clause:ENE-ONZE-3
  Scenario: The mão de onze played and lost gives the opponents 3
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:4h 1:3c 2:Kd 3:Ks 1:2c 2:Jd 3:Js 0:Qh
    Then the hand is over
    And the score is 11 to 6
    And the game is not over

  @id:ene-onze-007 @clause:ENE-ONZE-4 @clause:ENE-ONZE-1
  Scenario: Differs from ATB (truco in a mão de onze) — the dupla at 11 that asks truco is refused and loses nothing
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    Then seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "truco_in_mao_de_onze"
    And the state is unchanged
    And the hand is not over
    And the score is 11 to 3
    And it is seat 0's turn

  @id:ene-onze-008 @clause:ENE-ONZE-4
  Scenario: Differs from ATB (truco in a mão de onze) — the opponents may not ask truco either, and lose nothing by trying
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    And seat 0 plays Kd
    Then seat 1 may not truco
    When seat 1 tries to truco
    Then the action is refused with reason "truco_in_mao_de_onze"
    And the state is unchanged
    And the score is 11 to 3
    And it is seat 1's turn

  @id:ene-onze-009 @clause:ENE-ONZE-4
  Scenario: In a mão de onze truco is never among the legal actions
    Given a game of "enecomp" for 4 players
    And the score is 5 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 1 decides to play the mão de onze
    Then the legal actions of seat 0 are: play:3c play:2c play:6d play_covered:3c play_covered:2c play_covered:6d
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks
    Then the legal actions of seat 0 are: play:2c play:6d play_covered:2c play_covered:6d

  @id:ene-onze-010 @clause:ENE-ONZE-5
  Scenario: The dupla at 11 that does not play: the partida ends and the opponents score 1
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 gives up the mão de onze
    Then the hand is over
    And the score is 11 to 4
    And the game is not over
    And seat 0 deals the next hand

  @id:ene-onze-011 @clause:ENE-ONZE-5
  Scenario: Differs from ATB (mão de onze refused) — the dupla (2,4) at 11 gives up and the dupla (1,3) scores 1
    Given a game of "enecomp" for 4 players
    And the score is 5 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 3 gives up the mão de onze
    Then the hand is over
    And the score is 6 to 11

  @id:ene-onze-012 @clause:ENE-ONZE-2
  Scenario: Reaching 11 makes the next partida a mão de onze
    Given a game of "enecomp" for 4 players
    And the score is 10 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 11 to 3
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold
    And seat 1 has no legal action

  @id:ene-onze-013 @clause:ENE-ONZE-5 @clause:ENE-FERRO-1
  Scenario: A mão de onze given up at 11 to 10 brings the série to 11 a 11, and the next partida is the mão de ferro
    Given a game of "enecomp" for 4 players
    And the score is 11 to 10
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 2 gives up the mão de onze
    Then the score is 11 to 11
    And the game is not over
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the hand is played blind

  @id:ene-onze-014 @clause:ENE-ONZE-2
  Scenario: The dupla decides once: after one partner has decided to play, the other cannot give up
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 2 decides to play the mão de onze
    And seat 0 tries to mao_de_onze:fold
    Then the action is refused
    And the hand is not over
    And the score is 11 to 3
    And it is seat 0's turn

  @id:ene-onze-015 @clause:ENE-ONZE-1 @clause:ENE-ONZE-4
  Scenario: The dupla at 11 may not ask truco in a later rodada either
    Given a game of "enecomp" for 4 players
    And the score is 11 to 7
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:Kd 2:4h 3:Ks
    Then it is seat 0's turn
    And seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "truco_in_mao_de_onze"
    And the score is 11 to 7
