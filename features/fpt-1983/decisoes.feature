Feature: FPT 1983 — decisões
  In a mão de 11 the side at 11 decides whether to play the hand or give it up; during a trucada the
  side asked decides whether to play it or run. One partner decides for the side: the first to take
  the initiative. Giving up a mão de 11 gives the opponents 1 tento (FPT is silent; the common rule,
  which Enecomp states).

  @id:fpt-decisoes-001 @clause:FPT-DECISOES-1
  Scenario: The side at 11 decides whether to play; the other side waits
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold
    And seat 1 has no legal action
    When seat 0 tries to play:3c
    Then the action is refused with reason "mao_de_onze_pending"
    And the state is unchanged

  @id:fpt-decisoes-002 @clause:FPT-DECISOES-1
  Scenario: Giving up the mão de 11 gives the opponents 1 tento
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 gives up the mão de onze
    Then the hand is over
    And the score is 11 to 6
    And seat 0 deals the next hand

  @id:fpt-decisoes-003 @clause:FPT-DECISOES-1
  Scenario: When the other side is at 11 the decision is theirs
    Given a game of "fpt-1983" for 2 players
    And the score is 5 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 tries to mao_de_onze:play
    Then the action is refused with reason "not_your_decision"
    When seat 1 gives up the mão de onze
    Then the score is 6 to 11

  @id:fpt-decisoes-004 @clause:FPT-DECISOES-1
  Scenario: The first partner's decision to play the mão de 11 stands
    Given a game of "fpt-1983" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 2 decides to play the mão de onze
    And seat 0 tries to mao_de_onze:fold
    Then the action is refused
    And the hand is not over
    And the score is 11 to 3
    And it is seat 0's turn

  @id:fpt-decisoes-005 @clause:FPT-DECISOES-1
  Scenario: A partner who gives up the mão de 11 first gives it up for the side
    Given a game of "fpt-1983" for 4 players
    And the score is 3 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 3 gives up the mão de onze
    Then the hand is over
    And the score is 4 to 11

  @id:fpt-decisoes-006 @clause:FPT-DECISOES-1
  Scenario: During a trucada the first partner's answer stands for the side
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    Then seat 1 may fold
    And seat 3 may fold
    When seat 3 accepts
    And seat 1 tries to fold
    Then the action is refused with reason "no_raise_pending"
    And the hand is worth 3
    And the hand is not over

  @id:fpt-decisoes-007 @clause:FPT-DECISOES-1
  Scenario: Reaching 11 makes the next hand a mão de 11 for that side to decide
    Given a game of "fpt-1983" for 2 players
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
