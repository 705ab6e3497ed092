// @vitest-environment jsdom
// The live-region Announcer in jsdom: two regions with the right roles, text replaced not
// appended, messages of one turn joined, repeated messages changed so they are read again,
// language set per message.
import { afterEach, expect, test } from 'vitest';
import { createLiveRegionAnnouncer, type LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';

let announcer: LiveRegionAnnouncer | undefined;
afterEach(() => announcer?.dispose());

test('a polite and an assertive region, atomic, hidden from sight but not from the accessibility tree', () => {
  announcer = createLiveRegionAnnouncer();
  const { polite, assertive } = announcer.regions;
  expect(polite.getAttribute('aria-live')).toBe('polite');
  expect(polite.getAttribute('role')).toBe('status');
  expect(assertive.getAttribute('aria-live')).toBe('assertive');
  expect(assertive.getAttribute('role')).toBe('alert');
  for (const r of [polite, assertive]) {
    expect(r.getAttribute('aria-atomic')).toBe('true');
    expect(r.getAttribute('aria-hidden')).toBeNull();
    expect(r.style.position).toBe('absolute');
    expect(document.body.contains(r)).toBe(true);
  }
});

/** The next key press: the event loop turn in which earlier messages were written is over. */
const nextTurn = () => new Promise<void>((resolve) => queueMicrotask(resolve));

test('each message replaces the text of its own region only', async () => {
  announcer = createLiveRegionAnnouncer();
  announcer.announce('Evan one, dark square, white king', 'polite', 'en');
  announcer.announce('Knight Gustav eight to Felix six', 'assertive', 'en');
  await nextTurn();
  announcer.announce('Evan two, light square, white pawn', 'polite', 'en');
  expect(announcer.regions.polite.textContent).toBe('Evan two, light square, white pawn');
  expect(announcer.regions.assertive.textContent).toBe('Knight Gustav eight to Felix six');
  expect(announcer.regions.polite.childNodes).toHaveLength(1);
});

test('messages of one politeness in the same turn are read together, not the last alone', async () => {
  announcer = createLiveRegionAnnouncer();
  announcer.announce('Lifted pawn Evan two; it must be moved', 'polite');
  announcer.announce('Pawn placed on Evan four', 'polite');
  announcer.announce('Black offers a draw', 'assertive');
  expect(announcer.regions.polite.textContent).toBe(
    'Lifted pawn Evan two; it must be moved. Pawn placed on Evan four',
  );
  expect(announcer.regions.assertive.textContent).toBe('Black offers a draw');
  // An interrupting message replaces what was said before it, as it cuts Twinboard's own voice.
  announcer.announce('Knight Gustav eight to Felix six', 'assertive', undefined, true);
  expect(announcer.regions.assertive.textContent).toBe('Knight Gustav eight to Felix six');
  await nextTurn();
  announcer.announce('Evan four, light square, white pawn', 'polite');
  expect(announcer.regions.polite.textContent).toBe('Evan four, light square, white pawn');
});

test('a repeated message changes the DOM each time, so it is read again, and reads the same', async () => {
  announcer = createLiveRegionAnnouncer();
  let changes = 0;
  const observer = new MutationObserver((records) => (changes += records.length));
  observer.observe(announcer.regions.assertive, { childList: true, characterData: true, subtree: true });
  const texts: (string | null)[] = [];
  for (let i = 0; i < 3; i++) {
    announcer.announce('Illegal move', 'assertive');
    texts.push(announcer.regions.assertive.textContent);
    await nextTurn();
  }
  // Three changes a screen reader's live-region watcher sees, not one.
  expect(changes + observer.takeRecords().length).toBe(3);
  observer.disconnect();
  expect(texts[0]).not.toBe(texts[1]);
  expect(texts[1]).not.toBe(texts[2]);
  for (const t of texts) expect(t?.trim()).toBe('Illegal move');
});

test('the language of the words is set on the region', async () => {
  announcer = createLiveRegionAnnouncer();
  announcer.announce('Springer Gustav eins nach Felix drei', 'polite', 'de');
  await nextTurn();
  expect(announcer.regions.polite.getAttribute('lang')).toBe('de');
  announcer.announce('Knight Gustav one to Felix three', 'polite');
  expect(announcer.regions.polite.hasAttribute('lang')).toBe(false);
});

test('clear empties both regions; dispose removes them', () => {
  const container = document.createElement('main');
  document.body.appendChild(container);
  announcer = createLiveRegionAnnouncer({ container, idPrefix: 'test-live' });
  announcer.announce('one', 'polite');
  announcer.announce('two', 'assertive');
  announcer.clear();
  expect(announcer.regions.polite.textContent).toBe('');
  expect(announcer.regions.assertive.textContent).toBe('');
  expect(container.querySelector('#test-live-polite')).not.toBeNull();
  announcer.dispose();
  expect(container.querySelector('#test-live-polite')).toBeNull();
  announcer = undefined;
});
