/** Vite builds the app (and its service worker, scripts/serviceWorker.ts); Vitest runs two projects: `unit` (node + jsdom) and `e2e` (real Chromium). */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SERVICE_WORKER_PACKAGES, serviceWorker } from './scripts/serviceWorker.ts';
import { engineAssetName } from './scripts/engineAssets.ts';
import { thirdPartyNotices } from './scripts/thirdPartyNotices.ts';

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
          exclude: ['tests/e2e/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
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
        },
      },
    ],
  },
});
