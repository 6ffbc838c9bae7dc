#!/usr/bin/env node
// A small Truco Paulista engine, written from scratch, that speaks the truco-dsl engine protocol.
//
//   node conformance/examples/node/truco_example.mjs          (node 18 or newer, no npm packages)
//   truco conform --ruleset atb-2004 --engine 'node conformance/examples/node/truco_example.mjs'
//
// It plays the ATB 2004 regulation (spec/sources/atb-2004.md) and its variants, hard-coded: this is
// an example of what an engine must do to pass the atb-2004 suite, not an interpreter of rule
// files. Comments cite the clause ids of spec/rulesets/paulista.yaml and atb-2004.yaml, where each
// rule is written with the regulation's words and the reading taken where the text is unclear.
//
// The protocol (conformance/PROTOCOL.md): one JSON request per line on stdin, one JSON reply per line
// on stdout, each reply echoing the request's `seq`. Diagnostics go to stderr, never stdout.
//
// The file follows a hand: 1 the rule sets and the cards, 2 starting a game and dealing, 3 what a
// seat may do (legal actions and refusals), 4 playing a card and closing a vaza, 5 the truco,
// 6 the mão de onze, 7 the referee's infractions, 8 points and the end of a hand, a game, a match,
// 9 the canonical state, 10 counting lines of play (perft), 11 the protocol loop.
//
// Seats are 0.. in the order of play; team = seat % 2. Points are tentos.

import readline from "node:readline";

const NAME = "truco-example-node";
const VERSION = "1.0.0";
const PROTOCOL = 1;

// ================================================================ 1. The rule sets and the cards

// ATB-BARALHO-1/2: one deck without 8, 9, 10 and jokers; weakest first: 4 5 6 7 Q J K A 2 3.
const ATB_RANKS = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"];
const SUITS = ["c", "h", "s", "d"];
// ATB-MANILHAS-3: among manilhas paus > copas > espadas > ouros (weakest first here).
const MANILHA_SUITS = ["d", "s", "h", "c"];
// ATB-MANILHA-VELHA-1: the old fixed manilhas, weakest first: 7♦ A♠ 7♥ 4♣ (the zap).
const FIXED_MANILHAS = ["7d", "As", "7h", "4c"];

// atb-2004 plays one partida (a game to 12) dealt by Tombo na Última; the variants change one thing.
const ATB = {
  id: "atb-2004",
  players: [2, 4, 6],          // ATB-TRUCO-4: duplas / trios; 1v1 too
  ranks: ATB_RANKS,
  manilha: "vira",             // ATB-MANILHAS-1: the rank after the vira's; "fixed": manilha velha
  packet: 3,                   // ATB-TOMBO-1: three cards together to each seat, the vira after them
  matchWins: 1,                // a single partida
  timeLimit: "decider",        // ATB-TEMPO-e: the time up, the game is decided afresh in 3 tentos
};
const RULESETS = {
  "atb-2004": ATB,
  // ATB-VARIANTES-2: baralho limpo, without the 4 5 6 7 (a vira 3 makes the Q the manilha)
  "baralho-limpo": { ...ATB, id: "baralho-limpo", ranks: ["Q", "J", "K", "A", "2", "3"] },
  // ATB-MANILHA-VELHA-1/2: no vira, the manilhas always the same four cards
  "manilha-velha": { ...ATB, id: "manilha-velha", manilha: "fixed" },
  // ATB-JOGO-LIVRE-1: cards dealt "picadas", one at a time (but at 11 a 11, ATB-MAO-DE-ONZE-1)
  "jogo-livre": { ...ATB, id: "jogo-livre", packet: 1 },
  // ATB-TEMPO-e: competitions of three or five partidas
  "melhor-de-tres": { ...ATB, id: "melhor-de-tres", matchWins: 2 },
  // ATB-TEMPO-e.best-of-five: its time run out disqualifies both sides (no decider)
  "melhor-de-cinco": { ...ATB, id: "melhor-de-cinco", matchWins: 3, timeLimit: "disqualify_both" },
};

// The truco ladder (ATB-ESTRUTURA-1, ATB-TRUCO-1..3): 1, truco 3, seis 6, nove 9, doze 12.
const LADDER = [1, 3, 6, 9, 12];
const TARGET = 12;   // ATB-ESTRUTURA-1: the game to 12 points

// The referee's reports (atb-2004.yaml referee.infractions), taken as `infraction:<kind>`.
const INFRACTIONS = [
  "misdeal", "misdeal_own_side", "wrong_card_count", "deal_timeout", "decision_timeout", "time_limit",
  "talking", "said_truco", "looked_at_partner_cards", "marked_cards", "warning", "illicit_act",
  "burned_card", "burned_card_by_accident", "two_cards_at_once", "cards_fell_one_by_one", "saw_the_deck",
];

const CARD = /^(4|5|6|7|Q|J|K|A|2|3)([chsd])$/;

function deckOf(rules) {
  return rules.ranks.flatMap((rank) => SUITS.map((suit) => rank + suit));
}

// The strength of every card of the deck for a hand: ordinary cards by rank (ATB-BARALHO-2/3, the
// suit changes nothing, ATB-BARALHO-4), manilhas above every 3 (ATB-MANILHAS-2), ordered by suit.
// A covered card is worth 0 (ATB-JOGO-LIVRE-2).
function strengthsOf(rules, vira) {
  let manilhas;
  if (rules.manilha === "fixed") {
    manilhas = FIXED_MANILHAS;
  } else {
    // ATB-MANILHAS-1/4: the rank after the vira's, in the deck's order, wrapping from the 3 to the 4
    const rank = rules.ranks[(rules.ranks.indexOf(vira[0]) + 1) % rules.ranks.length];
    manilhas = MANILHA_SUITS.map((suit) => rank + suit);
  }
  const strengths = {};
  for (const card of deckOf(rules)) {
    const manilha = manilhas.indexOf(card);
    strengths[card] = manilha >= 0 ? rules.ranks.length + 1 + manilha : rules.ranks.indexOf(card[0]) + 1;
  }
  return { strengths, manilhas: [...manilhas].reverse() };
}

const teamOf = (seat) => seat % 2;
const opponents = (team) => 1 - team;

