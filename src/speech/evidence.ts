/**
 * The evidence log in words (BL-28): each line of the match's log as a sentence an arbiter reads,
 * in the viewer's locale and vocabulary ("Lifted the knight from Gustav one", "Announced Knight
 * Felix three", "Claimed a draw by repetition"). Pieces, squares and moves come from describe.ts.
 */
import { formatClock, type Color, type Square } from '../core/index.ts';
import { makeTranslator, type Locale, type Params } from '../i18n/index.ts';
import type { IntentKind } from '../match/intents.ts';
import { ROLES, type LogEntry, type LogSubject, type Role } from '../match/types.ts';
import {
  describeMove,
  describePieceType,
  describeSquareName,
  type DescribeMoveOptions,
  type DescribeOptions,
} from './describe.ts';
import { describeRefusal } from './refusals.ts';
import { describeRole } from './roles.ts';

const en = {
  startGame: 'Started the game',
  join: 'Joined as {role}',
  leave: 'Left the seat of {role}',
  setTwinBoards: 'Turned twin boards {onOff}',
  lift: 'Lifted the {piece} from {square}',
  removeCaptured: 'Removed the captured {piece} from {square}',
  returnCaptured: 'Put the {piece} back on {square}',
  place: 'Placed the {piece} on {square}',
  choosePromotion: 'Chose a {pieceType} for the promotion',
  touch: 'Touched the {piece} on {square}',
  move: 'Moved {move}',
  jAdoube: "Said j'adoube",
  announce: 'Announced {move}',
  correctAnnouncement: 'Corrected the announcement to {move}',
  pressClock: 'Pressed the clock',
  repeat: 'Repeated {move}',
  execute: 'Executed {move}',
  relayLift: "Lifted the opponent's {piece} from {square} to relay his move",
  relayRemove: 'Took the {piece} off {square} for the relayed move',
  relayPlace: 'Put the {piece} down on {square}',
  offerDraw: 'Offered a draw',
  acceptDraw: 'Accepted the draw',
  declineDraw: 'Declined the draw',
  claim_repetition: 'Claimed a draw by repetition',
  claim_fiftyMoves: 'Claimed a draw under the fifty-move rule',
  claim_time: 'Claimed a win on time',
  claim_insufficientMaterial: 'Claimed a draw for insufficient material',
  claimWithMove: '{claim}, stating the move {move}',
  reportTouch: 'Reported that the sighted player touched the {piece} on {square}',
  resign: 'Resigned',
  query_movesMade: 'Asked for the moves made',
  query_timeUsed: 'Asked for the time used',
  query_lastMove: 'Asked for the last move',
  query_moveInProgress: 'Asked about the move in progress',
  query_duties: "Asked for the assistant's duties",
  stopClocks: 'Stopped both clocks',
  resumeClocks: 'Restarted the clocks',
  confirmCorrection: 'Confirmed the correction',
  decideClaim_true: 'Upheld the claim',
  decideClaim_false: 'Rejected the claim',
  adjustClock: "Set {color}'s used time to {time}",
  penalize_warning: 'Warned {color}',
  penalize_timeAddedToOffender: "Added {time} to {color}'s used time",
  penalize_timeAddedToOpponent: "Added {time} to the remaining time of {color}'s opponent",
  penalize_lossOfGame: 'Declared the game lost for {color}',
  override_relay: 'Set the relay mode to {value}',
  override_assistantDuties: "Set the assistant's duties ({value})",
  override_requireRepetition: 'Turned the repetition of announced moves {value}',
  override_allowSightedAssistant: "Turned the sighted player's assistant {value}",
  override_twinBoards: 'Turned twin boards {value}',
  sealMove: 'Wrote the sealed move',
  adjourn: 'Adjourned the game',
  resume: 'Resumed the game',
  takeBack: 'Took back the last move',
  claimTouch: 'Claimed that the opponent touched the {piece} on {square} and must move it',
  claimTouchUnnamed: 'Claimed that the opponent touched a piece and must move it',
  enforceTouch: 'Enforced touch-move: {color} must move the {piece} on {square}',
  nameTouchedPiece: 'Named the {piece} on {square} as the touched piece',
  reinstatePosition: 'Reinstated the position before move {ply}',
  annulGame: 'Annulled the game ({reason})',
  judgeColoursReversed_true: 'Found the colours reversed; a new game is played',
  judgeColoursReversed_false: 'Found the colours reversed; the game goes on',
  forfeitLateArrival: 'Forfeited {color} for not arriving',
  setCompetition: 'Turned competition mode {onOff}',
  writeScore: 'Wrote his score',
  twinboard_flagFell: "{color}'s flag fell",
  twinboard_discrepancy: 'Found that the boards differ',
  twinboard_correction: 'Applied the correction',
  twinboard_gameEnded: 'The game ended',
  twinboard_repetition: 'Repeated the move for the player',
  twinboard_execute: 'Executed the move on the other board',
  twinboard_takeBack: 'Took back moves',
  twinboard_claimCharge: "Added {time} to {color}'s used time for the claim",
  twinboard_claimBonus: "Added {time} to {color}'s remaining time for the opponent's incorrect claim",
  twinboard_other: 'Recorded an event',
  refused: 'Refused: {reason}',
  on: 'on',
  off: 'off',
  aPiece: 'piece',
  white: 'White',
  black: 'Black',
  relay_automatic: 'automatic',
  relay_assisted: 'assisted',
  relay_manual: 'manual',
  duties: '{count, plural, one {# duty} other {# duties}}',
  annul_positionNotReinstatable: 'the position cannot be reinstated',
  annul_wrongInitialPosition: 'the initial position was wrong',
  annul_coloursReversed: 'the colours were reversed',
} as const;

