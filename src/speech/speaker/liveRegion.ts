/**
 * An Announcer over two ARIA live regions, one polite and one assertive (DESIGN.md principle 6).
 * Each message replaces the region's text (no log grows, no ticking text). A message equal to the
 * previous one would not change the DOM and so would not be read again; it gets an alternating
 * trailing no-break space, which screen readers do not speak, so repeats are read (as lichess
 * nvui's notify does by re-rendering). Messages of one politeness written in the same turn of the
 * event loop (a typed move's lift, placement and announcement) are joined into one text: a screen
 * reader reads a region once per turn, so a second replacement would silence the first. An
 * interrupting message replaces them, as it cuts the self-voicing Speaker's queue.
 */
import type { Announcer } from '../../ports/announcer.ts';
import type { Politeness } from '../announce.ts';

/** Where to put the regions. */
export interface LiveRegionOptions {
  /** The element the regions are appended to (document.body by default). */
  readonly container?: HTMLElement;
  /** An id prefix, so more than one announcer can live on a page. */
  readonly idPrefix?: string;
}

/** The live-region Announcer with access to its elements. */
export interface LiveRegionAnnouncer extends Announcer {
  /** The two region elements (for tests and for screens that want to position them). */
  readonly regions: Readonly<Record<Politeness, HTMLElement>>;
  /** Remove the regions from the page. */
  dispose(): void;
}

const REPEAT_MARK = '\u00a0';

// Visually hidden but in the accessibility tree (the usual "sr-only" rules).
const HIDDEN_STYLE =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);' +
  'clip-path:inset(50%);white-space:nowrap;border:0;';

/** Creates the polite and assertive live regions and returns an Announcer writing to them. */
export function createLiveRegionAnnouncer(options: LiveRegionOptions = {}): LiveRegionAnnouncer {
  const container = options.container ?? document.body;
  const doc = container.ownerDocument;
  const prefix = options.idPrefix ?? 'twinboard-live';
  const make = (politeness: Politeness): HTMLElement => {
    const el = doc.createElement('div');
    el.id = `${prefix}-${politeness}`;
    // role=status / role=alert carry the politeness to older screen readers too.
    el.setAttribute('role', politeness === 'assertive' ? 'alert' : 'status');
    el.setAttribute('aria-live', politeness);
    el.setAttribute('aria-atomic', 'true');
    el.setAttribute('style', HIDDEN_STYLE);
    container.appendChild(el);
    return el;
  };
  const regions = { polite: make('polite'), assertive: make('assertive') };
  const last: Record<Politeness, { text: string; marked: boolean; lang: string | undefined }> = {
    polite: { text: '', marked: false, lang: undefined },
    assertive: { text: '', marked: false, lang: undefined },
  };
  const writtenThisTurn: Record<Politeness, boolean> = { polite: false, assertive: false };

  return {
    regions,
    announce(message, politeness, lang, interrupt = false) {
      const region = regions[politeness];
      const previous = last[politeness];
      const joins = writtenThisTurn[politeness] && !interrupt && previous.lang === lang;
      const text = joins ? joinSentences(previous.text, message) : message;
      if (!writtenThisTurn[politeness]) {
        writtenThisTurn[politeness] = true;
        queueMicrotask(() => (writtenThisTurn[politeness] = false));
      }
      const marked = previous.text === text ? !previous.marked : false;
      last[politeness] = { text, marked, lang };
      if (lang) region.setAttribute('lang', lang);
      else region.removeAttribute('lang');
      region.textContent = marked ? text + REPEAT_MARK : text;
    },
    clear() {
      for (const p of ['polite', 'assertive'] as const) {
        regions[p].textContent = '';
        last[p] = { text: '', marked: false, lang: undefined };
      }
    },
    dispose() {
      regions.polite.remove();
      regions.assertive.remove();
    },
  };
}

/** Two messages as one text, with a sentence break a screen reader pauses at. */
function joinSentences(first: string, second: string): string {
  if (first === '') return second;
  return /[.!?:;]$/.test(first) ? `${first} ${second}` : `${first}. ${second}`;
}