// A refused action: `reason` is the code the scenarios expect; nothing may have changed.
class Refusal extends Error {
  constructor(reason, detail) {
    super(detail);
    this.reason = reason;
  }
}
const refuse = (reason, detail) => { throw new Refusal(reason, detail); };

// A new_game / next_hand the engine cannot carry out (the protocol's setup_refused).
class SetupRefused extends Error {}

// Every event an action causes, in order (the protocol leaves their fields to the engine).
function emit(game, type, fields = {}) {
  game.events.push({ type, ...fields });
}

// A seeded shuffle (mulberry32): the same seed deals the same cards.
function nextRandom(game) {
  game.rng = (game.rng + 0x6d2b79f5) >>> 0;
  let t = game.rng;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// ================================================================ 2. Starting a game and dealing

// The whole game is plain data, so that a copy (structuredClone) can be played on to search lines.
function newGame({ ruleset, players, dealer, scores, games_won, seed }) {
  const rules = RULESETS[ruleset];
  if (!rules) throw new SetupRefused(`${NAME} does not play ${ruleset}`);
  if (!rules.players.includes(players)) throw new SetupRefused(`${ruleset} is played by ${rules.players.join(", ")} players`);
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) throw new SetupRefused(`dealer must be a seat from 0 to ${players - 1}`);
  return {
    ruleset,
    players,
    score: [...scores],
    gamesWon: [...(games_won ?? [0, 0])],
    target: TARGET,
    nextDealer: dealer,
    winner: null,          // the match's winner (a single partida in atb-2004)
    disqualified: false,   // the match ended with both sides disqualified
    gameWinner: null,      // the winner of the partida being (or just) played
    gameWon: false,        // a partida is won and the match goes on: the next deal starts a new one
    gameNumber: 1,
    timeUp: false,         // ATB-TEMPO-e: the referee has reported the time of this partida up
    infractions: {},       // "team:kind" -> reports in this partida
    matchInfractions: {},  // "team:kind" -> reports in the match (ATB-NORMAS-9b: the ficha)
    rng: (seed ?? Date.now()) >>> 0,
    hand: null,
    handCount: 0,
    events: [],
  };
}

function phase(game) {
  if (game.winner !== null || game.disqualified) return "game_over";
  if (game.hand === null || game.hand.over) return "deal";
  return "play";
}

// Deal a hand: forced (`deal` = {hands, vira}) or shuffled (`deal` null). Returns its events.
function dealHand(game, deal) {
  const rules = RULESETS[game.ruleset];
  if (phase(game) !== "deal") throw new SetupRefused(phase(game) === "game_over" ? "the game is over" : "a hand is still being played");
  game.events = [];
  if (game.gameWon) {
    // ATB-TEMPO-e: each partida of a match starts from 0 a 0 (the deal goes on round the table)
    Object.assign(game, { gameWon: false, gameWinner: null, score: [0, 0], target: TARGET, timeUp: false, infractions: {} });
    game.gameNumber += 1;
    game.handCount = 0;
  }
  const dealer = game.nextDealer;
  const { hands, vira } = deal ? forcedDeal(game, rules, deal) : shuffledDeal(game, rules, dealer);
  const { strengths, manilhas } = strengthsOf(rules, vira);
  game.handCount += 1;
  const hand = {
    number: game.handCount,
    dealer,
    maoSeat: (dealer + 1) % game.players,  // ATB-JOGO-LIVRE-1: the seat after the dealer is the mão
    vira,
    manilhas,
    strengths,
    hands,
    stake: LADDER[0],                       // ATB-ESTRUTURA-1: a hand is worth 1 at first
    turn: null,
    tricks: [],
    raisedBy: null,                         // the team that raised last
    raiseExposed: false,                    // whether that raise was called on an exposed card
    pending: null,                          // a raise waiting for its answer: {team, seat, before, to, exposed}
    maoDeOnze: false,
    maoDeOnzeTeam: null,
    decisionPending: null,                  // the team that must decide the mão de onze
    partnersSee: [],                        // teams whose partners see each other's cards
    over: false,
    closed: false,
  };
  game.hand = hand;
  emit(game, "hand_dealt", { hand: hand.number, game: game.gameNumber, dealer, vira });
  startMaoDeOnze(game);                     // section 6
  startTrick(game, hand.maoSeat);           // ATB-JOGO-LIVRE-1: the mão leads the first vaza
  return finish(game);
}

function forcedDeal(game, rules, deal) {
  const deck = new Set(deckOf(rules));
  const seen = new Set();
  if (!Array.isArray(deal.hands) || deal.hands.length !== game.players) throw new SetupRefused(`a forced deal needs ${game.players} hands`);
  deal.hands.forEach((cards, seat) => {
    if (cards.length !== 3) throw new SetupRefused(`seat ${seat} gets ${cards.length} cards; ${rules.id} deals 3`);  // ATB-ESTRUTURA-2
    for (const card of cards) {
      if (!deck.has(card)) throw new SetupRefused(`${card} is not in the ${rules.id} deck`);
      if (seen.has(card)) throw new SetupRefused(`${card} is dealt twice`);
      seen.add(card);
    }
  });
  const vira = deal.vira ?? null;
  if (rules.manilha === "vira" && vira === null) throw new SetupRefused(`${rules.id} turns a vira; the forced deal needs one`);
  if (rules.manilha === "fixed" && vira !== null) throw new SetupRefused(`${rules.id} turns no vira`);  // ATB-MANILHA-VELHA-2
  if (vira !== null && (!deck.has(vira) || seen.has(vira))) throw new SetupRefused(`the vira ${vira} is ${seen.has(vira) ? "in a hand" : "not in the deck"}`);
  return { hands: deal.hands.map((cards) => [...cards]), vira };
}

