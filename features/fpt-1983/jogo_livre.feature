Feature: FPT 1983 — jogo livre
  The first card goes to the "mão", the seat after the pé in the order of play, who leads the first
  vaza. Dealing "picadas" (one card at a time), making the maço and the cutter's taking cards after a
  dry cut belong to Jogo Livre, a method played only by agreement; this rule set deals Tombo na
  Última, where the cutter takes no cards: a deal in which he did is a misdeal the referee reports.

  @id:fpt-jogo-livre-001 @clause:FPT-JOGO-LIVRE-1 @clause:FPT-TERMINOLOGIA-O-MAO
  Scenario: The seat after the dealer is the mão and plays the first card, in duplas
    Given a game of "fpt-1983" for 4 players
    And seat 1 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | Kc Jc 7c |
      | 3    | Kh Jh 7h |
    Then it is seat 2's turn
    When seat 1 tries to play:Kd
    Then the action is refused with reason "not_your_turn"
    And the state is unchanged

  @id:fpt-jogo-livre-002 @clause:FPT-JOGO-LIVRE-1
  Scenario: The seat after the dealer plays the first card, in trios
    Given a game of "fpt-1983" for 6 players
    And seat 4 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | Kc Jc 7c |
      | 3    | Kh Jh 7h |
      | 4    | Qc Qd Qh |
      | 5    | Ac Ad Ah |
    Then it is seat 5's turn
    And seat 4 has no legal action
    And seat 0 has no legal action

  @id:fpt-jogo-livre-003 @clause:FPT-JOGO-LIVRE-1 @clause:FPT-TOMBO-1
  Scenario: In the next hand the seat after the new dealer is the mão
    Given a game of "fpt-1983" for 4 players
    And seat 3 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:6h 3:7s 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 1 to 0
    And seat 0 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    Then it is seat 1's turn
    And seat 0 has no legal action

  @id:fpt-jogo-livre-004 @clause:FPT-JOGO-LIVRE-3 @clause:FPT-TOMBO-d
  Scenario: Outside Jogo Livre the cutter who took cards for his partner loses the tento and the deal
    The game is dealt Tombo na Última; seat 2 cut and took cards off the deck for his partner. The
    referee reports the deal as a misdeal favouring the offender's side.
    Given a game of "fpt-1983" for 4 players
    And the score is 4 to 6
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the referee reports "misdeal_own_side" against seat 2
    Then the hand is over
    And the score is 4 to 7
    And seat 0 deals the next hand

  @id:fpt-jogo-livre-005 @clause:FPT-JOGO-LIVRE-3 @clause:FPT-TOMBO-d
  Scenario: Outside Jogo Livre a cutter who took cards for the other side voids the deal, and nobody scores
    Seat 2 cut and took cards off the deck, which went to the opponents; the referee reports it once
    the first card is on the table.
    Given a game of "fpt-1983" for 4 players
    And the score is 4 to 6
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 plays 6d
    And the referee reports "misdeal" against seat 2
    Then the hand is over
    And the score is 4 to 6
    And seat 0 deals the next hand

  @id:fpt-jogo-livre-006 @clause:FPT-JOGO-LIVRE-1 @clause:FPT-TERMINOLOGIA-O-MAO
  Scenario: With 2 players and seat 1 dealing, seat 0 is the mão and plays the first card
    Given a game of "fpt-1983" for 2 players
    And seat 1 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 0's turn
    And seat 0 may play:6d
    And seat 1 has no legal action

  @id:fpt-jogo-livre-007 @clause:FPT-JOGO-LIVRE-1 @clause:FPT-TERMINOLOGIA-O-MAO
  Scenario: With 2 players and seat 0 dealing, seat 1 is the mão and plays the first card
    Given a game of "fpt-1983" for 2 players
    And seat 0 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 1's turn
    And seat 1 may play:7d
    And seat 0 has no legal action
