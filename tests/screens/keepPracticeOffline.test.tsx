// @vitest-environment jsdom
// "Keep practice available offline" under the practice choices (issue 26): a described checkbox,
// reached by Tab and turned by the space bar; what happened is said (politely when it worked,
// assertively with the reason when it did not), and the box shows what the device keeps.
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { KeepPracticeOffline } from '../../src/screens/practice/KeepPracticeOffline.tsx';
import type { KeepFailure, PracticeKept, PracticeOffline } from '../../src/ports/offline.ts';

afterEach(() => cleanup());

/** The port with a device that keeps what it is told, or fails with `failure`. */
function fakeOffline(initially: PracticeKept, failure?: KeepFailure) {
  let kept = initially;
  const port: PracticeOffline = {
    status: async () => kept,
    keep: async () => {
      if (failure) return { ok: false, error: failure };
      kept = 'kept';
      return { ok: true, value: undefined };
    },
    release: async () => {
      kept = 'notKept';
    },
  };
  return port;
}

function renderSetting(port: PracticeOffline, locale: 'en' | 'de' = 'en') {
  const said: { text: string; politeness: string }[] = [];
  render(
    <>
      <button type="button">Start the game</button>
      <KeepPracticeOffline
        locale={locale}
        offline={port}
        say={(text, politeness) => said.push({ text, politeness })}
      />
    </>,
  );
  return said;
}

test('by keyboard: kept, said, shown; turned off again, said', async () => {
  const user = userEvent.setup();
  const said = renderSetting(fakeOffline('notKept'));
  const box = screen.getByRole('checkbox', {
    name: 'Keep practice available offline',
    description: /The computer \(7 MB\) is downloaded when you first practise/,
  });
  expect((box as HTMLInputElement).checked).toBe(false);
  screen.getByRole('button', { name: 'Start the game' }).focus();
  await user.tab();
  expect(document.activeElement).toBe(box);
  await user.keyboard(' ');
  await waitFor(() =>
    expect(said.at(-1)).toEqual({ text: 'Practice is available offline.', politeness: 'polite' }),
  );
  expect(said[0]).toEqual({ text: 'Keeping the computer on this device…', politeness: 'polite' });
  expect((box as HTMLInputElement).checked).toBe(true);
  expect(document.activeElement).toBe(box);

  await user.keyboard(' ');
  await waitFor(() =>
    expect(said.at(-1)).toEqual({ text: 'Practice is no longer kept offline.', politeness: 'polite' }),
  );
  expect((box as HTMLInputElement).checked).toBe(false);

  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('a device that keeps the engine shows the box on', async () => {
  renderSetting(fakeOffline('kept'));
  const box = screen.getByRole('checkbox', { name: 'Keep practice available offline' });
  await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
});

test('a failure is said with its reason, assertively, and the box stays off', async () => {
  const user = userEvent.setup();
  const said = renderSetting(fakeOffline('notKept', 'storage'));
  const box = screen.getByRole('checkbox', { name: 'Keep practice available offline' });
  await user.click(box);
  await waitFor(() =>
    expect(said.at(-1)).toEqual({
      text: 'Practice could not be kept offline: there is not enough room on this device.',
      politeness: 'assertive',
    }),
  );
  expect((box as HTMLInputElement).checked).toBe(false);
});

test('in German', async () => {
  const user = userEvent.setup();
  const said = renderSetting(fakeOffline('notKept', 'unsupported'), 'de');
  await user.click(screen.getByRole('checkbox', { name: 'Übung auch offline verfügbar halten' }));
  await waitFor(() =>
    expect(said.at(-1)?.text).toMatch(
      /^Die Übung konnte nicht offline bereitgehalten werden: dieser Browser/,
    ),
  );
});
