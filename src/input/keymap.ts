/**
 * The blind player's key map as data: every board action and the key chords that trigger it, the
 * lichess board-mode keys users already know plus Twinboard's move-lifecycle keys. The map is
 * configurable (settings keep overrides), parsed from stored text with error codes, and the
 * in-app help is generated from it, so the help never disagrees with the keys.
 */
import { err, ok, type Result } from '../core/index.ts';
import { FILES, RANKS, type File, type PieceType, type Rank } from '../core/index.ts';
import type { CommandName } from '../speech/commands.ts';

const JUMP_PIECES = ['k', 'q', 'r', 'b', 'n', 'p'] as const;

/** Help groups, in the order the help lists them. */
export const ACTION_GROUPS = ['navigate', 'read', 'move', 'decide', 'game'] as const;
export type ActionGroup = (typeof ACTION_GROUPS)[number];

const fixedActions = {
  cursorUp: 'navigate',
  cursorDown: 'navigate',
  cursorLeft: 'navigate',
  cursorRight: 'navigate',
  readSquare: 'read',
  readRank: 'read',
  readFile: 'read',
  lastMove: 'read',
  lastCapture: 'read',
  legalMoves: 'read',
  legalCaptures: 'read',
  rays: 'read',
  clocks: 'read',
  movesMade: 'read',
  listPieces: 'read',
  whoseMove: 'read',
  moveStatus: 'move',
  liftOrPlace: 'move',
  removeCaptured: 'move',
  announce: 'move',
  correctAnnouncement: 'move',
  pressClock: 'move',
  jAdoube: 'move',
  repeatMove: 'move',
  executeMove: 'move',
  offerDraw: 'decide',
  acceptDraw: 'decide',
  declineDraw: 'decide',
  claimRepetition: 'decide',
  claimFiftyMoves: 'decide',
  claimTime: 'decide',
  resign: 'decide',
  pushToTalk: 'game',
  commandLine: 'game',
  help: 'game',
  settings: 'game',
} as const satisfies Record<string, ActionGroup>;

type FixedAction = keyof typeof fixedActions;
type RankAction = `rank.${Rank}`;
type FileAction = `file.${File}`;
type PieceAction = `${'next' | 'previous'}.${'own' | 'opponent'}.${(typeof JUMP_PIECES)[number]}`;

/** Every action a key can trigger. */
export type ActionId = FixedAction | RankAction | FileAction | PieceAction;

/** An action with its parameters decoded, for the screen's dispatcher. */
export type Action =
  | { readonly kind: FixedAction }
  | { readonly kind: 'rank'; readonly rank: Rank }
  | { readonly kind: 'file'; readonly file: File }
  | {
      readonly kind: 'pieceJump';
      readonly piece: PieceType;
      readonly side: 'own' | 'opponent';
      readonly order: 'next' | 'previous';
    };

/** The key map: each action and its chords (e.g. `Shift+Enter`, `k`, `Shift+1`, `ArrowUp`). */
export type Keymap = Readonly<Record<ActionId, readonly string[]>>;

function buildDefault(): Record<ActionId, readonly string[]> {
  const map = {
    cursorUp: ['ArrowUp'],
    cursorDown: ['ArrowDown'],
    cursorLeft: ['ArrowLeft'],
    cursorRight: ['ArrowRight'],
    readSquare: ['o'],
    readRank: ['s'],
    readFile: ['Shift+s'],
    lastMove: ['l'],
    lastCapture: ['c'],
    legalMoves: ['m'],
    legalCaptures: ['Shift+m'],
    rays: ['x'],
    clocks: ['t'],
    movesMade: ['Shift+t'],
    // Issue 28: one key each for what lichess's blind mode has typed commands for.
    listPieces: ['Shift+l'],
    whoseMove: ['Shift+w'],
    moveStatus: ['h'],
    liftOrPlace: ['Enter', 'Space'],
    removeCaptured: ['Delete'],
    announce: ['a'],
    correctAnnouncement: ['Shift+a'],
    pressClock: ['Shift+Enter'],
    jAdoube: ['j'],
    // BL-18 / BL-24: repeat ("wiederholen") and execute the opponent's announced move.
    repeatMove: ['w'],
    executeMove: ['e'],
    // Draws, claims and resignation; all but declining wait for a confirmation (CONFIRMED_ACTIONS).
    offerDraw: ['d'],
    acceptDraw: ['Shift+d'],
    declineDraw: ['Shift+x'],
    claimRepetition: ['Shift+c'],
    claimFiftyMoves: ['Shift+f'],
    claimTime: ['f'],
    resign: ['Shift+g'],
    pushToTalk: ['v'],
    commandLine: ['i'],
    help: ['?'],
    settings: [','],
  } as unknown as Record<ActionId, readonly string[]>;
  for (const rank of RANKS) map[`rank.${rank}`] = [rank];
  FILES.forEach((file, i) => (map[`file.${file}`] = [`Shift+${i + 1}`]));
  for (const p of JUMP_PIECES) {
    // lichess: the letter jumps to the next piece of that type. Twinboard splits its Shift meaning:
    // Shift = the opponent's pieces, Alt = backwards (previous), both = the opponent's, backwards.
    map[`next.own.${p}`] = [p];
    map[`next.opponent.${p}`] = [`Shift+${p}`];
    map[`previous.own.${p}`] = [`Alt+${p}`];
    map[`previous.opponent.${p}`] = [`Alt+Shift+${p}`];
  }
  return map;
}

/** The default key map (lichess-compatible where lichess has the key). */
export const DEFAULT_KEYMAP: Keymap = buildDefault();

/** Every action id, in help order. */
export const ACTION_IDS: readonly ActionId[] = Object.keys(DEFAULT_KEYMAP) as ActionId[];

export function isActionId(text: string): text is ActionId {
  return text in DEFAULT_KEYMAP;
}

/**
 * The keys a slip of which would cost the game (issue 28; resignation: checklist 70, Art 11.2): each
 * asks first, with the safe answer ready, and acts only on "yes". Declining a draw does not ask.
 */
export const CONFIRMED_ACTIONS = [
  'offerDraw',
  'acceptDraw',
  'claimRepetition',
  'claimFiftyMoves',
  'claimTime',
  'resign',
] as const satisfies readonly FixedAction[];
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];

export function isConfirmedAction(kind: string): kind is ConfirmedAction {
  return (CONFIRMED_ACTIONS as readonly string[]).includes(kind);
}

/**
 * The typed and spoken command (speech/commands.ts) that does what a key does: each of these has
 * all three forms, key, typed line and words in English and German (tests/input hold them to it).
 */
export const COMMAND_OF_ACTION: Partial<Readonly<Record<FixedAction, CommandName>>> = {
  readSquare: 'readSquare',
  lastMove: 'lastMove',
  lastCapture: 'lastCapture',
  rays: 'readDiagonal',
  clocks: 'timeUsed',
  movesMade: 'movesMade',
  listPieces: 'listPieces',
  whoseMove: 'whoseMove',
  removeCaptured: 'remove',
  correctAnnouncement: 'correctAnnouncement',
  pressClock: 'pressClock',
  jAdoube: 'adjust',
  repeatMove: 'repeat',
  executeMove: 'execute',
  offerDraw: 'offerDraw',
  acceptDraw: 'acceptDraw',
  declineDraw: 'declineDraw',
  claimRepetition: 'claimRepetition',
  claimFiftyMoves: 'claimFiftyMoves',
  claimTime: 'claimTime',
  resign: 'resign',
  help: 'help',
};

/**
 * Chords the screens give to something other than the key map, which no action may take: Tab and
 * Escape (the focus and the dialogs) and the practice game's own keys (controllers/practice.ts).
 */
export const RESERVED_CHORDS: Readonly<Record<string, string>> = {
  Tab: 'focus',
  'Shift+Tab': 'focus',
  Escape: 'closeOrBack',
  'Shift+h': 'practiceHint',
  u: 'practiceTakeBack',
};

/** The group an action is listed under in the help. */
export function actionGroup(id: ActionId): ActionGroup {
  return id in fixedActions ? fixedActions[id as FixedAction] : 'navigate';
}

/** Decodes an action id into the action the screen performs. */
export function decodeAction(id: ActionId): Action {
  const [head, a, b] = id.split('.') as [string, string | undefined, string | undefined];
  if (head === 'rank') return { kind: 'rank', rank: a as Rank };
  if (head === 'file') return { kind: 'file', file: a as File };
  if (head === 'next' || head === 'previous')
    return { kind: 'pieceJump', order: head, side: a as 'own' | 'opponent', piece: b as PieceType };
  return { kind: id as FixedAction };
}

/** The parts of a keyboard event a chord is made from (a DOM KeyboardEvent has them all). */
export interface KeyStroke {
  readonly key: string;
  readonly code?: string;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
}

/**
 * The chord of a key stroke, layout-independent for digits and letters: Shift+1 on a US keyboard
 * gives key "!" but code "Digit1", so the code decides; `?` stays `?` so it works on any layout.
 */
export function chordOf(stroke: KeyStroke): string {
  let base = stroke.key;
  const code = stroke.code ?? '';
  if (/^Digit[0-9]$/.test(code)) base = code.slice(5);
  else if (/^Key[A-Z]$/.test(code)) base = code.slice(3).toLowerCase();
  else if (base === ' ') base = 'Space';
  else if (base.length === 1) base = base.toLowerCase();
  const punctuationWithShift = base.length === 1 && !/[a-z0-9]/.test(base);
  const mods = [
    stroke.ctrlKey ? 'Ctrl' : '',
    stroke.metaKey ? 'Meta' : '',
    stroke.altKey ? 'Alt' : '',
    // A shifted punctuation key (like "?") is named by its character alone.
    stroke.shiftKey && !punctuationWithShift ? 'Shift' : '',
  ].filter(Boolean);
  return [...mods, base].join('+');
}

/** Normalises a chord as written by a person ("shift+enter", "Alt+Shift+K") to the canonical form. */
export function normaliseChord(text: string): string | undefined {
  const parts = text.split('+').map((p) => p.trim());
  const base = parts.pop();
  if (!base) return undefined;
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  for (const m of mods) if (!['ctrl', 'meta', 'alt', 'shift'].includes(m)) return undefined;
  const named = NAMED_KEYS.find((k) => k.toLowerCase() === base.toLowerCase());
  const key = named ?? (base.length === 1 ? base.toLowerCase() : undefined);
  if (!key) return undefined;
  return [
    mods.has('ctrl') ? 'Ctrl' : '',
    mods.has('meta') ? 'Meta' : '',
    mods.has('alt') ? 'Alt' : '',
    mods.has('shift') ? 'Shift' : '',
    key,
  ]
    .filter(Boolean)
    .join('+');
}

const NAMED_KEYS = [
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Enter',
  'Space',
  'Delete',
  'Backspace',
  'Escape',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Tab',
  'Insert',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
] as const;

/** Looks up the action for a key stroke; undefined when the key is not bound. */
export function actionFor(keymap: Keymap, stroke: KeyStroke): ActionId | undefined {
  const chord = chordOf(stroke);
  for (const id of ACTION_IDS) if (keymap[id].includes(chord)) return id;
  return undefined;
}

/**
 * Whether releasing this key ends a hold of the action (push-to-talk held on its key): the key's
 * base matches the base of one of the action's chords, whatever modifiers were let go first.
 */
export function releasesAction(keymap: Keymap, action: ActionId, stroke: KeyStroke): boolean {
  // The base is what follows the last '+' separator ('Shift++' is the plus key with Shift).
  const baseOf = (chord: string) =>
    chord.length === 1 ? chord : chord.slice(chord.lastIndexOf('+', chord.length - 2) + 1);
  const released = baseOf(chordOf(stroke));
  return keymap[action].some((chord) => baseOf(chord) === released);
}

/** A chord bound to more than one action. */
export interface Conflict {
  readonly chord: string;
  readonly actions: readonly ActionId[];
}

export function findConflicts(keymap: Keymap): Conflict[] {
  const byChord = new Map<string, ActionId[]>();
  for (const id of ACTION_IDS)
    for (const chord of keymap[id]) byChord.set(chord, [...(byChord.get(chord) ?? []), id]);
  return [...byChord]
    .filter(([, actions]) => actions.length > 1)
    .map(([chord, actions]) => ({ chord, actions }));
}

export type KeymapErrorCode = 'notAnObject' | 'unknownAction' | 'badChord' | 'conflict' | 'reserved';
export interface KeymapError {
  readonly code: KeymapErrorCode;
  readonly detail: string;
}

/** The default map with one action rebound; refused when a chord is malformed or already used. */
export function rebind(
  keymap: Keymap,
  action: ActionId,
  chords: readonly string[],
): Result<Keymap, KeymapError> {
  const normal: string[] = [];
  for (const c of chords) {
    const n = normaliseChord(c);
    if (!n) return err({ code: 'badChord', detail: c });
    const reserved = RESERVED_CHORDS[n];
    if (reserved) return err({ code: 'reserved', detail: `${n}: ${reserved}` });
    normal.push(n);
  }
  const next = { ...keymap, [action]: normal };
  const conflict = findConflicts(next).find((c) => c.actions.includes(action));
  return conflict
    ? err({ code: 'conflict', detail: `${conflict.chord}: ${conflict.actions.join(', ')}` })
    : ok(next);
}

/**
 * Builds a key map from stored overrides (`{ action: [chords] }`) over the defaults. Unknown
 * actions, malformed or reserved chords and two overrides on one chord are errors, so a bad saved
 * map is never half-applied. An override saved before issue 28 gave keys to new actions
 * (ADDED_LATER) may hold one of their chords: the player's choice wins, and the new action is left
 * without that chord (its typed and spoken commands still reach it, or he binds it another key).
 */
export function parseKeymap(overrides: unknown): Result<Keymap, KeymapError> {
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides))
    return err({ code: 'notAnObject', detail: typeof overrides });
  let map: Keymap = DEFAULT_KEYMAP;
  const chosen = new Set<ActionId>();
  for (const [action, chords] of Object.entries(overrides)) {
    if (!isActionId(action)) return err({ code: 'unknownAction', detail: action });
    if (!Array.isArray(chords) || chords.some((c) => typeof c !== 'string'))
      return err({ code: 'badChord', detail: action });
    chosen.add(action);
    const r = rebind(withoutDefaultsOn(map, chords as string[], chosen), action, chords as string[]);
    if (!r.ok) return r;
    map = r.value;
  }
  return ok(map);
}

/** Actions given default keys after key maps were first saved (issue 28). */
const ADDED_LATER: ReadonlySet<ActionId> = new Set<ActionId>([
  'listPieces',
  'whoseMove',
  ...ACTION_IDS.filter((id) => actionGroup(id) === 'decide'),
]);

/** The map with `chords` taken from the actions ADDED_LATER still on their defaults. */
function withoutDefaultsOn(map: Keymap, chords: readonly string[], chosen: ReadonlySet<ActionId>): Keymap {
  const taken = new Set(chords.map((c) => normaliseChord(c) ?? c));
  const out: Record<ActionId, readonly string[]> = { ...map };
  for (const id of ADDED_LATER)
    if (!chosen.has(id) && map[id].some((c) => taken.has(c))) out[id] = map[id].filter((c) => !taken.has(c));
  return out;
}

/** The overrides that turn the default map into this one (what settings store). */
export function keymapOverrides(keymap: Keymap): Partial<Record<ActionId, readonly string[]>> {
  const out: Partial<Record<ActionId, readonly string[]>> = {};
  for (const id of ACTION_IDS)
    if (keymap[id].join(' ') !== DEFAULT_KEYMAP[id].join(' ')) out[id] = keymap[id];
  return out;
}

/** One line of the help: an action and the chords bound to it. */
export interface HelpEntry {
  readonly action: ActionId;
  readonly group: ActionGroup;
  readonly chords: readonly string[];
}

/** The help listing, grouped in ACTION_GROUPS order, generated from the key map itself. */
export function helpEntries(keymap: Keymap): HelpEntry[] {
  const entries = ACTION_IDS.map((action) => ({
    action,
    group: actionGroup(action),
    chords: keymap[action],
  }));
  return ACTION_GROUPS.flatMap((g) => entries.filter((e) => e.group === g));
}
