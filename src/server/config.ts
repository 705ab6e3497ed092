/**
 * The server's configuration: every setting from a command-line flag or the environment variable
 * of the same name (`--rooms-per-hour` ↔ `TWINBOARD_ROOMS_PER_HOUR`; the flag wins), validated
 * before anything starts into one typed value. A bad value is a `ConfigError` naming the setting as
 * it was given and what it needs; main.ts prints it and exits with code 2 (DESIGN.md principle 10).
 *
 * Pure: the command line, the environment, the working directory and the package root are
 * parameters, and reading the certificate files takes the reader as one.
 */
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import type { Result } from '../core/result.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DURABILITIES = ['normal', 'full'] as const;
export type Durability = (typeof DURABILITIES)[number];

export const DEFAULT_PORT = 5180;
export const DEFAULT_HOST = '127.0.0.1';
/** Where --lan listens: every IPv4 interface. */
export const LAN_HOST = '0.0.0.0';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Listen on every interface and print the local network's addresses. */
  readonly lan: boolean;
  /** PEM certificate and key files (absolute), for https and wss; null: plain http and ws. */
  readonly tls: { readonly certFile: string; readonly keyFile: string } | null;
  /** The SQLite file (absolute), or `:memory:`. */
  readonly dbPath: string;
  readonly durability: Durability;
  readonly finishedTtlHours?: number;
  readonly idleTtlDays?: number;
  readonly connectionsPerAddress?: number;
  readonly roomsPerHour?: number;
  readonly recognitionsPerSecond?: number;
  readonly logLevel: LogLevel;
  /** The built app (dist/ of the installed package). */
  readonly staticRoot: string;
  /** How each setting given was named (`--port`, `PORT`, …), for messages about it later. */
  readonly sources: Readonly<Partial<Record<SettingName, string>>>;
}

export type ConfigRequest =
  { readonly kind: 'help' } | { readonly kind: 'run'; readonly config: ServerConfig };

/** A setting that cannot be used: which one (as it was given) and what is wrong with it. */
export interface ConfigError {
  readonly setting: string;
  readonly message: string;
}

type Parsed<T> = Result<T, string>;

