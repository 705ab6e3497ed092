// Setup of every jsdom test file (vite.config.ts, project `unit-dom`). The files share their
// workers' modules and document, so each leaves the document as a fresh one would be: after each
// test what was rendered is unmounted (testing-library registers that on import, so for the first
// file only) and the real timers are back; after each file the page is empty again, at the home
// address, with the body testing-library's `screen` reads (a test may replace the whole page, as
// the large-print scoresheet's does).
import { afterAll, afterEach, vi } from 'vitest';
import { FIRST_BODY } from './domBody.ts';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

afterAll(() => {
  if (document.body !== FIRST_BODY) document.documentElement.replaceChild(FIRST_BODY, document.body);
  FIRST_BODY.replaceChildren();
  document.head.replaceChildren();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});
