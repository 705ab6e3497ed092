// @vitest-environment jsdom
// The app shell and the player's settings in jsdom: routes, settings saved and read aloud, the
// board's layouts and low-vision modes, the key map rebinding, castling with the rook placed by
// the player, playing Black. The clock cues and the automatic clock press are headless
// (tests/controllers/timeCues.test.ts).
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import { App } from '../../src/app/App.tsx';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  loadSettings,
  type Settings,
} from '../../src/controllers/settings.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { rebind } from '../../src/input/keymap.ts';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import type { MatchSession } from '../../src/session/local.ts';
import { renderBlindScreen, screenOutputs } from '../helpers/blindScreen.tsx';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';

let announcer: LiveRegionAnnouncer | undefined;
afterEach(() => {
  cleanup();
  announcer?.dispose();
  announcer = undefined;
  window.location.hash = '';
});

function outputs(selfVoicing = false) {
  const out = screenOutputs(selfVoicing);
  announcer = out.announcer;
  return out;
}
const polite = () => announcer?.regions.polite.textContent?.replace(/\u00a0$/, '') ?? '';
const assertive = () => announcer?.regions.assertive.textContent?.replace(/\u00a0$/, '') ?? '';

function renderScreen(settings: Settings, options: { startFen?: string; blindColor?: 'w' | 'b' } = {}) {
  const clock = manualClock(0);
  const session: MatchSession = startLocalSession(
    settings,
    clock,
    options.blindColor ?? 'w',
    options.startFen,
  );
  const rendered = renderBlindScreen(session, settings, clock);
  announcer = rendered.announcer;
  return { clock, session, ...rendered };
}
const board = () => screen.getByRole('grid', { name: 'Board' });

describe('the app shell', () => {
  test('home has the heading, the way into a local game and a practice board', async () => {
    const out = outputs();
    render(<App outputs={{ router: out.router, speaker: out.speaker }} store={memoryStore()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Twinboard' })).toBeTruthy();
    expect(within(board()).getAllByRole('gridcell')).toHaveLength(64);
    await expectNoAxeViolations();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'New local game' }));
    expect(await screen.findByRole('grid', { name: "Opponent's board" })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your board' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  test('a changed setting is saved and read aloud', async () => {
    const out = outputs();
    const store = memoryStore();
    window.location.hash = '#/local';
    render(<App outputs={{ router: out.router, speaker: out.speaker }} store={store} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await user.selectOptions(within(dialog).getByLabelText('Vocabulary'), 'nato');
    expect(polite()).toMatch(/^Vocabulary: NATO/);
    expect(loadSettings(store).settings.vocabulary).toBe('nato');
    await user.click(within(dialog).getByLabelText('Large board'));
    expect(polite()).toBe('Large board: on');
    expect(JSON.parse(store.get(SETTINGS_KEY) ?? '{}').largeBoard).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'de');
    expect(polite()).toBe('Sprache: Deutsch');
    expect(screen.getByRole('dialog', { name: 'Einstellungen' })).toBeTruthy();
  });
});

describe('board layouts and low vision', () => {
  test('the table layout has the same cells with rank and file headers, and no axe violations', async () => {
    renderScreen({ ...DEFAULT_SETTINGS, layout: 'table', highContrast: true, largeBoard: true });
    const grid = board();
    expect(grid.tagName).toBe('TABLE');
    expect(grid.className).toMatch(/high-contrast/);
    expect(grid.className).toMatch(/large/);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(64);
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(8);
    expect(within(grid).getByRole('gridcell', { name: 'Evan one, dark square, white king' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  test('playing Black, the board is drawn and walked from Black’s side', async () => {
    const { user, session } = renderScreen(DEFAULT_SETTINGS, { blindColor: 'b' });
    const cells = within(board()).getAllByRole('gridcell');
    expect(cells[0]?.getAttribute('aria-label')).toBe('Hector one, light square, white rook');
    await user.click(within(board()).getByRole('gridcell', { name: /^Evan seven/ }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Evan six/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^David six/);
    await user.keyboard('{Enter}');
    expect(assertive()).not.toBe('');
    expect(session.getState().boards.blind.aperture.touches).toEqual([]);
  });
});

describe('keys (castling: tests/controllers/castling.test.ts)', () => {
  test('a rebound key does the action, and the help lists the new key', async () => {
    const km = rebind(DEFAULT_SETTINGS.keymap, 'readSquare', ['F2']);
    if (!km.ok) throw new Error('setup');
    const { user } = renderScreen({ ...DEFAULT_SETTINGS, keymap: km.value });
    await user.click(within(board()).getByRole('gridcell', { name: /^Gustav one/ }));
    await user.keyboard('{F2}');
    expect(polite()).toBe('Gustav one, dark square, white knight');
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keys' });
    expect(within(help).getByText('F2')).toBeTruthy();
  });
});