interface Setting<T> {
  /** The flag without its dashes; the environment form is TWINBOARD_ + it in capitals. */
  readonly name: string;
  /** What the value looks like in the usage (`N`, `FILE`); null for a switch (`--lan`). */
  readonly placeholder: string | null;
  /** Older environment names still read after the TWINBOARD_ one. */
  readonly aliases?: readonly string[];
  readonly defaultText: string;
  readonly help: string;
  readonly parse: (text: string) => Parsed<T>;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const needs = (what: string): Parsed<never> => ({ ok: false, error: what });

const WHOLE = /^\d{1,15}$/;
const DECIMAL = /^\d{1,15}(\.\d{1,15})?$/;
/** A DNS name: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

const parsePort = (text: string): Parsed<number> =>
  WHOLE.test(text) && Number(text) <= 65535
    ? ok(Number(text))
    : needs('a whole number from 0 to 65535 (0: any free port)');

const parseHost = (text: string): Parsed<string> =>
  isIP(text) !== 0 || HOST_NAME.test(text)
    ? ok(text)
    : needs('an IP address or a host name, such as 127.0.0.1 or 0.0.0.0');

const parseSwitch = (text: string): Parsed<boolean> => {
  const word = text.toLowerCase();
  if (TRUE_WORDS.includes(word)) return ok(true);
  if (FALSE_WORDS.includes(word)) return ok(false);
  return needs(`one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}`);
};

const parsePath = (text: string): Parsed<string> =>
  // A NUL cannot be in a file name; Node would throw on it deep inside fs.
  text.includes('\0') ? needs('a file name') : ok(text);

const parseChoice =
  <T extends string>(choices: readonly T[]) =>
  (text: string): Parsed<T> => {
    const word = text.toLowerCase();
    const found = choices.find((c) => c === word);
    return found ? ok(found) : needs(`one of ${choices.join(', ')}`);
  };

const parsePositive =
  (what: string, whole: boolean) =>
  (text: string): Parsed<number> => {
    const value = Number(text);
    return (whole ? WHOLE : DECIMAL).test(text) && value > 0 && value <= 1e9
      ? ok(value)
      : needs(`a ${whole ? 'whole' : 'positive'} number above 0 (${what})`);
  };

/** Every setting, in the order the usage lists them. */
const SETTINGS = {
  port: {
    name: 'port',
    placeholder: 'N',
    aliases: ['PORT'],
    defaultText: String(DEFAULT_PORT),
    help: 'the TCP port to listen on (0: any free port)',
    parse: parsePort,
  },
  host: {
    name: 'host',
    placeholder: 'ADDRESS',
    aliases: ['HOST'],
    defaultText: DEFAULT_HOST,
    help: 'the address to listen on (this machine only by default)',
    parse: parseHost,
  },
  lan: {
    name: 'lan',
    placeholder: null,
    defaultText: 'off',
    help: 'listen on every interface and print the local network addresses',
    parse: parseSwitch,
  },
  cert: {
    name: 'cert',
    placeholder: 'FILE',
    defaultText: 'none: plain http and ws',
    help: 'a PEM certificate, to serve https and wss (voice input on the LAN); needs --key',
    parse: parsePath,
  },
  key: {
    name: 'key',
    placeholder: 'FILE',
    defaultText: 'none',
    help: "the certificate's PEM private key; needs --cert",
    parse: parsePath,
  },
  db: {
    name: 'db',
    placeholder: 'FILE',
    defaultText: 'data/twinboard.db in the installed package',
    help: 'the SQLite file of the games (a relative name is from the working directory)',
    parse: parsePath,
  },
  durability: {
    name: 'durability',
    placeholder: 'normal|full',
    defaultText: 'normal',
    help: 'full: sync every commit to disk (survives a power cut, not only a killed process)',
    parse: parseChoice(DURABILITIES),
  },
  finishedTtlHours: {
    name: 'finished-ttl-hours',
    placeholder: 'H',
    defaultText: '24',
    help: "a finished game's room is deleted H hours after its last entry",
    parse: parsePositive('hours', false),
  },
  idleTtlDays: {
    name: 'idle-ttl-days',
    placeholder: 'D',
    defaultText: '30',
    help: 'any room is deleted D days after its last entry',
    parse: parsePositive('days', false),
  },
  connectionsPerAddress: {
    name: 'connections-per-address',
    placeholder: 'N',
    defaultText: '32',
    help: 'open WebSocket connections allowed per address',
    parse: parsePositive('connections', true),
  },
  roomsPerHour: {
    name: 'rooms-per-hour',
    placeholder: 'N',
    defaultText: '60 (after a burst of 10)',
    help: 'new games one address may create per hour',
    parse: parsePositive('games an hour', false),
  },
  recognitionsPerSecond: {
    name: 'recognitions-per-second',
    placeholder: 'N',
    defaultText: '1 (after a burst of 10)',
    help: 'spoken moves recognised per second per address',
    parse: parsePositive('recognitions a second', false),
  },
  logLevel: {
    name: 'log-level',
    placeholder: LOG_LEVELS.join('|'),
    defaultText: 'info',
    help: 'the least important log lines written (JSON lines on stdout)',
    parse: parseChoice(LOG_LEVELS),
  },
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
type ValueOf<K extends SettingName> = (typeof SETTINGS)[K] extends Setting<infer T> ? T : never;

const NAMES = Object.keys(SETTINGS) as SettingName[];
const BY_FLAG = new Map<string, SettingName>(NAMES.map((n) => [SETTINGS[n].name, n]));

/** `finished-ttl-hours` → `TWINBOARD_FINISHED_TTL_HOURS`. */
export function envNameOf(flag: string): string {
  return `TWINBOARD_${flag.toUpperCase().replace(/-/g, '_')}`;
}

/** The usage (`--help`): every setting, its environment form and its default. */
export function usage(): string {
  const rows = NAMES.map((n) => {
    const s: Setting<unknown> = SETTINGS[n];
    const flag = `--${s.name}${s.placeholder ? ` ${s.placeholder}` : ''}`;
    const env = [envNameOf(s.name), ...(s.aliases ?? [])].join(', ');
    return `  ${flag}\n      ${s.help}\n      environment: ${env}; default: ${s.defaultText}`;
  });
  return [
    'Twinboard server: serves the built app and the paired-screen WebSocket.',
    '',
    'Usage: node dist-server/main.js [options]   (npm start -- [options], npm run serve -- [options])',
    '',
    'Every option can also be set in the environment (the option wins). A bad value stops the',
    'server before it starts, with a message naming the setting, and exit code 2.',
    '',
    ...rows,
    '  --help',
    '      print this and exit',
    '',
  ].join('\n');
}

/** Where each setting came from: its raw text and the name it was given under. */
type Given = Partial<Record<SettingName, { readonly text: string; readonly source: string }>>;

function readArguments(argv: readonly string[]): Result<Given | 'help', ConfigError> {
  const given: Given = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { ok: true, value: 'help' };
    if (!arg.startsWith('--'))
      return fail(arg, 'is not an option: options are flags such as --port 8080 (see --help)');
    const equals = arg.indexOf('=');
    const flag = arg.slice(2, equals < 0 ? undefined : equals);
    const name = BY_FLAG.get(flag);
    if (!name) return fail(`--${flag}`, 'is not a Twinboard option (see --help for the list)');
    const setting: Setting<unknown> = SETTINGS[name];
    if (given[name]) return fail(`--${flag}`, 'is given twice');
    let text: string;
    if (equals >= 0) text = arg.slice(equals + 1);
    else if (setting.placeholder === null) text = 'true';
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--'))
        return fail(`--${flag}`, `needs a value: ${describeNeed(setting)}`);
      text = next;
      i++;
    }
    given[name] = { text, source: `--${flag}` };
  }
  return { ok: true, value: given };
}

