/**
 * The setup screen's spoken commands (issue 6: "the blind player does all of it by keyboard and
 * voice"), in the style of H4's command table: each command with its English and German patterns,
 * and a parser from a transcript to a setup command or an error code. Covers create or join (with
 * the pairing code), my role, the blind player's colour, the rules edition, the time control, the
 * relay mode (BL-24), assistant, arbiter, explicit repetition (BL-18), reading the choices back,
 * saying the code again, entering the game and help. Pure.
 */
import { err, ok, type Result } from '../../core/result.ts';
import type { ProfileId } from '../../core/profiles.ts';
import type { RelayMode, Role } from '../../match/types.ts';

/** What one spoken setup command asks for. */
export type SetupCommand =
  | { readonly kind: 'create' }
  /** Join: with the code said after it, or the code already in the form. */
  | { readonly kind: 'join'; readonly code: string | null }
  | { readonly kind: 'code'; readonly code: string }
  | { readonly kind: 'role'; readonly role: Role }
  /** A colour: the speaker's own (`I play white`) or the blind player's. */
  | { readonly kind: 'color'; readonly whose: 'me' | 'blind'; readonly color: 'w' | 'b' }
  | { readonly kind: 'edition'; readonly profileId: ProfileId }
  /** An index into the setup screen's TIME_CONTROLS. */
  | { readonly kind: 'timeControl'; readonly index: number }
  | { readonly kind: 'relay'; readonly relay: RelayMode }
  | { readonly kind: 'assistant'; readonly assistant: 'none' | 'blind' | 'sighted' }
  | { readonly kind: 'arbiter'; readonly on: boolean }
  | { readonly kind: 'repetition'; readonly on: boolean }
  | { readonly kind: 'read' }
  | { readonly kind: 'sayCode' }
  | { readonly kind: 'enter' }
  | { readonly kind: 'help' };

export interface SetupVoiceError {
  readonly code: 'empty' | 'notUnderstood';
  readonly message: string;
}

/** Lower case, German letters spelled out (ä → ae, ß → ss), punctuation dropped, single spaces. */
export function normalizeSpoken(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of each edition's year as said (the profiles' labels name FIDE years). */
const EDITION_WORDS: readonly (readonly [ProfileId, readonly string[]])[] = [
  [
    'fide1993-ibca1985',
    [
      '1993',
      '93',
      'nineteen ninety three',
      'ninety three',
      'neunzehnhundertdreiundneunzig',
      'dreiundneunzig',
    ],
  ],
  [
    'fide1988-ibca1985',
    [
      '1988',
      '88',
      'nineteen eighty eight',
      'eighty eight',
      'neunzehnhundertachtundachtzig',
      'achtundachtzig',
    ],
  ],
  ['fide1980', ['1980', '80', 'nineteen eighty', 'eighty', 'neunzehnhundertachtzig', 'achtzig']],
  [
    'fide1977',
    [
      '1977',
      '1978',
      '77',
      'nineteen seventy seven',
      'seventy seven',
      'neunzehnhundertsiebenundsiebzig',
      'siebenundsiebzig',
    ],
  ],
  [
    'fide1972',
    [
      '1972',
      '72',
      'nineteen seventy two',
      'seventy two',
      'skopje',
      'neunzehnhundertzweiundsiebzig',
      'zweiundsiebzig',
    ],
  ],
  [
    'fide2018',
    [
      '2018',
      '18',
      'twenty eighteen',
      'two thousand eighteen',
      'two thousand and eighteen',
      'eighteen',
      'appendix d',
      'zweitausendachtzehn',
      'achtzehn',
      'anhang d',
    ],
  ],
];

/** Words for the offered time controls, by their index in TIME_CONTROLS (SetupScreen.tsx). */
const TIME_CONTROL_WORDS: readonly (readonly [number, readonly string[]])[] = [
  [0, ['skopje', 'forty moves in two and a half hours', '40 moves in 2 5 hours', 'standard']],
  [1, ['forty in two hours', '40 in 2 hours', 'forty moves in two hours', 'vierzig zuege in zwei stunden']],
  [2, ['fifty in two and a half hours', 'fifty moves', '50 moves', 'fuenfzig zuege']],
  [3, ['ninety minutes', '90 minutes', '90 min', 'neunzig minuten']],
  [
    4,
    [
      'fifteen plus ten',
      '15 plus 10',
      '15 10',
      'fifteen ten',
      'fuenfzehn plus zehn',
      'rapid',
      'schnellschach',
    ],
  ],
  [5, ['five minutes', '5 minutes', '5 min', 'fuenf minuten', 'blitz']],
];

