/**
 * The setup screen's spoken commands (issue 6: "the blind player does all of it by keyboard and
 * voice"), in the style of H4's command table: each command with its English and German patterns,
 * and a parser from a transcript to a setup command or an error code. Covers create or join (with
 * the pairing code), my role, the blind player's colour, the rules edition, the time control, the
 * relay mode (BL-24), assistant, arbiter, explicit repetition (BL-18), competition mode, the blind
 * player's own typed score, reading the choices back,
 * saying the code again, entering the game and help. Pure.
 */
import { err, ok, type Result } from '../../core/result.ts';
import type { ProfileId } from '../../core/profiles.ts';
import type { RelayMode, Role } from '../../match/types.ts';
import { normalizeWords } from '../../speech/phrases.ts';

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
  /** Competition mode from the start (no read-out aids on any screen). */
  | { readonly kind: 'competition'; readonly on: boolean }
  /** The blind player keeps his own typed score as his scoresheet. */
  | { readonly kind: 'typedScore'; readonly on: boolean }
  | { readonly kind: 'read' }
  | { readonly kind: 'sayCode' }
  | { readonly kind: 'enter' }
  | { readonly kind: 'help' };

export interface SetupVoiceError {
  readonly code: 'empty' | 'notUnderstood';
  readonly message: string;
}

/** The setup's words as the move matcher sees them: the one spoken-text normaliser (phrases.ts). */
export function normalizeSpoken(text: string): string {
  return normalizeWords(text).join(' ');
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
    'competition mode',
    'I keep my own score',
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
    'turniermodus',
    'eigenes partieformular',
    'einstellungen vorlesen',
    'code sagen',
    'zur partie',
  ],
} as const;

const FILLER = /^(the|a|an|der|die|das|den|ein|eine|bitte|please)\s+/;

function stripFillers(text: string): string {
  let t = text;
  while (FILLER.test(t)) t = t.replace(FILLER, '');
  return t;
}

/** Every phrase of a table, each with the leading words said before it ("relay", "time control" …). */
function prefixed<T>(
  prefixes: readonly string[],
  table: readonly (readonly [T, readonly string[]])[],
  make: (value: T) => SetupCommand,
  suffixes: readonly string[] = [],
): [string, SetupCommand][] {
  return table.flatMap(([value, phrases]) =>
    phrases.flatMap((phrase) => [
      ...prefixes.map((p): [string, SetupCommand] => [`${p} ${phrase}`, make(value)]),
      ...suffixes.map((x): [string, SetupCommand] => [`${phrase} ${x}`, make(value)]),
    ]),
  );
}

const fixed = (command: SetupCommand, phrases: readonly string[]): [string, SetupCommand][] =>
  phrases.map((p) => [p, command]);

const COLORS: readonly (readonly ['w' | 'b', readonly string[]])[] = [
  ['w', ['white', 'weiss']],
  ['b', ['black', 'schwarz']],
];

/**
 * The closed set of setup phrases (normalised), each with what it asks for, like the move and
 * command phrases of src/speech/phrases.ts: a transcript means a command only when it is one of
 * them word for word (after little words in front are dropped). Setup choices are cheap to say
 * again, so near misses are not guessed at.
 */
