/**
 * "Keep practice available offline" (issue 26), under the practice choices: a checkbox that keeps
 * the computer (the engine's files) on the device, or lets it go. What happened is said through
 * the app's outputs: "Practice is available offline.", or why not (assertive, as a refusal is).
 * The box stays focusable while the files arrive (a disabled control would drop the focus).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Locale } from '../../i18n/index.ts';
import type { PracticeKept, PracticeOffline } from '../../ports/offline.ts';
import { practiceTranslator } from './messages.ts';

export interface KeepPracticeOfflineProps {
  readonly locale: Locale;
  readonly offline: PracticeOffline;
  readonly say: (text: string, politeness: 'polite' | 'assertive') => void;
}

export function KeepPracticeOffline({ locale, offline, say }: KeepPracticeOfflineProps): ReactNode {
  const t = practiceTranslator(locale);
  const note = useId();
  const [kept, setKept] = useState<PracticeKept | 'unknown'>('unknown');
  // What the player asked for while the files arrive (the box shows it at once).
  const [working, setWorking] = useState<boolean | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    void offline.status().then((s) => mounted.current && setKept(s));
    return () => {
      mounted.current = false;
    };
  }, [offline]);

  const change = async (wanted: boolean) => {
    if (working !== null) return;
    setWorking(wanted);
    if (wanted) {
      say(t('offline.working'), 'polite');
      const result = await offline.keep();
      if (result.ok) say(t('offline.kept'), 'polite');
      else say(t('offline.failed', { reason: t(`offline.failure.${result.error}`) }), 'assertive');
      if (mounted.current) setKept(result.ok ? 'kept' : 'notKept');
    } else {
      await offline.release();
      say(t('offline.released'), 'polite');
      if (mounted.current) setKept('notKept');
    }
    if (mounted.current) setWorking(null);
  };

  return (
    <div className="practice-offline">
      <label>
        <input
          type="checkbox"
          checked={working ?? kept === 'kept'}
          aria-describedby={note}
          aria-busy={working !== null}
          onChange={(e) => void change(e.target.checked)}
        />{' '}
        {t('offline.keep')}
      </label>
      <p id={note}>{t('offline.note')}</p>
    </div>
  );
}
