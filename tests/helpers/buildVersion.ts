/**
 * A real build of the app into a folder of its own, optionally with one source file changed (the
 * next version of a release, issue 26). The build runs `vite build` with the project's config in a
 * child process, as `npm run build` does (a production build: NODE_ENV is the build's own, not the
 * test runner's).
 *
 *   node --import tsx tests/helpers/buildVersion.ts OUT_DIR ['{"file","from","to"}']
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** One change to one source file: its text `from` becomes `to`. */
export interface SourceChange {
  /** Path from the project's root, e.g. `src/screens/practice/messages.ts`. */
  readonly file: string;
  readonly from: string;
  readonly to: string;
}

const HERE = fileURLToPath(import.meta.url);

/** Builds the app into `outDir` (emptied first), with `change` made to the sources on the way. */
export async function buildVersion(outDir: string, change?: SourceChange): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.VITEST;
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', HERE, outDir, ...(change ? [JSON.stringify(change)] : [])],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
}

async function main(outDir: string, changeJson?: string): Promise<void> {
  const { build } = await import('vite');
  const change = changeJson ? (JSON.parse(changeJson) as SourceChange) : undefined;
  let changed = false;
  await build({
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: change
      ? [
          {
            name: 'one-source-change',
            enforce: 'pre',
            transform(code, id) {
              if (!id.endsWith(`/${change.file}`)) return null;
              if (!code.includes(change.from)) throw new Error(`${change.file} has no “${change.from}”`);
              changed = true;
              return code.replace(change.from, change.to);
            },
          },
        ]
      : [],
  });
  if (change && !changed) throw new Error(`${change.file} was not part of the build`);
}

if (process.argv[1] === HERE) {
  const [outDir, change] = process.argv.slice(2);
  if (!outDir) throw new Error('usage: buildVersion.ts OUT_DIR [CHANGE_JSON]');
  await main(outDir, change);
}