const SETUP_PHRASES: ReadonlyMap<string, SetupCommand> = new Map(
  [
    ...fixed({ kind: 'help' }, ['help', 'what can i say', 'hilfe', 'was kann ich sagen']),
    ...fixed({ kind: 'create' }, [
      ...['create', 'create game', 'create a game', 'create the game', 'new game'],
      ...['partie eroeffnen', 'partie erstellen', 'spiel erstellen', 'eroeffnen', 'neue partie'],
    ]),
    ...fixed({ kind: 'sayCode' }, [
      ...['say the code', 'say code', 'say the code again', 'repeat the code'],
      ...['code sagen', 'code wiederholen', 'code noch einmal'],
    ]),
    ...fixed({ kind: 'enter' }, [
      ...['enter', 'enter game', 'enter the game', 'go to game', 'go to the game', 'return to game'],
      ...['zur partie', 'partie betreten'],
    ]),
    ...fixed({ kind: 'read' }, [
      ...['read settings', 'read choices', 'read the settings', 'what is set'],
      ...['einstellungen vorlesen', 'auswahl vorlesen'],
    ]),
    ...prefixed(['i play', 'i play as'], COLORS, (color) => ({ kind: 'color', whose: 'me', color })),
    ...prefixed(['ich spiele'], COLORS, (color) => ({ kind: 'color', whose: 'me', color })),
    ...prefixed(
      [
        ...['blind player', 'blind player plays', 'blind player is', 'the blind player plays'],
        ...['blinde spieler', 'blinde spieler spielt', 'blinde spieler ist', 'der blinde spieler spielt'],
        ...['colour', 'color', 'farbe'],
      ],
      COLORS,
      (color) => ({ kind: 'color', whose: 'blind', color }),
    ),
    ...prefixed(
      ['i am', 'im', 'i play as', 'my role is', 'role', 'rolle', 'ich bin', 'meine rolle ist'],
      ROLE_WORDS.map(([role, words]) => [role, words.flatMap((w) => [w, ...fillerForms(w)])] as const),
      (role) => ({ kind: 'role', role }),
    ),
    ...prefixed(
      ['edition', 'rules', 'rules edition', 'fide', 'ausgabe', 'regeln', 'regelausgabe', 'edition fide'],
      EDITION_WORDS,
      (profileId) => ({ kind: 'edition', profileId }),
    ),
    ...prefixed(['time control', 'time', 'clock', 'bedenkzeit', 'zeit'], TIME_CONTROL_WORDS, (index) => ({
      kind: 'timeControl',
      index,
    })),
    ...prefixed(['relay', 'relay mode', 'uebertragung'], RELAY_WORDS, (relay) => ({ kind: 'relay', relay }), [
      'relay',
      'uebertragung',
    ]),
    ...fixed({ kind: 'assistant', assistant: 'none' }, [
      ...['no assistant', 'without assistant', 'without an assistant', 'kein assistent', 'ohne assistent'],
    ]),
    ...fixed({ kind: 'assistant', assistant: 'blind' }, [
      ...['with assistant', 'with an assistant', 'mit assistent', 'with the blind players assistant'],
    ]),
    ...fixed({ kind: 'assistant', assistant: 'sighted' }, [
      ...['with the sighted players assistant', 'mit assistent des sehenden spielers'],
    ]),
    ...fixed({ kind: 'arbiter', on: true }, ['with arbiter', 'with an arbiter', 'mit schiedsrichter']),
    ...fixed({ kind: 'arbiter', on: false }, [
      ...[
        'no arbiter',
        'without arbiter',
        'without an arbiter',
        'kein schiedsrichter',
        'ohne schiedsrichter',
      ],
    ]),
    ...fixed({ kind: 'repetition', on: true }, [
      ...['with repetition', 'repeat moves', 'explicit repetition', 'mit wiederholung'],
    ]),
    ...fixed({ kind: 'repetition', on: false }, [
      ...['without repetition', 'no repetition', 'ohne wiederholung', 'keine wiederholung'],
    ]),
    ...fixed({ kind: 'competition', on: true }, [
      ...['competition', 'competition mode', 'with competition mode', 'competition on'],
      ...['turniermodus', 'mit turniermodus', 'turniermodus an'],
    ]),
    ...fixed({ kind: 'competition', on: false }, [
      ...['no competition', 'without competition mode', 'competition off', 'no competition mode'],
      ...['ohne turniermodus', 'kein turniermodus', 'turniermodus aus'],
    ]),
    ...fixed({ kind: 'typedScore', on: true }, [
      ...['i keep my own score', 'typed score', 'my own score', 'own score', 'i write my own score'],
      ...['eigenes partieformular', 'ich fuehre mein partieformular', 'ich schreibe mein partieformular'],
    ]),
    ...fixed({ kind: 'typedScore', on: false }, [
      ...['twinboard keeps the score', 'no typed score', 'automatic score'],
      ...['twinboard fuehrt das partieformular', 'kein eigenes partieformular'],
    ]),
  ].map(([phrase, command]) => [normalizeSpoken(phrase), command] as const),
);

/** A role said with a little word in front ("the arbiter", "der Schiedsrichter"). */
function fillerForms(words: string): string[] {
  return ['the', 'a', 'der', 'ein'].map((f) => `${f} ${words}`);
}

/** Phrases that end in a pairing code (an open slot: the code words follow). */
const CODE_PREFIXES: readonly (readonly [string, 'join' | 'code'])[] = [
  ...['join', 'join the', 'join game', 'join the game', 'join with code', 'join game with code']
    .concat(['join the game with code', 'beitreten', 'partie beitreten', 'spiel beitreten'])
    .map((p) => [p, 'join'] as const),
  ...['code', 'code is', 'pairing code', 'pairing code is', 'partiecode', 'partiecode ist', 'code ist'].map(
    (p) => [p, 'code'] as const,
  ),
].sort((a, b) => b[0].length - a[0].length);

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
  const known = SETUP_PHRASES.get(text);
  if (known) return ok(known);
  for (const [prefix, kind] of CODE_PREFIXES) {
    if (text === prefix && kind === 'join') return ok({ kind: 'join', code: null });
    if (text.startsWith(`${prefix} `)) {
      const code = codeOf(text.slice(prefix.length + 1));
      return ok(kind === 'join' ? { kind: 'join', code } : { kind: 'code', code });
    }
  }
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
