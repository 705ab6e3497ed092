/**
 * Words of the adjournment panel (spec §2.13): sealing, stopping the clock, resumption. None of them
 * carries the sealed move except `yourMove`, shown only on its writer's own screen and never spoken.
 */
import { makeTranslator } from '../../i18n/index.ts';

const en = {
  heading: 'Adjournment',
  sealMove: 'Seal move',
  sealLabel: 'Sealed move (private, e.g. Nf3 or g1f3)',
  record: 'Record sealed move',
  recorded: 'Sealed move recorded.',
  changeHint: 'You may change it until you stop the clock.',
  yourMove: 'Your sealed move: {move}',
  adjourn: 'Stop the clock and adjourn',
  sealing: 'The player to move is sealing his move.',
  adjourned: 'The game is adjourned. The sealed move is with the arbiter.',
  resume: 'Open the envelope and resume',
  askResume: 'Ask to resume',
  replierAbsent: 'Replier absent: start his clock',
  replierArrived: 'The replier has arrived: open the envelope',
  awaitingReplier: 'The replier’s clock is running; the envelope is opened when he arrives.',
  resumeAsked: 'Waiting for the other player to agree to resume.',
  openForAbsentSealer: 'Open the envelope: my opponent (the sealer) is absent',
  openedForAbsentSealer: 'Envelope opened: the sealed move is on the board.',
  sealForAbsentOpponent: 'Seal my reply: my opponent is absent, start his clock',
  sealedForAbsentOpponent: 'Your reply is sealed. Your opponent’s clock runs until he arrives.',
  envelope: 'Envelope: move {number}, sealed by {sealer}. Time used: White {white}, Black {black}.',
  white: 'White',
  black: 'Black',
} as const;

const de: Record<keyof typeof en, string> = {
  heading: 'Hängepartie',
  sealMove: 'Abgabezug schreiben',
  sealLabel: 'Abgabezug (geheim, z. B. Nf3 oder g1f3)',
  record: 'Abgabezug festhalten',
  recorded: 'Abgabezug festgehalten.',
  changeHint: 'Bis zum Anhalten der Uhr können Sie ihn ändern.',
  yourMove: 'Ihr Abgabezug: {move}',
  adjourn: 'Uhr anhalten und Partie unterbrechen',
  sealing: 'Der Spieler am Zug schreibt seinen Abgabezug.',
  adjourned: 'Die Partie ist unterbrochen. Der Abgabezug liegt beim Schiedsrichter.',
  resume: 'Umschlag öffnen und fortsetzen',
  askResume: 'Fortsetzung verlangen',
  replierAbsent: 'Antwortender abwesend: seine Uhr starten',
  replierArrived: 'Der Antwortende ist da: Umschlag öffnen',
  awaitingReplier: 'Die Uhr des Antwortenden läuft; der Umschlag wird bei seiner Ankunft geöffnet.',
  resumeAsked: 'Warten, bis der andere Spieler der Fortsetzung zustimmt.',
  openForAbsentSealer: 'Umschlag öffnen: mein Gegner (der Abgebende) ist abwesend',
  openedForAbsentSealer: 'Umschlag geöffnet: der Abgabezug steht auf dem Brett.',
  sealForAbsentOpponent: 'Meine Antwort abgeben: mein Gegner ist abwesend, seine Uhr starten',
  sealedForAbsentOpponent: 'Ihre Antwort ist abgegeben. Die Uhr Ihres Gegners läuft bis zu seiner Ankunft.',
  envelope:
    'Umschlag: Zug {number}, abgegeben von {sealer}. Verbrauchte Zeit: Weiß {white}, Schwarz {black}.',
  white: 'Weiß',
  black: 'Schwarz',
};

/** The adjournment panel's translator. */
export const translateAdjourn = makeTranslator({ en, de });
export type AdjournKey = keyof typeof en;
