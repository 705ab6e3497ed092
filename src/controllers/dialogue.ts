/**
 * The spoken dialogue around voice input, as a pure state machine (DESIGN principle 4): doubt is
 * resolved aloud ("one: knight Bella eight to David seven; two: knight Felix eight to David
 * seven") and everything that cannot be undone is confirmed with yes/no before it happens. Input
 * is what was heard; output is data: texts to speak and intents (a move to play, a command to
 * carry out). It decides what an answer means in the match's context, so it stands on the
 * controllers' floor; what it says back comes from speech/inputWords.ts.
 */
import type { Locale } from '../i18n/index.ts';
import type { Interpretation } from '../speech/interpret.ts';
import { interpretHeard } from '../speech/interpretRecognised.ts';
import { describeMove } from '../speech/describe.ts';
import type { OwnWords } from '../speech/phrases.ts';
import type { VocabularyId } from '../speech/vocabularies.ts';
import type { RecognisedAlternative } from '../ports/listener.ts';
import { needsConfirmation, NUMBER_WORDS, type CommandName } from '../speech/commands.ts';
import { commandTitle, confirmName, describeUnrecognized, inputMessage } from '../speech/inputWords.ts';

export interface Candidate {
  readonly uci: string;
  readonly san: string;
}

/** Something waiting for the player's answer. */
export type DialogueState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'choosing'; readonly fen: string; readonly candidates: readonly Candidate[] }
  | {
      readonly kind: 'confirming';
      readonly fen: string;
      readonly action:
        | { readonly kind: 'move'; readonly uci: string; readonly san: string }
        | {
            readonly kind: 'command';
            readonly command: CommandName;
            readonly args?: Readonly<Record<string, string>>;
          };
    };

/** What the dialogue does: speak a text, play a move, or carry out a (confirmed) command. */
export type DialogueOutput =
  | { readonly kind: 'say'; readonly text: string }
  | { readonly kind: 'move'; readonly uci: string; readonly san: string }
  | {
      readonly kind: 'command';
      readonly command: CommandName;
      readonly args?: Readonly<Record<string, string>>;
    };

export interface DialogueOptions {
  readonly vocabulary?: VocabularyId;
  readonly locale?: Locale;
  /** The player's own words for move parts (describe lexicon overrides), heard and spoken. */
  readonly lexicon?: OwnWords;
  /**
   * Commands the match does not allow now, e.g. `correctAnnouncement` once the clock was
   * pressed (checklist 26): they are answered with "not possible now" instead of an intent.
   */
  readonly unavailable?: readonly CommandName[];
  /** The "always confirm spoken moves" setting: every spoken move waits for a "yes". */
  readonly confirmSpokenMoves?: boolean;
  /**
   * The recogniser gives two recognitions of the same audio, the position's grammar's and a
   * position-free one's (the vosk adapter): a move is played only when they agree
   * (interpretUtterance's `agreement`).
   */
  readonly agreement?: boolean;
  /**
   * Twinboard's server recogniser's transcripts with their evidence (issue 25): what was heard,
   * decided on as the server decided (`decideRecognised`, through `interpretHeard`).
   */
  readonly recognised?: readonly RecognisedAlternative[];
}

export interface DialogueStep {
  readonly state: DialogueState;
  readonly outputs: readonly DialogueOutput[];
}

/** The dialogue before anything was said. */
export const IDLE: DialogueState = { kind: 'idle' };

const say = (text: string): DialogueOutput => ({ kind: 'say', text });
const localeOf = (options: DialogueOptions): Locale => options.locale ?? 'en';

function numberWord(n: number, locale: Locale): string {
  return NUMBER_WORDS[locale][n - 1] ?? String(n);
}

// Moves to choose among are read in the long form (from and to squares), in the player's words;
// one move offered alone is named as he would say it ("Bella five?").
function longMove(fen: string, uci: string, options: DialogueOptions): string {
  return describeMove(fen, uci, { vocabulary: options.vocabulary, lexicon: options.lexicon, form: 'long' });
}
function shortMove(fen: string, uci: string, options: DialogueOptions): string {
  return describeMove(fen, uci, { vocabulary: options.vocabulary, lexicon: options.lexicon, form: 'short' });
}

/** "one: knight Bella eight to David seven; two: knight Felix eight to David seven" */
export function describeCandidates(
  fen: string,
  candidates: readonly Candidate[],
  options: DialogueOptions = {},
): string {
  const locale = localeOf(options);
  return candidates
    .map((c, i) => `${numberWord(i + 1, locale)}: ${longMove(fen, c.uci, options)}`)
    .join('; ');
}

function confirmMove(locale: Locale, fen: string, uci: string, options: DialogueOptions): string {
  const move = shortMove(fen, uci, options);
  return inputMessage(locale, 'confirmMove', { move: move.charAt(0).toUpperCase() + move.slice(1) });
}

