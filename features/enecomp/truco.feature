Feature: Enecomp — the truco ("Quanto ao pedido de Truco!")
  Only the partida's value is negotiated. Any player may ask "Truco!" on his turn to play: the partida
  would be worth 3. The other dupla folds (the askers score 1), accepts (the partida goes on worth 3)
  or asks 6; then the first dupla folds (3 to the others), accepts (6) or asks 9; then folds (6),
  accepts (9) or asks 12; the 12 can only be accepted or folded (9 to the others): a partida is worth
  12 at most. The duplas take turns at raising.

  @id:ene-truco-001 @clause:ENE-TRUCO-2
  Scenario: Any player may ask truco on his turn to play, and only then
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 2 tries to truco
    Then the action is refused with reason "not_your_turn"
    And the state is unchanged
    When the seats play: 0:3c 1:Kd
    And seat 2 calls truco
    And seat 1 accepts
    Then the hand is worth 3
    And it is seat 2's turn
    When the seats play: 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 3 to 0

  @id:ene-truco-002 @clause:ENE-TRUCO-2 @clause:ENE-TRUCO-3-ACEITAR
  Scenario: Truco accepted: the partida goes on worth 3
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 3 accepts
    Then the hand is worth 3
    And the hand is not over
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 3 to 0

  @id:ene-truco-003 @clause:ENE-TRUCO-3
  Scenario: Player 3 asks truco: the players of the dupla (2,4) have three options, the askers none
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd
    And seat 2 calls truco
    Then the legal actions of seat 1 are: accept fold truco
    And the legal actions of seat 3 are: accept fold truco
    And seat 0 has no legal action
    And seat 2 has no legal action
    When seat 3 calls truco
    Then the hand is worth 3
    And the legal actions of seat 2 are: accept fold truco

  @id:ene-truco-004 @clause:ENE-TRUCO-3-FUGIR
  Scenario: The dupla (2,4) folds the truco of player 3: the partida ends and the dupla (1,3) scores 1
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd
    And seat 2 calls truco
    And seat 1 folds
    Then the hand is over
    And the score is 1 to 0

  @id:ene-truco-005 @clause:ENE-TRUCO-3-FUGIR
  Scenario: A truco folded scores 1 for the askers even when the folding dupla made the first rodada
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    When the seats play: 0:4h 1:3c 2:Kd 3:Ks
    Then vaza 1 is won by seat 1
    When seat 1 plays 2c
    And seat 2 calls truco
    And seat 3 folds
    Then the hand is over
    And the score is 1 to 0

  @id:ene-truco-006 @clause:ENE-TRUCO-3-ACEITAR
  Scenario: The dupla that accepted the truco may ask 6 later, on its turn; the askers may not ask again
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 3
    And seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "raised_last"
    When seat 0 plays 3c
    Then seat 1 may truco
    When seat 1 calls truco
    Then the legal actions of seat 2 are: accept fold truco

  @id:ene-truco-007 @clause:ENE-TRUCO-3-PEDIR @clause:ENE-TRUCO-6-ACEITAR
  Scenario: Asking 6 in answer to the truco proposes that the partida be worth 6
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    Then the hand is worth 3
    And the legal actions of seat 0 are: accept fold truco
    And seat 1 has no legal action
    When seat 2 accepts
    Then the hand is worth 6

  @id:ene-truco-008 @clause:ENE-TRUCO-6 @clause:ENE-TRUCO-6-ACEITAR
  Scenario: The 6 is answered by the dupla that asked truco; accepted, the partida goes on worth 6
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 3 tries to accept
    Then the action is refused
    When seat 0 accepts
    Then the hand is worth 6
    And the hand is not over
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 6 to 0

  @id:ene-truco-009 @clause:ENE-TRUCO-6-FUGIR
  Scenario: The dupla (1,3) folds the 6: the partida ends and the dupla (2,4) scores 3
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 folds
    Then the hand is over
    And the score is 0 to 3

  @id:ene-truco-010 @clause:ENE-TRUCO-6-PEDIR @clause:ENE-TRUCO-9
  Scenario: The dupla (1,3) asks 9; the dupla (2,4) answers it
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    Then the hand is worth 6
    And the legal actions of seat 1 are: accept fold truco
    And the legal actions of seat 3 are: accept fold truco
    And seat 0 has no legal action
    When seat 3 accepts
    Then the hand is worth 9

  @id:ene-truco-011 @clause:ENE-TRUCO-9-FUGIR
  Scenario: The dupla (2,4) folds the 9: the partida ends and the dupla (1,3) scores 6
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    And seat 3 folds
    Then the hand is over
    And the score is 6 to 0

  @id:ene-truco-012 @clause:ENE-TRUCO-9-ACEITAR
  Scenario: The 9 accepted: the partida goes on worth 9
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    And seat 1 accepts
    Then the hand is worth 9
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 9 to 0

  @id:ene-truco-013 @clause:ENE-TRUCO-9-PEDIR @clause:ENE-TRUCO-12 @clause:ENE-TRUCO-12-PEDIR
  Scenario: The dupla (2,4) asks 12; the dupla (1,3) may only accept or fold it
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    And seat 3 calls truco
    Then the hand is worth 9
    And the legal actions of seat 0 are: accept fold
    And the legal actions of seat 2 are: accept fold
    And seat 1 has no legal action
    When seat 2 accepts
    Then the hand is worth 12

  @id:ene-truco-014 @clause:ENE-TRUCO-12-FUGIR
  Scenario: The dupla (1,3) folds the 12: the partida ends and the dupla (2,4) scores 9
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    And seat 3 calls truco
    And seat 0 folds
    Then the hand is over
    And the score is 0 to 9

  @id:ene-truco-015 @clause:ENE-TRUCO-12-ACEITAR
  Scenario: The 12 accepted: the partida goes on worth 12, and winning it wins the série from 0
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    And seat 3 calls truco
    And seat 2 accepts
    Then the hand is worth 12
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 12 to 0
    And team 0 wins the game

  @id:ene-truco-016 @clause:ENE-TRUCO-12-PEDIR
  Scenario: Nothing above 12: a raise over the 12 is refused, before and after it is accepted
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    And seat 3 calls truco
    And seat 0 tries to truco
    Then the action is refused with reason "no_higher_stake"
    And the state is unchanged
    When seat 0 accepts
    Then seat 0 may not truco
    When seat 0 tries to truco
    Then the action is refused with reason "no_higher_stake"

  @id:ene-truco-017 @clause:ENE-TRUCO-1
  Scenario: Only the partida's value is negotiated: the next partida is worth 1 again and the série is still 12
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 3 to 0
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the hand is worth 1
    And the target is 12 points
    And seat 1 may truco

  @id:ene-truco-018 @clause:ENE-TRUCO-6
  Scenario: The duplas take turns at raising: the dupla that asked 6 may not ask 9 itself
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 3c
    And seat 1 calls truco
    And seat 2 accepts
    Then the hand is worth 6
    When seat 1 plays Kd
    Then seat 2 may truco
    When seat 2 plays 4h
    And seat 3 tries to truco
    Then the action is refused with reason "raised_last"
    And it is seat 3's turn

  @id:ene-truco-019 @clause:ENE-TRUCO-2
  Scenario: Truco may be asked in a later rodada, by the player whose turn it is
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks
    And seat 0 calls truco
    And seat 3 accepts
    And the seats play: 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 3 to 0

  @id:ene-truco-020 @clause:ENE-TRUCO-3 @clause:ENE-TRUCO-3-FUGIR
  Scenario: Either player of the dupla asked may answer: the partner of the next player folds
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 3 folds
    Then the hand is over
    And the score is 1 to 0
    And seat 0 deals the next hand

  @id:ene-truco-021 @clause:ENE-TRUCO-9 @clause:ENE-TRUCO-12
  Scenario: The dupla that asked 9 may not ask 12; the other dupla may, on its turn
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 2 calls truco
    And seat 1 accepts
    Then the hand is worth 9
    And it is seat 0's turn
    And seat 0 may not truco
    When seat 0 plays 3c
    Then seat 1 may truco
    When seat 1 calls truco
    And seat 0 accepts
    Then the hand is worth 12

  @id:ene-truco-022 @clause:ENE-TRUCO-6-FUGIR
  Scenario: A truco accepted, then a 6 asked on a later turn and folded: the dupla that asked the 6 scores 3
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And seat 0 plays 6d
    And seat 1 calls truco
    And seat 2 folds
    Then the score is 0 to 3

  @id:ene-truco-023 @clause:ENE-TRUCO-2
  Scenario: A truco is called on one's turn to play, and the turn stays there until it is answered
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    Then it is seat 0's turn
    And seat 0 has no legal action
    When seat 1 accepts
    Then it is seat 0's turn
    When seat 0 plays 3c
    Then it is seat 1's turn
