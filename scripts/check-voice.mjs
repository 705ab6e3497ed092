/**
 * `npm start`, first step (issue 25): checks what the server's speech recogniser needs on Debian,
 * `pocketsphinx_batch` (package pocketsphinx) and the en-us model (pocketsphinx-en-us), and when
 * either is missing prints the one command that enables voice. Run as root on Debian with
 * apt-get, it installs them itself when TWINBOARD_INSTALL_VOICE=1, or after asking when a person
 * is at the terminal (TWINBOARD_INSTALL_VOICE=0: never). It never fails the start: voice is
 * optional, the game is played by keyboard without it. Silent when all is there (the server
 * says at start whether voice recognition is available).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline/promises';

const PACKAGES = ['pocketsphinx', 'pocketsphinx-en-us'];
const COMMAND = `sudo apt-get install -y ${PACKAGES.join(' ')}`;
const MODEL = '/usr/share/pocketsphinx/model/en-us';
// What src/server/recogniser reads: the acoustic model's files and the dictionary.
const MODEL_FILES = [
  ...['mdef', 'means', 'variances', 'transition_matrices', 'sendump', 'feat.params', 'noisedict'].map(
    (file) => join(MODEL, 'en-us', file),
  ),
  join(MODEL, 'cmudict-en-us.dict'),
];

/** Whether an executable of this name is on the PATH. */
function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));
}

/** What is missing, in words; empty when voice can work. */
function missing() {
  const out = [];
  if (!onPath('pocketsphinx_batch')) out.push('pocketsphinx_batch (package pocketsphinx)');
  const files = MODEL_FILES.filter((file) => !existsSync(file));
  if (files.length > 0) out.push(`the en-us model (package pocketsphinx-en-us; no ${files[0]})`);
  return out;
}

/** Root on Debian with apt-get: the only case where this script may install anything. */
function canInstall() {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && onPath('apt-get');
}

/** Asks at the terminal; no answer within 30 s is no, so an unattended start goes on. */
async function agreed() {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(`Install ${PACKAGES.join(' and ')} now with apt-get? [y/N] `, {
      signal: AbortSignal.timeout(30_000),
    });
    return /^y(es)?$/i.test(answer.trim());
  } catch {
    console.log('');
    return false;
  } finally {
    rl.close();
  }
}

function install() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  // A fresh machine (or container) may have no package lists yet: update once and try again.
  if (!apt(['install', '-y', ...PACKAGES]) && apt(['update'])) apt(['install', '-y', ...PACKAGES]);
}

async function main() {
  let gaps = missing();
  if (gaps.length === 0) return;
  console.log(`Voice recognition is not available: missing ${gaps.join('; ')}.`);
  const wish = process.env.TWINBOARD_INSTALL_VOICE;
  if (canInstall() && wish !== '0' && (wish === '1' || (process.stdin.isTTY && (await agreed())))) {
    install();
    gaps = missing();
    if (gaps.length === 0) {
      console.log('Voice recognition installed.');
      return;
    }
    console.log(`Still missing: ${gaps.join('; ')}.`);
  }
  console.log(`To enable it, run:\n  ${COMMAND}\nThe game works without it (keyboard and typed moves).`);
}

try {
  await main();
} catch (error) {
  // Never stop the start over an optional feature.
  console.log(`Could not check voice recognition (${error instanceof Error ? error.message : error}).`);
}
process.exitCode = 0;