/** The question for the current state, to say again when the player asks to repeat it. */
export function question(state: DialogueState, options: DialogueOptions = {}): string | undefined {
  const locale = localeOf(options);
  switch (state.kind) {
    case 'idle':
      return undefined;
    case 'choosing': {
      const [only] = state.candidates;
      if (state.candidates.length === 1 && only) return confirmMove(locale, state.fen, only.uci, options);
      return inputMessage(locale, 'choose', {
        list: describeCandidates(state.fen, state.candidates, options),
      });
    }
    case 'confirming': {
      const a = state.action;
      if (a.kind === 'move') return confirmMove(locale, state.fen, a.uci, options);
      // A claim stating its move names the move (speech/claimMove.ts).
      const move = a.args?.move;
      const name = confirmName(locale, a.command);
      return inputMessage(locale, 'confirmCommand', {
        action: move
          ? inputMessage(locale, 'claimWithMove', { claim: name, move: shortMove(state.fen, move, options) })
          : name,
      });
    }
  }
}

function ask(state: DialogueState, options: DialogueOptions): DialogueStep {
  const text = question(state, options);
  return { state, outputs: text ? [say(text)] : [] };
}

/** Acts on an interpretation while nothing is pending (also used by the typed command line). */
export function act(fen: string, heard: Interpretation, options: DialogueOptions = {}): DialogueStep {
  switch (heard.kind) {
    case 'move':
      return { state: IDLE, outputs: [{ kind: 'move', uci: heard.uci, san: heard.san }] };
    case 'ambiguous':
      return ask({ kind: 'choosing', fen, candidates: heard.candidates }, options);
    case 'command':
      if (options.unavailable?.includes(heard.command))
        return {
          state: IDLE,
          outputs: [
            say(
              inputMessage(localeOf(options), 'notNow', {
                action: commandTitle(localeOf(options), heard.command),
              }),
            ),
          ],
        };
      if (needsConfirmation(heard.command))
        return ask(
          {
            kind: 'confirming',
            fen,
            action: heard.args
              ? { kind: 'command', command: heard.command, args: heard.args }
              : { kind: 'command', command: heard.command },
          },
          options,
        );
      return {
        state: IDLE,
        outputs: [
          heard.args
            ? { kind: 'command', command: heard.command, args: heard.args }
            : { kind: 'command', command: heard.command },
        ],
      };
    case 'unrecognized':
      return { state: IDLE, outputs: [say(describeUnrecognized(heard.reason, localeOf(options)))] };
  }
}

/**
 * One turn of the dialogue: what the player said (the recogniser's alternatives, best first) in
 * the position `fen`, given what is pending. Never throws.
 */
export function hear(
  state: DialogueState,
  fen: string,
  heard: string | readonly string[],
  options: DialogueOptions = {},
): DialogueStep {
  const locale = localeOf(options);
  const meaning = interpretHeard(fen, heard, options);
  if (state.kind === 'idle' || state.fen !== fen) {
    if (meaning.kind === 'move' && options.confirmSpokenMoves)
      return ask(
        { kind: 'confirming', fen, action: { kind: 'move', uci: meaning.uci, san: meaning.san } },
        options,
      );
    return act(fen, meaning, options);
  }
  const cancel: DialogueStep = { state: IDLE, outputs: [say(inputMessage(locale, 'cancelled'))] };
  if (meaning.kind === 'command' && meaning.command === 'repeat') return ask(state, options);
  if (meaning.kind === 'command' && meaning.command === 'no') return cancel;

  if (state.kind === 'confirming') {
    if (meaning.kind === 'command' && meaning.command === 'yes')
      return { state: IDLE, outputs: [state.action] };
    return { state, outputs: [say(inputMessage(locale, 'sayYesNo'))] };
  }

  // Choosing among candidates.
  const { candidates } = state;
  const pick = (c: Candidate | undefined): DialogueStep | undefined =>
    c ? { state: IDLE, outputs: [{ kind: 'move', uci: c.uci, san: c.san }] } : undefined;
  if (meaning.kind === 'command' && meaning.command === 'number') {
    const chosen = pick(candidates[Number(meaning.args?.value) - 1]);
    if (chosen) return chosen;
  }
  if (meaning.kind === 'command' && meaning.command === 'yes' && candidates.length === 1) {
    const chosen = pick(candidates[0]);
    if (chosen) return chosen;
  }
  // A repeat of the move, said more exactly: one of the candidates, or a new clear move.
  if (meaning.kind === 'move') return pick(meaning)!;
  if (meaning.kind === 'ambiguous') {
    const narrowed = meaning.candidates.filter((c) => candidates.some((o) => o.uci === c.uci));
    if (narrowed.length === 1) return pick(narrowed[0])!;
    return ask(
      { kind: 'choosing', fen, candidates: narrowed.length ? narrowed : meaning.candidates },
      options,
    );
  }
  return {
    state,
    outputs: [
      say(
        candidates.length === 1
          ? inputMessage(locale, 'sayYesNo')
          : inputMessage(locale, 'sayNumber', { count: numberWord(candidates.length, locale) }),
      ),
    ],
  };
}
