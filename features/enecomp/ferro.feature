Feature: Enecomp — the série at 11 a 11 (mão de ferro)
  At 11 a 11 the série is decided in one partida, the mão de ferro, whose cards the players may not
  see: each player turns up his cards unseen ("play blind card <n>") and the rules of the game are
  otherwise kept. A dupla whose player looks at his cards (reported by the referee) loses the partida
  and the série. This rule set's reading of "as regras do jogo são mantidas normalmente": nobody
  decides whether to play it, it starts worth 1 and truco may be asked.

  @id:ene-ferro-001 @clause:ENE-FERRO-1 @clause:ENE-FERRO-3
  Scenario: Differs from ATB (11 a 11) — the partida is played blind and nobody decides whether to play it
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the hand is played blind
    And seat 0 does not see its own cards
    And seat 3 does not see its own cards
    And it is seat 0's turn
    And seat 0 may play_blind:1
    And seat 0 may not play:3c
    And seat 0 may not mao_de_onze:play
    And seat 2 has no legal action

  @id:ene-ferro-002 @clause:ENE-FERRO-1
  Scenario: In the mão de ferro a card cannot be chosen by sight, face up or covered
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 tries to play:3c
    Then the action is refused with reason "blind_hand"
    And the state is unchanged
    When seat 0 tries to play_covered:3c
    Then the action is refused with reason "blind_hand"

  @id:ene-ferro-003 @clause:ENE-FERRO-3 @clause:ENE-FERRO-4
  Scenario: Each player turns up his cards unseen; two rodadas won take the partida and the série
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    Then vaza 1 is won by seat 0
    And it is seat 0's turn
    When seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    Then vaza 2 is won by seat 0
    And the hand is over
    And the score is 12 to 11
    And team 0 wins the game

  @id:ene-ferro-004 @clause:ENE-FERRO-2
  Scenario: A player of the dupla (1,3) looks at his cards: his dupla loses the partida and the série
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "looked_at_cards" against seat 2
    Then the hand is over
    And the score is 11 to 12
    And team 1 wins the game

  @id:ene-ferro-005 @clause:ENE-FERRO-2
  Scenario: A player of the dupla (2,4) looks at his cards in the second rodada: the dupla (1,3) takes the série
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    When seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    Then vaza 1 is won by seat 1
    When the referee reports "looked_at_cards" against seat 1
    Then the hand is over
    And the score is 12 to 11
    And team 0 wins the game

  @id:ene-ferro-006 @clause:ENE-FERRO-2 @clause:ENE-PONTUACAO-2
  Scenario: The série lost for looking levels the match at one série each
    Given a game of "enecomp" for 4 players
    And the match score is 1 game to 0
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "looked_at_cards" against seat 0
    Then team 1 wins the game
    And the games won are 1 to 1
    And the match is not over

  @id:ene-ferro-007 @clause:ENE-FERRO-2 @clause:ENE-PONTUACAO-2
  Scenario: The opponents look at their cards when a série down: the dupla (1,3) wins its second série and the match
    Given a game of "enecomp" for 4 players
    And the match score is 1 game to 0
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the referee reports "looked_at_cards" against seat 3
    Then the games won are 2 to 0
    And team 0 wins the match

  @id:ene-ferro-008 @clause:ENE-FERRO-2
  Scenario: Looking at one's cards is no infraction outside the mão de ferro: the report is refused
    Given a game of "enecomp" for 4 players
    And the score is 5 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 1 tries to infraction:looked_at_cards
    Then the action is refused with reason "not_a_mao_de_ferro"
    And the state is unchanged
    And the score is 5 to 3
    And the hand is not over

  @id:ene-ferro-009 @clause:ENE-FERRO-4 @clause:ENE-PONTUACAO-3
  Scenario: Differs from ATB (11 a 11) — the mão de ferro starts worth 1 and truco may be asked (this rule set's reading)
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the hand is worth 1
    And the legal actions of seat 0 are: play_blind:1 play_blind:2 play_blind:3 truco
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 3
    When seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    And seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    Then the score is 14 to 11
    And team 0 wins the game

  @id:ene-ferro-010 @clause:ENE-FERRO-4
  Scenario: A truco folded in the mão de ferro gives the askers 1 point, and with it the série
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 3 folds
    Then the hand is over
    And the score is 12 to 11
    And team 0 wins the game

  @id:ene-ferro-011 @clause:ENE-FERRO-4 @clause:ENE-PONTUACAO-7
  Scenario: Ties in the mão de ferro follow the usual rule: first rodada tied, the second decides
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c Jd 6c |
      | 1    | 3h Kd 6d |
      | 2    | 4c 5h 6h |
      | 3    | 4d 5s 6s |
    When seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    Then vaza 1 is tied
    And it is seat 0's turn
    When seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    Then vaza 2 is won by seat 1
    And the score is 11 to 12
    And team 1 wins the game

  @id:ene-ferro-012 @clause:ENE-FERRO-1
  Scenario: A mão de onze of one dupla is not played blind
    Given a game of "enecomp" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then seat 0 sees the cards of seat 0
    And seat 1 sees the cards of seat 1
    When seat 0 decides to play the mão de onze
    Then seat 0 may play:3c
    And seat 0 may not play_blind:1

  @id:ene-ferro-013 @clause:ENE-FERRO-1
  Scenario: A mão de onze lost at 11 to 8 brings the série to 11 a 11: the next partida is the mão de ferro
    Given a game of "enecomp" for 4 players
    And the score is 11 to 8
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:4h 1:3c 2:Kd 3:Ks 1:2c 2:Jd 3:Js 0:Qh
    Then the score is 11 to 11
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    Then the hand is played blind
    And seat 1 does not see its own cards
    And it is seat 1's turn
    And seat 1 may play_blind:1

  @id:ene-ferro-014 @clause:ENE-FERRO-1
  Scenario: In the mão de ferro nobody sees a partner's cards either
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then seat 0 does not see the cards of seat 2
    And seat 1 does not see the cards of seat 3
    And seat 2 does not see its own cards

  @id:ene-ferro-015 @clause:ENE-FERRO-4 @clause:ENE-PONTUACAO-7
  Scenario: Three tied rodadas in the mão de ferro score nothing, and the next partida is again a mão de ferro
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 4c 6c 7c |
      | 3    | 4d 6d 7d |
    When seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    And seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    And seat 0 plays blind card 1
    And seat 1 plays blind card 1
    And seat 2 plays blind card 1
    And seat 3 plays blind card 1
    Then vaza 3 is tied
    And the hand is over
    And the score is 11 to 11
    And the game is not over
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 4c 6c 7c |
      | 3    | 4d 6d 7d |
    Then the hand is played blind

  @id:ene-ferro-016 @clause:ENE-FERRO-2 @clause:ENE-PONTUACAO-3
  Scenario: Looking at the cards after a truco accepted loses the partida at its value, 3
    Given a game of "enecomp" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the referee reports "looked_at_cards" against seat 0
    Then the hand is over
    And the score is 11 to 14
    And team 1 wins the game
