Feature: FPT 1983 — carteada cantada
  In a Carteada Cantada, a method played only by agreement, the pé says before touching the deck
  how he will deal and where he will turn the tombo (the vira), deals in packets of three together,
  never "picadas", and completes the cards of the seat served when he turns it. The engine does not
  see the cards being handed out: a referee reports a deal made otherwise than announced as a
  misdeal. FPT states no penalty; this rule set reads it as a lost deal (the hand void, nobody
  scores, the deal passes) and, when the wrong deal favours the pé's own side, the tento too.

  @id:fpt-carteada-cantada-001 @clause:FPT-CARTEADA-CANTADA-2 @clause:FPT-CARTEADA-CANTADA-6
  Scenario: A pé who deals without saying first how he will deal and where the tombo goes loses the deal
    Given a game of "fpt-1983" for 4 players
    And the score is 3 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "misdeal" against seat 3
    Then the hand is over
    And the score is 3 to 2
    And seat 0 deals the next hand

  @id:fpt-carteada-cantada-002 @clause:FPT-CARTEADA-CANTADA-3
  Scenario: Cards dealt "picadas" in a carteada cantada are a misdeal, in trios too
    Given a game of "fpt-1983" for 6 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6c 6d 6h |
      | 1    | 7c 7d 7h |
      | 2    | Qc Qd Qh |
      | 3    | 3c 2c Jc |
      | 4    | Kc Kd Kh |
      | 5    | Ac Ad 2h |
    When the referee reports "misdeal" against seat 5
    Then the hand is over
    And the score is 0 to 0
    And seat 0 deals the next hand

  @id:fpt-carteada-cantada-003 @clause:FPT-CARTEADA-CANTADA-4
  Scenario: A pé who completes his partner's cards otherwise than announced loses the tento and the deal
    Given a game of "fpt-1983" for 4 players
    And the score is 3 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "misdeal_own_side" against seat 3
    Then the hand is over
    And the score is 4 to 2
    And seat 0 deals the next hand

  @id:fpt-carteada-cantada-004 @clause:FPT-CARTEADA-CANTADA-5 @clause:FPT-CARTEADA-CANTADA-4
  Scenario: A tombo turned after one card to the mão without announcing it voids even a trucada hand
    Given a game of "fpt-1983" for 4 players
    And the score is 3 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the referee reports "misdeal" against seat 3
    Then the hand is over
    And the score is 3 to 2

  @id:fpt-carteada-cantada-005 @clause:FPT-CARTEADA-CANTADA-3
  Scenario: A wrong deal to the pé's own side found in a trucada costs his side the three tentos in play
    Given a game of "fpt-1983" for 4 players
    And the score is 3 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the referee reports "misdeal_own_side" against seat 3
    Then the hand is over
    And the score is 6 to 2
    And seat 0 deals the next hand

  @id:fpt-carteada-cantada-006 @clause:FPT-CARTEADA-CANTADA-3
  Scenario: Dealt three together, never picadas: in trios every player receives three cards
    Given a game of "fpt-1983" for 6 players
    And a shuffled deal with seed 1306
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand
