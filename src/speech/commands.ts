/**
 * The one table of commands for voice and typed input: every question the blind player may ask
 * the board and every non-move action (lift/place/remove, j'adoube, claims, draw, resign …), with
 * their English and German spoken patterns, their typed aliases (lichess-compatible where lichess
 * has one: nvui `p`, `s`, `c`, `l`, `draw`, `resign`) and whether they need a yes/no confirmation.
 * Pure data plus small helpers; the phrase generator (src/speech/phrases.ts) expands the patterns.
 */

/** The kinds of argument a command pattern may carry. */
export const SLOT_KINDS = ['square', 'piece', 'color', 'file', 'rank', 'number'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

export const COMMAND_NAMES = [
  'whereIs',
  'listPieces',
  'readSquare',
  'readRank',
  'readFile',
  'readDiagonal',
  'lastMove',
  'lastCapture',
  'whoseMove',
  'clock',
  'movesMade',
  'timeUsed',
  'repeat',
  'execute',
  'lift',
  'place',
  'remove',
  'adjust',
  'correctAnnouncement',
  'pressClock',
  'startGame',
  'offerDraw',
  'acceptDraw',
  'declineDraw',
  'claimRepetition',
  'claimFiftyMoves',
  'claimTime',
  'claimTouch',
  'nameTouchedPiece',
  'claimLateArrival',
  'resign',
  'help',
  'yes',
  'no',
  'number',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** A recognised command with its arguments (`square: 'e4'`, `piece: 'n'`, `color: 'w'`, `value: '2'` …). */
export interface Command {
  readonly command: CommandName;
  readonly args?: Readonly<Record<string, string>>;
}

export interface CommandSpec {
  readonly name: CommandName;
  /**
   * Spoken (and typed long-hand) patterns. Words are literal; `{square}`, `{piece}`, `{color}`,
   * `{file}`, `{rank}`, `{number}` are slots, `{color?}` an optional slot.
   */
  readonly en: readonly string[];
  readonly de: readonly string[];
  /** Short typed forms (lichess nvui where one exists), same pattern syntax. */
  readonly typed: readonly string[];
  /** Needs a spoken/typed "yes" before it is carried out: it cannot be undone. */
  readonly confirm: boolean;
  /** One line for the spoken help. */
  readonly help: string;
}

/**
 * Confirmation policy (DESIGN principle 4, "confirm what cannot be undone"): resigning, every
 * claim, offering/accepting a draw (an offer cannot be withdrawn, FIDE Art. 9.1.2) and pressing the
 * clock (after it "correct announcement" is gone, checklist 26) are confirmed. Questions, lifting
 * and placing (the aperture lifecycle lets a piece be put back), j'adoube and corrections are not.
 */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'whereIs',
    en: ['where is {color?} {piece}', 'where are {color?} {piece}', 'find {color?} {piece}'],
    de: ['wo ist {color?} {piece}', 'wo sind {color?} {piece}', 'finde {color?} {piece}'],
    typed: ['p {piece}', 'p {color} {piece}'],
    confirm: false,
    help: 'where is knight',
  },
  {
    name: 'listPieces',
    en: ['list pieces', 'list {color} pieces', 'list all pieces', 'read pieces', '{color} pieces'],
    de: ['liste figuren', 'liste {color} figuren', 'alle figuren', 'figuren {color}'],
    typed: ['pieces', 'pieces {color}'],
    confirm: false,
    help: 'list white pieces',
  },
  {
    name: 'readSquare',
    en: ['read {square}', 'read square {square}', 'what is on {square}', 'square {square}'],
    de: ['lies {square}', 'lies feld {square}', 'was steht auf {square}', 'feld {square}'],
    typed: ['sq {square}'],
    confirm: false,
    help: 'read square Evan four',
  },
  {
    name: 'readRank',
    en: ['read rank {rank}', 'rank {rank}'],
    de: ['lies reihe {rank}', 'reihe {rank}'],
    typed: ['s {rank}'],
    confirm: false,
    help: 'read rank four',
  },
  {
    name: 'readFile',
    en: ['read file {file}', 'file {file}'],
    de: ['lies linie {file}', 'linie {file}'],
    typed: ['s {file}'],
    confirm: false,
    help: 'read file Evan',
  },
  {
    name: 'readDiagonal',
    en: ['read diagonal {square}', 'diagonal {square}', 'read diagonals {square}'],
    de: ['lies diagonale {square}', 'diagonale {square}'],
    typed: ['diag {square}'],
    confirm: false,
    help: 'read diagonal Cesar one',
  },
  {
    name: 'lastMove',
    en: ['last move', 'what was the last move', 'opponent move'],
    de: ['letzter zug', 'was war der letzte zug'],
    typed: ['l'],
    confirm: false,
    help: 'last move',
  },
  {
    name: 'lastCapture',
    en: ['last capture', 'what was captured'],
    de: ['letzte schlagen', 'was wurde geschlagen'],
    typed: ['lc'],
    confirm: false,
    help: 'last capture',
  },
  {
    name: 'whoseMove',
    en: ['whose move', 'whose turn', 'who is to move', 'who moves'],
    de: ['wer ist am zug', 'wer zieht'],
    typed: ['turn'],
    confirm: false,
    help: 'whose move',
  },
  {
    name: 'clock',
    en: ['clock', 'read clock', 'how much time', 'time left'],
    de: ['uhr', 'wie viel zeit', 'restzeit'],
    typed: ['c'],
    confirm: false,
    help: 'clock',
  },
  {
    name: 'movesMade',
    en: ['moves made', 'how many moves', 'move count', 'number of moves'],
    de: ['wie viele zuege', 'anzahl zuege', 'gemachte zuege'],
    typed: ['moves'],
    confirm: false,
    help: 'how many moves',
  },
  {
    name: 'timeUsed',
    en: ['time used', 'how much time used', 'used time'],
    de: ['verbrauchte zeit', 'wie viel zeit verbraucht'],
    typed: ['used'],
    confirm: false,
    help: 'time used',
  },
  {
    name: 'repeat',
    en: ['repeat', 'say again', 'again', 'pardon'],
    de: ['wiederholen', 'noch einmal', 'bitte wiederholen'],
    typed: ['r'],
    confirm: false,
    help: 'repeat',
  },
  {
    // BL-24 manual relay: the blind player carries out his opponent's announced move on his board.
    name: 'execute',
    en: ['execute', 'execute move', 'execute the move', 'carry it out', 'carry out the move'],
    de: ['ausführen', 'zug ausführen', 'den zug ausführen'],
    typed: ['execute'],
    confirm: false,
    help: 'execute',
  },
  {
    name: 'lift',
    en: ['lift {square}', 'pick up {square}', 'lift piece {square}'],
    de: ['hebe {square}', 'heben {square}', 'anheben {square}'],
    typed: ['lift {square}'],
    confirm: false,
    help: 'lift Gustav one',
  },
  {
    name: 'place',
    en: ['place {square}', 'put {square}', 'place on {square}', 'put on {square}'],
    de: ['setze {square}', 'setze auf {square}', 'stelle {square}', 'stelle auf {square}'],
    typed: ['place {square}'],
    confirm: false,
    help: 'place Felix three',
  },
  {
    name: 'remove',
    en: ['remove {square}', 'remove piece {square}', 'take off {square}'],
    de: ['entferne {square}', 'entfernen {square}'],
    typed: ['remove {square}'],
    confirm: false,
    help: 'remove David five',
  },
  {
    name: 'adjust',
    en: ['jadoube', 'i adjust', 'adjust'],
    de: ['jadoube', 'ich ruecke zurecht', 'zurechtruecken'],
    typed: ['jadoube', 'adjust'],
    confirm: false,
    help: "j'adoube",
  },
  {
    name: 'correctAnnouncement',
    en: ['correct announcement', 'correction', 'correct my announcement', 'wrong announcement'],
    de: ['ansage korrigieren', 'korrektur', 'ansage berichtigen'],
    typed: ['correct'],
    confirm: false,
    help: 'correct announcement',
  },
  {
    name: 'pressClock',
    en: ['press clock', 'press the clock', 'clock press', 'stop clock'],
    de: ['uhr druecken', 'druecke uhr', 'uhr betaetigen'],
    typed: ['press'],
    confirm: true,
    help: 'press clock',
  },
  {
    // A paired game waits for a player or the arbiter to start it (the clock key does it too).
    name: 'startGame',
    en: ['start', 'start the game', 'start game', 'begin the game'],
    de: ['starten', 'partie starten', 'partie beginnen', 'spiel starten'],
    typed: ['start'],
    confirm: false,
    help: 'start the game',
  },
  {
    name: 'offerDraw',
    en: ['offer draw', 'offer a draw', 'draw', 'i offer a draw'],
    de: ['remis anbieten', 'remis', 'ich biete remis'],
    typed: ['draw'],
    confirm: true,
    help: 'offer draw',
  },
  {
    name: 'acceptDraw',
    en: ['accept draw', 'accept the draw', 'accept'],
    de: ['remis annehmen', 'annehmen'],
    typed: ['accept'],
    confirm: true,
    help: 'accept draw',
  },
  {
    name: 'declineDraw',
    en: ['decline draw', 'decline the draw', 'decline', 'reject draw'],
    de: ['remis ablehnen', 'ablehnen'],
    typed: ['decline'],
    confirm: false,
    help: 'decline draw',
  },
  {
    name: 'claimRepetition',
    // With a move after it, the move that will repeat the position (speech/claimMove.ts, GR-36).
    en: [
      'claim repetition',
      'claim draw by repetition',
      'claim draw repetition',
      'threefold repetition',
      'claim threefold',
    ],
    de: ['remis durch wiederholung', 'wiederholung reklamieren', 'dreifache wiederholung'],
    typed: ['claim repetition', 'claim threefold'],
    confirm: true,
    help: 'claim draw by repetition',
  },
  {
    name: 'claimFiftyMoves',
    en: ['claim fifty moves', 'claim draw fifty moves', 'fifty move rule', 'claim fifty move rule'],
    de: ['fuenfzig zuege regel', 'fuenfzig zuege reklamieren', 'remis fuenfzig zuege'],
    typed: ['claim fifty', 'claim 50'],
    confirm: true,
    help: 'claim fifty moves',
  },
  {
    name: 'claimTime',
    en: ['claim on time', 'claim time', 'flag', 'claim flag'],
    de: ['zeit reklamieren', 'zeitueberschreitung', 'blaettchen gefallen'],
    typed: ['claim time', 'flag'],
    confirm: true,
    help: 'claim on time',
  },
  {
    // Art 7.4 / 8.4: the opponent touched the piece on {square}; E72 Art 20 1(d) leaves it out.
    name: 'claimTouch',
    en: ['claim touch {square}', 'claim touch move {square}', 'touch move {square}', 'claim touch'],
    de: ['berührt geführt {square}', 'reklamiere berührt {square}', 'berührt geführt'],
    typed: ['claim touch {square}', 'claim touch'],
    confirm: true,
    help: 'claim touch Gustav one',
  },
  {
    // E72 Art 20.3: the claimant names the man the accused must move or capture, or (typed only:
    // a spoken pair of squares would square the grammar) the capture by two touched men, 20 1(d)2.
    name: 'nameTouchedPiece',
    en: ['touched piece {square}', 'name piece {square}'],
    de: ['berührte figur {square}', 'nenne figur {square}'],
    typed: ['touched {square}', 'touched {square} takes {square}', 'touched {square} x {square}'],
    confirm: false,
    help: 'touched piece Gustav one',
  },
  {
    // 000 Art 17.2; 003 Art 10.13; 001 Art 10.15, with no arbiter present.
    name: 'claimLateArrival',
    en: ['claim late arrival', 'opponent is late', 'claim late'],
    de: ['verspätung reklamieren', 'gegner zu spät', 'zu spät reklamieren'],
    typed: ['claim late'],
    confirm: true,
    help: 'claim late arrival',
  },
  {
    name: 'resign',
    en: ['resign', 'i resign', 'resign the game'],
    de: ['aufgeben', 'ich gebe auf'],
    typed: ['resign'],
    confirm: true,
    help: 'resign',
  },
  {
    name: 'help',
    en: ['help', 'what can i say', 'commands'],
    de: ['hilfe', 'was kann ich sagen', 'befehle'],
    typed: ['help', '?'],
    confirm: false,
    help: 'help',
  },
  {
    name: 'yes',
    en: ['yes', 'yeah', 'confirm', 'yes please'],
    de: ['ja', 'bestaetigen', 'ja bitte'],
    typed: ['y'],
    confirm: false,
    help: 'yes',
  },
  {
    name: 'no',
    en: ['no', 'cancel', 'no thanks'],
    de: ['nein', 'abbrechen'],
    typed: ['n'],
    confirm: false,
    help: 'no',
  },
  {
    name: 'number',
    en: ['{number}', 'number {number}'],
    de: ['nummer {number}'],
    typed: [],
    confirm: false,
    help: 'one, two, three …',
  },
];

// COMMANDS lists every COMMAND_NAMES entry exactly once (checked by tests/speech/commands.test.ts).
const BY_NAME = Object.fromEntries(COMMANDS.map((spec) => [spec.name, spec])) as Record<
  CommandName,
  CommandSpec
>;

/** The table entry for a command name. */
export function commandSpec(name: CommandName): CommandSpec {
  return BY_NAME[name];
}

/** Whether the command must be confirmed with "yes" before it is carried out. */
export function needsConfirmation(name: CommandName): boolean {
  return commandSpec(name).confirm;
}

export function isCommandName(text: string): text is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(text);
}

/** Numbers 1–9 as spoken, for the numbered disambiguation dialogue. */
export const NUMBER_WORDS = {
  en: ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  de: ['eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'],
} as const;
