/**
 * The source of the version being built, as one .tar.gz for the build to serve (AGPL-3.0 §13: the
 * users of a copy run over a network are offered its Corresponding Source). The files are those of
 * the working tree being built, changes included: in a git checkout, every file git tracks or would
 * track (`git ls-files --cached --others --exclude-standard`); elsewhere (a copied tree), every
 * file but the built output, the installed packages and local data. The archive is the same bytes
 * for the same files (fixed times and owners, sorted names), so a rebuild of the same source does
 * not look like a new version.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Never part of the source, in a tree that is not a git checkout (mirrors .gitignore). */
const NOT_SOURCE =
  /^(node_modules|dist|dist-server|\.git|\.vite|test-results|coverage|tmp)(\/|$)|(^|\/)data\/.*\.db|^data\/rooms|\.log$/;

/** The source files under `root`, as sorted relative paths with forward slashes. */
export function sourceFiles(root: string): string[] {
  let listed: string[] | undefined;
  if (existsSync(join(root, '.git'))) {
    try {
      listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .split('\0')
        .filter(Boolean);
    } catch {
      listed = undefined; // no git on this machine: walk the tree instead
    }
  }
  const files =
    listed ??
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((path) => !NOT_SOURCE.test(path));
  // Deleted but still tracked files, and anything that is not a plain file (a submodule), are left out.
  return files
    .filter((path) => {
      const full = join(root, path);
      return existsSync(full) && lstatSync(full).isFile();
    })
    .sort();
}

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function octal(header: Buffer, offset: number, length: number, value: number) {
  field(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** A ustar header; names longer than 100 bytes are split into prefix and name at a slash. */
function tarHeader(path: string, size: number, mode: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const split = [...path.matchAll(/\//g)]
      .map((m) => m.index)
      .find((i) => Buffer.byteLength(path.slice(i + 1)) <= 100 && Buffer.byteLength(path.slice(0, i)) <= 155);
    if (split === undefined) throw new Error(`sourceArchive: path too long for a tar header: ${path}`);
    prefix = path.slice(0, split);
    name = path.slice(split + 1);
  }
  field(header, 0, 100, name);
  octal(header, 100, 8, mode);
  octal(header, 108, 8, 0); // uid
  octal(header, 116, 8, 0); // gid
  octal(header, 124, 12, size);
  octal(header, 136, 12, 0); // mtime: fixed, so the archive depends on the contents only
  header.fill(' ', 148, 156); // checksum field counts as spaces while summing
  field(header, 156, 1, '0');
  field(header, 257, 6, 'ustar\0');
  field(header, 263, 2, '00');
  field(header, 345, 155, prefix);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** A gzipped tar of `files` (relative to `root`), each under `directory/`. */
export function makeSourceArchive(root: string, files: readonly string[], directory: string): Buffer {
  const parts: Buffer[] = [];
  for (const path of files) {
    const full = join(root, path);
    const content = readFileSync(full);
    // Executable files (scripts) stay executable; nothing else of the mode is kept.
    const mode = lstatSync(full).mode & 0o111 ? 0o755 : 0o644;
    parts.push(tarHeader(`${directory}/${path}`, content.length, mode), content);
    const pad = (BLOCK - (content.length % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts), { level: 9 });
}
