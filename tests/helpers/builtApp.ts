/** The built app for a real-browser test file: one real server and one Chromium, started before the file's tests and stopped after. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { startServer, type RunningServer } from './appServer.ts';

/** The running server and browser of a test file; read them inside tests (they exist once `beforeAll` ran). */
export interface BuiltApp {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that start the real server (on the built app) and launch
 * Chromium, and close both after the file's tests. Call it once at the top level of a test file.
 */
export function withBuiltApp(): BuiltApp {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('withBuiltApp: the server is read before beforeAll ran');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('withBuiltApp: the browser is read before beforeAll ran');
      return browser;
    },
  };
}
