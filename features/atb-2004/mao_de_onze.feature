Feature: ATB 2004 — the mão de onze
  When one team has 11 it decides whether the hand is played: played, it is worth 3 and nobody may
  truco; given up, the opponents score 1. Its partners see each other's cards. A truco called all the
  same costs its caller's side three tentos (the opponents score 3). A hand of three ties scores
  nothing at 11 a 11 and gives 3 to the opponents of a lone team at 11.

  @id:mao_de_onze-001 @clause:ATB-MAO-DE-11-1 @clause:ATB-MAO-DE-11-3
  Scenario: The team at 11 decides whether to play a hand worth 3; the other team waits
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold
    And seat 1 has no legal action
    And the hand is worth 3

  @id:mao_de_onze-002 @clause:ATB-MAO-DE-11-1
  Scenario: No card is played before the mão de onze is decided
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to play:3c
    Then the action is refused with reason "mao_de_onze_pending"
    And the state is unchanged

  @id:mao_de_onze-003 @clause:ATB-DECISOES-1 @clause:ATB-MAO-DE-11-1
  Scenario: Giving up the mão de onze gives the opponents 1 point
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 gives up the mão de onze
    Then the hand is over
    And the score is 11 to 6

  @id:mao_de_onze-004 @clause:ATB-MAO-DE-11-3 @clause:ATB-ESTRUTURA-1
  Scenario: The mão de onze played and won scores 3 and wins the game
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 14 to 5
    And team 0 wins the game

  @id:mao_de_onze-005 @clause:ATB-MAO-DE-11-3
  Scenario: The mão de onze played and lost gives the opponents 3
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:Kd 1:3c 1:2c 0:Jd
    Then the score is 11 to 8
    And the game is not over

  @id:mao_de_onze-006 @clause:ATB-MAO-DE-11-1 @clause:ATB-DECISOES-1
  Scenario: When the other team is at 11 the decision is theirs
    Given a game of "atb-2004" for 2 players
    And the score is 5 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to mao_de_onze:play
    Then the action is refused with reason "not_your_decision"
    When seat 1 gives up the mão de onze
    Then the score is 6 to 11

  @id:mao_de_onze-007 @clause:ATB-MAO-DE-ONZE-2
  Scenario: In a mão de onze the partners of the team at 11 see each other's cards, the opponents do not
    Given a game of "atb-2004" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    Then seat 0 sees the cards of seat 2
    And seat 2 sees the cards of seat 0
    And seat 1 does not see the cards of seat 3
    And seat 0 does not see the cards of seat 1

  @id:mao_de_onze-008 @clause:ATB-MAO-DE-ONZE-2
  Scenario: At 11 a 11 nobody sees a partner's cards
    Given a game of "atb-2004" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    Then seat 0 does not see the cards of seat 2
    And seat 1 does not see the cards of seat 3

  @id:mao_de_onze-009 @clause:ATB-MAO-DE-11-2
  Scenario: Nobody may call truco in a mão de onze
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 decides to play the mão de onze
    Then seat 0 may not truco
    When seat 0 plays 6d
    Then seat 1 may not truco

  @id:mao_de_onze-010 @clause:ATB-MAO-DE-ONZE-3 @clause:ATB-MAO-DE-11-2
  Scenario: The team at 11 that calls truco all the same loses three tentos to the opponents
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 decides to play the mão de onze
    And seat 0 tries to truco
    Then the action is accepted
    And the hand is over
    And the score is 11 to 8

  @id:mao_de_onze-011 @clause:ATB-MAO-DE-ONZE-3 @clause:ATB-ESTRUTURA-1
  Scenario: The opponents who call truco in a mão de onze give the team at 11 three tentos and the game
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
    When seat 0 decides to play the mão de onze
    And seat 0 plays Kd
    And seat 1 tries to truco
    Then the action is accepted
    And the score is 14 to 5
    And team 0 wins the game

  @id:mao_de_onze-012 @clause:ATB-MAO-DE-11-1 @clause:ATB-MAO-DE-11-3 @clause:ATB-ESTRUTURA-1
  Scenario: At 11 a 11 nobody decides, the mão plays at once and the hand is worth 3
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 0's turn
    And the hand is worth 3
    And seat 0 may not mao_de_onze:play
    And seat 0 may not truco
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 14 to 11
    And team 0 wins the game

  @id:mao_de_onze-013 @clause:ATB-MAO-DE-ONZE-3 @clause:ATB-MAO-DE-11-2 @clause:ATB-ESTRUTURA-1
  Scenario: A truco at 11 a 11 costs its caller's side three tentos and the game
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to truco
    Then the action is accepted
    And the score is 11 to 14
    And team 1 wins the game

  @id:mao_de_onze-014 @clause:ATB-MAO-DE-ONZE-4 @clause:ATB-TOMBO-1
  Scenario: Three tied vazas at 11 a 11 score nothing and the deal passes on
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When the seats play: 0:3c 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then the hand is over
    And the score is 11 to 11
    And the game is not over
    And seat 0 deals the next hand

  @id:mao_de_onze-015 @clause:ATB-MAO-DE-ONZE-5 @clause:ATB-EMPATE-TODAS
  Scenario: Three tied vazas with one team at 11 give its opponents three tentos
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then the hand is over
    And the score is 11 to 8

  @id:mao_de_onze-016 @clause:ATB-MAO-DE-ONZE-5 @clause:ATB-EMPATE-TODAS
  Scenario: Three tied vazas with the second team alone at 11 give the first team three tentos
    Given a game of "atb-2004" for 2 players
    And the score is 5 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When seat 1 decides to play the mão de onze
    And the seats play: 0:3c 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then the score is 8 to 11

  @id:mao_de_onze-017 @clause:ATB-DECISOES-1
  Scenario: The first partner's decision on the mão de onze stands
    Given a game of "atb-2004" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 2 decides to play the mão de onze
    And seat 0 tries to mao_de_onze:fold
    Then the action is refused
    And the hand is not over
    And the score is 11 to 3
    And it is seat 0's turn

  @id:mao_de_onze-018 @clause:ATB-DECISOES-1
  Scenario: A partner who gives up first gives up for the team
    Given a game of "atb-2004" for 4 players
    And the score is 3 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 3 gives up the mão de onze
    Then the hand is over
    And the score is 4 to 11

  @id:mao_de_onze-019 @clause:ATB-MAO-DE-11-1 @clause:ATB-ESTRUTURA-1
  Scenario: Reaching 11 makes the next hand a mão de onze
    Given a game of "atb-2004" for 2 players
    And the score is 10 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    And the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold
    And seat 1 has no legal action

  @id:mao_de_onze-020 @clause:ATB-MAO-DE-11-1 @clause:ATB-MAO-DE-ONZE-4
  Scenario: At 11 a 11 the hand is not played blind: every seat sees its own cards and plays them by name
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then seat 0 sees the cards of seat 0
    And seat 1 sees the cards of seat 1
    And seat 0 may play:3c
    And seat 0 may not play_blind:1
    When seat 0 plays 3c
    Then seat 1 may play:Kd

  @id:mao_de_onze-021 @clause:ATB-MAO-DE-ONZE-6 @clause:ATB-ESTRUTURA-1
  Scenario: Cards that prove a guaranteed win in the mão de onze are shown instead of played, and win it
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 4h 3d |
      | 1    | Kd Jd 5d |
    Then seat 0 may show_cards
    When seat 0 shows its cards
    Then the hand is over
    And the hand has 1 vaza
    And the score is 14 to 5
    And team 0 wins the game

  @id:mao_de_onze-022 @clause:ATB-MAO-DE-ONZE-6
  Scenario: Cards that do not prove the win cannot be shown instead of played; the side still decides
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 7h 3d |
      | 1    | 5d 6d Qd |
    Then the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold
    When seat 0 tries to show_cards
    Then the action is refused with reason "no_guaranteed_win"
    And the state is unchanged
    When seat 0 decides to play the mão de onze
    Then it is seat 0's turn

  @id:mao_de_onze-023 @clause:ATB-MAO-DE-ONZE-6 @clause:ATB-MAO-DE-ONZE-2 @clause:ATB-ESTRUTURA-1
  Scenario: In four players the partners' cards together may prove the win
    Given a game of "atb-2004" for 4 players
    And the score is 11 to 7
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 5d 6d |
      | 1    | Kd Jd 5s |
      | 2    | 4h 7d 6s |
      | 3    | Ks Js 5h |
    Then seat 2 may show_cards
    When seat 2 shows its cards
    Then the score is 14 to 7
    And team 0 wins the game

  @id:mao_de_onze-024 @clause:ATB-MAO-DE-ONZE-6
  Scenario: The opponents may not show while the side at 11 decides; once the hand is played, the seat to play may
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 5d 6d Qd |
      | 1    | 4c 4h 3d |
    When seat 1 tries to show_cards
    Then the action is refused with reason "not_time_to_show"
    And the state is unchanged
    When seat 0 decides to play the mão de onze
    Then it is seat 0's turn
    And seat 1 may not show_cards
    When seat 0 plays 5d
    Then seat 1 may show_cards
    When seat 1 shows its cards
    Then the hand is over
    And the score is 11 to 8

  @id:mao_de_onze-025 @clause:ATB-MAO-DE-ONZE-6 @clause:ATB-ESTRUTURA-1
  Scenario: At 11 a 11, a mão de onze too: cards that prove the win are shown by the seat to play, and win it
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 11
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 4h 3d |
      | 1    | Kd Jd 5d |
    Then seat 0 may show_cards
    When seat 0 shows its cards
    Then the hand is over
    And the score is 14 to 11
    And team 0 wins the game

  @id:mao_de_onze-026 @clause:ATB-MAO-DE-ONZE-6 @clause:ATB-ESTRUTURA-1
  Scenario: A vaza lost does not stop the show: the cards left that prove the win are shown at the seat's turn
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 4h 5d |
      | 1    | 6d Kd Jd |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:5d 1:6d
    Then vaza 1 is won by seat 1
    And it is seat 1's turn
    And seat 0 may not show_cards
    When seat 1 plays Kd
    Then seat 0 may show_cards
    When seat 0 shows its cards
    Then the hand is over
    And the score is 14 to 5