/** What a setting's value must be, from its parser's refusal of an impossible value. */
function describeNeed(setting: Setting<unknown>): string {
  const refused = setting.parse('\0');
  return refused.ok ? (setting.placeholder ?? 'a value') : refused.error;
}

function fail(setting: string, message: string): Result<never, ConfigError> {
  return { ok: false, error: { setting, message } };
}

export interface ConfigContext {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The working directory: a relative --db, --cert or --key is from there. */
  readonly cwd: string;
  /** The installed package's root (where package.json is): dist/ and the default database. */
  readonly packageRoot: string;
}

/** Reads the command line and the environment into the server's configuration, or says what is wrong. */
export function parseConfig(context: ConfigContext): Result<ConfigRequest, ConfigError> {
  const args = readArguments(context.argv);
  if (!args.ok) return args;
  if (args.value === 'help') return { ok: true, value: { kind: 'help' } };
  const given: Given = args.value;
  readEnvironment(given, context.env);
  const values = parseValues(given);
  if (!values.ok) return values;
  const contradiction = contradictions(values.value, given);
  if (contradiction) return contradiction;
  return { ok: true, value: { kind: 'run', config: configOf(values.value, given, context) } };
}

/** Each setting's value, parsed; the settings not given are left out. */
type Values = { -readonly [K in SettingName]?: ValueOf<K> };

/** Adds the settings the command line left out from the environment (the flag wins). */
function readEnvironment(given: Given, env: ConfigContext['env']): void {
  for (const name of NAMES) {
    if (given[name]) continue;
    const setting: Setting<unknown> = SETTINGS[name];
    for (const variable of [envNameOf(setting.name), ...(setting.aliases ?? [])]) {
      const text = env[variable];
      // An empty variable is an unset one (`PORT= npm start`).
      if (text !== undefined && text !== '') {
        given[name] = { text, source: variable };
        break;
      }
    }
  }
}

/** Parses every setting given; the first that is not valid is the error, named as it was given. */
function parseValues(given: Given): Result<Values, ConfigError> {
  const values: Values = {};
  for (const name of NAMES) {
    const raw = given[name];
    if (!raw) continue;
    const setting: Setting<unknown> = SETTINGS[name];
    const parsed = setting.parse(raw.text);
    if (!parsed.ok) {
      const shown =
        setting.placeholder === null && raw.source.startsWith('--')
          ? raw.source
          : `${raw.source} ${JSON.stringify(raw.text)}`;
      return fail(shown, `is not valid: it needs ${parsed.error}`);
    }
    (values as Record<string, unknown>)[name] = parsed.value;
  }
  return { ok: true, value: values };
}

/** Settings that are valid alone but not together: --lan with --host, --cert without --key. */
function contradictions(values: Values, given: Given): Result<never, ConfigError> | null {
  const lan = values.lan ?? false;
  // --lan means every interface; a host given as well (other than the old HOST) contradicts it.
  const hostSource = given.host?.source;
  if (lan && values.host !== undefined && hostSource !== 'HOST' && values.host !== LAN_HOST)
    return fail(
      `${given.lan?.source ?? '--lan'} with ${hostSource}`,
      'contradict each other: --lan listens on every interface, --host on one address; give one of them',
    );
  if ((values.cert === undefined) !== (values.key === undefined)) {
    const present = given.cert ?? given.key;
    return fail(
      present?.source ?? '--cert',
      values.cert === undefined
        ? 'needs a certificate too (--cert FILE or TWINBOARD_CERT): https takes both'
        : 'needs its private key too (--key FILE or TWINBOARD_KEY): https takes both',
    );
  }
  return null;
}

