/**
 * An Announcer over two ARIA live regions, one polite and one assertive (DESIGN.md principle 6).
 * Each message replaces the region's text (no log grows, no ticking text). A message equal to the
 * previous one would not change the DOM and so would not be read again; it gets an alternating
 * trailing no-break space, which screen readers do not speak, so repeats are read (as lichess
 * nvui's notify does by re-rendering).
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
  const last: Record<Politeness, { text: string; marked: boolean }> = {
    polite: { text: '', marked: false },
    assertive: { text: '', marked: false },
  };

  return {
    regions,
    announce(text, politeness, lang) {
      const region = regions[politeness];
      const previous = last[politeness];
      const marked = previous.text === text ? !previous.marked : false;
      last[politeness] = { text, marked };
      if (lang) region.setAttribute('lang', lang);
      else region.removeAttribute('lang');
      region.textContent = marked ? text + REPEAT_MARK : text;
    },
    clear() {
      for (const p of ['polite', 'assertive'] as const) {
        regions[p].textContent = '';
        last[p] = { text: '', marked: false };
      }
    },
    dispose() {
      regions.polite.remove();
      regions.assertive.remove();
    },
  };
}
