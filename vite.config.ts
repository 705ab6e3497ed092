/**
 * Vite builds the app (and its service worker, scripts/serviceWorker.ts); Vitest runs three
 * projects: `unit` (the headless tests in Node), `unit-dom` (the files that need a DOM, marked
 * `@vitest-environment jsdom`) and `e2e` (real Chromium). `npm run test:unit` runs both unit ones,
 * each in worker threads that keep their modules from file to file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SERVICE_WORKER_PACKAGES, serviceWorker } from './scripts/serviceWorker.ts';
import { engineAssetName } from './scripts/engineAssets.ts';
import { thirdPartyNotices } from './scripts/thirdPartyNotices.ts';

/** The unit test files that ask for jsdom in their docblock. */
function domTests(dir: string): string[] {
  // A production build runs in a copy without tests/ (tests/prod): nothing to find there.
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join('tests', 'e2e') ? [] : domTests(path);
    if (!/\.test\.tsx?$/.test(entry.name)) return [];
    return /@vitest-environment\s+jsdom/.test(readFileSync(path, 'utf8').slice(0, 500)) ? [path] : [];
  });
}
const DOM_TESTS = domTests('tests');

export default defineConfig({
  plugins: [react(), serviceWorker(), thirdPartyNotices({ alsoShipped: SERVICE_WORKER_PACKAGES })],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { assetFileNames: engineAssetName } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...DOM_TESTS],
          environment: 'node',
          testTimeout: 30_000,
          // The files share their workers' modules: loading the app's modules once per worker
          // instead of once per file was most of the suite's time. Each file cleans up after itself.
          pool: 'threads',
          isolate: false,
          // One worker per core (Vitest keeps one core free by default, which on a two-core machine
          // left the build-and-serve and server tests, mostly waiting on child processes, in line).
          maxWorkers: '100%',
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          include: DOM_TESTS,
          environment: 'jsdom',
          testTimeout: 30_000,
          // Shared modules and document too; the setup file leaves the page as a fresh one would be.
          pool: 'threads',
          isolate: false,
          maxWorkers: '100%',
          setupFiles: ['tests/helpers/domSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // After the unit projects when all run together (it runs one file at a time).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
