/**
 * The archive screen (route #/archive): the list of games saved on this device, PGN import (file or
 * pasted text; every good game is kept, each bad one is listed with its line and reason), and one
 * game at a time with its
 * replay and its scoresheet views and exports. A game still in progress offers neither replay nor
 * analysis (checklist 84) and shows no move count (checklist 83). Every message goes through the
 * output router, so the player hears it once, by screen reader or by self-voicing.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  createArchive,
  makeGameId,
  pairedRoomOf,
  type Archive,
  type ArchiveEntry,
} from '../../session/archive.ts';
import type { KeyValueStore } from '../../ports/storage.ts';
import type { Locale } from '../../i18n/index.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';
import type { VocabularyId } from '../../speech/index.ts';
import { describePgnError } from '../../speech/pgnErrors.ts';
import { decodePgnBytes, type GameRecord, type RecordError } from '../../record/index.ts';
import {
  archiveTranslator,
  describeListResult,
  describeOpenGames,
  type ArchiveTranslate,
} from './messages.ts';
import { ReplayView, replayStepKeys } from './ReplayView.tsx';
import { ScoresheetView } from './ScoresheetView.tsx';
import { browserDownload, type Download } from './download.ts';
import { useReplay } from './useReplay.ts';
import { RecordingPlayer } from './Recording.tsx';
import { useReview } from './useReview.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { indexedDbRecordingStore, type RecordingStore } from '../../session/recorder.ts';
import { canResume } from '../../session/store.ts';

export interface ArchiveScreenProps {
  readonly store: KeyValueStore;
  readonly output: OutputRouter;
  readonly locale: Locale;
  readonly vocabulary: VocabularyId;
  readonly now: () => number;
  /** Randomness for new ids (Math.random in the app, a fixed sequence in tests). */
  readonly random?: () => number;
  readonly download?: Download;
  /** Where game recordings are kept (IndexedDB in the browser by default). */
  readonly recordings?: RecordingStore;
  readonly highContrast?: boolean;
  readonly large?: boolean;
}

type View =
  | { readonly kind: 'list' }
  | { readonly kind: 'game'; readonly id: string; readonly tab: 'replay' | 'scoresheet' };

export function ArchiveScreen(props: ArchiveScreenProps) {
  const { store, output, locale, now, random = Math.random, download = browserDownload } = props;
  const [recordings] = useState(() => props.recordings ?? indexedDbRecordingStore());
  const t = archiveTranslator(locale);
  const archive = useMemo(() => createArchive(store), [store]);
  const [entries, setEntries] = useState<ArchiveEntry[]>(() => archive.list());
  const [view, setView] = useState<View>({ kind: 'list' });
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const returnTo = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Arriving at the archive, the focus starts on its heading (never left on the page body).
  useEffect(() => headingRef.current?.focus(), []);

  const notify = useCallback(
    (text: string, error = false) => {
      setMessage({ text, error });
      output.deliver([{ text, lang: locale, politeness: error ? 'assertive' : 'polite', interrupt: true }]);
    },
    [output, locale],
  );

  const open = (id: string) => {
    returnTo.current = id;
    setMessage(null);
    setView({ kind: 'game', id, tab: 'replay' });
  };
  const backToList = () => {
    setMessage(null);
    setEntries(archive.list());
    setView({ kind: 'list' });
  };

  return (
    <section aria-labelledby="archive-heading" className="archive">
      <h2 id="archive-heading" ref={headingRef} tabIndex={-1}>
        {t('heading')}
      </h2>
      {view.kind === 'list' ? (
        <ArchiveList
          t={t}
          locale={locale}
          entries={entries}
          onOpen={open}
          focusId={returnTo.current}
          archive={archive}
          now={now}
          random={random}
          notify={notify}
          onImported={() => setEntries(archive.list())}
          message={message}
        />
      ) : (
        <GameView
          key={view.id}
          {...props}
          t={t}
          archive={archive}
          id={view.id}
          tab={view.tab}
          onTab={(tab) => setView({ ...view, tab })}
          onBack={backToList}
          onOpen={open}
          notify={notify}
          download={download}
          recordings={recordings}
          message={message}
        />
      )}
    </section>
  );
}

/**
 * A chosen file's text (FileReader: available in every browser and in test DOMs), UTF-8 or, for
 * older databases, Latin-1 / Windows-1252.
 */
