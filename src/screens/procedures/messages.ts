/**
 * UI strings of the procedure controls (issue 12): touch-move claims and enforcement (with the E72
 * capture by two touched men), an illegal
 * move reinstated, annul and replay, colours reversed, late arrival, competition mode and the blind
 * player's own typed score.
 */
import { makeTranslator } from '../../i18n/index.ts';

const en = {
  procedures: 'Procedures',
  side: 'Side',
  white: 'White',
  black: 'Black',
  square: 'Square (for example g8)',
  badSquare: 'Type a square: a letter from a to h and a number from 1 to 8, such as g8.',
  touchHeading: 'Touch-move',
  enforceTouch: 'Enforce touch-move: the piece on this square must be moved',
  illegalHeading: 'Illegal move found later',
  illegalPly: 'The illegal move',
  reinstate: 'Reinstate the position before this move',
  noMoves: 'No move has been played yet.',
  annulHeading: 'Annul and replay',
  annulReason: 'Reason',
  reason_positionNotReinstatable: 'the position cannot be reinstated',
  reason_wrongInitialPosition: 'the initial position was wrong',
  reason_coloursReversed: 'the colours were reversed',
  annul: 'Annul the game and set up a new one',
  coloursHeading: 'Colours reversed',
  coloursRestart: 'Where the edition leaves it to me, start a new game with the right colours',
  coloursJudge: 'The colours were reversed: apply the edition’s rule',
  lateHeading: 'Late arrival',
  lateDefault:
    'Default time of the event: {minutes, plural, one {# minute} other {# minutes}} from the start of the session.',
  forfeitLate: 'Forfeit the absent player for late arrival',
  competitionHeading: 'Competition mode',
  competition: 'Competition mode: no legal-move read-outs or hints on any screen',
  claimTouchHeading: 'Touch-move claim',
  claimTouch: 'Claim: my opponent touched the piece on this square',
  claimTouchUnnamed: 'In this edition you may leave the square empty and name the piece when asked.',
  nameTouched: 'Name the touched piece your opponent must move',
  nameTouchedAsk:
    'The arbiter upheld your claim: name the piece your opponent touched. Your clock is running.',
  nameCapture: 'Name the capture by two touched men',
  captureFrom: 'His touched man that must capture, on (for example c6)',
  captureTarget: 'My touched man he must capture, on (for example e4)',
  claimLate: 'Claim a forfeit: my opponent has not arrived',
  scoreHeading: 'My score',
  scoreText: 'My score as I wrote it (any notation)',
  writeScore: 'Record my score',
} as const;

const de: Record<keyof typeof en, string> = {
  procedures: 'Verfahren',
  side: 'Seite',
  white: 'Weiß',
  black: 'Schwarz',
  square: 'Feld (zum Beispiel g8)',
  badSquare: 'Geben Sie ein Feld ein: ein Buchstabe von a bis h und eine Zahl von 1 bis 8, etwa g8.',
  touchHeading: 'Berührt – geführt',
  enforceTouch: 'Berührt – geführt durchsetzen: die Figur auf diesem Feld muss gezogen werden',
  illegalHeading: 'Unzulässiger Zug nachträglich festgestellt',
  illegalPly: 'Der unzulässige Zug',
  reinstate: 'Die Stellung vor diesem Zug wiederherstellen',
  noMoves: 'Noch kein Zug gespielt.',
  annulHeading: 'Annullieren und neu spielen',
  annulReason: 'Grund',
  reason_positionNotReinstatable: 'die Stellung lässt sich nicht wiederherstellen',
  reason_wrongInitialPosition: 'die Anfangsstellung war falsch',
  reason_coloursReversed: 'die Farben waren vertauscht',
  annul: 'Die Partie annullieren und neu aufbauen',
  coloursHeading: 'Farben vertauscht',
  coloursRestart: 'Wo die Ausgabe es mir überlässt, eine neue Partie mit richtigen Farben beginnen',
  coloursJudge: 'Die Farben waren vertauscht: die Regel der Ausgabe anwenden',
  lateHeading: 'Verspätung',
  lateDefault:
    'Karenzzeit der Veranstaltung: {minutes, plural, one {# Minute} other {# Minuten}} ab Beginn der Sitzung.',
  forfeitLate: 'Den abwesenden Spieler wegen Verspätung verlieren lassen',
  competitionHeading: 'Turniermodus',
  competition: 'Turniermodus: keine Ansage legaler Züge und keine Hinweise auf irgendeinem Bildschirm',
  claimTouchHeading: 'Reklamation: berührt – geführt',
  claimTouch: 'Reklamieren: mein Gegner hat die Figur auf diesem Feld berührt',
  claimTouchUnnamed:
    'In dieser Ausgabe dürfen Sie das Feld leer lassen und die Figur auf Aufforderung nennen.',
  nameTouched: 'Die berührte Figur nennen, die mein Gegner ziehen muss',
  nameTouchedAsk:
    'Der Schiedsrichter hat Ihre Reklamation anerkannt: nennen Sie die berührte Figur. Ihre Uhr läuft.',
  nameCapture: 'Das Schlagen durch zwei berührte Figuren nennen',
  captureFrom: 'Seine berührte Figur, die schlagen muss, auf (zum Beispiel c6)',
  captureTarget: 'Meine berührte Figur, die er schlagen muss, auf (zum Beispiel e4)',
  claimLate: 'Gewinn reklamieren: mein Gegner ist nicht erschienen',
  scoreHeading: 'Meine Partieaufzeichnung',
  scoreText: 'Meine Aufzeichnung, wie ich sie geschrieben habe (jede Notation)',
  writeScore: 'Aufzeichnung speichern',
};

/** Translator for the procedure controls. */
export const tProcedures = makeTranslator({ en, de });
export type ProceduresKey = keyof typeof en;