const de: Record<keyof typeof en, string> = {
  startGame: 'Partie gestartet',
  join: 'Beigetreten als {role}',
  leave: 'Platz verlassen: {role}',
  setTwinBoards: 'Zwillingsbretter {onOff}',
  lift: '{piece} von {square} gehoben',
  removeCaptured: 'Geschlagenen {piece} von {square} entfernt',
  returnCaptured: '{piece} auf {square} zurückgestellt',
  place: '{piece} auf {square} gesetzt',
  choosePromotion: '{pieceType} für die Umwandlung gewählt',
  touch: '{piece} auf {square} berührt',
  move: '{move} gezogen',
  jAdoube: "J'adoube gesagt",
  announce: '{move} angesagt',
  correctAnnouncement: 'Ansage berichtigt zu {move}',
  pressClock: 'Uhr gedrückt',
  repeat: '{move} wiederholt',
  execute: '{move} ausgeführt',
  relayLift: 'Gegnerischen {piece} von {square} gehoben, um seinen Zug auszuführen',
  relayRemove: '{piece} für den übertragenen Zug von {square} genommen',
  relayPlace: '{piece} auf {square} abgesetzt',
  offerDraw: 'Remis angeboten',
  acceptDraw: 'Remis angenommen',
  declineDraw: 'Remis abgelehnt',
  claim_repetition: 'Remis durch Stellungswiederholung reklamiert',
  claim_fiftyMoves: 'Remis nach der Fünfzig-Züge-Regel reklamiert',
  claim_time: 'Gewinn durch Zeitüberschreitung reklamiert',
  claim_insufficientMaterial: 'Remis wegen ungenügenden Materials reklamiert',
  claimWithMove: '{claim}, mit dem angegebenen Zug {move}',
  reportTouch: 'Gemeldet, dass der sehende Spieler {piece} auf {square} berührt hat',
  resign: 'Aufgegeben',
  query_movesMade: 'Nach den gespielten Zügen gefragt',
  query_timeUsed: 'Nach der verbrauchten Zeit gefragt',
  query_lastMove: 'Nach dem letzten Zug gefragt',
  query_moveInProgress: 'Nach dem laufenden Zug gefragt',
  query_duties: 'Nach den Aufgaben des Assistenten gefragt',
  stopClocks: 'Beide Uhren angehalten',
  resumeClocks: 'Uhren wieder gestartet',
  confirmCorrection: 'Korrektur bestätigt',
  decideClaim_true: 'Reklamation stattgegeben',
  decideClaim_false: 'Reklamation zurückgewiesen',
  adjustClock: 'Verbrauchte Zeit von {color} auf {time} gesetzt',
  penalize_warning: '{color} verwarnt',
  penalize_timeAddedToOffender: '{time} zur verbrauchten Zeit von {color} addiert',
  penalize_timeAddedToOpponent: '{time} zur Restzeit des Gegners von {color} addiert',
  penalize_lossOfGame: 'Partie für {color} als verloren erklärt',
  override_relay: 'Übertragungsart auf {value} gesetzt',
  override_assistantDuties: 'Aufgaben des Assistenten gesetzt ({value})',
  override_requireRepetition: 'Wiederholung angesagter Züge {value}',
  override_allowSightedAssistant: 'Assistent des sehenden Spielers {value}',
  override_twinBoards: 'Zwillingsbretter {value}',
  sealMove: 'Abgabezug geschrieben',
  adjourn: 'Partie unterbrochen',
  resume: 'Partie wieder aufgenommen',
  takeBack: 'Letzten Zug zurückgenommen',
  claimTouch: 'Reklamiert, dass der Gegner {piece} auf {square} berührt hat und ihn ziehen muss',
  claimTouchUnnamed: 'Reklamiert, dass der Gegner eine Figur berührt hat und sie ziehen muss',
  enforceTouch: 'Berührt–geführt durchgesetzt: {color} muss {piece} auf {square} ziehen',
  nameTouchedPiece: '{piece} auf {square} als berührte Figur benannt',
  reinstatePosition: 'Stellung vor Halbzug {ply} wiederhergestellt',
  annulGame: 'Partie annulliert ({reason})',
  judgeColoursReversed_true: 'Farben vertauscht festgestellt; eine neue Partie wird gespielt',
  judgeColoursReversed_false: 'Farben vertauscht festgestellt; die Partie geht weiter',
  forfeitLateArrival: '{color} wegen Nichterscheinens verloren erklärt',
  setCompetition: 'Wettkampfmodus {onOff}',
  writeScore: 'Eigene Notation geschrieben',
  twinboard_flagFell: 'Fallblättchen von {color} gefallen',
  twinboard_discrepancy: 'Abweichung zwischen den Brettern festgestellt',
  twinboard_correction: 'Korrektur ausgeführt',
  twinboard_gameEnded: 'Partie beendet',
  twinboard_repetition: 'Zug für den Spieler wiederholt',
  twinboard_execute: 'Zug auf dem anderen Brett ausgeführt',
  twinboard_takeBack: 'Züge zurückgenommen',
  twinboard_claimCharge: '{time} zur verbrauchten Zeit von {color} für die Reklamation addiert',
  twinboard_claimBonus: '{time} zur Restzeit von {color} für die unrichtige Reklamation des Gegners addiert',
  twinboard_other: 'Ereignis festgehalten',
  refused: 'Abgelehnt: {reason}',
  on: 'ein',
  off: 'aus',
  aPiece: 'Figur',
  white: 'Weiß',
  black: 'Schwarz',
  relay_automatic: 'automatisch',
  relay_assisted: 'assistiert',
  relay_manual: 'manuell',
  duties: '{count, plural, one {# Aufgabe} other {# Aufgaben}}',
  annul_positionNotReinstatable: 'die Stellung ist nicht wiederherstellbar',
  annul_wrongInitialPosition: 'die Ausgangsstellung war falsch',
  annul_coloursReversed: 'die Farben waren vertauscht',
};

