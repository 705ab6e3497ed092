/**
 * UI strings of the assistant's screen (the blind player's assistant, S85 r.9, or the sighted
 * player's, r.10). Shared labels (clocks, scoresheets, roles) come from the sighted screen's
 * catalogue through its parts.
 */
import { makeTranslator } from '../../i18n/index.ts';
import { describeRole } from '../../speech/roles.ts';

const en = {
  title_blindAssistant: describeRole('en', 'blindAssistant', 'title'),
  title_sightedAssistant: describeRole('en', 'sightedAssistant', 'title'),
  title_spectator: describeRole('en', 'spectator', 'title'),
  myDuties: 'Your duties: {duties}',
  toDo: 'To do',
  nothingToDo: 'Nothing waits for you.',
  announce: 'Announce {move}',
  execute: 'Execute {move} on the {board}',
  board_blind: "blind player's board",
  board_sighted: "sighted player's board",
  pressClock: "Press the clock for the blind player's move",
  inProgress: "Blind player's move in progress: {detail}",
  holding: 'holding the piece from {square}',
  placed: 'placed {move}',
  announced: 'announced {move}',
  requests: 'Requests from the blind player',
  noRequests: 'No requests yet.',
  request_movesMade: 'Moves made: White {w}, Black {b}.',
  request_timeUsed: 'Time used: White {w}, Black {b}.',
  request_lastMove: 'Last move: {move}.',
  request_moveInProgress: 'Move in progress asked.',
  request_duties: 'Duties asked.',
  noLastMove: 'none',
  claimTime: 'Claim a win on time',
  reportTouch: 'Report that the sighted player touched a piece',
  touchSquare: 'Square of the touched piece',
  report: 'Report',
} as const;

const de: Record<keyof typeof en, string> = {
  title_blindAssistant: describeRole('de', 'blindAssistant', 'title'),
  title_sightedAssistant: describeRole('de', 'sightedAssistant', 'title'),
  title_spectator: describeRole('de', 'spectator', 'title'),
  myDuties: 'Ihre Aufgaben: {duties}',
  toDo: 'Zu tun',
  nothingToDo: 'Nichts wartet auf Sie.',
  announce: '{move} ansagen',
  execute: '{move} auf dem {board} ausführen',
  board_blind: 'Brett des blinden Spielers',
  board_sighted: 'Brett des sehenden Spielers',
  pressClock: 'Die Uhr für den Zug des blinden Spielers drücken',
  inProgress: 'Zug des blinden Spielers: {detail}',
  holding: 'hält die Figur von {square}',
  placed: '{move} gesetzt',
  announced: '{move} angesagt',
  requests: 'Anfragen des blinden Spielers',
  noRequests: 'Noch keine Anfragen.',
  request_movesMade: 'Gespielte Züge: Weiß {w}, Schwarz {b}.',
  request_timeUsed: 'Verbrauchte Zeit: Weiß {w}, Schwarz {b}.',
  request_lastMove: 'Letzter Zug: {move}.',
  request_moveInProgress: 'Nach dem laufenden Zug gefragt.',
  request_duties: 'Nach den Aufgaben gefragt.',
  noLastMove: 'keiner',
  claimTime: 'Gewinn durch Zeitüberschreitung reklamieren',
  reportTouch: 'Melden, dass der sehende Spieler eine Figur berührt hat',
  touchSquare: 'Feld der berührten Figur',
  report: 'Melden',
};

/** Translator for the assistant's screen. */
export const tAssistant = makeTranslator({ en, de });
export type AssistantKey = keyof typeof en;