function shuffledDeal(game, rules, dealer) {
  const cards = deckOf(rules);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(nextRandom(game) * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  // ATB-TOMBO-1: packets round the table from the seat after the pé, the vira turned after them
  // (Jogo Livre: one card at a time, but in sequence at 11 a 11, ATB-MAO-DE-ONZE-1).
  const packet = game.score[0] === 11 && game.score[1] === 11 ? 3 : rules.packet;
  const hands = Array.from({ length: game.players }, () => []);
  while (hands.some((held) => held.length < 3)) {
    for (let k = 1; k <= game.players; k++) {
      const held = hands[(dealer + k) % game.players];
      for (let take = Math.min(packet, 3 - held.length); take > 0; take--) held.push(cards.pop());
    }
  }
  const vira = rules.manilha === "vira" ? cards.pop() : null;
  return { hands, vira };
}

function startTrick(game, leader) {
  const hand = game.hand;
  hand.tricks.push({ number: hand.tricks.length + 1, leader, plays: [], winnerSeat: null, tied: false });
  hand.turn = leader;
}

// ================================================================ 3. What a seat may do

// Check an action without changing anything: returns what it would do, or throws a Refusal.
// The order of the checks is the order of the refusal reasons the scenarios expect.
function check(game, seat, action) {
  const hand = game.hand;
  if (phase(game) !== "play") refuse(phase(game) === "game_over" ? "game_over" : "no_hand_in_play", "no hand is being played");
  if (!Number.isInteger(seat) || seat < 0 || seat >= game.players) refuse("unknown_seat", `seat must be 0 to ${game.players - 1}`);
  const team = teamOf(seat);
  const colon = action.indexOf(":");
  const kind = colon < 0 ? action : action.slice(0, colon);
  const argument = colon < 0 ? "" : action.slice(colon + 1);

  if (kind === "infraction") {
    if (!INFRACTIONS.includes(argument)) refuse("unknown_infraction", `${game.ruleset} has no infraction ${argument}`);
    checkInfraction(game, seat, team, argument);  // section 7
    return { kind, seat, team, infraction: argument };
  }
  if (kind === "show_cards" && !argument) {
    checkShowCards(game, seat, team);             // section 6
    return { kind, seat, team };
  }
  if ((kind === "play" || kind === "play_covered") && !CARD.test(argument)) refuse("unknown_card", `${argument} is not a card`);
  if (kind === "mao_de_onze" && argument !== "play" && argument !== "fold") refuse("unknown_action", "mao_de_onze:play or mao_de_onze:fold");
  if (!["play", "play_covered", "play_blind", "mao_de_onze", "truco", "accept", "fold"].includes(kind)
      || (["truco", "accept", "fold"].includes(kind) && argument)) {
    refuse("unknown_action", `unknown action ${action}`);
  }

  // ATB-MAO-DE-11-1: while the side at 11 decides, nothing else happens (ATB-DECISOES-1: the first
  // partner's decision stands; afterwards there is no decision to take)
  if (hand.decisionPending !== null) {
    if (kind !== "mao_de_onze") refuse("mao_de_onze_pending", `team ${hand.decisionPending} must first decide the mão de onze`);
    if (team !== hand.decisionPending) refuse("not_your_decision", `the mão de onze is team ${hand.decisionPending}'s to decide`);
    return { kind: "decide", seat, team, decision: argument };
  }
  if (kind === "mao_de_onze") refuse("no_decision_pending", "there is no mão de onze decision to take");

  // ATB-TRUCO-2: a raise is answered (accept, fold, or the next step) by the other side, before
  // anything else; any seat of that side may answer, and the first answer stands (ATB-DECISOES-1)
  if (hand.pending !== null) {
    if (!["accept", "fold", "truco"].includes(kind)) refuse("raise_pending", `the raise to ${hand.pending.to} must first be answered`);
    if (team === hand.pending.team) refuse("raise_pending", "the other side must answer your raise first");
    if (kind === "truco") checkRaise(game, team, hand.pending.to);  // a raise as an answer is a raise too
    return { kind: "respond", seat, team, response: kind };
  }
  if (kind === "accept" || kind === "fold") refuse("no_raise_pending", `there is no raise to ${kind}`);  // F12

  // ATB-TRUCO-1: a player calls truco, or plays, on his turn
  if (seat !== hand.turn) refuse("not_your_turn", `it is seat ${hand.turn}'s turn`);
  if (kind === "truco") {
    const foul = checkRaise(game, team, hand.stake);
    return { kind: "raise", seat, team, foul };
  }
  if (kind === "play_blind") refuse("not_blind", "this hand is not played blind");
  if (!hand.hands[seat].includes(argument)) refuse("card_not_in_hand", `seat ${seat} does not hold ${argument}`);
  const covered = kind === "play_covered";
  // ATB-NORMAS-11: no card is covered in the first vaza
  if (covered && currentTrick(hand).number === 1) refuse("covered_in_first_vaza", "na primeira vaza não se pode encobrir cartas");
  return { kind: "play", seat, team, card: argument, covered };
}

// The actions a seat may take now, sorted. A foul (a truco in a mão de onze) is never listed, and
// neither are the referee's reports.
function legalActions(game, seat) {
  const hand = game.hand;
  if (phase(game) !== "play" || !(seat >= 0 && seat < game.players)) return [];
  const team = teamOf(seat);
  let candidates;
  if (hand.decisionPending !== null) {
    candidates = team === hand.decisionPending ? ["mao_de_onze:play", "mao_de_onze:fold"] : [];
  } else if (hand.pending !== null) {
    candidates = team !== hand.pending.team ? ["accept", "fold", "truco"] : [];
  } else if (seat === hand.turn) {
    const cards = hand.hands[seat];
    candidates = [...cards.map((card) => `play:${card}`), ...cards.map((card) => `play_covered:${card}`), "truco"];
  } else {
    candidates = [];
  }
  candidates.push("show_cards");  // ATB-MAO-DE-ONZE-6: when and by whom, checkShowCards says
  return candidates.filter((action) => {
    try {
      return !check(game, seat, action).foul;
    } catch (problem) {
      if (problem instanceof Refusal) return false;
      throw problem;
    }
  }).sort();
}

// Take an action: check it, then carry it out. Returns its events.
function act(game, seat, action) {
  const move = check(game, seat, action);
  game.events = [];
  if (move.kind === "play") playCard(game, move);
  else if (move.kind === "raise") raise(game, move);
  else if (move.kind === "respond") respond(game, move);
  else if (move.kind === "decide") decideMaoDeOnze(game, move);
  else if (move.kind === "show_cards") showCards(game, move);
  else reportInfraction(game, move);
  return finish(game);
}

// ================================================================ 4. Playing a card, closing a vaza

const currentTrick = (hand) => hand.tricks[hand.tricks.length - 1];

function playCard(game, { seat, card, covered }) {
  const hand = game.hand;
  const trick = currentTrick(hand);
  hand.hands[seat].splice(hand.hands[seat].indexOf(card), 1);
  trick.plays.push({ seat, card, covered });
  emit(game, "card_played", { seat, card, covered, trick: trick.number });
  if (trick.plays.length < game.players) {
    hand.turn = (seat + 1) % game.players;  // counterclockwise: the next seat in the order of play
  } else {
    closeTrick(game, trick);
  }
}

function takeTrick(game, trick, seat, clause) {
  trick.tied = false;
  trick.winnerSeat = seat;
  emit(game, "trick_won", { trick: trick.number, seat, team: teamOf(seat), clause });
}

function closeTrick(game, trick) {
  const hand = game.hand;
  const powers = trick.plays.map((play) => (play.covered ? 0 : hand.strengths[play.card]));
  const top = Math.max(...powers);
  const topPlays = trick.plays.filter((play, index) => powers[index] === top);
  hand.turn = null;
  if (topPlays.length === 1) {
    takeTrick(game, trick, topPlays[0].seat, "ATB-ESTRUTURA-3");
  } else {
    trick.tied = true;
    emit(game, "trick_tied", { trick: trick.number, seats: topPlays.map((play) => play.seat) });
    // ATB-EMPATE-2: tied top cards of one team: the first of them played takes the vaza
    if (new Set(topPlays.map((play) => teamOf(play.seat))).size === 1) takeTrick(game, trick, topPlays[0].seat, "ATB-EMPATE-2");
  }
  // ATB-EMPATE-2.lead: who takes a vaza leads the next; ATB-EMPATE-1.lead: after a tied vaza, the
  // seat that led it leads again (no text says; the rule file's reading)
  const nextLeader = trick.tied ? trick.leader : trick.winnerSeat;
  decideHand(game);
  if (!hand.over) startTrick(game, nextLeader);
}

// After each vaza: is the hand decided? The clauses in the order atb-2004.yaml runs them.
function decideHand(game) {
  const hand = game.hand;
  const [first, second] = [hand.tricks[0], hand.tricks[1] ?? { tied: false }];
  const trick = currentTrick(hand);
  const n = trick.number;
  const winnerTeam = (t) => teamOf(t.winnerSeat);
  const allTied = n === 3 && first.tied && second.tied && trick.tied;
  const raised = hand.raisedBy !== null;
  // ATB-ESTRUTURA-3: two vazas won take the hand, worth its stake
  if (!trick.tied && hand.tricks.filter((t) => t.winnerSeat !== null && winnerTeam(t) === winnerTeam(trick)).length === 2) {
    return winHand(game, winnerTeam(trick), "ATB-ESTRUTURA-3");
  }
  // ATB-EMPATE-1: first vaza tied, the second decides "mesmo com trucada"
  if (n === 2 && first.tied && !trick.tied) return winHand(game, winnerTeam(trick), "ATB-EMPATE-1");
  // ATB-EMPATE-1-EX: first and second tied, the third decides
  if (n === 3 && first.tied && second.tied && !trick.tied) return winHand(game, winnerTeam(trick), "ATB-EMPATE-1-EX");
  // ATB-EMPATE-3: third vaza tied, the winner of the first takes the hand, trucada or not
  if (n === 3 && trick.tied && !first.tied) return winHand(game, winnerTeam(first), "ATB-EMPATE-3");
  // ATB-EMPATE-3.second: first won and second tied, without a trucada (or in a mão de onze): the
  // first vaza's winner takes the hand (the common rule; ATB is silent)
  if (n === 2 && trick.tied && !first.tied && (!raised || hand.maoDeOnze)) return winHand(game, winnerTeam(first), "ATB-EMPATE-3.second");
  // ATB-EMPATE-TODAS: three tied without trucada (not a mão de onze): nobody scores
  if (allTied && !hand.maoDeOnze && !raised) return endHand(game);
  // ATB-MAO-DE-ONZE-5: three tied with one team alone at 11: its opponents score 3
  if (allTied && hand.maoDeOnzeTeam !== null) {
    award(game, opponents(hand.maoDeOnzeTeam), 3, "ATB-MAO-DE-ONZE-5");
    return endHand(game);
  }
  // ATB-MAO-DE-ONZE-4: three tied at 11 a 11: nobody scores
  if (allTied && hand.maoDeOnze) return endHand(game);
  // ATB-EMPATE-1a / 1b: a hand the tie decides in a trucada (all three tied, or the first won and
  // the second tied): who raised last on an exposed card loses it, in the dark wins it
  if (trick.tied && ((n === 3 && first.tied) || (n === 2 && !first.tied)) && !hand.maoDeOnze && raised) {
    if (hand.raiseExposed) return winHand(game, opponents(hand.raisedBy), "ATB-EMPATE-1a");
    return winHand(game, hand.raisedBy, "ATB-EMPATE-1b");
  }
  return undefined;  // the hand goes on to the next vaza
}

// ================================================================ 5. The truco

// Whether a raise by `team` of a hand worth `before` may be called. Throws the refusal; returns
// true for a foul (the raise is no legal choice, but if taken it is penalised, ATB-MAO-DE-ONZE-3).
function checkRaise(game, team, before) {
  const hand = game.hand;
  const to = LADDER.find((step) => step > before) ?? null;
  // ATB-TRUCO-4: the side that raised last cannot raise again
  if (hand.raisedBy === team) refuse("raised_last", "o jogador, dupla ou trio que pediu Truco não pode pedir Seis");
  // ATB-TRUCO-3: nothing above doze
  if (to === null) refuse("no_higher_stake", "não existe um Quinze");
  // ATB-EMPATE-1c/1d: "o limite dos tentos": after a tied vaza, a side the hand already takes to
  // the game (score + what the hand is worth >= 12) may not raise it (not in a mão de onze)
  const tiedVaza = hand.tricks.slice(0, 2).some((trick) => trick.tied);
  if (tiedVaza && game.score[team] + before >= game.target && !hand.maoDeOnze) refuse("above_the_limit", "quem tem nove tentos não pode retrucar com seis");
  // ATB-MAO-DE-ONZE-3 (ATB-MAO-DE-11-2): no truco in a mão de onze; called anyway, it costs 3
  if (hand.maoDeOnze) return true;
  // ATB-TEMPO-e.sem-truco: the decider after the time is up is played without truco
  if (game.timeUp) refuse("no_truco_after_time_limit", "o jogo será decidido em 03 tentos sem truco");
  return false;
}

// Em carta exposta: an opponent's card lies face up in the vaza being played (ATB-EMPATE-1a).
function exposed(hand, team) {
  return currentTrick(hand).plays.some((play) => teamOf(play.seat) !== team && !play.covered);
}

function raise(game, { seat, team, foul }) {
  const hand = game.hand;
  if (foul) {
    // ATB-MAO-DE-ONZE-3: "quem trucar em mão de 11, perderá três tentos": the opponents score 3
    emit(game, "foul", { seat, team, reason: "truco_in_mao_de_onze", clause: "ATB-MAO-DE-ONZE-3" });
    award(game, opponents(team), 3, "ATB-MAO-DE-ONZE-3");
    return endHand(game);
  }
  callRaise(game, seat, hand.stake);
}

function callRaise(game, seat, before) {
  const hand = game.hand;
  const team = teamOf(seat);
  const proposal = { team, seat, before, to: LADDER.find((step) => step > before), exposed: exposed(hand, team) };
  hand.pending = proposal;
  hand.raisedBy = team;
  hand.raiseExposed = proposal.exposed;
  emit(game, "stake_raised", proposal);
}

function respond(game, { seat, team, response }) {
  const hand = game.hand;
  const pending = hand.pending;
  hand.pending = null;
  if (response === "fold") {
    // ATB-TRUCO-2.fold: who runs gives the raiser what the hand was worth before the raise
    emit(game, "raise_folded", { seat, team, to: pending.to });
    award(game, pending.team, pending.before, "ATB-TRUCO-2.fold");
    return endHand(game);
  }
  // ATB-TRUCO-2: accepted, the hand is worth the raise; asking the next step accepts it first
  emit(game, "raise_accepted", { seat, team, to: pending.to });
  setStake(game, pending.to, "ATB-TRUCO-2");
  if (response === "truco") callRaise(game, seat, pending.to);  // ATB-TRUCO-3: seis, nove, doze
}

function setStake(game, stake, clause) {
  if (game.hand.stake !== stake) {
    game.hand.stake = stake;
    emit(game, "stake_set", { stake, clause });
  }
}

// ================================================================ 6. The mão de onze

function startMaoDeOnze(game) {
  const hand = game.hand;
  const at11 = [0, 1].filter((team) => game.score[team] === 11);
  if (at11.length === 0) return;
  // ATB-MAO-DE-11-1: a team alone at 11 decides whether the hand is played; at 11 a 11 it is a
  // mão de onze too, that nobody decides (ATB-MAO-DE-11-1.both)
  hand.maoDeOnze = true;
  hand.maoDeOnzeTeam = at11.length === 1 ? at11[0] : null;
  hand.decisionPending = hand.maoDeOnzeTeam;
  emit(game, "mao_de_onze", { team: hand.maoDeOnzeTeam, clause: "ATB-MAO-DE-11-1" });
  // ATB-MAO-DE-ONZE-2: the partners of the team alone at 11 see each other's cards
  if (hand.maoDeOnzeTeam !== null) hand.partnersSee.push(hand.maoDeOnzeTeam);
  // ATB-MAO-DE-11-3: it is worth 3 from the start
  setStake(game, 3, "ATB-MAO-DE-11-3");
}

function decideMaoDeOnze(game, { seat, team, decision }) {
  game.hand.decisionPending = null;
  emit(game, "mao_de_onze_decided", { seat, team, decision });
  // ATB-DECISOES-1: given up, the opponents score 1 (the rule file's reading; ATB is silent)
  if (decision === "fold") {
    award(game, opponents(team), 1, "ATB-DECISOES-1");
    endHand(game);
  }
}

// ATB-MAO-DE-ONZE-6: cards that prove a sure win in a mão de onze may be shown instead of played.
function checkShowCards(game, seat, team) {
  const hand = game.hand;
  // .when: in a mão de onze (11 a 11 too), by the deciding side while it decides, else by the seat to play
  if (!hand.maoDeOnze || (hand.decisionPending !== null && hand.decisionPending !== team)
      || (hand.decisionPending === null && seat !== hand.turn)) {
    refuse("not_time_to_show", "only the side at 11 while it decides, or the seat to play");
  }
  // .proof: the cards must win whatever the opponents hold and however they play
  if (!guaranteedWin(game, team)) refuse("no_guaranteed_win", "these cards do not prove a sure win");
}

function showCards(game, { seat, team }) {
  const hand = game.hand;
  hand.decisionPending = null;
  const cards = hand.hands.filter((held, s) => teamOf(s) === team).flat();
  emit(game, "cards_shown", { seat, team, cards });
  winHand(game, team, "ATB-MAO-DE-ONZE-6");
}

// Does `team` win this hand against any cards and any play? Played out on copies of the game: the
// team's seats play their own cards (some choice must win), each opponent may hold any card nobody
// has seen, chosen when it is played (every choice must lose). Unseen cards that compare alike with
// every card the team holds and every card on the table are one choice. Like the reference engine
// it gives up, answering no, after `budget` positions (a sure win too long to prove is refused).
function guaranteedWin(game, team, budget = 1500) {
  const hand = game.hand;
  const seen = new Set(hand.tricks.flatMap((trick) => trick.plays.map((play) => play.card)));
  const known = new Set(hand.hands.filter((held, seat) => teamOf(seat) === team).flat());
  const unseen = deckOf(RULESETS[game.ruleset]).filter((card) => !known.has(card) && !seen.has(card) && card !== hand.vira);
  const start = structuredClone(game);
  start.hand.decisionPending = null;
  start.hand.hands = start.hand.hands.map((held, seat) => (teamOf(seat) === team ? held : []));
  const base = game.score[team];
  const memo = new Map();
  let positions = 0;

  const wins = (position, pool) => {
    const h = position.hand;
    if (h.over) return position.score[team] > base;
    if (++positions > budget) throw new OutOfBudget();
    if (h.turn === null || h.pending !== null) return false;
    const key = positionKey(h, pool);
    if (!memo.has(key)) {
      const seat = h.turn;
      const byStrength = (a, b) => h.strengths[b] - h.strengths[a];
      const result = teamOf(seat) === team
        ? [...h.hands[seat]].sort(byStrength).some((card) => after(position, seat, card, pool, false))
        : opponentChoices(h, team, pool).every((card) => after(position, seat, card, pool, true));
      memo.set(key, result);
    }
    return memo.get(key);
  };
  const after = (position, seat, card, pool, drawn) => {
    const branch = structuredClone(position);
    if (drawn) branch.hand.hands[seat].push(card);
    act(branch, seat, `play:${card}`);
    return wins(branch, drawn ? pool.filter((other) => other !== card) : pool);
  };
  try {
    return wins(start, unseen);
  } catch (problem) {
    if (problem instanceof OutOfBudget) return false;
    throw problem;
  }
}

class OutOfBudget extends Error {}

function opponentChoices(hand, team, pool) {
  const marks = new Set(hand.hands.filter((held, seat) => teamOf(seat) === team).flat().map((card) => hand.strengths[card]));
  for (const play of currentTrick(hand).plays) if (!play.covered) marks.add(hand.strengths[play.card]);
  const groups = new Map();
  for (const card of [...pool].sort((a, b) => hand.strengths[a] - hand.strengths[b])) {
    const power = hand.strengths[card];
    const group = `${[...marks].filter((mark) => mark < power).length}/${marks.has(power)}`;
    if (!groups.has(group)) groups.set(group, card);  // the weakest of its group
  }
  return [...groups.values()].sort((a, b) => hand.strengths[b] - hand.strengths[a]);
}

function positionKey(hand, pool) {
  const power = (card) => hand.strengths[card];
  return JSON.stringify([
    hand.tricks.map((trick) => [trick.winnerSeat === null ? null : teamOf(trick.winnerSeat), trick.tied, trick.plays.map((play) => [play.seat, power(play.card)])]),
    hand.hands.map((held) => held.map(power).sort((a, b) => a - b)),
    pool.map(power).sort((a, b) => a - b),
    hand.turn,
  ]);
}

// ================================================================ 7. The referee's infractions

// The guards: a report that does not fit the moment is refused (ATB CARTEADA, TEMPO, NORMAS).
function checkInfraction(game, seat, team, kind) {
  const hand = game.hand;
  const started = hand.tricks.some((trick) => trick.plays.length > 0);  // a card of the hand played
  const misdeal = kind === "misdeal" || kind === "misdeal_own_side";
  // ATB-CARTEADA-b.claim: a carteada errada is claimed before the hand starts
  if (misdeal && started) refuse("claimed_after_hand_started", "a alegação deverá ser feita antes do início da mão");
  // ATB-CARTEADA-a.pe, ATB-TEMPO-c.pe: the carteada and its time are the pé's (the dealer's)
  if ((misdeal || kind === "deal_timeout") && seat !== hand.dealer) refuse("not_the_dealer", "the report is against the pé");
  // ATB-TEMPO-c.at-deal: the time to deal is over once a card is played or a truco called
  if (kind === "deal_timeout" && (started || hand.raisedBy !== null)) refuse("deal_already_over", "the deal is over");
  // ATB-TEMPO-d.whose: the 30 seconds are a trucada's to decide: the seat to play if it could
  // call truco, or the side answering a raise; never during a mão de onze decision
  if (kind === "decision_timeout" && (hand.decisionPending !== null
      || (hand.pending !== null && team === hand.raisedBy)
      || (hand.pending === null && (seat !== hand.turn || !mayRaise(game, seat))))) {
    refuse("not_deciding", "this seat has no trucada to decide");
  }
  // ATB-TEMPO-e.once: the time is up once in a game
  if (kind === "time_limit" && game.timeUp) refuse("time_already_up", "the time is already up");
  // ATB-MAO-DE-ONZE-2.report: in its own mão de onze a team may look at its partners' cards
  if (kind === "looked_at_partner_cards" && hand.maoDeOnzeTeam === team) refuse("partner_cards_may_be_seen", "é permitido olhar as cartas do parceiro");
  // ATB-NORMAS-10.pe: a card burned on purpose is the pé's
  if (kind === "burned_card" && seat !== hand.dealer) refuse("not_the_dealer", "the report is against the pé");
}

function mayRaise(game, seat) {
  try {
    return !check(game, seat, "truco").foul;
  } catch (problem) {
    if (problem instanceof Refusal) return false;
    throw problem;
  }
}

// The penalties. "O tento em jogo" is what the hand is worth when the report is made, scored by
// the offender's opponents; a report that ends the hand passes the deal on like any hand.
function reportInfraction(game, { seat, team, infraction: kind }) {
  const hand = game.hand;
  const started = hand.tricks.some((trick) => trick.plays.length > 0);
  const loseTheTento = (clause) => { award(game, opponents(team), hand.stake, clause); endHand(game); };
  emit(game, "infraction", { seat, team, kind });
  switch (kind) {
    case "wrong_card_count":
      if (started) winMatch(game, opponents(team), "ATB-CARTEADA-b");                        // playing with 2, 4 cards: disqualified
      else if (team !== teamOf(hand.dealer)) endHand(game);                                  // ATB-CARTEADA-b.in-time: a new deal
      else loseTheTento("ATB-CARTEADA-b.in-time-own-side");                                  // the pé's own side: loses the tento
      break;
    case "misdeal": endHand(game); break;                                                    // ATB-CARTEADA-a: no tento
    case "misdeal_own_side": loseTheTento("ATB-CARTEADA-a.own-side"); break;
    case "deal_timeout":
      if (!game.infractions[`${team}:deal_timeout`]) endHand(game);                         // ATB-TEMPO-c: perde-se o maço
      else loseTheTento("ATB-TEMPO-c.again");                                                // reincidência: the tento too
      break;
    case "decision_timeout": loseTheTento("ATB-TEMPO-d"); break;
    case "time_limit":
      if (RULESETS[game.ruleset].timeLimit === "disqualify_both") {
        disqualifyBoth(game, "ATB-TEMPO-e.best-of-five");
      } else {
        // ATB-TEMPO-e: the hand ends unscored; from 0 a 0 the first to three tentos wins, sem truco
        endHand(game);
        game.score = [0, 0];
        emit(game, "scores_reset", { score: [0, 0], clause: "ATB-TEMPO-e" });
        game.target = 3;
        emit(game, "target_set", { target: 3, clause: "ATB-TEMPO-e" });
        game.timeUp = true;
      }
      break;
    case "talking": loseTheTento("ATB-CONVERSA-2"); break;
    case "said_truco":
      // ATB-CONVERSA-3: "truca" said aloud is a truco called (three tentos in dispute), if that
      // seat's side could raise now; in a mão de onze it is a truco there (ATB-MAO-DE-ONZE-3)
      if (hand.maoDeOnze) {
        award(game, opponents(team), 3, "ATB-CONVERSA-3.mao-de-onze");
        endHand(game);
      } else if (hand.stake === 1 && hand.pending === null && hand.decisionPending === null && mayCallRaise(game, team)) {
        callRaise(game, seat, hand.stake);
      }
      break;
    case "looked_at_partner_cards": loseTheTento("ATB-NORMAS-8"); break;
    case "marked_cards": winMatch(game, opponents(team), "ATB-NORMAS-1"); break;
    case "illicit_act": winMatch(game, opponents(team), "ATB-NORMAS-9a"); break;
    case "warning":                                                                          // ATB-NORMAS-9b: the second one disqualifies
      if (game.matchInfractions[`${team}:warning`]) winMatch(game, opponents(team), "ATB-NORMAS-9b");
      break;
    case "burned_card": loseTheTento("ATB-NORMAS-10"); break;
    case "burned_card_by_accident": endHand(game); break;                                   // ATB-NORMAS-10.accident
    case "two_cards_at_once": winHand(game, team, "ATB-NORMAS-15"); break;
    case "cards_fell_one_by_one": loseTheTento("ATB-NORMAS-15.one-by-one"); break;
    case "saw_the_deck": loseTheTento("ATB-NORMAS-16"); break;
  }
  for (const counts of [game.infractions, game.matchInfractions]) counts[`${team}:${kind}`] = (counts[`${team}:${kind}`] ?? 0) + 1;
}

// Whether a truco said aloud by `team` raises the hand: the truco's own rules, not the turn.
function mayCallRaise(game, team) {
  try {
    return !checkRaise(game, team, game.hand.stake);
  } catch (problem) {
    if (problem instanceof Refusal) return false;
    throw problem;
  }
}

// ================================================================ 8. Points, the end of a hand, a game, a match

function award(game, team, points, clause) {
  game.score[team] += points;
  emit(game, "points_awarded", { team, points, clause, score: [...game.score] });
  // ATB-ESTRUTURA-1: 12 points win the game (scores are not capped)
  if (game.score[team] >= game.target) {
    winGame(game, team);
    // ATB-TEMPO-e.match (melhor de três): the partida decided in three tentos decides the match
    if (game.timeUp) winMatch(game, team, "ATB-TEMPO-e.match");
  }
}

function winHand(game, team, clause) {
  emit(game, "hand_won", { team, points: game.hand.stake, clause });
  award(game, team, game.hand.stake, clause);
  endHand(game);
}

function endHand(game) {
  game.hand.over = true;
}

function winGame(game, team) {
  if (game.winner === null && !game.gameWon) {
    game.gameWinner = team;
    game.gamesWon[team] += 1;
    emit(game, "game_won", { team, game: game.gameNumber, score: [...game.score], clause: "ATB-ESTRUTURA-1" });
    const rules = RULESETS[game.ruleset];
    if (game.gamesWon[team] >= rules.matchWins) {
      game.winner = team;
      if (rules.matchWins > 1) emit(game, "match_won", { team, games_won: [...game.gamesWon] });
    } else {
      game.gameWon = true;
    }
  }
  endHand(game);
}

// A disqualification (ATB-CARTEADA-b, ATB-NORMAS-1, -9a, -9b): the other side wins the match.
function winMatch(game, team, clause) {
  if (game.winner === null) {
    game.winner = game.gameWinner = team;
    game.gameWon = false;
    emit(game, "match_won", { team, games_won: [...game.gamesWon], clause });
  }
  endHand(game);
}

function disqualifyBoth(game, clause) {
  if (game.winner === null && !game.disqualified) {
    game.disqualified = true;
    game.gameWinner = null;
    game.gameWon = false;
    emit(game, "match_ended", { winner: null, games_won: [...game.gamesWon], clause });
  }
  endHand(game);
}

// After every action: once a hand is over, the deal passes to the next seat (ATB-TOMBO-1, also
// "passando o maço para a frente", ATB-MAO-DE-ONZE-4). Returns the action's events.
function finish(game) {
  const hand = game.hand;
  if (hand && hand.over && !hand.closed) {
    hand.closed = true;
    game.nextDealer = (hand.dealer + 1) % game.players;
    emit(game, "hand_ended", { hand: hand.number, score: [...game.score], next_dealer: game.nextDealer });
  }
  const events = game.events;
  game.events = [];
  return events;
}

// ================================================================ 9. The canonical state

// conformance/schema/state.schema.json. `viewer` null: the referee's view; a seat: only the hands
// it may see (its own, its partners' in its team's mão de onze) and no covered card but its own.
function stateOf(game, viewer) {
  const hand = game.hand;
  const state = {
    ruleset: game.ruleset,
    players: game.players,
    phase: phase(game),
    score: [...game.score],
    winner: game.winner,
    game_winner: game.gameWinner,
    games_won: [...game.gamesWon],
    target: game.target,
    next_dealer: game.nextDealer,
    hand: null,
  };
  if (hand === null) return state;
  const sees = (seat) => viewer === null || viewer === seat
    || (teamOf(seat) === teamOf(viewer) && hand.partnersSee.includes(teamOf(viewer)));
  const hands = {};
  hand.hands.forEach((held, seat) => { if (sees(seat)) hands[String(seat)] = [...held]; });
  state.hand = {
    number: hand.number,
    dealer: hand.dealer,
    mao_seat: hand.maoSeat,
    cutter: null,
    vira: hand.vira,
    manilhas: hand.manilhas,
    stake: hand.stake,
    raised_by: hand.raisedBy,
    pending_raise: hand.pending,
    mao_de_onze: hand.maoDeOnze,
    mao_de_onze_team: hand.maoDeOnzeTeam,
    decision_pending: hand.decisionPending,
    blind: false,
    turn: hand.over ? null : hand.turn,
    over: hand.over,
    hands,
    tricks: hand.tricks.map((trick) => ({
      number: trick.number,
      leader: trick.leader,
      cards: trick.plays.map((play) => ({
        seat: play.seat,
        card: play.covered && viewer !== null && viewer !== play.seat ? null : play.card,
        covered: play.covered,
      })),
      tied: trick.tied,
      winner_seat: trick.winnerSeat,
    })),
  };
  return state;
}

// ================================================================ 10. Counting lines of play (perft)

// How many sequences of legal actions lead on from here: `depth` actions long, or (null) to the end
// of the hand; a sequence that ends sooner counts once. Any seat's action counts (a raise is
// answered out of turn). `divide`: the count below each first action, in seat then action order.
function count(game, depth) {
  const firstActions = (position, remaining) => {
    if (remaining === 0 || position.hand === null || position.hand.over) return [];
    const actions = [];
    for (let seat = 0; seat < position.players; seat++) {
      for (const action of legalActions(position, seat)) actions.push([seat, action]);
    }
    return actions;
  };
  const after = (position, seat, action) => {
    const branch = structuredClone(position);
    act(branch, seat, action);
    return branch;
  };
  const lines = (position, remaining) => {
    const actions = firstActions(position, remaining);
    if (actions.length === 0) return 1;
    const next = remaining === null ? null : remaining - 1;
    return actions.reduce((sum, [seat, action]) => sum + lines(after(position, seat, action), next), 0);
  };
  const next = depth === null ? null : depth - 1;
  const divide = firstActions(game, depth).map(([seat, action]) => ({ seat, action, count: lines(after(game, seat, action), next) }));
  const total = divide.length ? divide.reduce((sum, entry) => sum + entry.count, 0) : 1;
  return { total, divide };
}

// ================================================================ 11. The protocol

let game = null;  // one game at a time; new_game drops the last

// Where the regulation is silent or ambiguous, this engine reads it as the bundled rule files do
// (their `note:`); "rule_file" says so. A clause left out is taken as "rule_file" too. An engine
// that reads a clause otherwise writes its reading here in words, and the scenarios checking that
// clause are then not applicable to it (never passed).
const READINGS = {
  "ATB-DECISOES-1": "rule_file",     // giving up a mão de onze gives the opponents 1 point
  "ATB-MAO-DE-ONZE-3": "rule_file",  // "perderá três tentos": the opponents score 3
  "ATB-EMPATE-1a": "rule_file",      // a tie in a trucada: whoever raised last on an exposed card loses
  "ATB-EMPATE-1b": "rule_file",      // ... and whoever raised last in the dark wins
  "ATB-EMPATE-1c": "rule_file",      // "o limite dos tentos": no raise once a vaza tied and the stake takes you to 12
  "ATB-TEMPO-e": "rule_file",        // time up: the game is decided afresh in three tentos, without truco
};

// The fields each request needs (conformance/schema/protocol.schema.json), checked lightly.
const REQUIRED = {
  hello: ["protocol"],
  new_game: ["ruleset", "players", "dealer", "scores", "games_won", "deal", "seed"],
  next_hand: ["deal"],
  legal_actions: ["seat"],
  act: ["seat", "action"],
  state: ["seat"],
  count: ["depth"],
};

function answer(request) {
  const { command } = request;
  if (command === "hello") {
    return {
      name: NAME,
      version: VERSION,
      protocol: PROTOCOL,
      rulesets: Object.values(RULESETS).map((rules) => ({ id: rules.id, players: rules.players })),
      features: ["next_hand", "infractions", "views", "count"],
      readings: READINGS,
    };
  }
  if (command === "new_game") {
    game = null;  // a new game drops the last one, even when it cannot be started
    const started = newGame(request);
    const events = dealHand(started, request.deal);
    game = started;
    return { events };
  }
  if (game === null) return { error: "no_game", message: "no game has been started (new_game)" };
  if (command === "next_hand") return { events: dealHand(game, request.deal) };
  if (command === "legal_actions") return { actions: legalActions(game, request.seat) };
  if (command === "state") return { state: stateOf(game, request.seat) };
  if (command === "count") return count(game, request.depth);
  // act: a refused action changes nothing (check() runs before anything is changed)
  try {
    return { accepted: true, events: act(game, request.seat, request.action) };
  } catch (problem) {
    if (problem instanceof Refusal) return { accepted: false, reason: problem.reason, detail: problem.message };
    throw problem;
  }
}

function reply(text) {
  let request;
  try {
    request = JSON.parse(text);
  } catch (problem) {
    return { seq: null, ok: false, error: "bad_request", message: `the request is not JSON: ${problem.message}` };
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    return { seq: null, ok: false, error: "bad_request", message: "the request is not a JSON object" };
  }
  const seq = Number.isInteger(request.seq) && request.seq >= 1 ? request.seq : null;
  if (seq === null || typeof request.command !== "string") {
    return { seq, ok: false, error: "bad_request", message: "a request has a seq (1, 2, …) and a command" };
  }
  const required = REQUIRED[request.command];
  if (!required) return { seq, ok: false, error: "unknown_command", message: `unknown command '${request.command}'` };
  const missing = required.find((field) => !(field in request));
  if (missing) return { seq, ok: false, error: "bad_request", message: `'${missing}' is a required property` };
  try {
    const result = answer(request);
    if (result.error) return { seq, ok: false, ...result };
    return { seq, ok: true, ...result };
  } catch (problem) {
    if (problem instanceof SetupRefused) return { seq, ok: false, error: "setup_refused", message: problem.message };
    console.error(problem.stack);  // the harness shows the tail of stderr
    return { seq, ok: false, error: "engine_error", message: String(problem.message ?? problem) };
  }
}

// One request per line; answer each before reading the next; end when stdin closes.
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (text) => {
  if (text.trim()) process.stdout.write(JSON.stringify(reply(text)) + "\n");
});
