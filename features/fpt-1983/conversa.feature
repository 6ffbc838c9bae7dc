Feature: FPT 1983 — conversa
  The game goes by signs and gestures. A word of guidance said during the hand, reported by the
  referee against the seat that said it, costs its side the tento in play: the opponents score what
  the hand is worth and the hand ends. "Truca", "Jorge" and the like count as a truco called by the
  seat that said them, three tentos in dispute, which the opponents answer; said in a hand already
  trucada they add nothing, and in a mão de 11 they are a truco called where none may be.

  @id:fpt-conversa-001 @clause:FPT-CONVERSA-2 @clause:FPT-CONVERSA-1
  Scenario: A word of guidance costs the speaker's side the tento in play
    Given a game of "fpt-1983" for 4 players
    And the score is 6 to 6
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:Kd
    And the referee reports "talking" against seat 2
    Then the hand is over
    And the score is 6 to 7
    And seat 0 deals the next hand

  @id:fpt-conversa-002 @clause:FPT-CONVERSA-2
  Scenario: In a trucada the tento in play a word costs is the truco's three
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 1 accepts
    And the referee reports "talking" against seat 1
    Then the hand is over
    And the score is 3 to 0

  @id:fpt-conversa-003 @clause:FPT-CONVERSA-2
  Scenario: A word said while a seis waits for its answer costs what the hand is worth before the seis
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 1 calls truco
    And the referee reports "talking" against seat 0
    Then the hand is over
    And the score is 0 to 3

  @id:fpt-conversa-004 @clause:FPT-CONVERSA-3
  Scenario: "Truca" said by a player is a truco he called: the opponents answer, and a fold gives his side the tento
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When the referee reports "said_truco" against seat 0
    Then the legal actions of seat 1 are: accept fold truco
    And seat 0 has no legal action
    When seat 1 folds
    Then the hand is over
    And the score is 1 to 0

  @id:fpt-conversa-005 @clause:FPT-CONVERSA-3
  Scenario: "Jorge" said out of turn puts three tentos in dispute for the speaker's side, in duplas
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "said_truco" against seat 3
    Then seat 0 may accept
    And seat 2 may fold
    And seat 1 has no legal action
    When seat 2 accepts
    Then the hand is worth 3
    And it is seat 0's turn
    And seat 0 may truco
    When seat 0 plays 6d
    Then seat 1 may not truco

  @id:fpt-conversa-006 @clause:FPT-CONVERSA-3
  Scenario: Said in a hand already trucada, the word adds nothing to the three tentos in dispute
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 calls truco
    And seat 1 accepts
    And the referee reports "said_truco" against seat 1
    Then the hand is worth 3
    And the hand is not over
    And it is seat 0's turn
    And seat 0 may not accept
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 3 to 0

  @id:fpt-conversa-007 @clause:FPT-CONVERSA-3
  Scenario: "Truca" said in a mão de 11 costs the speaker's side three tentos, as a truco called there
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 7s
      | seat | cards    |
      | 0    | 3c 2c 4c |
      | 1    | Kd Jd 5d |
    When seat 0 decides to play the mão de onze
    And the referee reports "said_truco" against seat 0
    Then the hand is over
    And the score is 11 to 8