const ROLE_WORDS: readonly (readonly [Role, readonly string[]])[] = [
  [
    'blindAssistant',
    [
      'blind players assistant',
      'assistant of the blind player',
      'assistent des blinden spielers',
      'assistant',
      'assistent',
    ],
  ],
  [
    'sightedAssistant',
    ['sighted players assistant', 'assistant of the sighted player', 'assistent des sehenden spielers'],
  ],
  [
    'blind',
    [
      'blind player',
      'the blind player',
      'blind',
      'blinder spieler',
      'der blinde spieler',
      'blinde spieler',
      'blinder',
    ],
  ],
  [
    'sighted',
    [
      'sighted player',
      'the sighted player',
      'sighted',
      'sehender spieler',
      'der sehende spieler',
      'sehende spieler',
      'sehender',
    ],
  ],
  ['arbiter', ['arbiter', 'the arbiter', 'schiedsrichter', 'der schiedsrichter']],
  ['spectator', ['spectator', 'a spectator', 'zuschauer', 'ein zuschauer']],
];

const RELAY_WORDS: readonly (readonly [RelayMode, readonly string[]])[] = [
  ['automatic', ['automatic', 'automatisch', 'auto']],
  ['assisted', ['assisted', 'assistiert', 'by the assistant', 'durch den assistenten']],
  ['manual', ['manual', 'manuell', 'by hand', 'von hand']],
];

const COLOR_WORDS: Readonly<Record<string, 'w' | 'b'>> = {
  white: 'w',
  black: 'b',
  weiss: 'w',
  schwarz: 'b',
};

/** Examples for the spoken help, one per command. */
export const SETUP_VOICE_EXAMPLES = {
  en: [
    'create game',
    'join game fox lamp river',
    'code fox lamp river',
    'I am the blind player',
    'I play white',
    'edition nineteen ninety three',
    'time control ninety minutes',
    'relay manual',
    'with arbiter',
    'with assistant',
    'with repetition',
    'read settings',
    'say the code',
    'enter game',
  ],
  de: [
    'partie eröffnen',
    'beitreten fox lamp river',
    'code fox lamp river',
    'ich bin der blinde spieler',
    'ich spiele weiß',
    'ausgabe dreiundneunzig',
    'bedenkzeit neunzig minuten',
    'übertragung manuell',
    'mit schiedsrichter',
    'mit assistent',
    'mit wiederholung',
    'einstellungen vorlesen',
    'code sagen',
    'zur partie',
  ],
} as const;

function lookup<T>(table: readonly (readonly [T, readonly string[]])[], words: string): T | null {
  for (const [value, phrases] of table) if (phrases.includes(words)) return value;
  return null;
}

/** The first pattern (a regular expression over the normalised words) that matches, with its groups. */
function match(text: string, patterns: readonly RegExp[]): string[] | null {
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) return m.slice(1).map((g) => (g ?? '').trim());
  }
  return null;
}

const FILLER = /^(the|a|an|der|die|das|den|ein|eine|bitte|please)\s+/;

function stripFillers(text: string): string {
  let t = text;
  while (FILLER.test(t)) t = t.replace(FILLER, '');
  return t;
}

/** A pairing code as said: its words joined the way the server writes codes. */
function codeOf(words: string): string {
  return words
    .split(' ')
    .filter((w) => w !== '')
    .join('-');
}

