// The server's configuration (src/server/config.ts): every setting from a flag or its environment
// form, validated into one value; each bad value is an error naming the setting as it was given.
import { describe, expect, test } from 'vitest';
import {
  describeConfigError,
  envNameOf,
  findPackageRoot,
  loadTls,
  parseConfig,
  satisfiesNodeRange,
  usage,
  type ConfigContext,
  type ServerConfig,
} from '../../src/server/config.ts';

const ROOT = '/opt/twinboard';
const CWD = '/home/arbiter/hall';

function parse(argv: string[], env: Record<string, string> = {}) {
  const context: ConfigContext = { argv, env, cwd: CWD, packageRoot: ROOT };
  return parseConfig(context);
}

function config(argv: string[], env: Record<string, string> = {}): ServerConfig {
  const result = parse(argv, env);
  if (!result.ok) throw new Error(describeConfigError(result.error));
  if (result.value.kind !== 'run') throw new Error('help asked');
  return result.value.config;
}

function error(argv: string[], env: Record<string, string> = {}): string {
  const result = parse(argv, env);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.value)}`);
  return describeConfigError(result.error);
}

test('with nothing given: this machine only, port 5180, the database and app of the installed package', () => {
  const c = config([]);
  expect(c).toMatchObject({
    port: 5180,
    host: '127.0.0.1',
    lan: false,
    tls: null,
    dbPath: '/opt/twinboard/data/twinboard.db',
    durability: 'normal',
    logLevel: 'info',
    staticRoot: '/opt/twinboard/dist',
  });
  expect(c.finishedTtlHours).toBeUndefined();
  expect(c.connectionsPerAddress).toBeUndefined();
});

test('every setting has a flag and an environment variable of the same name; the flag wins', () => {
  const flags = [
    '--port',
    '8080',
    '--host',
    '192.168.1.5',
    '--db',
    'rooms.db',
    '--durability',
    'full',
    '--finished-ttl-hours',
    '12',
    '--idle-ttl-days',
    '7',
    '--connections-per-address',
    '8',
    '--rooms-per-hour',
    '30',
    '--recognitions-per-second',
    '2',
    '--log-level',
    'debug',
    '--cert',
    'c.pem',
    '--key',
    'k.pem',
  ];
  const env = {
    TWINBOARD_PORT: '9000',
    TWINBOARD_HOST: '10.0.0.1',
    TWINBOARD_DB: '/var/x.db',
    TWINBOARD_DURABILITY: 'normal',
    TWINBOARD_FINISHED_TTL_HOURS: '1',
    TWINBOARD_IDLE_TTL_DAYS: '1',
    TWINBOARD_CONNECTIONS_PER_ADDRESS: '1',
    TWINBOARD_ROOMS_PER_HOUR: '1',
    TWINBOARD_RECOGNITIONS_PER_SECOND: '1',
    TWINBOARD_LOG_LEVEL: 'error',
    TWINBOARD_CERT: '/etc/c.pem',
    TWINBOARD_KEY: '/etc/k.pem',
  };
  const expected = {
    port: 8080,
    host: '192.168.1.5',
    dbPath: `${CWD}/rooms.db`,
    durability: 'full',
    finishedTtlHours: 12,
    idleTtlDays: 7,
    connectionsPerAddress: 8,
    roomsPerHour: 30,
    recognitionsPerSecond: 2,
    logLevel: 'debug',
    tls: { certFile: `${CWD}/c.pem`, keyFile: `${CWD}/k.pem` },
  };
  expect(config(flags, env)).toMatchObject(expected);
  expect(config([], env)).toMatchObject({
    port: 9000,
    host: '10.0.0.1',
    dbPath: '/var/x.db',
    durability: 'normal',
    finishedTtlHours: 1,
    logLevel: 'error',
    tls: { certFile: '/etc/c.pem', keyFile: '/etc/k.pem' },
  });
  // `--name=value` is the same as `--name value`.
  expect(
    config(
      flags.reduce<string[]>(
        (all, a, i) => (i % 2 ? [...all.slice(0, -1), `${all.at(-1)}=${a}`] : [...all, a]),
        [],
      ),
    ),
  ).toMatchObject(expected);
  // The usage names every flag and its variable.
  const text = usage();
  for (const flag of flags.filter((f) => f.startsWith('--'))) {
    expect(text).toContain(flag);
    expect(text).toContain(envNameOf(flag.slice(2)));
  }
  expect(text).toContain('--lan');
  expect(text).toContain('TWINBOARD_LAN');
});

test('PORT and HOST still work, after their TWINBOARD_ forms; an empty variable is an unset one', () => {
  expect(config([], { PORT: '8081', HOST: '0.0.0.0' })).toMatchObject({ port: 8081, host: '0.0.0.0' });
  expect(config([], { PORT: '8081', TWINBOARD_PORT: '8082' }).port).toBe(8082);
  expect(config([], { PORT: '' }).port).toBe(5180);
  expect(config([], { PORT: '0' }).port).toBe(0);
});

test('durability and log level are read without regard to case; FULL means full', () => {
  expect(config([], { TWINBOARD_DURABILITY: 'FULL' }).durability).toBe('full');
  expect(config(['--durability', 'Normal']).durability).toBe('normal');
  expect(config([], { TWINBOARD_LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
  expect(config(['--log-level', 'silent']).logLevel).toBe('silent');
});

test('--lan listens everywhere; TWINBOARD_LAN takes yes/no words; an old HOST does not stop it', () => {
  expect(config(['--lan'])).toMatchObject({ lan: true, host: '0.0.0.0' });
  expect(config([], { TWINBOARD_LAN: 'yes' })).toMatchObject({ lan: true, host: '0.0.0.0' });
  expect(config([], { TWINBOARD_LAN: '0' })).toMatchObject({ lan: false, host: '127.0.0.1' });
  expect(config(['--lan=false'], { TWINBOARD_LAN: '1' }).lan).toBe(false);
  expect(config(['--lan'], { HOST: '127.0.0.1' }).host).toBe('0.0.0.0');
});

test('a relative --db is from the working directory, an absolute one as given, :memory: as it is', () => {
  expect(config(['--db', 'data/club.db']).dbPath).toBe(`${CWD}/data/club.db`);
  expect(config(['--db', '../shared/club.db']).dbPath).toBe('/home/arbiter/shared/club.db');
  expect(config(['--db', '/var/lib/twinboard/rooms.db']).dbPath).toBe('/var/lib/twinboard/rooms.db');
  expect(config(['--db', ':memory:']).dbPath).toBe(':memory:');
});

test('--help and -h ask for the usage, wherever they are', () => {
  expect(parse(['--help'])).toEqual({ ok: true, value: { kind: 'help' } });
  expect(parse(['--port', '80', '-h'])).toEqual({ ok: true, value: { kind: 'help' } });
});

describe('a bad value names the setting as it was given, and what it needs', () => {
  test.each([
    [[], { PORT: 'abc' }, 'PORT "abc" is not valid: it needs a whole number from 0 to 65535'],
    [['--port', '70000'], {}, '--port "70000" is not valid: it needs a whole number from 0 to 65535'],
    [['--port', '-1'], {}, '--port "-1" is not valid: it needs a whole number from 0 to 65535'],
    [['--port', '80.5'], {}, '--port "80.5" is not valid'],
    [[], { TWINBOARD_PORT: ' 80' }, 'TWINBOARD_PORT " 80" is not valid'],
    [['--port'], {}, '--port needs a value: a whole number from 0 to 65535'],
    [['--db', '--lan'], {}, '--db needs a value'],
    [['--bogus'], {}, '--bogus is not a Twinboard option'],
    [['--port=8080', '--port', '8081'], {}, '--port is given twice'],
    [['8080'], {}, '8080 is not an option'],
    [
      ['--host', 'no such host!'],
      {},
      '--host "no such host!" is not valid: it needs an IP address or a host name',
    ],
    [['--durability', 'fsync'], {}, '--durability "fsync" is not valid: it needs one of normal, full'],
    [
      [],
      { TWINBOARD_DURABILITY: 'yes' },
      'TWINBOARD_DURABILITY "yes" is not valid: it needs one of normal, full',
    ],
    [
      ['--log-level', 'loud'],
      {},
      '--log-level "loud" is not valid: it needs one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      [],
      { TWINBOARD_LAN: 'maybe' },
      'TWINBOARD_LAN "maybe" is not valid: it needs one of 1, true, yes, on, 0, false, no, off',
    ],
    [
      ['--finished-ttl-hours', '0'],
      {},
      '--finished-ttl-hours "0" is not valid: it needs a positive number above 0 (hours)',
    ],
    [
      ['--connections-per-address', '2.5'],
      {},
      '--connections-per-address "2.5" is not valid: it needs a whole number above 0',
    ],
    [[], { TWINBOARD_ROOMS_PER_HOUR: 'lots' }, 'TWINBOARD_ROOMS_PER_HOUR "lots" is not valid'],
    [['--cert', 'c.pem'], {}, '--cert needs its private key too (--key FILE or TWINBOARD_KEY)'],
    [[], { TWINBOARD_KEY: 'k.pem' }, 'TWINBOARD_KEY needs a certificate too (--cert FILE or TWINBOARD_CERT)'],
    [['--lan', '--host', '127.0.0.1'], {}, '--lan with --host contradict each other'],
    [['--db', 'a\0b'], {}, '--db "a\\u0000b" is not valid: it needs a file name'],
  ])('%j %j', (argv, env, message) => {
    const text = error(argv, env);
    expect(text).toContain(message);
    expect(text.startsWith('Twinboard cannot start: ')).toBe(true);
    expect(text).toContain('Run with --help to see every setting.');
  });
});

test('the certificate files are read once the settings are valid; an unreadable one is named', () => {
  const c = config(['--cert', 'c.pem', '--key', 'k.pem']);
  const files: Record<string, string> = { [`${CWD}/c.pem`]: 'CERT', [`${CWD}/k.pem`]: 'KEY' };
  const read = (path: string) => {
    const content = files[path];
    if (content === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    return Buffer.from(content);
  };
  const loaded = loadTls(c, read);
  expect(loaded.ok && loaded.value?.cert.toString()).toBe('CERT');
  delete files[`${CWD}/k.pem`];
  const missing = loadTls(c, read);
  expect(missing.ok).toBe(false);
  if (!missing.ok)
    expect(describeConfigError(missing.error)).toContain(`--key "${CWD}/k.pem" cannot be read (ENOENT)`);
  expect(loadTls(config([]), read)).toEqual({ ok: true, value: null });
});

test.each([
  ['v20.19.0', '>=20.19', true],
  ['v20.18.3', '>=20.19', false],
  ['v18.20.4', '>=20.19', false],
  ['v22.1.0', '>=20.19', true],
  ['v24.0.0', '>=20.19 <24', false],
  ['v21.0.0', '^20.19 || >=22', false],
  ['v22.0.0', '^20.19 || >=22', true],
  ['v20.20.0', '~20.19', false],
  ['v20.19.5', 'whatever', true],
])('Node %s against engines %s: %s', (version, range, expected) => {
  expect(satisfiesNodeRange(version, range)).toBe(expected);
});

test('the package root is the nearest folder above with the package, wherever the code runs from', () => {
  const packages = new Set(['/opt/twinboard']);
  expect(findPackageRoot('/opt/twinboard/dist-server', (d) => packages.has(d))).toBe('/opt/twinboard');
  expect(findPackageRoot('/opt/twinboard/src/server', (d) => packages.has(d))).toBe('/opt/twinboard');
  expect(findPackageRoot('/elsewhere', (d) => packages.has(d))).toBeNull();
});