type EvidenceKey = keyof typeof en;
const translate = makeTranslator<EvidenceKey>({ en, de });

/** One line of the evidence log as a sentence, for the viewer's locale and vocabulary. */
export function describeLogEntry(locale: Locale, entry: LogEntry, options?: DescribeOptions): string {
  const t = (key: EvidenceKey, params?: Params) => translate(locale, key, params);
  if (!entry.subject) {
    if (entry.what === 'claimCharge') return claimChargeLine(t, entry.detail);
    const key = `twinboard_${entry.what}`;
    const params = { color: t(entry.detail === 'b' ? 'black' : 'white') };
    return key in en ? t(key as EvidenceKey, params) : t('twinboard_other');
  }
  const sentence = describeSubject(locale, t, entry.subject, { ...options, form: 'short' });
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A claim's charge or bonus as the match logs it ("w 300000 used"): whose, how much, which time. */
function claimChargeLine(t: (key: EvidenceKey, params?: Params) => string, detail: string): string {
  const [color, ms, to] = detail.split(' ');
  const params = {
    color: t(color === 'b' ? 'black' : 'white'),
    time: formatClock(Number(ms) || 0, 'display'),
  };
  return t(to === 'remaining' ? 'twinboard_claimBonus' : 'twinboard_claimCharge', params);
}

/**
 * The refusal line of a refused entry ("Refused: Your king would be in check"), or null: the
 * reason in the viewer's locale and vocabulary, as the player who tried heard it.
 */
export function describeLogRefusal(
  locale: Locale,
  entry: LogEntry,
  options?: DescribeOptions,
): string | null {
  if (!entry.refused) return null;
  const reason = entry.refusal
    ? describeRefusal(locale, { ...entry.refusal, message: entry.detail }, options)
    : entry.detail;
  return translate(locale, 'refused', { reason });
}

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

function describeSubject(
  locale: Locale,
  t: (key: EvidenceKey, params?: Params) => string,
  subject: LogSubject,
  options: DescribeMoveOptions,
): string {
  const i = subject.intent as { readonly kind: IntentKind } & Readonly<Record<string, unknown>>;
  const square = typeof i.square === 'string' ? describeSquareName(i.square as Square, options) : '';
  const piece = subject.piece ? describePieceType(subject.piece.type, options) : t('aPiece');
  const move = typeof i.uci === 'string' ? describeMove(subject.fen, i.uci, options) : '';
  const color = i.color === 'w' || i.color === 'b' ? t((i.color as Color) === 'w' ? 'white' : 'black') : '';
  const time = typeof i.usedMs === 'number' ? formatClock(i.usedMs, 'display') : '';
  const onOff = t(i.on === true ? 'on' : 'off');
  const p = { square, piece, move, color, time, onOff };
  switch (i.kind) {
    case 'join':
    case 'leave':
      return t(i.kind, { role: isRole(i.role) ? describeRole(locale, i.role, 'subject') : String(i.role) });
    case 'choosePromotion':
      return t(i.kind, { pieceType: describePieceType(i.piece as 'q', options) });
    case 'claim': {
      const claim = t(`claim_${String(i.claim)}` as EvidenceKey);
      return typeof i.move === 'string'
        ? t('claimWithMove', { claim, move: describeMove(subject.fen, i.move, options) })
        : claim;
    }
    case 'query':
      return t(`query_${String(i.topic)}` as EvidenceKey);
    case 'decideClaim':
    case 'judgeColoursReversed':
      return t(`${i.kind}_${String(i.upheld ?? i.restart)}` as EvidenceKey);
    case 'penalize':
      return t(`penalize_${String(i.penalty)}` as EvidenceKey, {
        ...p,
        time: typeof i.ms === 'number' ? formatClock(i.ms, 'display') : '',
      });
    case 'overrideSetting': {
      const o = i.override as { readonly setting: string; readonly value: unknown };
      const value =
        o.setting === 'relay'
          ? t(`relay_${String(o.value)}` as EvidenceKey)
          : Array.isArray(o.value)
            ? t('duties', { count: o.value.length })
            : t(o.value === true ? 'on' : 'off');
      return t(`override_${o.setting}` as EvidenceKey, { value });
    }
    case 'claimTouch':
      return square ? t(i.kind, p) : t('claimTouchUnnamed');
    case 'reinstatePosition':
      return t(i.kind, { ply: String(i.ply) });
    case 'annulGame':
      return t(i.kind, { reason: t(`annul_${String(i.reason)}` as EvidenceKey) });
    default:
      return t(i.kind, p);
  }
}
