/**
 * The audio recording in the UI: a toggle for the game screens (opt-in; BL-38(b), the "recording
 * device" of FIDE D.2.7) and a player for the archive. Errors (no microphone, permission refused)
 * are said through the output router like every other message.
 */
import { useEffect, useState } from 'react';
import type { GameRecorder, RecordingStore } from '../../session/recorder.ts';
import type { Locale } from '../../i18n/index.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import { archiveTranslator } from './messages.ts';

/** A toggle button that starts and stops recording the game `gameId` (aria-pressed shows the state). */
export function RecordingToggle({
  recorder,
  gameId,
  output,
  locale,
}: {
  readonly recorder: GameRecorder;
  readonly gameId: string;
  readonly output: OutputRouter;
  readonly locale: Locale;
}) {
  const t = archiveTranslator(locale);
  const [on, setOn] = useState(recorder.isRecording());
  const say = (text: string, assertive = false) =>
    output.deliver([{ text, lang: locale, politeness: assertive ? 'assertive' : 'polite', interrupt: true }]);
  const toggle = async () => {
    if (on) {
      const r = await recorder.stop();
      setOn(false);
      say(r.ok ? t('recordingSaved') : r.error.message, !r.ok);
      return;
    }
    const r = await recorder.start(gameId);
    if (!r.ok) {
      say(t('recordingFailed', { reason: r.error.message }), true);
      return;
    }
    setOn(true);
    say(t('recordingStarted'));
  };
  return (
    <button type="button" aria-pressed={on} onClick={() => void toggle()}>
      {t('recordAudio')}
    </button>
  );
}

/** Plays a game's recording, if one was made; nothing is shown otherwise. */
export function RecordingPlayer({
  store,
  gameId,
  locale,
}: {
  readonly store: RecordingStore;
  readonly gameId: string;
  readonly locale: Locale;
}) {
  const t = archiveTranslator(locale);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    void store.get(gameId).then((audio) => {
      if (!alive || audio === null || typeof URL.createObjectURL !== 'function') return;
      made = URL.createObjectURL(audio);
      setUrl(made);
    });
    return () => {
      alive = false;
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [store, gameId]);
  if (url === null) return null;
  return (
    <section aria-labelledby="recording-heading">
      <h4 id="recording-heading">{t('recordingHeading')}</h4>
      <audio controls src={url} aria-labelledby="recording-heading" />
    </section>
  );
}