/** Parses one transcript into a setup command. */
export function parseSetupCommand(heard: string): Result<SetupCommand, SetupVoiceError> {
  const text = stripFillers(normalizeSpoken(heard));
  if (text === '') return err({ code: 'empty', message: 'Nothing was heard.' });
  const one = (command: SetupCommand) => ok(command);

  if (/^(help|what can i say|hilfe|was kann ich sagen)$/.test(text)) return one({ kind: 'help' });
  if (
    /^(create|create game|create a game|create the game|new game|partie eroeffnen|partie erstellen|spiel erstellen|eroeffnen|neue partie)$/.test(
      text,
    )
  )
    return one({ kind: 'create' });
  const join = match(text, [
    /^join(?: the)?(?: game)?(?: with code)?(?: (.+))?$/,
    /^(?:partie |spiel )?beitreten(?: (.+))?$/,
  ]);
  if (join) return one({ kind: 'join', code: join[0] ? codeOf(join[0]) : null });
  if (
    /^(say the code|say code|say the code again|repeat the code|code sagen|code wiederholen|code noch einmal)$/.test(
      text,
    )
  )
    return one({ kind: 'sayCode' });
  const code = match(text, [/^(?:pairing )?code(?: is)? (.+)$/, /^(?:partie)?code(?: ist)? (.+)$/]);
  if (code?.[0]) return one({ kind: 'code', code: codeOf(code[0]) });
  if (
    /^(enter|enter game|enter the game|go to game|go to the game|return to game|zur partie|partie betreten)$/.test(
      text,
    )
  )
    return one({ kind: 'enter' });
  if (
    /^(read settings|read choices|read the settings|what is set|einstellungen vorlesen|auswahl vorlesen)$/.test(
      text,
    )
  )
    return one({ kind: 'read' });

  const color = match(text, [/^i play (?:as )?(white|black)$/, /^ich spiele (weiss|schwarz)$/]);
  if (color?.[0]) return one({ kind: 'color', whose: 'me', color: COLOR_WORDS[color[0]] ?? 'w' });
  const blindColor = match(text, [
    /^(?:the )?blind player (?:plays |is )?(white|black)$/,
    /^(?:der )?blinde spieler (?:spielt |ist )?(weiss|schwarz)$/,
    /^(?:colou?r|farbe) (white|black|weiss|schwarz)$/,
  ]);
  if (blindColor?.[0])
    return one({ kind: 'color', whose: 'blind', color: COLOR_WORDS[blindColor[0]] ?? 'w' });

  const role = match(text, [/^(?:i am|im|i play as|my role is|role|rolle|ich bin|meine rolle ist) (.+)$/]);
  if (role?.[0]) {
    const r = lookup(ROLE_WORDS, stripFillers(role[0]));
    if (r) return one({ kind: 'role', role: r });
  }

  const edition = match(text, [/^(?:edition|rules|rules edition|fide|ausgabe|regeln|regelausgabe) (.+)$/]);
  if (edition?.[0]) {
    const words = edition[0].replace(/^fide /, '');
    const p = lookup(EDITION_WORDS, words);
    if (p) return one({ kind: 'edition', profileId: p });
  }

  const time = match(text, [/^(?:time control|time|clock|bedenkzeit|zeit) (.+)$/]);
  if (time?.[0]) {
    const i = lookup(TIME_CONTROL_WORDS, time[0]);
    if (i !== null) return one({ kind: 'timeControl', index: i });
  }

  const relay = match(text, [/^(?:relay|relay mode|uebertragung) (.+)$/, /^(.+) (?:relay|uebertragung)$/]);
  if (relay?.[0]) {
    const m = lookup(RELAY_WORDS, relay[0]);
    if (m) return one({ kind: 'relay', relay: m });
  }

  if (/^(no assistant|without assistant|without an assistant|kein assistent|ohne assistent)$/.test(text))
    return one({ kind: 'assistant', assistant: 'none' });
  if (/^(with assistant|with an assistant|mit assistent|with the blind players assistant)$/.test(text))
    return one({ kind: 'assistant', assistant: 'blind' });
  if (/^(with the sighted players assistant|mit assistent des sehenden spielers)$/.test(text))
    return one({ kind: 'assistant', assistant: 'sighted' });
  if (/^(with arbiter|with an arbiter|mit schiedsrichter)$/.test(text))
    return one({ kind: 'arbiter', on: true });
  if (/^(no arbiter|without arbiter|without an arbiter|kein schiedsrichter|ohne schiedsrichter)$/.test(text))
    return one({ kind: 'arbiter', on: false });
  if (/^(with repetition|repeat moves|explicit repetition|mit wiederholung)$/.test(text))
    return one({ kind: 'repetition', on: true });
  if (/^(without repetition|no repetition|ohne wiederholung|keine wiederholung)$/.test(text))
    return one({ kind: 'repetition', on: false });

  return err({ code: 'notUnderstood', message: `Not a setup command: “${heard.trim()}”.` });
}

/** The first of the recogniser's alternatives (best first) that is a setup command. */
export function parseSetupHeard(heard: string | readonly string[]): Result<SetupCommand, SetupVoiceError> {
  const alternatives = typeof heard === 'string' ? [heard] : heard;
  let first: Result<SetupCommand, SetupVoiceError> = err({ code: 'empty', message: 'Nothing was heard.' });
  for (const [i, alternative] of alternatives.entries()) {
    const r = parseSetupCommand(alternative);
    if (r.ok) return r;
    if (i === 0) first = r;
  }
  return first;
}
