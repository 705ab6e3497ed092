/**
 * What voice and typed input say back, the one place for those words in both languages: the
 * dialogue's questions and answers (controllers/dialogue.ts), the typed command line's replies
 * (input/commandLine.ts) and the names of the commands they confirm or refuse.
 */
import { makeTranslator, type Locale } from '../i18n/index.ts';
import { commandSpec, type CommandName } from './commands.ts';
import type { UnrecognizedReason } from './interpret.ts';

/** What voice and typed input say back, in English and German. */
export const INPUT_MESSAGES = {
  en: {
    choose: 'Did you mean {list}? Say the number, or no.',
    confirmMove: '{move}? Say yes or no.',
    confirmCommand: '{action}? Say yes or no.',
    sayNumber: 'Please say a number from one to {count}, or no.',
    sayYesNo: 'Please say yes or no.',
    cancelled: 'Cancelled.',
    empty: 'I heard nothing.',
    tooLong: 'That was too long. Please say just the move.',
    invalidPosition: 'There is no position to play in.',
    noMatch: 'I did not understand. Please say it again.',
    unclear: 'I am not sure what you meant. Please say it again.',
    tooManyCandidates: 'Several moves fit. Please say the square the piece comes from as well.',
    unknown: 'I do not know “{text}”. Say help for the commands.',
    ambiguousTyped: '“{text}” could mean {list}. Please type it more exactly.',
    notNow: '{action} is not possible now.',
    questionDropped: 'Question dropped.',
    claimWithMove: '{claim}, stating the move {move}',
    claimMoveUnclear:
      'The move stated with the claim, “{text}”, is not one legal move here. The claim was not made.',
  },
  de: {
    choose: 'Meinten Sie {list}? Sagen Sie die Nummer oder nein.',
    confirmMove: '{move}? Sagen Sie ja oder nein.',
    confirmCommand: '{action}? Sagen Sie ja oder nein.',
    sayNumber: 'Bitte sagen Sie eine Zahl von eins bis {count} oder nein.',
    sayYesNo: 'Bitte sagen Sie ja oder nein.',
    cancelled: 'Abgebrochen.',
    empty: 'Ich habe nichts gehört.',
    tooLong: 'Das war zu lang. Bitte sagen Sie nur den Zug.',
    invalidPosition: 'Es gibt keine Stellung, in der gezogen werden kann.',
    noMatch: 'Ich habe das nicht verstanden. Bitte noch einmal.',
    unclear: 'Ich bin nicht sicher, was Sie meinten. Bitte noch einmal.',
    tooManyCandidates: 'Mehrere Züge passen. Bitte nennen Sie auch das Ausgangsfeld.',
    unknown: '„{text}“ kenne ich nicht. Sagen Sie Hilfe für die Befehle.',
    ambiguousTyped: '„{text}“ kann {list} bedeuten. Bitte genauer eingeben.',
    notNow: '{action} ist jetzt nicht möglich.',
    questionDropped: 'Frage verworfen.',
    claimWithMove: '{claim}, mit dem angegebenen Zug {move}',
    claimMoveUnclear:
      'Der mit der Reklamation genannte Zug „{text}“ ist hier nicht genau ein zulässiger Zug. Die Reklamation wurde nicht erhoben.',
  },
} as const;
export type InputMessageKey = keyof (typeof INPUT_MESSAGES)['en'];
/** Translates an input message key. */
export const inputMessage = makeTranslator<InputMessageKey>(INPUT_MESSAGES);

/** Names of the commands that are confirmed, as asked ("Resign? Say yes or no."). */
const CONFIRM_NAMES: Readonly<Record<Locale, Partial<Record<CommandName, string>>>> = {
  en: {
    resign: 'Resign',
    offerDraw: 'Offer a draw',
    acceptDraw: 'Accept the draw',
    claimRepetition: 'Claim a draw by repetition',
    claimFiftyMoves: 'Claim a draw by the fifty-move rule',
    claimTime: 'Claim a win on time',
    claimTouch: 'Claim that your opponent must move the touched piece',
    claimLateArrival: 'Claim a win: your opponent has not arrived in time',
    pressClock: 'Press the clock',
  },
  de: {
    resign: 'Aufgeben',
    offerDraw: 'Remis anbieten',
    acceptDraw: 'Remis annehmen',
    claimRepetition: 'Remis durch Stellungswiederholung beantragen',
    claimFiftyMoves: 'Remis nach der Fünfzig-Züge-Regel beantragen',
    claimTime: 'Gewinn durch Zeitüberschreitung beantragen',
    claimTouch: 'Reklamieren, dass der Gegner die berührte Figur ziehen muss',
    claimLateArrival: 'Gewinn reklamieren: der Gegner ist nicht rechtzeitig erschienen',
    pressClock: 'Die Uhr drücken',
  },
};

/** Names of commands said back when they are not possible now. */
const COMMAND_TITLES: Readonly<Record<Locale, Partial<Record<CommandName, string>>>> = {
  en: { ...CONFIRM_NAMES.en, correctAnnouncement: 'Correcting the announcement' },
  de: { ...CONFIRM_NAMES.de, correctAnnouncement: 'Die Ansage zu korrigieren' },
};

/** A confirmed command's name as the question asks it ("Resign"), else its help text. */
export function confirmName(locale: Locale, command: CommandName): string {
  return CONFIRM_NAMES[locale][command] ?? commandSpec(command).help;
}

/** A command's name as "… is not possible now" says it, else its help text. */
export function commandTitle(locale: Locale, command: CommandName): string {
  return COMMAND_TITLES[locale][command] ?? commandSpec(command).help;
}

/** The reply to an utterance that was not understood. */
export function describeUnrecognized(reason: UnrecognizedReason, locale: Locale = 'en'): string {
  return inputMessage(locale, reason);
}
