Feature: ATB 2004 — faults found in real truco engines
  One scenario per fault that a public truco engine shipped (shared/cases/real-engine-faults.md,
  F1 to F12). Each fails on an engine with that fault and passes on the reference. Where a fault has
  relatives (the same mistake in the other direction, at the next step of the ladder), the scenario
  checks them too. 1v1 unless the scenario says otherwise: seat 1 deals, seat 0 is the mão.

  @id:faults-001 @clause:ATB-TRUCO-2
  Scenario: F1 — folding a truco gives the point to the side that called it, not to the side that folded
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 1 folds
    Then the hand is over
    And the score is 1 to 0
    And the game is not over

  @id:faults-002 @clause:ATB-EMPATE-1 @clause:ATB-BARALHO-3
  Scenario: F2 — two cards of the same rank tie whatever their suits, and the second vaza then decides the hand
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3d 4d 6d |
      | 1    | 3c Kc 5c |
    When the seats play: 0:3d 1:3c
    Then vaza 1 is tied
    And the hand is not over
    When the seats play: 0:4d 1:Kc
    Then vaza 2 is won by seat 1
    And the hand is over
    And the hand has 2 vazas
    And the score is 0 to 1

  @id:faults-003 @clause:ATB-EMPATE-TODAS
  Scenario: F3 — three tied vazas without truco score nothing, and the deal passes on
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c Ac |
      | 1    | 3d 2d Ad |
    When the seats play: 0:3c 1:3d 0:2c 1:2d 0:Ac 1:Ad
    Then vaza 1 is tied
    And vaza 2 is tied
    And vaza 3 is tied
    And the hand is over
    And the score is 0 to 0
    And seat 0 deals the next hand

  @id:faults-004 @clause:ATB-TRUCO-2
  Scenario: F4 — answering a truco with seis, once accepted, makes the hand worth 6
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 1 calls truco
    And seat 0 accepts
    Then the hand is worth 6
    When the seats play: 0:3c 1:5d 0:2c 1:Jd
    Then the hand is over
    And the score is 6 to 0

  @id:faults-005 @clause:ATB-EMPATE-2
  Scenario: F5 — the seat that takes a vaza plays first in the next one
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 4c 5c 6c |
      | 1    | 3d 2d Ad |
    When the seats play: 0:4c 1:3d
    Then vaza 1 is won by seat 1
    And it is seat 1's turn
    When seat 0 tries to play:5c
    Then the action is refused
    And the state is unchanged
    When the seats play: 1:2d 0:5c
    Then vaza 2 is won by seat 1
    And the score is 0 to 1

  @id:faults-006 @clause:ATB-TOMBO-1 @clause:ATB-ESTRUTURA-2 @clause:ATB-BARALHO-1
  Scenario: F6 — a shuffled deal comes from one deck, the vira being the card after the hands
    Six players hold 18 of the 40 cards: a vira drawn apart from the dealt cards lands in a hand
    almost every other deal, so twenty deals catch it with near certainty (1 - 0.55^20).
    Given a game of "atb-2004" for 6 players
    And a shuffled deal with seed 2004
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:faults-013 @clause:ATB-TOMBO-1 @clause:ATB-ESTRUTURA-2 @clause:ATB-BARALHO-1
  Scenario: F6 with two players — the vira is never also in a hand
    Two players hold 6 of the 40 cards: a vira drawn apart from the dealt cards lands in a hand
    in about one deal in seven, so forty deals catch it with near certainty (1 - 0.85^40).
    Given a game of "atb-2004" for 2 players
    And a shuffled deal with seed 1983
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 40 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:faults-007 @clause:ATB-TRUCO-4
  Scenario: F7 — the side that raised last cannot raise again, before or after the answer
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 0 tries to truco
    Then the action is refused
    And the state is unchanged
    And seat 1 may accept
    And seat 0 has no legal action
    When seat 1 accepts
    And seat 0 tries to truco
    Then the action is refused
    And the state is unchanged
    And seat 0 may not truco
    And the hand is worth 3
    When seat 0 plays 3c
    Then seat 1 may truco

  @id:faults-008 @clause:ATB-TRUCO-2 @clause:ATB-TRUCO-3
  Scenario: F8 — folding a seis pays 3, the value of the truco it accepted
    Given a game of "atb-2004" for 2 players
    And the deal: vira 6c
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 1 calls truco
    Then the hand is worth 3
    When seat 0 folds
    Then the hand is over
    And the score is 0 to 3

  @id:faults-009 @clause:ATB-TRUCO-2
  Scenario: F9 — a fold ends the hand: the folder's opponents score once, whatever the vazas
    Given a game of "atb-2004" for 2 players
    And the deal: vira 6c
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the seats play: 0:3c 1:Kd
    Then vaza 1 is won by seat 0
    When seat 0 calls truco
    And seat 1 folds
    Then the hand is over
    And the score is 1 to 0
    And seat 0 has no legal action
    And seat 1 has no legal action
    And seat 0 deals the next hand
    And the game is not over

  @id:faults-010 @clause:ATB-NORMAS-11
  Scenario: F10 — no card may be played covered in the first vaza
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    Then seat 0 may not play_covered:4c
    And seat 0 may play:4c
    When seat 0 tries to play_covered:4c
    Then the action is refused
    And the state is unchanged
    And it is seat 0's turn
    When the seats play: 0:3c 1:Kd
    Then seat 0 may play_covered:4c

  @id:faults-011 @clause:ATB-MAO-DE-11-1 @clause:ATB-MAO-DE-11-2 @clause:ATB-MAO-DE-11-3 @clause:ATB-ESTRUTURA-1
  Scenario: F11 — at 11 the side decides to play the mão de onze, worth 3, and nobody calls truco
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 0
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    Then the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold
    And seat 1 has no legal action
    And the hand is worth 3
    When seat 0 decides to play the mão de onze
    Then it is seat 0's turn
    And seat 0 may not truco
    And the hand is worth 3
    When seat 0 plays 3c
    Then seat 1 may not truco
    When the seats play: 1:5d 0:2c 1:Jd
    Then the hand is over
    And the score is 14 to 0
    And team 0 wins the game

  @id:faults-012 @clause:ATB-DECISOES-1 @clause:ATB-TRUCO-2
  Scenario: F12 — a side gives up only when a raise is pending, never on its own
    Given a game of "atb-2004" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    Then seat 0 may not fold
    And seat 1 may not fold
    When seat 0 tries to fold
    Then the action is refused
    And the state is unchanged
    When seat 1 tries to fold
    Then the action is refused
    And the state is unchanged
    When seat 0 calls truco
    And seat 1 accepts
    And seat 0 tries to fold
    Then the action is refused
    And the state is unchanged
    And the score is 0 to 0
    And the hand is not over
