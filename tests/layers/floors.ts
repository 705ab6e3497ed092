// The floors of src/ as eslint.config.js lists them, read for the layer tests: which part a folder
// is in, which floor it stands on, what it may import. The rule is restated here from the list
// alone (own part, or a floor below), so the tests hold the generated lint rules against it.
import fs from 'node:fs';
import path from 'node:path';
import { EXCEPTIONS, FLOORS, type Part } from '../../eslint.config.js';

export { EXCEPTIONS, FLOORS };

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SRC = path.join(ROOT, 'src');

/** A part with its floor: 0 at the top. */
export interface Placed extends Part {
  readonly level: number;
}

export const PARTS: readonly Placed[] = FLOORS.flatMap((floor, level) => floor.map((p) => ({ ...p, level })));

/** The part a folder or file directly in src/ belongs to. */
export function partOf(name: string): Placed {
  const part = PARTS.find((p) => p.is.includes(name));
  if (!part) throw new Error(`src/${name} is on no floor of eslint.config.js`);
  return part;
}

/** Every folder of src/ the list names (files such as main.tsx left out). */
export const FOLDERS: readonly string[] = PARTS.flatMap((p) => p.is).filter((name) => !name.includes('.'));

/** Whether code in src/`from` may import src/`to`: its own part, or a part on a floor below. */
export function mayImport(from: string, to: string): boolean {
  const a = partOf(from);
  const b = partOf(to);
  return a === b || b.level > a.level;
}

const controllersFloor = partOf('controllers').level;
/** The Controllers and every part below their floor are pure (and any part marked so). */
export const isPure = (part: Placed): boolean => part.pure === true || part.level > controllersFloor;

/** Every file under `dir` (relative to src/, with forward slashes). */
export function filesUnder(dir = ''): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(SRC, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** Whether a path under src/ matches a glob of the list (`dir/**` or a file). */
export function matchesGlob(file: string, glob: string): boolean {
  return glob.endsWith('/**') ? file.startsWith(glob.slice(0, -2)) : file === glob;
}

/** The top folder (or file) of src/ a path under src/ lies in. */
export const topOf = (file: string): string => file.split('/')[0] ?? file;

/** The named exception that lets `file` import `to`, if any. */
export const exceptionFor = (file: string, to: string) =>
  EXCEPTIONS.find((e) => e.file === file && e.may === to);
