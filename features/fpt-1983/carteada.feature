Feature: FPT 1983 — carteada
  Once he has slid the first card, from the top or the bottom, the pé may not change his mind and
  deals in packets of three together, without "pingar". The engine does not see the cards handed
  out: a referee reports a deal made otherwise as a misdeal. FPT states no penalty; this rule set
  reads it as a lost deal — the hand is void, nobody scores, the deal passes — and, when the wrong
  deal favours the offender's own side, the tento in play too.

  @id:fpt-carteada-001 @clause:FPT-CARTEADA-3
  Scenario: A pé who changed his mind after sliding the first card has misdealt: nobody scores and the deal passes
    Given a game of "fpt-1983" for 2 players
    And the score is 2 to 8
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "misdeal" against seat 1
    Then the hand is over
    And the score is 2 to 8
    And seat 0 deals the next hand

  @id:fpt-carteada-002 @clause:FPT-CARTEADA-3
  Scenario: A wrong deal to the pé himself costs his side the tento as well as the deal
    Given a game of "fpt-1983" for 2 players
    And the score is 2 to 8
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "misdeal_own_side" against seat 1
    Then the hand is over
    And the score is 3 to 8
    And seat 0 deals the next hand

  @id:fpt-carteada-003 @clause:FPT-CARTEADA-3 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: In a mão de 11 the tento lost to a wrong deal for the pé's side is the hand's three
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "misdeal_own_side" against seat 1
    Then the hand is over
    And the score is 14 to 5
    And team 0 wins the game

  @id:fpt-carteada-004 @clause:FPT-CARTEADA-3
  Scenario: A misdeal found in the second vaza voids the vaza already won, in duplas
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:6h 3:7s 0:6d
    And the referee reports "misdeal" against seat 3
    Then vaza 1 is won by seat 0
    And the hand is over
    And the score is 0 to 0
    And seat 0 deals the next hand

  @id:fpt-carteada-005 @clause:FPT-CARTEADA-3
  Scenario: A second misdeal by the same side costs no more than the first
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "misdeal" against seat 1
    And the next deal is: vira 7s
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
    And the referee reports "misdeal" against seat 1
    Then the hand is over
    And the score is 0 to 1
    And seat 0 deals the next hand

  @id:fpt-carteada-006 @clause:FPT-CARTEADA-3
  Scenario: Packets of three: whatever the shuffle, every player receives three cards and the tombo is a card nobody holds
    Given a game of "fpt-1983" for 4 players
    And a shuffled deal with seed 1206
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand
