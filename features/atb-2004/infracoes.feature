Feature: ATB 2004 — infractions the referee reports (conversa, normas gerais)
  The referee may step in at any moment and report an infraction against the seat that committed
  it; the engine applies its penalty. "O tento em jogo" is what the hand is worth when it is
  reported, scored by the offender's opponents, and the hand ends (the deal passes on). A word of
  guidance costs the tento in play; "truca" said aloud is a truco called; looking at a partner's
  cards costs the tento, except in the team's own mão de onze; a confirmed illicit act, or a second
  warning, disqualifies the team; a card burned on purpose by the pé costs the tento, by accident
  only the deal; two cards thrown at once that beat the play win it, falling one by one loses it;
  seeing the bottom or top of the deck costs the tento. 1v1 unless the scenario says otherwise:
  seat 1 deals, seat 0 is the mão.

  @id:infracoes-001 @clause:ATB-CONVERSA-2
  Scenario: A word of guidance during a trucada costs the three tentos in play
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd
    And the referee reports "talking" against seat 0
    Then the hand is over
    And the score is 0 to 3
    And seat 0 deals the next hand

  @id:infracoes-002 @clause:ATB-CONVERSA-2
  Scenario: A partner who talks costs the team the tento, whoever is to play
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the referee reports "talking" against seat 2
    Then the hand is over
    And the score is 0 to 1

  @id:infracoes-003 @clause:ATB-CONVERSA-3
  Scenario: "Truca" said aloud out of turn is a truco the other side must answer
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "said_truco" against seat 1
    Then the legal actions of seat 0 are: accept fold truco
    And seat 1 has no legal action
    When seat 0 folds
    Then the hand is over
    And the score is 0 to 1

  @id:infracoes-004 @clause:ATB-CONVERSA-3
  Scenario: "Truca" said by the side that raised last changes nothing
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the referee reports "said_truco" against seat 0
    Then the hand is worth 3
    And the hand is not over
    And it is seat 0's turn
    And seat 1 has no legal action

  @id:infracoes-018 @clause:ATB-CONVERSA-3
  Scenario: "Truca" said in a hand already worth three tentos raises nothing
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the referee reports "said_truco" against seat 1
    Then the hand is worth 3
    And the hand is not over
    And it is seat 0's turn
    And seat 0 may play:3c
    And seat 0 may not accept

  @id:infracoes-005 @clause:ATB-CONVERSA-3 @clause:ATB-MAO-DE-ONZE-3 @clause:ATB-ESTRUTURA-1
  Scenario: "Truca" said in a mão de onze is a truco in it: three tentos to the other side
    Given a game of "atb-2004" for 2 players
    And the score is 11 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 decides to play the mão de onze
    And the referee reports "said_truco" against seat 1
    Then the hand is over
    And the score is 14 to 5
    And team 0 wins the game

  @id:infracoes-006 @clause:ATB-NORMAS-3 @clause:ATB-TRUCO-1
  Scenario: A truco called by a gesture is the truco: accepted, the hand is worth 3, and the seis 6
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    Then the hand is worth 3
    When seat 0 plays 3c
    And seat 1 calls truco
    And seat 0 accepts
    Then the hand is worth 6
    When the seats play: 1:Kd 0:2c 1:Jd
    Then the score is 6 to 0

  @id:infracoes-007 @clause:ATB-NORMAS-8
  Scenario: Looking at a partner's cards in a normal hand costs the tento in play
    Given a game of "atb-2004" for 4 players
    And the score is 3 to 5
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the seats play: 0:6d 1:Kd
    And the referee reports "looked_at_partner_cards" against seat 3
    Then the hand is over
    And the score is 4 to 5

  @id:infracoes-008 @clause:ATB-NORMAS-8 @clause:ATB-MAO-DE-ONZE-2 @clause:ATB-ESTRUTURA-1
  Scenario: In its own mão de onze a team may look at its partners' cards, its opponents may not
    Given a game of "atb-2004" for 4 players
    And the score is 11 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 2 tries to infraction:looked_at_partner_cards
    Then the action is refused with reason "partner_cards_may_be_seen"
    And the state is unchanged
    When seat 0 decides to play the mão de onze
    And the referee reports "looked_at_partner_cards" against seat 1
    Then the hand is over
    And the score is 14 to 3
    And team 0 wins the game

  @id:infracoes-009 @clause:ATB-NORMAS-8 @clause:ATB-MAO-DE-11-1 @clause:ATB-ESTRUTURA-1
  Scenario: At 11 a 11 nobody may look at a partner's cards
    Given a game of "atb-2004" for 4 players
    And the score is 11 to 11
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the referee reports "looked_at_partner_cards" against seat 0
    Then the hand is over
    And the score is 11 to 14
    And team 1 wins the game

  @id:infracoes-019 @clause:ATB-NORMAS-1
  Scenario: Marked cards disqualify at once, with no warning first: the other team wins the match
    Given a game of "atb-2004" for 4 players
    And the score is 3 to 9
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 0 plays 6d
    And the referee reports "marked_cards" against seat 3
    Then the hand is over
    And team 0 wins the match

  @id:infracoes-010 @clause:ATB-NORMAS-9 @clause:ATB-NORMAS-9a
  Scenario: An illicit act the referee confirms disqualifies the offenders, at any moment
    Given a game of "atb-2004" for 2 players
    And the score is 10 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And the referee reports "illicit_act" against seat 0
    Then the hand is over
    And team 1 wins the match

  @id:infracoes-011 @clause:ATB-NORMAS-9 @clause:ATB-NORMAS-9b @clause:ATB-NORMAS-9a
  Scenario: A warning changes nothing in play; a second warning against the team disqualifies it
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When the referee reports "warning" against seat 1
    Then the hand is not over
    And the score is 0 to 0
    And the match is not over
    And it is seat 0's turn
    When the seats play: 0:6d 1:Kd
    And the referee reports "warning" against seat 0
    Then the match is not over
    When the referee reports "warning" against seat 3
    Then the hand is over
    And team 0 wins the match

  @id:infracoes-012 @clause:ATB-NORMAS-10
  Scenario: A card burned on purpose by the pé costs the tento and the deal
    Given a game of "atb-2004" for 2 players
    And the score is 2 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "burned_card" against seat 1
    Then the hand is over
    And the score is 3 to 2
    And seat 0 deals the next hand

  @id:infracoes-013 @clause:ATB-NORMAS-10
  Scenario: A card burned by accident passes the deal on and nobody scores
    Given a game of "atb-2004" for 2 players
    And the score is 2 to 2
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "burned_card_by_accident" against seat 1
    Then the hand is over
    And the score is 2 to 2
    And seat 0 deals the next hand

  @id:infracoes-014 @clause:ATB-NORMAS-10
  Scenario: The penalty for a card burned on purpose is the pé's: reported against another seat, it is refused
    Given a game of "atb-2004" for 4 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
      | 2    | 3h 2h 6h |
      | 3    | Ks Js 7s |
    When seat 1 tries to infraction:burned_card
    Then the action is refused with reason "not_the_dealer"
    And the state is unchanged

  @id:infracoes-015 @clause:ATB-NORMAS-15
  Scenario: Two cards thrown at once that beat the play win the hand for the thrower's side
    Seat 1 leads the second vaza with the J; seat 0 throws down its 3 and 2 together, either of
    which beats it (the referee judges that they do, and reports it).
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:6d 1:7d 1:Jd
    And the referee reports "two_cards_at_once" against seat 0
    Then the hand is over
    And the score is 3 to 0

  @id:infracoes-016 @clause:ATB-NORMAS-15
  Scenario: Two cards that fall one at a time in a wrong play lose the tento in play
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the seats play: 0:6d 1:7d
    And the referee reports "cards_fell_one_by_one" against seat 1
    Then the hand is over
    And the score is 1 to 0

  @id:infracoes-017 @clause:ATB-NORMAS-16
  Scenario: A player who sees the bottom or the top of the deck loses the tento, and the deal passes
    Given a game of "atb-2004" for 2 players
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "saw_the_deck" against seat 0
    Then the hand is over
    And the score is 0 to 1
    And seat 0 deals the next hand

  @id:infracoes-020 @clause:ATB-NORMAS-9b
  Scenario: Melhor de três — the ficha lasts the match: a warning in the first partida and another in the second disqualify the team
    Given a game of "melhor-de-tres" for 2 players
    And the score is 9 to 3
    And the deal: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    When the referee reports "warning" against seat 1
    And seat 0 calls truco
    And seat 1 accepts
    And the seats play: 0:3c 1:Kd 0:2c 1:Jd
    Then team 0 wins the game
    And the match is not over
    When the next deal is: vira 4s
      | seat | cards    |
      | 0    | 3c 2c 6d |
      | 1    | Kd Jd 7d |
    And the referee reports "warning" against seat 1
    Then the hand is over
    And team 0 wins the match