function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer
        ? resolve(decodePgnBytes(new Uint8Array(reader.result)))
        : reject(new Error('not bytes'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

function Message({ message }: { message: { text: string; error: boolean } | null }) {
  // Shown, not live: the output router has already said it (no double reading).
  if (message === null) return null;
  return <p className={message.error ? 'archive-message error' : 'archive-message'}>{message.text}</p>;
}

interface ArchiveListProps {
  readonly t: ArchiveTranslate;
  readonly locale: Locale;
  readonly entries: readonly ArchiveEntry[];
  readonly onOpen: (id: string) => void;
  readonly focusId: string | null;
  readonly archive: Archive;
  readonly now: () => number;
  readonly random: () => number;
  readonly notify: (text: string, error?: boolean) => void;
  readonly onImported: () => void;
  readonly message: { text: string; error: boolean } | null;
}

function ArchiveList({
  t,
  locale,
  entries,
  onOpen,
  focusId,
  archive,
  now,
  random,
  notify,
  onImported,
  message,
}: ArchiveListProps) {
  const ids = { file: useId(), paste: useId(), errors: useId() };
  const [pasted, setPasted] = useState('');
  const [importErrors, setImportErrors] = useState<readonly RecordError[]>([]);
  const fileRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  // Coming back from a game, the focus returns to that game's Open button.
  useEffect(() => {
    if (focusId === null) return;
    tableRef.current?.querySelector<HTMLButtonElement>(`button[data-id="${focusId}"]`)?.focus();
  }, [focusId]);

  const runImport = async () => {
    const file = fileRef.current?.files?.[0];
    let text = pasted;
    if (file) {
      try {
        text = await readFileText(file);
      } catch {
        notify(t('readError'), true);
        return;
      }
    }
    if (text.trim() === '') {
      notify(t('importNothing'), true);
      return;
    }
    const { added, errors } = archive.importFile(text, now(), () => makeGameId(now(), random()));
    setImportErrors(errors);
    if (added.length > 0) {
      setPasted('');
      if (fileRef.current) fileRef.current.value = '';
      onImported();
    }
    const count = added.length;
    const done = t('imported', { count });
    const [only] = errors;
    const problems =
      errors.length === 0
        ? ''
        : errors.length === 1 && only
          ? ` ${t('notImportedOne', { reason: describePgnError(locale, only) })}`
          : ` ${t('notImported', { count: errors.length })}`;
    notify(`${done}${problems}`, errors.length > 0);
  };

  const name = (v: string) => (v === '' ? t('unknown') : v);
  const openNames = describeOpenGames(entries, t, locale);

  return (
    <>
      <p>{t('intro')}</p>
      {entries.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <table ref={tableRef} className="archive-list">
          <caption>{t('listCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('colWhite')}</th>
              <th scope="col">{t('colBlack')}</th>
              <th scope="col">{t('colEvent')}</th>
              <th scope="col">{t('colDate')}</th>
              <th scope="col">{t('colResult')}</th>
              <th scope="col">{t('colMoves')}</th>
              <th scope="col">{t('colOpen')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={e.id}>
                <th scope="row">{name(e.white)}</th>
                <td>{name(e.black)}</td>
                <td>{e.event}</td>
                <td>{e.date}</td>
                <td>{e.inProgress || e.annulled ? describeListResult(e, t) : e.result}</td>
                {/* Checklist 83: no move count for a game still being played. */}
                <td>{e.moves === null ? '' : e.moves}</td>
                <td>
                  <button type="button" data-id={e.id} onClick={() => onOpen(e.id)}>
                    {openNames[i]}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-labelledby="import-heading" className="archive-import">
        <h3 id="import-heading">{t('importHeading')}</h3>
        <div>
          <label htmlFor={ids.file}>{t('fileLabel')}</label>{' '}
          <input
            id={ids.file}
            ref={fileRef}
            type="file"
            accept=".pgn,application/x-chess-pgn,application/vnd.chess-pgn,text/plain"
          />
        </div>
        <div>
          <label htmlFor={ids.paste}>{t('pasteLabel')}</label>
          <br />
          <textarea
            id={ids.paste}
            rows={6}
            cols={60}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
          />
        </div>
        <button type="button" onClick={() => void runImport()}>
          {t('importButton')}
        </button>
        <Message message={message} />
        {importErrors.length > 0 && (
          <section aria-labelledby={ids.errors} className="archive-import-errors">
            <h4 id={ids.errors}>{t('notImportedHeading', { count: importErrors.length })}</h4>
            <ul>
              {importErrors.map((e, i) => (
                <li key={i}>{describePgnError(locale, e)}</li>
              ))}
            </ul>
          </section>
        )}
      </section>
    </>
  );
}

interface GameViewProps extends ArchiveScreenProps {
  readonly t: ArchiveTranslate;
  readonly archive: Archive;
  readonly id: string;
  readonly tab: 'replay' | 'scoresheet';
  readonly onTab: (tab: 'replay' | 'scoresheet') => void;
  readonly onBack: () => void;
  /** Opens another game of the archive (an annulled game's replay, or the other way round). */
  readonly onOpen: (id: string) => void;
  readonly notify: (text: string, error?: boolean) => void;
  readonly download: Download;
  readonly recordings: RecordingStore;
  readonly message: { text: string; error: boolean } | null;
}

function GameView(props: GameViewProps) {
  const { t, archive, id, onBack } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const record = useMemo(() => archive.get(id), [archive, id]);
  const entry = useMemo(() => archive.list().find((e) => e.id === id), [archive, id]);

  useEffect(() => headingRef.current?.focus(), []);

  const name = (v: string | undefined) => (v === undefined || v === '' ? t('unknown') : v);
  const header = (
    <>
      <h3 ref={headingRef} tabIndex={-1}>
        {t('gameHeading', { white: name(entry?.white), black: name(entry?.black) })}
      </h3>
      <button type="button" onClick={onBack}>
        {t('back')}
      </button>
      {entry ? <ReplayLinks entry={entry} archive={archive} t={t} onOpen={props.onOpen} /> : null}
    </>
  );
  if (record !== null && entry !== undefined && !entry.inProgress)
    return <FinishedGame {...props} record={record} entry={entry} header={header} />;
  return (
    <div className="archive-game">
      {header}
      {record === null || entry === undefined ? (
        <p>{t('readError')}</p>
      ) : (
        // Checklist 84: no replay board, no analysis while the game is being played.
        <>
          <p>{t('inProgressNote')}</p>
          {/* Each kind of game resumes on its own screen (a practice game against the computer). */}
          {(entry.source === 'local' || entry.source === 'practice') &&
          canResume(props.store, entry.source, entry.id) ? (
            <a href={`#/${entry.source}/${entry.id}`}>{t('resumeGame')}</a>
          ) : null}
          {pairedRoomOf(entry.id) ? (
            <a href={`#/room/${pairedRoomOf(entry.id)}`}>{t('returnToRoom')}</a>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * An annulled game says so and leads to the game that replaced it; the replay leads back to it
 * (000 Art 9; 003/001 Art 8: the arbiter annuls, the game is played again).
 */
function ReplayLinks(props: {
  readonly entry: ArchiveEntry;
  readonly archive: Archive;
  readonly t: ArchiveTranslate;
  readonly onOpen: (id: string) => void;
}) {
  const { entry, archive, t, onOpen } = props;
  const stored = (id: string | undefined) =>
    id !== undefined && archive.list().some((e) => e.id === id) ? id : undefined;
  const replay = stored(entry.replayedAs);
  const annulled = stored(entry.replayOf);
  return (
    <>
      {entry.annulled ? (
        <p>
          {t('annulledNote')}{' '}
          {replay ? (
            <button type="button" onClick={() => onOpen(replay)}>
              {t('openReplay')}
            </button>
          ) : null}
        </p>
      ) : null}
      {annulled ? (
        <p>
          {t('replayNote')}{' '}
          <button type="button" onClick={() => onOpen(annulled)}>
            {t('openAnnulled')}
          </button>
        </p>
      ) : null}
    </>
  );
}

function FinishedGame(
  props: GameViewProps & {
    readonly record: GameRecord;
    readonly entry: ArchiveEntry;
    /** The game's heading and the way back, inside the area where the replay keys work. */
    readonly header: ReactNode;
  },
) {
  const { t, tab, onTab, record, entry, output, vocabulary, locale, download, notify, message } = props;
  // The computer's review (issue 15): only here, for a finished game, never during one.
  const review = useReview(record.game, { output, locale, vocabulary });
  const replay = useReplay(record, { output, t, vocabulary, locale, comment: review.verdictOf });
  // Shift+A / Shift+D step the replay from anywhere in the game's view: its heading, the tabs, the
  // review panel, the board and the move list.
  const onKeyDown = tab === 'replay' ? replayStepKeys(replay) : undefined;
  return (
    <div className="archive-game" onKeyDown={onKeyDown}>
      {props.header}
      <div role="group" aria-label={t('views')} className="archive-tabs">
        <button type="button" aria-pressed={tab === 'replay'} onClick={() => onTab('replay')}>
          {t('replay')}
        </button>{' '}
        <button type="button" aria-pressed={tab === 'scoresheet'} onClick={() => onTab('scoresheet')}>
          {t('scoresheet')}
        </button>
      </div>
      {tab === 'replay' ? (
        <ReplayView
          replay={replay}
          t={t}
          vocabulary={vocabulary}
          highContrast={props.highContrast}
          large={props.large}
          verdictOf={review.verdictOf}
        />
      ) : (
        <ScoresheetView
          record={record}
          entry={entry}
          t={t}
          locale={locale}
          download={download}
          notify={notify}
          log={props.archive.log(entry.id)}
        />
      )}
      <ReviewPanel review={review} locale={locale} />
      <RecordingPlayer store={props.recordings} gameId={entry.id} locale={locale} />
      <Message message={message} />
    </div>
  );
}
