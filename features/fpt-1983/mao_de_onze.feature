Feature: FPT 1983 — mão de onze
  The side at 11 decides whether the hand is played (DECISÕES); played, it is worth 3 — FPT does
  not say so in words, this rule set reads it from the three tentos a tie or a truco costs there —
  and nobody may truco: a side that does all the same loses three tentos to its opponents. The
  partners of the side at 11 see each other's cards. Three tied vazas give the opponents of a lone
  side at 11 three tentos, and at 11 a 11 nobody. A side whose cards prove a sure win shows them
  instead of playing the hand. At 11 a 11 the cards are dealt in sequence, as always in Tombo na
  Última.

  @id:fpt-mao-de-onze-001 @clause:FPT-MAO-DE-ONZE-5 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: The mão de 11 played and won scores 3 and closes the raio
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then the hand is worth 3
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then the score is 14 to 5
    And team 0 wins the game

  @id:fpt-mao-de-onze-002 @clause:FPT-MAO-DE-ONZE-5
  Scenario: The mão de 11 played and lost gives the opponents 3
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:Kd 1:3c 1:2c 0:Jd
    Then the score is 11 to 8
    And the game is not over

  @id:fpt-mao-de-onze-003 @clause:FPT-MAO-DE-ONZE-2
  Scenario: In a mão de 11 the partners of the side at 11 see each other's cards, the opponents do not
    Given a game of "fpt-1983" for 4 players
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

  @id:fpt-mao-de-onze-004 @clause:FPT-MAO-DE-ONZE-2
  Scenario: In trios all three partners of the side at 11 see each other's cards
    Given a game of "fpt-1983" for 6 players
    And the score is 2 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6c 6d 6h |
      | 1    | 7c 7d 7h |
      | 2    | Qc Qd Qh |
      | 3    | 3c 2c Jc |
      | 4    | Kc Kd Kh |
      | 5    | Ac Ad 2h |
    Then seat 1 sees the cards of seat 5
    And seat 3 sees the cards of seat 1
    And seat 0 does not see the cards of seat 2
    And seat 4 does not see the cards of seat 0

  @id:fpt-mao-de-onze-005 @clause:FPT-MAO-DE-ONZE-2
  Scenario: At 11 a 11 nobody sees a partner's cards
    Given a game of "fpt-1983" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    Then seat 0 does not see the cards of seat 2
    And seat 1 does not see the cards of seat 3

  @id:fpt-mao-de-onze-006 @clause:FPT-MAO-DE-ONZE-2
  Scenario: In a hand that is no mão de 11 nobody sees a partner's cards
    Given a game of "fpt-1983" for 4 players
    And the score is 10 to 9
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    Then seat 0 does not see the cards of seat 2
    And seat 3 does not see the cards of seat 1

  @id:fpt-mao-de-onze-007 @clause:FPT-MAO-DE-ONZE-3
  Scenario: Truco is no legal choice in a mão de 11, for either side
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 decides to play the mão de onze
    Then seat 0 may not truco
    When seat 0 plays 6d
    Then seat 1 may not truco

  @id:fpt-mao-de-onze-008 @clause:FPT-MAO-DE-ONZE-3
  Scenario: The side at 11 that calls truco all the same loses three tentos to the opponents
    Given a game of "fpt-1983" for 2 players
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

  @id:fpt-mao-de-onze-009 @clause:FPT-MAO-DE-ONZE-3 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: The opponents who call truco in a mão de 11 give the side at 11 three tentos and the raio
    Given a game of "fpt-1983" for 4 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 2 decides to play the mão de onze
    And seat 0 plays Kd
    And seat 1 tries to truco
    Then the action is accepted
    And the score is 14 to 5
    And team 0 wins the game

  @id:fpt-mao-de-onze-010 @clause:FPT-MAO-DE-ONZE-3 @clause:FPT-MAO-DE-ONZE-4 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: At 11 a 11 nobody decides, the hand is worth 3, and a truco costs its caller's side three tentos
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then it is seat 0's turn
    And the hand is worth 3
    And seat 0 may not mao_de_onze:play
    And seat 0 may not truco
    When seat 0 tries to truco
    Then the action is accepted
    And the score is 11 to 14
    And team 1 wins the game

  @id:fpt-mao-de-onze-011 @clause:FPT-MAO-DE-ONZE-4
  Scenario: Three tied vazas at 11 a 11 score nothing and the deal passes on
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When the seats play: 0:3c 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then vaza 3 is tied
    And the hand is over
    And the score is 11 to 11
    And the game is not over
    And seat 0 deals the next hand

  @id:fpt-mao-de-onze-012 @clause:FPT-MAO-DE-ONZE-4 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: At 11 a 11 the hand is played at once and its winner closes the raio with 3
    Given a game of "fpt-1983" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
      | 2    | Kc Jc 7c |
      | 3    | 3h Qh 6h |
    Then it is seat 0's turn
    When the seats play: 0:Kd 1:3c 2:Kc 3:6h 1:2c 2:Jc 3:Qh 0:Jd
    Then the score is 11 to 14
    And team 1 wins the game

  @id:fpt-mao-de-onze-013 @clause:FPT-MAO-DE-ONZE-5
  Scenario: Three tied vazas with one side at 11 give its opponents three tentos
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:3h 0:2c 1:2h 0:Kd 1:Ks
    Then the hand is over
    And the score is 11 to 8

  @id:fpt-mao-de-onze-014 @clause:FPT-MAO-DE-ONZE-5
  Scenario: Three tied vazas with the second side alone at 11 give the first side three tentos, in duplas
    Given a game of "fpt-1983" for 4 players
    And the score is 5 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 6c 6d 6h |
      | 3    | 7c 7d 7h |
    When seat 1 decides to play the mão de onze
    And the seats play: 0:3c 1:3h 2:6c 3:7c 0:2c 1:2h 2:6d 3:7d 0:Kd 1:Ks 2:6h 3:7h
    Then the hand is over
    And the score is 8 to 11

  @id:fpt-mao-de-onze-015 @clause:FPT-MAO-DE-ONZE-6 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: Cards that prove a sure win are shown instead of playing the hand, and win it
    The zape and the copas manilha take two vazas whatever the opponent holds.
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 7
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 4h 3d |
      | 1    | Kd Jd 5d |
    Then seat 0 may show_cards
    When seat 0 shows its cards
    Then the hand is over
    And the score is 14 to 7
    And team 0 wins the game

  @id:fpt-mao-de-onze-016 @clause:FPT-MAO-DE-ONZE-6
  Scenario: Cards that do not prove a sure win cannot be shown for it, whatever the opponent really holds
    The zape takes one vaza, but two of the other three manilhas could beat the copas 7 and the 3.
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 7
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 7h 3d |
      | 1    | Kd Jd 5d |
    Then seat 0 may not show_cards
    When seat 0 tries to show_cards
    Then the action is refused with reason "no_guaranteed_win"
    And the state is unchanged
    And the legal actions of seat 0 are: mao_de_onze:play mao_de_onze:fold

  @id:fpt-mao-de-onze-017 @clause:FPT-MAO-DE-ONZE-6 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: In duplas the sure win is proved by the cards of both partners
    The zape is seat 0's, the copas manilha seat 2's.
    Given a game of "fpt-1983" for 4 players
    And the score is 11 to 2
    And the deal: vira 3s
      | seat | cards    |
      | 0    | 4c 5d 6d |
      | 1    | Kd Jd 5s |
      | 2    | 4h 7d 6s |
      | 3    | Ks Js 5h |
    When seat 2 shows its cards
    Then the hand is over
    And the score is 14 to 2

  @id:fpt-mao-de-onze-018 @clause:FPT-MAO-DE-ONZE-1
  Scenario: At 11 a 11 a deal out of sequence is a misdeal, whatever the method: nobody scores and the deal passes
    Given a game of "fpt-1983" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the referee reports "misdeal" against seat 3
    Then the hand is over
    And the score is 11 to 11
    And seat 0 deals the next hand

  @id:fpt-mao-de-onze-019 @clause:FPT-MAO-DE-ONZE-1
  Scenario: At 11 a 11 the cards are dealt in sequence: three a seat from one deck, the vira last
    Given a game of "fpt-1983" for 4 players
    And the score is 11 to 11
    And a shuffled deal with seed 1111
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:fpt-mao-de-onze-020 @clause:FPT-MAO-DE-ONZE-5
  Scenario: In a mão de 11 a third vaza tied after one each is a tie too: three tentos to the opponents
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 6d Kc |
      | 1    | Qd 2h Kd |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:Qd 0:6d 1:2h 1:Kd 0:Kc
    Then vaza 3 is tied
    And the hand is over
    And the score is 11 to 8

  @id:fpt-mao-de-onze-021 @clause:FPT-MAO-DE-ONZE-4
  Scenario: At 11 a 11 a second vaza tied after a first won is a tie too: nobody scores
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kc |
      | 1    | Qd 2h Kd |
    When the seats play: 0:3c 1:Qd 0:2c 1:2h
    Then vaza 2 is tied
    And the hand is over
    And the score is 11 to 11

  @id:fpt-mao-de-onze-022 @clause:FPT-MAO-DE-ONZE-6
  Scenario: The opponents may not show while the side at 11 decides; once the hand is played, the seat to play may
    Given a game of "fpt-1983" for 2 players
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

  @id:fpt-mao-de-onze-023 @clause:FPT-MAO-DE-ONZE-6 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: At 11 a 11, a mão de onze too: cards that prove the win are shown by the seat to play, and win it
    Given a game of "fpt-1983" for 2 players
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

  @id:fpt-mao-de-onze-024 @clause:FPT-MAO-DE-ONZE-6 @clause:FPT-TERMINOLOGIA-RAIO
  Scenario: A vaza lost does not stop the show: the cards left that prove the win are shown at the seat's turn
    Given a game of "fpt-1983" for 2 players
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

  @id:fpt-mao-de-onze-025 @clause:FPT-MAO-DE-ONZE-5
  Scenario: A mão de 11 whose first vaza the side at 11 won and whose second is tied: the tie gives the opponents three tentos
    Given a game of "fpt-1983" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Kd 6d |
      | 1    | 2h Ks 7h |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:2h 0:Kd 1:Ks
    Then vaza 1 is won by seat 0
    And vaza 2 is tied
    And the hand is over
    And the score is 11 to 8
