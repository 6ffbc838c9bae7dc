Feature: Where the regulations disagree — the same table under each rule set
  Each scenario plays one table (deal, score, actions) under ATB 2004, FPT 1983 and Enecomp and
  expects what each regulation says there (../shared/regulations/README.md lists the points). An
  engine that plays one rule set the way another does fails the row of that rule set. Four players,
  so that Enecomp (four players only) can sit at the same table.

  @id:desacordos-001 @clause:ATB-NORMAS-11 @clause:FPT-TOMBO-c @clause:ENE-OBS-1
  Scenario Outline: A card covered in the first vaza — refused under ATB, played and worth nothing under FPT and Enecomp
    Given a game of "<ruleset>" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 tries to play_covered:3c
    Then the action is <covering>

    Examples:
      | ruleset  | covering                                     |
      | atb-2004 | refused with reason "covered_in_first_vaza"  |
      | fpt-1983 | accepted                                     |
      | enecomp  | accepted                                     |

  @id:desacordos-002 @clause:ATB-MAO-DE-ONZE-3 @clause:FPT-MAO-DE-ONZE-3 @clause:ENE-ONZE-4
  Scenario Outline: A truco called in a mão de onze — three tentos to the other side under ATB and FPT, refused under Enecomp
    Given a game of "<ruleset>" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    And seat 0 tries to truco
    Then the action is <calling>
    And the hand is <hand>
    And the score is <score>

    Examples:
      | ruleset  | calling                                     | hand     | score   |
      | atb-2004 | accepted                                    | over     | 11 to 6 |
      | fpt-1983 | accepted                                    | over     | 11 to 6 |
      | enecomp  | refused with reason "truco_in_mao_de_onze"  | not over | 11 to 3 |

  @id:desacordos-003 @clause:ATB-MAO-DE-ONZE-5 @clause:FPT-MAO-DE-ONZE-5 @clause:ENE-PONTUACAO-7
  Scenario Outline: Three tied vazas with one side alone at 11 — three tentos to its opponents under ATB and FPT, nothing under Enecomp
    Given a game of "<ruleset>" for 4 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c Kc |
      | 1    | 3d 2d Kd |
      | 2    | 4h Qh 6h |
      | 3    | Qs Js 7s |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:3d 2:4h 3:Qs 0:2c 1:2d 2:Qh 3:Js 0:Kc 1:Kd 2:6h 3:7s
    Then vaza 3 is tied
    And the hand is over
    And the score is <score>

    Examples:
      | ruleset  | score   |
      | atb-2004 | 11 to 8 |
      | fpt-1983 | 11 to 8 |
      | enecomp  | 11 to 5 |

  @id:desacordos-004 @clause:ATB-MAO-DE-11-1 @clause:FPT-MAO-DE-ONZE-4 @clause:ENE-FERRO-1
  Scenario Outline: At 11 a 11 — a hand worth 3 with no truco, cards seen, under ATB and FPT; the mão de ferro, blind, worth 1, under Enecomp
    Given a game of "<ruleset>" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    Then the hand is worth <stake>
    And seat 0 <may> truco
    And seat 0 <sees> the cards of seat 0

    Examples:
      | ruleset  | stake | may     | sees         |
      | atb-2004 | 3     | may not | sees         |
      | fpt-1983 | 3     | may not | sees         |
      | enecomp  | 1     | may     | does not see |

  @id:desacordos-005 @clause:ATB-TEMPO-e @clause:FPT-TEMPO-e @clause:ENE-PONTUACAO-2
  Scenario Outline: The first game won — atb-2004 plays one partida (ATB's matches are its melhor-de-tres and melhor-de-cinco variants), FPT a match of five, Enecomp a match of two séries
    Given a game of "<ruleset>" for 4 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 4h Qh 6h |
      | 3    | Ks Js 7s |
    When seat 0 decides to play the mão de onze
    And the seats play: 0:3c 1:Kd 2:4h 3:Ks 0:2c 1:Jd 2:Qh 3:Js
    Then team 0 wins the game
    And <match>

    Examples:
      | ruleset  | match                 |
      | atb-2004 | team 0 wins the match |
      | fpt-1983 | the match is not over |
      | enecomp  | the match is not over |

  @id:desacordos-006 @clause:ATB-EMPATE-3 @clause:FPT-EMPATE-1a @clause:ENE-PONTUACAO-7
  Scenario Outline: A third vaza tied after one each, in a trucada called on an exposed card — the first vaza's winner under ATB and Enecomp, the caller loses under FPT
    Given a game of "<ruleset>" for 4 players
    And the deal: vira Kc
      | seat | cards    |
      | 0    | 3c 6d 7c |
      | 1    | Qd 2h 7s |
      | 2    | 4h 4s 5h |
      | 3    | 4d 5d 5s |
    When the seats play: 0:3c 1:Qd 2:4h 3:4d 0:6d 1:2h 2:4s 3:5d
    Then vaza 2 is won by seat 1
    When seat 1 plays 7s
    And seat 2 calls truco
    And seat 3 accepts
    And the seats play: 2:5h 3:5s 0:7c
    Then vaza 3 is tied
    And the hand is over
    And the score is <score>

    Examples:
      | ruleset  | score  |
      | atb-2004 | 3 to 0 |
      | fpt-1983 | 0 to 3 |
      | enecomp  | 3 to 0 |

  @id:desacordos-007 @clause:ATB-EMPATE-1a @clause:FPT-EMPATE-1a @clause:ENE-PONTUACAO-7
  Scenario Outline: A first vaza won and the second tied, in a trucada its winner called on an exposed card — the caller loses under ATB and FPT, wins under Enecomp
    Given a game of "<ruleset>" for 4 players
    And the deal: vira Kc
      | seat | cards    |
      | 0    | 3c 6d 7c |
      | 1    | Qd 2h 7s |
      | 2    | 4h 2s 5h |
      | 3    | 4d 5d 5s |
    When the seats play: 0:3c 1:Qd 2:4h 3:4d 0:6d 1:2h
    And seat 2 calls truco
    And seat 3 accepts
    And the seats play: 2:2s 3:5d
    Then vaza 2 is tied
    And the hand is over
    And the score is <score>

    Examples:
      | ruleset  | score  |
      | atb-2004 | 0 to 3 |
      | fpt-1983 | 0 to 3 |
      | enecomp  | 3 to 0 |

