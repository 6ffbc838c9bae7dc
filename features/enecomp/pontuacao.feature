Feature: Enecomp — scoring (Pontuação)
  The match ("o jogo") goes to the dupla that wins two séries; a série is 12 points. Points go to the
  dupla that wins a partida, worth 1, 3, 6, 9 or 12. A partida goes to the dupla that wins two rodadas
  or, when rodadas are tied, to the one that made a rodada first. This rule set's readings where the
  text is silent: tied top cards of one dupla give the rodada to the first of them played; three
  tied rodadas score nothing, with or without truco and in a mão de onze too.

  @id:ene-pontuacao-001 @clause:ENE-PONTUACAO-6 @clause:ENE-PONTUACAO-4 @clause:ENE-PONTUACAO-5
  Scenario: A partida starts worth 1, and two rodadas won end it for 1 point without a third
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the hand is worth 1
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the hand is over
    And the hand has 2 vazas
    And the score is 1 to 0

  @id:ene-pontuacao-002 @clause:ENE-PONTUACAO-6
  Scenario: One rodada each: the third rodada decides the partida
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c Qc Ac |
      | 1    | Kd 2d 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:Qc 1:2d 2:Qh 3:Js
    Then vaza 2 is won by seat 1
    And the hand is not over
    When the seats play: 1:7d 2:6h 3:7s 0:Ac
    Then vaza 3 is won by seat 0
    And the hand has 3 vazas
    And the score is 1 to 0

  @id:ene-pontuacao-003 @clause:ENE-PONTUACAO-5
  Scenario: A partida can be worth 1, 3, 6, 9 or 12 points
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the hand is worth 1
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 3
    When seat 0 plays 3c
    And seat 1 calls truco
    And seat 2 accepts
    Then the hand is worth 6
    When seat 1 plays Kd
    And seat 2 calls truco
    And seat 3 accepts
    Then the hand is worth 9
    When seat 2 plays 4h
    And seat 3 calls truco
    And seat 0 accepts
    Then the hand is worth 12
    When the seats play: 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 12 to 0

  @id:ene-pontuacao-004 @clause:ENE-PONTUACAO-3
  Scenario: Making 12 points wins the série
    Given a game of "enecomp" for 4 players
    And the score is 9 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the score is 12 to 4
    And team 0 wins the game

  @id:ene-pontuacao-005 @clause:ENE-PONTUACAO-3
  Scenario: 11 points do not win the série
    Given a game of "enecomp" for 4 players
    And the score is 4 to 10
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    When the seats play: 0:4h 1:3c 2:Kd 3:Ks 1:2c 2:Jd 3:Js 0:Qh
    Then the score is 4 to 11
    And the game is not over

  @id:ene-pontuacao-006 @clause:ENE-PONTUACAO-2 @clause:ENE-PONTUACAO-3
  Scenario: Differs from ATB (match) — the first série won does not win the match; the next série starts at 0 to 0
    Given a game of "enecomp" for 4 players
    And the score is 9 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then team 0 wins the game
    And the games won are 1 to 0
    And the match is not over
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the score is 0 to 0
    And the game is not over
    And the target is 12 points
    And the hand is worth 1
    And it is seat 1's turn

  @id:ene-pontuacao-007 @clause:ENE-PONTUACAO-2
  Scenario: A dupla with one série that wins a second wins the match
    Given a game of "enecomp" for 4 players
    And the match score is 1 game to 0
    And the score is 9 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then the games won are 2 to 0
    And team 0 wins the match

  @id:ene-pontuacao-008 @clause:ENE-PONTUACAO-2
  Scenario: At one série each, the third série decides the match
    Given a game of "enecomp" for 4 players
    And the match score is 1 game to 1
    And the score is 4 to 9
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:4h 1:3c 2:Kd 3:Ks 1:2c 2:Jd 3:Js 0:Qh
    Then the score is 4 to 12
    And the games won are 1 to 2
    And team 1 wins the match

  @id:ene-pontuacao-009 @clause:ENE-PONTUACAO-2
  Scenario: The dupla behind in séries that wins one levels the match, which goes on
    Given a game of "enecomp" for 4 players
    And the match score is 0 games to 1
    And the score is 9 to 4
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then team 0 wins the game
    And the games won are 1 to 1
    And the match is not over

  @id:ene-pontuacao-010 @clause:ENE-PONTUACAO-7
  Scenario: First rodada tied: the dupla that makes the second rodada makes a rodada first and wins
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c Jd 6c |
      | 1    | 3h Kd 6d |
      | 2    | 4c 5h 6h |
      | 3    | 4d 5s 6s |
    When the seats play: 0:3c 1:3h 2:4c 3:4d
    Then vaza 1 is tied
    When the seats play: 0:Jd 1:Kd 2:5h 3:5s
    Then vaza 2 is won by seat 1
    And the hand is over
    And the hand has 2 vazas
    And the score is 0 to 1

  @id:ene-pontuacao-011 @clause:ENE-PONTUACAO-7
  Scenario: First two rodadas tied: the third decides
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c 2c Jd |
      | 1    | 3h 2h Kd |
      | 2    | 4c 5c 6c |
      | 3    | 4d 5d 6d |
    When the seats play: 0:3c 1:3h 2:4c 3:4d 0:2c 1:2h 2:5c 3:5d
    Then vaza 2 is tied
    And the hand is not over
    When the seats play: 0:Jd 1:Kd 2:6c 3:6d
    Then vaza 3 is won by seat 1
    And the score is 0 to 1

  @id:ene-pontuacao-012 @clause:ENE-PONTUACAO-7
  Scenario: First rodada won and second tied: the dupla that made the first rodada wins without a third
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | Kd 2c 3d |
      | 1    | 3c 2h 6d |
      | 2    | 4c 5c 6c |
      | 3    | 4d 5d 6s |
    When the seats play: 0:Kd 1:3c 2:4c 3:4d
    Then vaza 1 is won by seat 1
    When the seats play: 1:2h 2:5c 3:5d 0:2c
    Then vaza 2 is tied
    And the hand is over
    And the hand has 2 vazas
    And the score is 0 to 1

  @id:ene-pontuacao-013 @clause:ENE-PONTUACAO-7
  Scenario: One rodada each and the third tied: the dupla that made a rodada first wins
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c 5d Kd |
      | 1    | 2c Ad Kh |
      | 2    | 4c 5c 6c |
      | 3    | 4d 4h 6d |
    When the seats play: 0:3c 1:2c 2:4c 3:4d 0:5d 1:Ad 2:5c 3:4h
    Then vaza 1 is won by seat 0
    And vaza 2 is won by seat 1
    When the seats play: 1:Kh 2:6c 3:6d 0:Kd
    Then vaza 3 is tied
    And the hand is over
    And the score is 1 to 0

  @id:ene-pontuacao-014 @clause:ENE-PONTUACAO-7 @clause:ENE-TRUCO-3-ACEITAR
  Scenario: Truco or no truco: the third rodada tied in a trucada goes to who made a rodada first
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c 5d Kd |
      | 1    | 2c Ad Kh |
      | 2    | 4c 5c 6c |
      | 3    | 4d 4h 6d |
    When the seats play: 0:3c 1:2c 2:4c 3:4d 0:5d 1:Ad 2:5c 3:4h
    And seat 1 calls truco
    And seat 0 accepts
    And the seats play: 1:Kh 2:6c 3:6d 0:Kd
    Then vaza 3 is tied
    And the score is 3 to 0

  @id:ene-pontuacao-015 @clause:ENE-PONTUACAO-7
  Scenario: Tied top cards of one dupla are no empate: the first of them played takes the rodada (this rule set's reading)
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:3h 3:Ks
    Then vaza 1 is won by seat 0
    And it is seat 0's turn

  @id:ene-pontuacao-016 @clause:ENE-PONTUACAO-7
  Scenario: Tied top cards of one dupla: the partner who played first takes the rodada and leads, not the one who led
    Given a game of "enecomp" for 4 players
    And seat 1 deals
    And the deal: vira 6s
      | seat | cards    |
      | 0    | 4h 6c 6d |
      | 1    | 3s Jd 7d |
      | 2    | 5c 2h 6h |
      | 3    | 3d Js 7s |
    When the seats play: 2:5c 3:3d 0:4h 1:3s
    Then vaza 1 is won by seat 3
    And it is seat 3's turn

  @id:ene-pontuacao-017 @clause:ENE-PONTUACAO-7
  Scenario: A rodada taken on a tie of partners is a rodada made first: the second tied, that dupla wins
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd 2d 7d |
      | 2    | 3h Qh 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:3c 1:Kd 2:3h 3:Ks 0:2c 1:2d 2:6h 3:7s
    Then vaza 2 is tied
    And the hand is over
    And the hand has 2 vazas
    And the score is 1 to 0

  @id:ene-pontuacao-018 @clause:ENE-PONTUACAO-7
  Scenario: Two top cards of one dupla and an equal card of the other tie the rodada
    Given a game of "enecomp" for 4 players
    And the deal: vira 7c
      | seat | cards    |
      | 0    | 3c 6c 6d |
      | 1    | 3h Jd 7d |
      | 2    | 3s 2h 6h |
      | 3    | 5d Js 7s |
    When the seats play: 0:3c 1:3h 2:3s 3:5d
    Then vaza 1 is tied
    And it is seat 0's turn

  @id:ene-pontuacao-019 @clause:ENE-PONTUACAO-7 @clause:ENE-PONTUACAO-6
  Scenario: Three rodadas tied: nobody won two nor made one first, nobody scores and the deal passes on (this rule set's reading)
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 4c 6c 7c |
      | 3    | 4d 6d 7d |
    When the seats play: 0:3c 1:3h 2:4c 3:4d 0:2c 1:2h 2:6c 3:6d 0:Kd 1:Ks 2:7c 3:7d
    Then vaza 3 is tied
    And the hand is over
    And the score is 0 to 0
    And the game is not over
    And seat 0 deals the next hand

  @id:ene-pontuacao-020 @clause:ENE-PONTUACAO-7
  Scenario: Three rodadas tied in a trucada score nothing either (this rule set's reading)
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 4c 6c 7c |
      | 3    | 4d 6d 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:3h 2:4c 3:4d 0:2c 1:2h 2:6c 3:6d 0:Kd 1:Ks 2:7c 3:7d
    Then the hand is over
    And the score is 0 to 0

  @id:ene-pontuacao-021 @clause:ENE-PONTUACAO-7 @clause:ENE-ONZE-3
  Scenario: Differs from ATB (ties in a mão de onze) — three rodadas tied in a mão de onze give nobody any point
    Given a game of "enecomp" for 4 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kd |
      | 1    | 3h 2h Ks |
      | 2    | 4c 6c 7c |
      | 3    | 4d 6d 7d |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:3h 2:4c 3:4d 0:2c 1:2h 2:6c 3:6d 0:Kd 1:Ks 2:7c 3:7d
    Then the hand is over
    And the score is 11 to 5
    And the game is not over

  @id:ene-pontuacao-022 @clause:ENE-PONTUACAO-4
  Scenario: The points go to the dupla that wins the partida, whoever asked truco
    Given a game of "enecomp" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 4h Qh 6h |
      | 1    | 3c 2c 6d |
      | 2    | Kd Jd 7d |
      | 3    | Ks Js 7s |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:4h 1:3c 2:Kd 3:Ks 1:2c 2:Jd 3:Js 0:Qh
    Then the hand is over
    And the score is 0 to 3