/** The configuration from the values given, with the defaults and the paths made absolute. */
function configOf(values: Values, given: Given, context: ConfigContext): ServerConfig {
  const lan = values.lan ?? false;
  const fromCwd = (path: string) => (isAbsolute(path) ? path : resolve(context.cwd, path));
  const sources: Partial<Record<SettingName, string>> = {};
  for (const name of NAMES) if (given[name]) sources[name] = given[name]?.source;
  return {
    port: values.port ?? DEFAULT_PORT,
    host: lan ? LAN_HOST : (values.host ?? DEFAULT_HOST),
    lan,
    tls:
      values.cert !== undefined && values.key !== undefined
        ? { certFile: fromCwd(values.cert), keyFile: fromCwd(values.key) }
        : null,
    dbPath:
      values.db === undefined
        ? join(context.packageRoot, 'data', 'twinboard.db')
        : values.db === ':memory:'
          ? values.db
          : fromCwd(values.db),
    durability: values.durability ?? 'normal',
    ...(values.finishedTtlHours !== undefined ? { finishedTtlHours: values.finishedTtlHours } : {}),
    ...(values.idleTtlDays !== undefined ? { idleTtlDays: values.idleTtlDays } : {}),
    ...(values.connectionsPerAddress !== undefined
      ? { connectionsPerAddress: values.connectionsPerAddress }
      : {}),
    ...(values.roomsPerHour !== undefined ? { roomsPerHour: values.roomsPerHour } : {}),
    ...(values.recognitionsPerSecond !== undefined
      ? { recognitionsPerSecond: values.recognitionsPerSecond }
      : {}),
    logLevel: values.logLevel ?? 'info',
    staticRoot: join(context.packageRoot, 'dist'),
    sources,
  };
}

/** The one message printed for a configuration error. */
export function describeConfigError(error: ConfigError): string {
  return `Twinboard cannot start: ${error.setting} ${error.message}.\nRun with --help to see every setting.`;
}

/** Reads the certificate and key files; an unreadable one is an error naming its setting. */
export function loadTls(
  config: ServerConfig,
  readFile: (path: string) => Buffer,
): Result<{ readonly cert: Buffer; readonly key: Buffer } | null, ConfigError> {
  if (!config.tls) return { ok: true, value: null };
  const read = (file: string, name: 'cert' | 'key'): Result<Buffer, ConfigError> => {
    try {
      return { ok: true, value: readFile(file) };
    } catch (e) {
      const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      return fail(
        `${config.sources[name] ?? `--${name}`} ${JSON.stringify(file)}`,
        `cannot be read (${reason}): it needs a readable PEM file`,
      );
    }
  };
  const cert = read(config.tls.certFile, 'cert');
  if (!cert.ok) return cert;
  const key = read(config.tls.keyFile, 'key');
  if (!key.ok) return key;
  return { ok: true, value: { cert: cert.value, key: key.value } };
}

/**
 * Whether `version` (`20.19.1` or `v20.19.1`) meets an `engines` range of comparators such as
 * `>=20.19`, `>=20.19 <25` or `^20.19 || >=22`; an unreadable range is not held against anyone.
 */
export function satisfiesNodeRange(version: string, range: string): boolean {
  const parse = (text: string) => {
    const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text.trim());
    return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
  };
  const running = parse(version);
  if (!running) return true;
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const meets = (comparator: string): boolean | null => {
    const m = /^(>=|<=|>|<|=|\^|~)?\s*(v?\d+(?:\.\d+){0,2})$/.exec(comparator);
    const bound = m ? parse(m[2] ?? '') : null;
    if (!m || !bound) return null;
    const c = compare(running, bound);
    switch (m[1]) {
      case '>=':
        return c >= 0;
      case '>':
        return c > 0;
      case '<=':
        return c <= 0;
      case '<':
        return c < 0;
      case '^':
        return c >= 0 && running[0] === bound[0];
      case '~':
        return c >= 0 && running[0] === bound[0] && running[1] === bound[1];
      default:
        return c === 0;
    }
  };
  return range.split('||').some((alternative) => {
    const results = alternative.trim().split(/\s+/).filter(Boolean).map(meets);
    return results.includes(null) || results.every(Boolean);
  });
}

/** The package root: the nearest folder above `start` that holds Twinboard's package.json. */
export function findPackageRoot(start: string, isTwinboardPackage: (dir: string) => boolean): string | null {
  for (let dir = resolve(start); ;) {
    if (isTwinboardPackage(dir)) return dir;
    const parent = resolve(dir, '..');
    if (parent === dir) return null;
    dir = parent;
  }
}
