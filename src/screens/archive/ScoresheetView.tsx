/**
 * The scoresheet of a finished game as text and as Unicode braille (for a refreshable display),
 * in short or long algebraic, with or without clock readings, and the exports: PGN, plain text,
 * BRF braille and the printable large-print page. All content comes from src/record.
 */
import { useId, useState } from 'react';
import {
  evidenceLogText,
  exportPgn,
  PRACTICE_AUTHORS,
  recordToBrf,
  scoresheetHtml,
  scoresheetText,
  scoresheetUnicodeBraille,
  type GameRecord,
} from '../../record/index.ts';
import type { Locale } from '../../i18n/index.ts';
import { downloadName, type ArchiveEntry } from '../../session/archive.ts';
import type { ArchiveTranslate } from './messages.ts';
import type { Download } from './download.ts';
import type { LogEntry } from '../../match/types.ts';

export interface ScoresheetViewProps {
  readonly record: GameRecord;
  readonly entry: ArchiveEntry;
  readonly t: ArchiveTranslate;
  readonly locale: Locale;
  readonly download: Download;
  /** The game's evidence log (checklist 34); empty for imported games. */
  readonly log: readonly LogEntry[];
  /** Tells the player what happened (download done, export failed). */
  readonly notify: (text: string) => void;
}

export function ScoresheetView({ record, entry, t, locale, download, notify, log }: ScoresheetViewProps) {
  const [notation, setNotation] = useState<'san' | 'long'>('san');
  const hasClocks = record.clocks.some((c) => c !== null);
  const [clocks, setClocks] = useState(hasClocks);
  const ids = { notation: useId(), clocks: useId(), text: useId(), braille: useId() };
  const options = { notation, clocks, locale } as const;
  // In a practice game the sighted seat's entries are the computer's.
  const authors = entry.source === 'practice' ? PRACTICE_AUTHORS : {};

  const save = (extension: string, mime: string, text: string) => {
    const name = downloadName(entry, extension);
    download(name, mime, text);
    notify(t('downloaded', { name }));
  };
  const saveBrf = () => {
    const brf = recordToBrf(record, { notation, locale });
    if (brf.ok) save('brf', 'application/x-brf', brf.value);
    else notify(t('exportFailed', { reason: brf.error.message }));
  };

  return (
    <section aria-labelledby="scoresheet-heading" className="archive-scoresheet">
      <h3 id="scoresheet-heading">{t('scoresheetHeading')}</h3>
      <div className="scoresheet-options">
        <label htmlFor={ids.notation}>{t('notationLabel')}</label>{' '}
        <select
          id={ids.notation}
          value={notation}
          onChange={(e) => setNotation(e.target.value === 'long' ? 'long' : 'san')}
        >
          <option value="san">{t('notationShort')}</option>
          <option value="long">{t('notationLong')}</option>
        </select>{' '}
        {hasClocks ? (
          <>
            <input
              id={ids.clocks}
              type="checkbox"
              checked={clocks}
              onChange={(e) => setClocks(e.target.checked)}
            />{' '}
            <label htmlFor={ids.clocks}>{t('clocksLabel')}</label>
          </>
        ) : null}
      </div>
      <h4 id={ids.text}>{t('textLabel')}</h4>
      <pre className="scoresheet-text" aria-labelledby={ids.text} tabIndex={0}>
        {scoresheetText(record, options)}
      </pre>
      <h4 id={ids.braille}>{t('brailleLabel')}</h4>
      <pre className="scoresheet-braille" aria-labelledby={ids.braille} tabIndex={0}>
        {scoresheetUnicodeBraille(record, { notation, locale })}
      </pre>
      <h4>{t('exportsHeading')}</h4>
      <div className="scoresheet-exports">
        <button type="button" onClick={() => save('pgn', 'application/x-chess-pgn', exportPgn(record))}>
          {t('exportPgn')}
        </button>{' '}
        <button
          type="button"
          onClick={() => save('txt', 'text/plain;charset=utf-8', scoresheetText(record, options))}
        >
          {t('exportText')}
        </button>{' '}
        <button type="button" onClick={saveBrf}>
          {t('exportBrf')}
        </button>{' '}
        <button
          type="button"
          onClick={() => save('html', 'text/html;charset=utf-8', scoresheetHtml(record, options))}
        >
          {t('exportHtml')}
        </button>
        {log.length > 0 ? (
          <>
            {' '}
            <button
              type="button"
              onClick={() => save('log.txt', 'text/plain;charset=utf-8', evidenceLogText(log, authors))}
            >
              {t('exportLog')}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
