// Starting the server (src/server/main.ts, as `npm start` runs it): each bad setting stops it before
// it starts with one message naming the setting, on stderr, and exit code 2; --help prints the
// usage; a Node older than package.json's `engines` is refused; good settings start it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment without any server setting of the machine running the tests. */
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(PORT|HOST|TWINBOARD_.*)$/.test(name)),
);

/**
 * Runs the server from source with `args` and `env`; resolves when it exits, or (when it started)
 * once it has printed its start lines, stopping it then.
 */
function runServer(
  args: string[],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts', ...args], {
      env: { ...baseEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Voice recognition:')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dir = '';
let occupied: Server;
let occupiedPort = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'twinboard-start-'));
  writeFileSync(join(dir, 'not-a-cert.pem'), 'this is not PEM');
  occupied = createServer();
  await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
  occupiedPort = (occupied.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => occupied?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.concurrent('a bad setting stops the server with one message and exit code 2', () => {
  const cases: [string, string[], Record<string, string>, string][] = [
    ['PORT=abc', [], { PORT: 'abc' }, 'PORT "abc" is not valid: it needs a whole number from 0 to 65535'],
    [
      '--port 70000',
      ['--port', '70000'],
      {},
      '--port "70000" is not valid: it needs a whole number from 0 to 65535',
    ],
    ['an unknown flag', ['--colour', 'blue'], {}, '--colour is not a Twinboard option'],
    ['a flag without its value', ['--db'], {}, '--db needs a value'],
    ['--cert without --key', ['--cert', 'cert.pem'], {}, '--cert needs its private key too'],
    [
      'a bad log level',
      [],
      { TWINBOARD_LOG_LEVEL: 'chatty' },
      'TWINBOARD_LOG_LEVEL "chatty" is not valid: it needs one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      'a bad durability',
      ['--durability', 'always'],
      {},
      '--durability "always" is not valid: it needs one of normal, full',
    ],
    ['a bad number', [], { TWINBOARD_ROOMS_PER_HOUR: '-3' }, 'TWINBOARD_ROOMS_PER_HOUR "-3" is not valid'],
  ];
  test.each(cases)('%s', async (_name, args, env, message) => {
    const outcome = await runServer(args, env);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr.startsWith(`Twinboard cannot start: ${message}`)).toBe(true);
    expect(outcome.stderr).toContain('Run with --help to see every setting.');
    expect(outcome.stderr.trim().split('\n')).toHaveLength(2);
    expect(outcome.stdout).not.toContain('running at');
  });

  test('an unreadable certificate file', async () => {
    const missing = join(dir, 'missing.pem');
    const outcome = await runServer(['--cert', missing, '--key', missing]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain(
      `--cert "${missing}" cannot be read (ENOENT): it needs a readable PEM file`,
    );
  });

  test('a certificate that is not PEM', async () => {
    const bad = join(dir, 'not-a-cert.pem');
    const outcome = await runServer([], { TWINBOARD_CERT: bad, TWINBOARD_KEY: bad });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('--cert/--key are not a usable PEM certificate and key');
  });

  test('a database where no folder can be made', async () => {
    const outcome = await runServer(['--db', '/dev/null/rooms.db']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(
      /--db "\/dev\/null\/rooms\.db" cannot be written \(E[A-Z]+\): it needs a writable folder/,
    );
  });

  test('a port another program holds', async () => {
    const outcome = await runServer(['--port', String(occupiedPort), '--db', join(dir, 'taken.db')]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain(`--port ${occupiedPort} is taken on 127.0.0.1 by another program`);
  });

  test('a Node older than package.json’s engines', async () => {
    const older = "data:text/javascript,Object.defineProperty(process,'version',{value:'v18.20.4'})";
    const outcome = await runServer([], {}, ['--import', older]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain(
      'Twinboard cannot start: Node.js v18.20.4 is too old: Twinboard needs Node.js >=20.19.',
    );
  });

  test('--help prints every setting and exits 0', async () => {
    const outcome = await runServer(['--help']);
    expect(outcome.code).toBe(0);
    for (const text of [
      '--port N',
      'TWINBOARD_PORT, PORT',
      '--durability normal|full',
      'TWINBOARD_LOG_LEVEL',
      '--lan',
    ])
      expect(outcome.stdout).toContain(text);
    expect(outcome.stdout).not.toContain('running at');
  });

  test('good settings from flags and the environment start it (FULL is full durability)', async () => {
    const db = join(dir, 'rooms.db');
    const outcome = await runServer(['--port', '0', '--db', db], {
      TWINBOARD_DURABILITY: 'FULL',
      TWINBOARD_LOG_LEVEL: 'info',
    });
    expect(outcome.stderr).toBe('');
    expect(outcome.stdout).toMatch(
      new RegExp(`Twinboard is running at http://127\\.0\\.0\\.1:\\d+/ \\(games in ${db}\\)`),
    );
    const started = outcome.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'started');
    expect(started).toMatchObject({ level: 'info', db, tls: false });
  });
});
