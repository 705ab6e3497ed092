/**
 * The speech area's UI messages in English and German: every announcement that is not a chess
 * word (those come from describe.ts). announce.ts and the speech adapters read them through
 * `speechText`; no other text is spoken by the speech layer.
 */
import { makeTranslator, type Locale, type Params } from '../i18n/index.ts';

const en = {
  'color.w': 'White',
  'color.b': 'Black',
  edge: 'Edge of the board',
  lifted: 'Lifted {piece} {square}',
  liftedAdjusting: "J'adoube: lifted {piece} {square}",
  liftedMustMove: 'Lifted {piece} {square}; it must be moved',
  putBack: '{piece} back on {square}',
  putBackMustMove: '{piece} back on {square}; it must still be moved',
  putBackOtherMustMove:
    '{piece} back on {square}. You touched the {bound} on {boundSquare} first; it must be moved',
  captureRemoved: 'Removed {piece} from {square}',
  placed: '{piece} placed on {square}',
  promotionRequested: 'Promotion on {square}: choose queen, rook, bishop or knight',
  promotionChosen: 'Promotes to {piece}',
  announcedOwn: 'Announced: {move}',
  announcedOpponentFull: '{color}: {move}',
  capturedPiece: '{piece} captured',
  corrected: 'Correction: {move}',
  clockPressedOwn: 'Clock pressed',
  repeated: 'Repeated: {move}',
  repeatedWrong: 'Repeated differently: {move}. Check both boards.',
  jAdoubeOwn: "J'adoube",
  jAdoubeOpponent: "{color}: j'adoube",
  drawOfferedOwn: 'You offered a draw',
  drawOfferedOpponent: '{color} offers a draw',
  drawDeclinedOwn: 'You declined the draw',
  drawDeclinedOpponent: '{color} declined the draw',
  flagFellOwn: 'Your flag has fallen',
  flagFellOpponent: "{color}'s flag has fallen",
  lowTime: 'Low time: {time}',
  timeCue: '{time} left',
  discrepancy: 'The boards differ. Clocks stopped; the arbiter decides.',
  discrepancyFull: 'The boards differ ({details}). Clocks stopped; the arbiter decides.',
  correctionApplied: 'Boards corrected: {plies, plural, one {# move} other {# moves}} taken back',
  correctionAppliedOne: 'Boards corrected: one move taken back',
  correctionAppliedNone: 'Boards corrected: no move taken back',
  discrepancyOn: 'The boards differ under rule {rule}: {boards}. Clocks stopped; the arbiter decides.',
  discrepancyAnnounced:
    'The boards differ under rule {rule}: {boards}. Announced: {move}. Clocks stopped; the arbiter decides.',
  correctionReset: 'Rule {rule}: {boards} reset',
  correctionNoReset: 'Rule {rule}: the scoresheets corrected',
  'board.blind': "the blind player's board",
  'board.sighted': "the sighted player's board",
  'board.own': 'your board',
  'board.both': '{a} and {b}',
  relayChanged: 'The arbiter changed the relay: {mode}',
  'relayMode.automatic': 'automatic, Twinboard carries every move onto the other board',
  'relayMode.assisted': "by the blind player's assistant",
  'relayMode.manual': "manual, each player carries out the opponent's move on his own board",
  takenBackOne: 'Move taken back; {color} to move',
  takenBackMany: 'Your move and the reply taken back; {color} to move',
  clocksStopped: 'Clocks stopped',
  clocksResumed: 'Clocks running again',
  movesMade: 'Moves completed: White {white}, Black {black}',
  timeUsedRemaining: 'Time used: {used}. Remaining: {remaining}',
  claimed: '{color} claims {claim}',
  claimUpheld: 'Claim upheld: {claim}',
  claimRejected: 'Claim rejected: {claim}',
  claimedUpheld: '{color} claims {claim}; the claim is upheld',
  claimedRejected: '{color} claims {claim}; the claim is rejected',
  'claim.repetition': 'a draw by repetition',
  'claim.fiftyMoves': 'a draw by the fifty-move rule',
  'claim.time': 'a win on time',
  'claim.insufficientMaterial': 'a draw by insufficient material',
  'claim.touchMove': 'a touched-piece violation',
  gameEnded: 'Game over: {score}, {reason}',
  touchEnforced: '{color} must move the touched piece on {square}',
  touchEnforcedTakenBack: '{color}’s move is taken back: the touched piece on {square} must be moved',
  touchCaptureEnforced: '{color} must capture on {target} with the touched piece on {square}',
  touchCaptureEnforcedTakenBack:
    '{color}’s move is taken back: the touched piece on {square} must capture on {target}',
  touchNamingOwn: 'Claim upheld. Name the piece your opponent touched; your clock is running',
  touchNamingOpponent: '{color} names the touched piece',
  positionReinstated:
    'Illegal move found: the position before move {move} stands again. {color} must move the piece on {square}',
  gameAnnulled: 'The arbiter annulled the game. A new game will be started',
  gameAnnulledColours:
    'The arbiter annulled the game: the colours were reversed. A new game will be started; you play {color}',
  coloursReversedStands: 'The colours were reversed, but the game stands and goes on',
  bothFlagsFell: 'Both flags have fallen. The game goes on; the next move starts the next period',
  competitionOn: 'Competition mode is on: no move hints or legal-move read-outs',
  competitionOff: 'Competition mode is off',
  scoreWritten: 'Your score is recorded: {moves, plural, one {# move} other {# moves}}',
  connectionLost: 'Connection lost. Your moves are kept and sent when it is back.',
  connectionBack: 'Connected again.',
  seatTakenHere: 'This screen has taken over your seat; the other screen no longer plays.',
  seatTakenElsewhere:
    'Your seat was opened on another screen, which plays from now on. Nothing more is sent from here. To take it back, choose Play here again.',
  gameStarted: 'New game. You play {color}. Rules: {edition}.',
  gameResumed: 'Game resumed.',
  resumedColor: 'You play {color}.',
  resumedHolding: 'You hold the {piece} from {square}.',
  noVoice: 'No speech voice is installed; messages go to your screen reader instead',
  speechFailed: 'Speech failed; messages go to your screen reader instead',
} as const;

