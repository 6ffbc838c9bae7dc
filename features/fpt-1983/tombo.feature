Feature: FPT 1983 — tombo na última
  The method played when the players do not agree: the pé deals in packets of three, together,
  without "pingar", in sequence counterclockwise, the vira the last card; after the hand the deal
  passes to the next seat. The whole deck of 40 cards is dealt from; the cutter takes no cards
  (only in Jogo Livre). A deal made otherwise is a misdeal the referee reports. Cards may be played
  face down ("encobertas"), worth nothing, from the first vaza on: FPT has no counterpart of ATB's
  "Na primeira vaza não se pode encobrir cartas" (the first two covered-card scenarios use the deals
  of the ATB scenarios that refuse it).

  @id:fpt-tombo-001 @clause:FPT-TOMBO-1
  Scenario: After a hand the deal passes to the next seat in the order of play
    Given a game of "fpt-1983" for 4 players
    And seat 1 deals
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 2:3h 3:Ks 0:6d 1:7d 2:Qh 3:Js 0:2c 1:Jd
    Then vaza 2 is won by seat 0
    And the score is 1 to 0
    And seat 2 deals the next hand

  @id:fpt-tombo-002 @clause:FPT-TOMBO-1
  Scenario: The deal goes round the table, the last seat passing it to the first
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then seat 0 deals the next hand
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | Kd Jd 7d |
      | 1    | 3c 2c 6d |
    And the seats play: 1:3c 0:Kd 1:2c 0:Jd
    Then the score is 1 to 1
    And seat 1 deals the next hand

  @id:fpt-tombo-003 @clause:FPT-TOMBO-b @clause:FPT-VALORES-EXCLUSOES
  Scenario: Every deal comes from the whole deck, no card held back nor dealt twice, in trios
    Six players hold 18 of the 40 cards and the vira is a 19th: twenty deals from one deck each
    give 19 distinct cards.
    Given a game of "fpt-1983" for 6 players
    And a shuffled deal with seed 40
    Then every seat holds 3 cards, no card is dealt twice and the vira is in no hand
    When the next 20 deals are shuffled
    Then every one of those deals held 3·n + 1 distinct cards with the vira in no hand

  @id:fpt-tombo-004 @clause:FPT-TOMBO-c
  Scenario: The mão may cover a card in the first vaza, and a covered 3 loses to a 7
    Given a game of "fpt-1983" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    Then seat 0 may play_covered:3c
    When seat 0 plays 3c covered
    And seat 1 plays 7d
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-tombo-005 @clause:FPT-TOMBO-c
  Scenario: The last player of the first vaza may cover a card too, and it takes nothing
    Given a game of "fpt-1983" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:Kd 2:6h
    Then seat 3 may play_covered:Ks
    When seat 3 plays Ks covered
    Then vaza 1 is won by seat 1
    And it is seat 1's turn

  @id:fpt-tombo-006 @clause:FPT-TOMBO-c
  Scenario: A covered card in the third vaza is worth nothing, even a manilha
    Given a game of "fpt-1983" for 2 players
    And the deal: vira Ks
      | seat | cards    |
      | 0    | 3c Ac 6d |
      | 1    | 2d 4d 7d |
    When the seats play: 0:3c 1:2d 0:6d 1:7d 1:4d
    And seat 0 plays Ac covered
    Then vaza 3 is won by seat 1
    And the score is 0 to 1

  @id:fpt-tombo-007 @clause:FPT-TOMBO-d
  Scenario: In Tombo na Última a cutter who took cards for himself loses the tento and the deal, in trios
    Given a game of "fpt-1983" for 6 players
    And the score is 5 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 6c 6d 6h |
      | 1    | 7c 7d 7h |
      | 2    | Qc Qd Qh |
      | 3    | 3c 2c Jc |
      | 4    | Kc Kd Kh |
      | 5    | Ac Ad 2h |
    When the referee reports "misdeal_own_side" against seat 4
    Then the hand is over
    And the score is 5 to 6
    And seat 0 deals the next hand

  @id:fpt-tombo-008 @clause:FPT-TOMBO-1
  Scenario: A pé who "pinga" a card, dealing it alone, has misdealt: the hand is void and the deal passes
    Given a game of "fpt-1983" for 4 players
    And seat 2 deals
    And the score is 7 to 1
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "misdeal" against seat 2
    Then the hand is over
    And the score is 7 to 1
    And seat 3 deals the next hand
