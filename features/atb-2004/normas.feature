Feature: ATB 2004 — normas gerais
  No card may be covered (played face down) in the first vaza; from the second vaza on a covered
  card may be played, and it is worth nothing. In a normal hand nobody sees a partner's cards.

  @id:normas-001 @clause:ATB-NORMAS-11
  Scenario: The mão cannot cover a card in the first vaza
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then seat 0 may not play_covered:6d
    When seat 0 tries to play_covered:6d
    Then the action is refused with reason "covered_in_first_vaza"
    And the state is unchanged

  @id:normas-002 @clause:ATB-NORMAS-11
  Scenario: The last player of the first vaza cannot cover a card either
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:Kd 2:6h
    And seat 3 tries to play_covered:7s
    Then the action is refused with reason "covered_in_first_vaza"
    And it is seat 3's turn

  @id:normas-003 @clause:ATB-NORMAS-11 @clause:ATB-JOGO-LIVRE-2
  Scenario: In the second vaza a card may be covered, and a covered 3 loses to a 4
    Given a game of "atb-2004" for 2 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd 4d 7d |
    When the seats play: 0:2c 1:Kd
    Then seat 0 may play_covered:3c
    When seat 0 plays 3c covered
    And seat 1 plays 4d
    Then vaza 2 is won by seat 1
    And it is seat 1's turn

  @id:normas-004 @clause:ATB-NORMAS-11 @clause:ATB-JOGO-LIVRE-2
  Scenario: A covered card in the third vaza is worth nothing, even a manilha
    Given a game of "atb-2004" for 2 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 3c Ac 6d |
      | 1    | 2d 4d 7d |
    When the seats play: 0:3c 1:2d 0:6d 1:7d 1:4d
    And seat 0 plays Ac covered
    Then vaza 3 is won by seat 1
    And the score is 0 to 1

  @id:normas-005 @clause:ATB-NORMAS-8
  Scenario: In a normal hand nobody sees a partner's cards
    Given a game of "atb-2004" for 4 players
    And the score is 3 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    Then seat 0 does not see the cards of seat 2
    And seat 3 does not see the cards of seat 1