/** The key of one speech message. */
export type SpeechMessageKey = keyof typeof en;

const de: Readonly<Record<SpeechMessageKey, string>> = {
  'color.w': 'Weiß',
  'color.b': 'Schwarz',
  edge: 'Brettrand',
  lifted: '{piece} {square} angehoben',
  liftedAdjusting: 'J’adoube: {piece} {square} angehoben',
  liftedMustMove: '{piece} {square} angehoben; muss gezogen werden',
  putBack: '{piece} zurück auf {square}',
  putBackMustMove: '{piece} zurück auf {square}; muss trotzdem gezogen werden',
  putBackOtherMustMove:
    '{piece} zurück auf {square}. Sie haben zuerst {bound} auf {boundSquare} berührt; diese Figur muss gezogen werden',
  captureRemoved: '{piece} von {square} entfernt',
  placed: '{piece} auf {square} gesetzt',
  promotionRequested: 'Umwandlung auf {square}: Dame, Turm, Läufer oder Springer wählen',
  promotionChosen: 'Wird {piece}',
  announcedOwn: 'Angesagt: {move}',
  announcedOpponentFull: '{color}: {move}',
  capturedPiece: '{piece} geschlagen',
  corrected: 'Korrektur: {move}',
  clockPressedOwn: 'Uhr gedrückt',
  repeated: 'Wiederholt: {move}',
  repeatedWrong: 'Anders wiederholt: {move}. Bitte beide Bretter prüfen.',
  jAdoubeOwn: 'J’adoube',
  jAdoubeOpponent: '{color}: j’adoube',
  drawOfferedOwn: 'Sie haben Remis angeboten',
  drawOfferedOpponent: '{color} bietet Remis an',
  drawDeclinedOwn: 'Sie haben das Remis abgelehnt',
  drawDeclinedOpponent: '{color} lehnt das Remis ab',
  flagFellOwn: 'Ihre Zeit ist abgelaufen',
  flagFellOpponent: 'Die Zeit von {color} ist abgelaufen',
  lowTime: 'Wenig Zeit: {time}',
  timeCue: 'Noch {time}',
  discrepancy: 'Die Bretter weichen ab. Uhren angehalten; der Schiedsrichter entscheidet.',
  discrepancyFull: 'Die Bretter weichen ab ({details}). Uhren angehalten; der Schiedsrichter entscheidet.',
  correctionApplied: 'Bretter berichtigt: {plies, plural, one {# Zug} other {# Züge}} zurückgenommen',
  correctionAppliedOne: 'Bretter berichtigt: ein Zug zurückgenommen',
  correctionAppliedNone: 'Bretter berichtigt: kein Zug zurückgenommen',
  discrepancyOn:
    'Die Bretter weichen ab, Regel {rule}: {boards}. Uhren angehalten; der Schiedsrichter entscheidet.',
  discrepancyAnnounced:
    'Die Bretter weichen ab, Regel {rule}: {boards}. Angesagt: {move}. Uhren angehalten; der Schiedsrichter entscheidet.',
  correctionReset: 'Regel {rule}: {boards} zurückgesetzt',
  correctionNoReset: 'Regel {rule}: die Partieformulare berichtigt',
  'board.blind': 'das Brett des blinden Spielers',
  'board.sighted': 'das Brett des sehenden Spielers',
  'board.own': 'Ihr Brett',
  'board.both': '{a} und {b}',
  relayChanged: 'Der Schiedsrichter hat die Übertragung geändert: {mode}',
  'relayMode.automatic': 'automatisch, Twinboard überträgt jeden Zug auf das andere Brett',
  'relayMode.assisted': 'durch den Assistenten des blinden Spielers',
  'relayMode.manual': 'von Hand, jeder Spieler führt den Zug des Gegners auf seinem Brett aus',
  takenBackOne: 'Zug zurückgenommen; {color} am Zug',
  takenBackMany: 'Ihr Zug und die Antwort zurückgenommen; {color} am Zug',
  clocksStopped: 'Uhren angehalten',
  clocksResumed: 'Uhren laufen wieder',
  movesMade: 'Gespielte Züge: Weiß {white}, Schwarz {black}',
  timeUsedRemaining: 'Verbrauchte Zeit: {used}. Restzeit: {remaining}',
  claimed: '{color} reklamiert {claim}',
  claimUpheld: 'Reklamation angenommen: {claim}',
  claimRejected: 'Reklamation abgelehnt: {claim}',
  claimedUpheld: '{color} reklamiert {claim}; die Reklamation wird angenommen',
  claimedRejected: '{color} reklamiert {claim}; die Reklamation wird abgelehnt',
  'claim.repetition': 'Remis durch Stellungswiederholung',
  'claim.fiftyMoves': 'Remis nach der Fünfzig-Züge-Regel',
  'claim.time': 'Gewinn durch Zeitüberschreitung',
  'claim.insufficientMaterial': 'Remis wegen ungenügenden Materials',
  'claim.touchMove': 'einen Verstoß gegen „berührt – geführt“',
  gameEnded: 'Partie beendet: {score}, {reason}',
  touchEnforced: '{color} muss die berührte Figur auf {square} ziehen',
  touchEnforcedTakenBack:
    'Der Zug von {color} wird zurückgenommen: die berührte Figur auf {square} muss gezogen werden',
  touchCaptureEnforced: '{color} muss mit der berührten Figur auf {square} auf {target} schlagen',
  touchCaptureEnforcedTakenBack:
    'Der Zug von {color} wird zurückgenommen: die berührte Figur auf {square} muss auf {target} schlagen',
  touchNamingOwn: 'Reklamation anerkannt. Nennen Sie die Figur, die Ihr Gegner berührt hat; Ihre Uhr läuft',
  touchNamingOpponent: '{color} nennt die berührte Figur',
  positionReinstated:
    'Unzulässiger Zug festgestellt: die Stellung vor Zug {move} gilt wieder. {color} muss die Figur auf {square} ziehen',
  gameAnnulled: 'Der Schiedsrichter hat die Partie annulliert. Eine neue Partie wird gestartet',
  gameAnnulledColours:
    'Der Schiedsrichter hat die Partie annulliert: die Farben waren vertauscht. Eine neue Partie wird gestartet; Sie spielen {color}',
  coloursReversedStands: 'Die Farben waren vertauscht, aber die Partie bleibt gültig und geht weiter',
  bothFlagsFell:
    'Beide Fallblättchen sind gefallen. Die Partie geht weiter; der nächste Zug beginnt die nächste Periode',
  competitionOn: 'Turniermodus ist an: keine Zughinweise und keine Ansage der legalen Züge',
  competitionOff: 'Turniermodus ist aus',
  scoreWritten: 'Ihre Partieaufzeichnung ist gespeichert: {moves, plural, one {# Zug} other {# Züge}}',
  connectionLost:
    'Verbindung verloren. Ihre Züge bleiben erhalten und werden gesendet, sobald sie wieder steht.',
  connectionBack: 'Wieder verbunden.',
  seatTakenHere: 'Dieser Bildschirm hat Ihren Platz übernommen; der andere spielt nicht mehr.',
  seatTakenElsewhere:
    'Ihr Platz wurde auf einem anderen Bildschirm geöffnet, der ab jetzt spielt. Von hier wird nichts mehr gesendet. Um ihn zurückzuholen, wählen Sie Hier weiterspielen.',
  gameStarted: 'Neue Partie. Sie spielen {color}. Regeln: {edition}.',
  gameResumed: 'Partie fortgesetzt.',
  resumedColor: 'Sie spielen {color}.',
  resumedHolding: 'Sie halten: {piece} von {square}.',
  noVoice: 'Keine Sprachausgabe installiert; Meldungen gehen stattdessen an Ihren Bildschirmleser',
  speechFailed: 'Sprachausgabe fehlgeschlagen; Meldungen gehen stattdessen an Ihren Bildschirmleser',
};

/** The speech messages, for other areas that need to show the same words (e.g. a settings page). */
export const SPEECH_MESSAGES = { en, de } as const;

const translate = makeTranslator<SpeechMessageKey>(SPEECH_MESSAGES);

/** One speech message in the UI language, with its `{placeholders}` filled. */
export function speechText(locale: Locale, key: SpeechMessageKey, params?: Params): string {
  return translate(locale, key, params);
}

/** True when the catalogue has a message for this key. */
export function hasSpeechText(key: string): key is SpeechMessageKey {
  return key in en;
}
