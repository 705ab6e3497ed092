// The list of floors in eslint.config.js names all of src/ (issue 27): every folder and file directly
// in src/ once, no adapter or exception naming a file that does not exist, and no nested folder
// named like a folder its part may not import (the import rules match a folder by its name).
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EXCEPTIONS, FLOORS, PARTS, SRC, filesUnder, matchesGlob, mayImport, partOf } from './floors.ts';

describe('the floors of eslint.config.js', () => {
  test('name every folder and file directly in src/, each once', () => {
    const named = PARTS.flatMap((p) => p.is).sort();
    const present = fs.readdirSync(SRC).sort();
    expect(named).toEqual(present);
  });

  test('run from the composition root at the top to the ports at the bottom', () => {
    expect(FLOORS[0]?.map((p) => p.part)).toEqual(['App']);
    expect(FLOORS.at(-1)?.map((p) => p.part)).toEqual(['Ports']);
    expect(new Set(PARTS.map((p) => p.part)).size).toBe(PARTS.length);
  });

  test('name adapters that exist, inside their own part', () => {
    const files = filesUnder();
    for (const part of PARTS)
      for (const glob of part.adapters ?? []) {
        expect(
          files.some((f) => matchesGlob(f, glob)),
          `${part.part} adapter ${glob}`,
        ).toBe(true);
        expect(part.is, `${glob} lies in ${part.part}`).toContain(glob.split('/')[0]);
      }
  });

  test('name exceptions for files that exist and folders their floor may not import', () => {
    for (const { file, may } of EXCEPTIONS) {
      expect(fs.existsSync(`${SRC}/${file}`), `src/${file} exists`).toBe(true);
      expect(mayImport(file.split('/')[0] ?? '', may), `${file} needs the exception for ${may}`).toBe(false);
    }
  });

  test('allow types from above only where named, and only from folders above', () => {
    for (const part of PARTS)
      for (const folder of part.types ?? []) expect(partOf(folder).level).toBeLessThan(part.level);
  });

  test('leave no nested folder named like a folder its part may not import', () => {
    const clashes: string[] = [];
    for (const folder of PARTS.flatMap((p) => p.is).filter((n) => !n.includes('.'))) {
      const nested = new Set(
        filesUnder(folder)
          .flatMap((f) => f.split('/').slice(1, -1))
          .filter((name) => PARTS.some((p) => p.is.includes(name))),
      );
      for (const name of nested) if (!mayImport(folder, name)) clashes.push(`src/${folder}/…/${name}/`);
    }
    expect(clashes).toEqual([]);
  });
});
