Feature: Enecomp — the table (Abertura)
  Four players, 1 to 4 (seats 0 to 3), in the duplas (1,3) and (2,4) (team 0: seats 0 and 2; team 1:
  seats 1 and 3), seated clockwise, which is also the way the game flows. Three cards each and a card
  turned. In the text's example player 1 (seat 0) deals and player 2 (seat 1) leads; the others
  follow 3, 4, 1. The player who takes a rodada leads the next.

  @id:ene-abertura-001 @clause:ENE-MESA-1 @clause:ENE-MESA-7
  Scenario: Four players each receive three cards and a card is turned, from one deck
    Given a game of "enecomp" for 4 players
    And a shuffled deal with seed 101
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand

  @id:ene-abertura-002 @clause:ENE-MESA-5 @clause:ENE-MESA-7
  Scenario: Player 1 shuffles and deals: every shuffled deal gives the four players three cards and turns a card
    Given a game of "enecomp" for 4 players
    And seat 0 deals
    And a shuffled deal with seed 102
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:ene-abertura-003 @clause:ENE-MESA-2
  Scenario: Players 1 and 3 are one dupla: a rodada each of seats 0 and 2 wins the partida for team 0
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Qc 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks
    Then vaza 1 is won by seat 0
    When the seats play: 0:Qc 1:Jd 2:2h 3:Js
    Then vaza 2 is won by seat 2
    And the hand is over
    And the score is 1 to 0

  @id:ene-abertura-004 @clause:ENE-MESA-2
  Scenario: Players 2 and 4 are the other dupla: a rodada each of seats 1 and 3 wins the partida for team 1
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4c Qc 6d |
      | 1    | 3d Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks 2s 7s |
    When the seats play: 0:4c 1:3d 2:4h 3:Ks
    Then vaza 1 is won by seat 1
    When the seats play: 1:Jd 2:Qh 3:2s 0:Qc
    Then vaza 2 is won by seat 3
    And the hand is over
    And the score is 0 to 1

  @id:ene-abertura-005 @clause:ENE-MESA-3 @clause:ENE-MESA-8
  Scenario: Differs from ATB (direction) — player 1 deals, player 2 leads, play goes 2, 3, 4, 1 and the deal passes to player 2
    Given a game of "enecomp" for 4 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Qc 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    Then it is seat 1's turn
    When seat 1 plays Kd
    Then it is seat 2's turn
    When seat 2 plays 3h
    Then it is seat 3's turn
    When seat 3 plays Ks
    Then it is seat 0's turn
    When seat 0 plays 6d
    Then vaza 1 is won by seat 2
    When the seats play: 2:2h 3:Js 0:Qc 1:Jd
    Then the hand is over
    And the score is 1 to 0
    And seat 1 deals the next hand

  @id:ene-abertura-006 @clause:ENE-MESA-8
  Scenario: The game does not begin with the dealer: player 1 deals and may not play first
    Given a game of "enecomp" for 4 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Qc 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 tries to play:3c
    Then the action is refused with reason "not_your_turn"
    And the state is unchanged
    And seat 1 may play:Kd
    And seat 2 has no legal action

  @id:ene-abertura-007 @clause:ENE-MESA-8 @clause:ENE-MESA-3
  Scenario: The next partida is dealt by the next player clockwise and begun by the one after him
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then it is seat 0's turn
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 1 to 0
    And seat 0 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then it is seat 1's turn
    And seat 0 has no legal action

  @id:ene-abertura-008 @clause:ENE-MESA-9
  Scenario: The partner who takes the rodada leads the next one, not the player who led
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4c Qc 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:4c 1:Kd 2:3h 3:Ks
    Then vaza 1 is won by seat 2
    And it is seat 2's turn
    And seat 0 has no legal action
    When seat 2 plays 2h
    Then it is seat 3's turn

  @id:ene-abertura-009 @clause:ENE-MESA-9
  Scenario: The last player of a rodada who takes it leads the next, and play goes on clockwise from him
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4c Qc 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | 3s Js 7s |
    When the seats play: 0:4c 1:Kd 2:4h 3:3s
    Then vaza 1 is won by seat 3
    And it is seat 3's turn
    When seat 3 plays 7s
    Then it is seat 0's turn
    When the seats play: 0:Qc 1:Jd 2:Qh
    Then vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:ene-abertura-010 @clause:ENE-MESA-9
  Scenario: After a tied rodada, which nobody took, the player who led it leads again (this rule set's reading)
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 5c 6c 6d |
      | 1    | 3c Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | 4d Js 7s |
    When the seats play: 0:5c 1:3c 2:3h 3:4d
    Then vaza 1 is tied
    And it is seat 0's turn
