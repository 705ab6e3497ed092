/**
 * Twinboard's server recogniser as the browser sees it (issue 25): whether the page's server
 * recognises speech (`GET /api/recognise`), which recogniser the talk key uses (the server's, then
 * a Vosk model the club set, then the browser's Web Speech), and the server's answers to a
 * recording, validated before anything acts on them (DESIGN principle 10: hostile until checked).
 * The parsing and the choice are pure; `probeServerRecogniser` asks the server.
 */
import {
  RECOGNITION_SOURCES,
  type BrowserRecogniserChoice,
  type RecogniserChoice,
  type RecognisedAlternative,
  type RecognitionSource,
} from '../../ports/listener.ts';

/** The endpoint's path on the page's origin. */
export const RECOGNISE_PATH = '/api/recognise';

/** What the page's server says about its recogniser; `absent`: no Twinboard server answered. */
export type ServerRecogniserStatus =
  | { readonly kind: 'available'; readonly locales: readonly string[] }
  | { readonly kind: 'missing'; readonly install?: string }
  | { readonly kind: 'absent' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the JSON of `GET /api/recognise`; anything else means no Twinboard server answered. */
export function parseRecogniserStatus(json: unknown): ServerRecogniserStatus {
  if (!isObject(json) || typeof json.available !== 'boolean') return { kind: 'absent' };
  if (json.available) {
    const locales = Array.isArray(json.locales)
      ? json.locales.filter((l): l is string => typeof l === 'string')
      : [];
    return { kind: 'available', locales };
  }
  return typeof json.install === 'string' && json.install.trim() !== ''
    ? { kind: 'missing', install: json.install.trim() }
    : { kind: 'missing' };
}

/**
 * Asks the page's server whether it recognises speech. A page not served by Twinboard's server
 * (vite's dev server, the offline app with no server) answers with an error, a 404 or no JSON:
 * `absent`. Gives up after `timeoutMs`, so that a hanging server never holds the talk key.
 */
export async function probeServerRecogniser(
  origin: string,
  fetchFn: typeof fetch = fetch,
  timeoutMs = 3000,
): Promise<ServerRecogniserStatus> {
  try {
    const response = await fetchFn(`${origin}${RECOGNISE_PATH}`, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { kind: 'absent' };
    return parseRecogniserStatus(await response.json());
  } catch {
    return { kind: 'absent' };
  }
}

/** What the talk key can use, for `chooseRecogniser`. */
export interface RecogniserOptions {
  readonly server: ServerRecogniserStatus;
  /** The player's language: the server must recognise it. */
  readonly locale: string;
  /** The Vosk model's address set in the settings ('' when none). */
  readonly offlineModelUrl: string;
  /** Whether the browser has a Web Speech recogniser. */
  readonly webSpeech: boolean;
}

/**
 * The recogniser the talk key uses, in the order of issue 25: Twinboard's server (when it reports
 * pocketsphinx present for this language), a Vosk model the club set, the browser's Web Speech.
 * With the server, the next in that order hears the screens that have no position.
 */
export function chooseRecogniser(o: RecogniserOptions): Exclude<RecogniserChoice, { kind: 'given' }> {
  const { server } = o;
  if (server.kind === 'available' && server.locales.includes(o.locale))
    return { kind: 'server', otherwise: inBrowser(o, {}) };
  // A server without its recogniser still tells what would enable it (its own command, or ours).
  return inBrowser(o, server.kind === 'missing' ? { serverInstall: server.install ?? DEFAULT_INSTALL } : {});
}

/** The recogniser in the browser: the Vosk model, else Web Speech, else none. */
function inBrowser(o: RecogniserOptions, install: { serverInstall?: string }): BrowserRecogniserChoice {
  if (o.offlineModelUrl !== '') return { kind: 'vosk', modelUrl: o.offlineModelUrl, ...install };
  if (o.webSpeech) return { kind: 'webSpeech', ...install };
  return { kind: 'none', ...install };
}

/** The one command that installs the server's recogniser on Debian, when the server does not say. */
export const DEFAULT_INSTALL = 'sudo apt-get install -y pocketsphinx pocketsphinx-en-us';

/** The server's answer to a recording, as far as the app uses it: the transcripts with evidence. */
export function parseRecognition(json: unknown): readonly RecognisedAlternative[] | undefined {
  if (!isObject(json) || !Array.isArray(json.alternatives)) return undefined;
  const out: RecognisedAlternative[] = [];
  for (const a of json.alternatives) {
    if (!isObject(a) || typeof a.transcript !== 'string') return undefined;
    const source = a.source as RecognitionSource;
    if (!RECOGNITION_SOURCES.includes(source)) return undefined;
    const confidence = typeof a.confidence === 'number' && Number.isFinite(a.confidence) ? a.confidence : 0;
    const acoustic =
      typeof a.acoustic === 'number' && Number.isFinite(a.acoustic) ? { acoustic: a.acoustic } : {};
    out.push({
      transcript: a.transcript,
      confidence: Math.max(0, Math.min(1, confidence)),
      source,
      ...acoustic,
    });
  }
  return out;
}

/** The transcripts to hand on as the result's alternatives: the position grammar's first. */
export function transcriptsOf(recognised: readonly RecognisedAlternative[]): string[] {
  return [
    ...recognised.filter((a) => a.source === 'position'),
    ...recognised.filter((a) => a.source !== 'position'),
  ].map((a) => a.transcript);
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); undefined when absent. */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - now) / 1000));
}
