/**
 * The player's settings: their shape, defaults, parsing from storage (errors as values, a bad
 * saved value never half-applies) and saving through the Storage port. The settings screen and
 * the blind screen read them; every change is read aloud by the screen (see describeSetting in
 * src/screens/blind/messages.ts).
 */
import { isLocale, type Locale } from '../i18n/index.ts';
import { PROFILE_IDS, err, ok, type ProfileId, type Result } from '../core/index.ts';
import { VOCABULARY_IDS, type VocabularyId } from '../speech/vocabularies.ts';
import { DEFAULT_KEYMAP, keymapOverrides, parseKeymap, type Keymap } from '../input/keymap.ts';
import type { KeyValueStore } from '../ports/storage.ts';

/** Rule editions: the core's profiles (spec §3). */
export const EDITION_IDS = PROFILE_IDS;
export type EditionId = ProfileId;

export const VERBOSITIES = ['brief', 'normal', 'full'] as const;
export type Verbosity = (typeof VERBOSITIES)[number];

export const ORIENTATIONS = ['auto', 'w', 'b'] as const;
/** `auto` = from the player's own side. */
export type OrientationSetting = (typeof ORIENTATIONS)[number];

export const LAYOUTS = ['grid', 'table'] as const;
export type BoardLayout = (typeof LAYOUTS)[number];

export const BOARD_COLORS = ['brown', 'blue', 'grey'] as const;
/** The visual board's square colours; each keeps pieces, highlights and focus at 3:1 or more (issue 13). */
export type BoardColors = (typeof BOARD_COLORS)[number];

export const PIECE_SETS = ['classic', 'bold'] as const;
/** The visual board's pieces: the classic solid figurines, or bold ones with thick contrasting edges (issue 13). */
export type PieceSet = (typeof PIECE_SETS)[number];

export const ROOK_PLACEMENTS = ['auto', 'manual'] as const;
/** Castling on the aperture board: the app places the rook, or the player does (BL-16 CONFIG). */
export type RookPlacement = (typeof ROOK_PLACEMENTS)[number];

export const TIME_CUES = [0, 5, 15] as const;
export type TimeCueMinutes = (typeof TIME_CUES)[number];

export const TALK_MODES = ['hold', 'toggle'] as const;
/** The talk key: held while speaking (push-to-talk), or pressed to start and again to stop (issue 4). */
export type TalkMode = (typeof TALK_MODES)[number];

export const CAPTURE_REMOVALS = ['onDrop', 'explicit'] as const;
export type CaptureRemoval = (typeof CAPTURE_REMOVALS)[number];

export interface Settings {
  readonly edition: EditionId;
  readonly vocabulary: VocabularyId;
  readonly locale: Locale;
  readonly verbosity: Verbosity;
  /** Speech rate for self-voicing, 0.5–3 (1 = normal). */
  readonly speechRate: number;
  /** The synthesis voice's name; empty = the platform default for the language. */
  readonly voice: string;
  /** true: Twinboard speaks itself; false: only the live region, for the screen reader (never both). */
  readonly selfVoicing: boolean;
  readonly keymap: Keymap;
  readonly orientation: OrientationSetting;
  readonly layout: BoardLayout;
  readonly highContrast: boolean;
  readonly largeBoard: boolean;
  readonly boardColors: BoardColors;
  readonly pieceSet: PieceSet;
  /** The sighted board shows where a touched piece can go (never in competition). */
  readonly moveHints: boolean;
  readonly rookPlacement: RookPlacement;
  /** BL-14: dropping on a piece removes it (`onDrop`), or the player removes it himself (`explicit`). */
  readonly captureRemoval: CaptureRemoval;
  /** Optional cue every 5 or 15 minutes of the player's remaining time; 0 = off (checklist 48). */
  readonly timeCueMinutes: TimeCueMinutes;
  /** Warn once when the player's remaining time falls to this many seconds; 0 = off. */
  readonly lowTimeSeconds: number;
  /**
   * BL-13 CONFIG: press the clock automatically this many seconds after the move is executed
   * (placed, capture removed, announced), leaving that long to correct a slip (BL-22); 0 = off,
   * the player presses it himself (the default, checklist 15).
   */
  readonly autoClockSeconds: number;
  /** `m`, `Shift+m` and `x` read-outs; off in competition (GR-90: no analysis aids). */
  readonly readoutAids: boolean;
  /** How the talk key opens the microphone. */
  readonly talkMode: TalkMode;
  /**
   * Address of a Vosk model for offline recognition (vosk-browser), e.g. `/models/vosk-model-small-en-us.tar.gz`;
   * empty = the browser's own recogniser (Web Speech). Browsers without Web Speech need one.
   */
  readonly offlineSpeechModel: string;
  /** Every spoken move is said back and played only after "yes" (issue 11). */
  readonly confirmSpokenMoves: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  edition: 'fide1993-ibca1985',
  vocabulary: 'ibca1985',
  locale: 'en',
  verbosity: 'normal',
  speechRate: 1,
  voice: '',
  selfVoicing: false,
  keymap: DEFAULT_KEYMAP,
  orientation: 'auto',
  layout: 'grid',
  highContrast: false,
  largeBoard: false,
  boardColors: 'brown',
  pieceSet: 'classic',
  moveHints: true,
  rookPlacement: 'auto',
  captureRemoval: 'onDrop',
  timeCueMinutes: 0,
  lowTimeSeconds: 60,
  autoClockSeconds: 0,
  readoutAids: true,
  talkMode: 'hold',
  offlineSpeechModel: '',
  confirmSpokenMoves: false,
};

export type SettingKey = keyof Settings;
export type SettingsErrorCode = 'notJson' | 'notAnObject' | 'badValue' | 'badKeymap';
export interface SettingsError {
  readonly code: SettingsErrorCode;
  readonly field?: string;
}

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as readonly string[]).includes(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const inRange =
  (lo: number, hi: number) =>
  (v: unknown): v is number =>
    typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

const CHECKS: { readonly [K in Exclude<SettingKey, 'keymap'>]: (v: unknown) => v is Settings[K] } = {
  edition: oneOf(EDITION_IDS),
  vocabulary: oneOf(VOCABULARY_IDS),
  locale: (v): v is Locale => typeof v === 'string' && isLocale(v),
  verbosity: oneOf(VERBOSITIES),
  speechRate: inRange(0.5, 3),
  voice: (v): v is string => typeof v === 'string' && v.length <= 200,
  selfVoicing: isBool,
  orientation: oneOf(ORIENTATIONS),
  layout: oneOf(LAYOUTS),
  highContrast: isBool,
  largeBoard: isBool,
  boardColors: oneOf(BOARD_COLORS),
  pieceSet: oneOf(PIECE_SETS),
  moveHints: isBool,
  rookPlacement: oneOf(ROOK_PLACEMENTS),
  captureRemoval: oneOf(CAPTURE_REMOVALS),
  timeCueMinutes: (v): v is TimeCueMinutes => v === 0 || v === 5 || v === 15,
  lowTimeSeconds: inRange(0, 3600),
  autoClockSeconds: inRange(0, 30),
  readoutAids: isBool,
  talkMode: oneOf(TALK_MODES),
  offlineSpeechModel: (v): v is string =>
    typeof v === 'string' && v.length <= 500 && (v === '' || /^(\/|https?:\/\/)\S+$/.test(v)),
  confirmSpokenMoves: isBool,
};

/** Checks one setting's value; the settings screen and parseSettings share it. */
export function isValidSetting<K extends SettingKey>(key: K, value: unknown): value is Settings[K] {
  if (key === 'keymap') return typeof value === 'object' && value !== null;
  return CHECKS[key as Exclude<SettingKey, 'keymap'>](value);
}

/**
 * Parses stored settings (JSON text). Missing fields take their defaults (settings added in a
 * later version); a present but invalid field is an error, so nothing is half-applied.
 */
export function parseSettings(text: string): Result<Settings, SettingsError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err({ code: 'notJson' });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return err({ code: 'notAnObject' });
  const record = data as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(CHECKS) as Exclude<SettingKey, 'keymap'>[]) {
    if (!(key in record)) continue;
    if (!CHECKS[key](record[key])) return err({ code: 'badValue', field: key });
    out[key] = record[key];
  }
  if ('keymap' in record) {
    const km = parseKeymap(record.keymap);
    if (!km.ok) return err({ code: 'badKeymap', field: km.error.detail });
    out.keymap = km.value;
  }
  return ok(out as unknown as Settings);
}

/** The JSON that saves settings: the key map is stored as overrides of the defaults. */
export function serializeSettings(settings: Settings): string {
  return JSON.stringify({ ...settings, keymap: keymapOverrides(settings.keymap) });
}

export const SETTINGS_KEY = 'twinboard.settings';

/** Reads saved settings; defaults (and the error, for a notice) when none or unreadable. */
export function loadSettings(store: KeyValueStore): { settings: Settings; error?: SettingsError } {
  const text = store.get(SETTINGS_KEY);
  if (text === null) return { settings: DEFAULT_SETTINGS };
  const r = parseSettings(text);
  return r.ok ? { settings: r.value } : { settings: DEFAULT_SETTINGS, error: r.error };
}

export function saveSettings(store: KeyValueStore, settings: Settings): void {
  store.set(SETTINGS_KEY, serializeSettings(settings));
}

/** One setting changed, or an error code when the value is not allowed. */
export function updateSetting<K extends SettingKey>(
  settings: Settings,
  key: K,
  value: unknown,
): Result<Settings, SettingsError> {
  return isValidSetting(key, value)
    ? ok({ ...settings, [key]: value })
    : err({ code: 'badValue', field: key });
}
