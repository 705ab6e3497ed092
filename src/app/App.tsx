/**
 * The application shell: the heading, hash routing (#/ home, #/local the local game; the paired
 * screens and the archive add their routes to ROUTES), the About screen over whichever screen is
 * open (the header's About button), the player's settings (loaded from and saved to local storage,
 * every change read aloud) and the speech outputs shared by all screens.
 */
import {
  Suspense,
  Fragment,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { START_FEN } from '../core/index.ts';
import { describeSquare } from '../speech/index.ts';
import { Board } from '../board/Board.tsx';
import { useBoardCursor } from '../board/useBoardCursor.ts';
import { LocalGame } from '../screens/local/LocalGame.tsx';
import { OpponentWindow } from '../screens/local/OpponentWindow.tsx';
import { translator, type Translate } from '../speech/blindMessages.ts';
import { describeSettingValue } from '../screens/blind/SettingsDialog.tsx';
import type { BlindMessageKey } from '../speech/blindMessages.ts';
import {
  loadSettings,
  saveSettings,
  updateSetting,
  type SettingKey,
  type Settings,
} from '../controllers/settings.ts';
import { localStore, type KeyValueStore } from '../ports/storage.ts';
import { createSessionStore } from '../session/store.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import { createAppOutputs, type AppOutputs } from '../speech/speaker/outputs.ts';
import type { Listener } from '../ports/listener.ts';
import { useAppVoice } from './useAppVoice.ts';
import type { RouteContext } from '../screens/routeContext.ts';
import { UpdatePrompt } from '../offline/UpdatePrompt.tsx';
import { useAboutScreen } from '../screens/about/useAboutScreen.ts';
import { createPracticeOffline, type KeptPractice } from '../offline/practiceOffline.ts';
import { ENGINE_PROGRAM_URLS } from '../engine/files.ts';
// Screens other than the blind player's load on demand, to keep the start small (issue 5).
const SetupRoute = lazy(() =>
  import('../screens/setup/RoomScreen.tsx').then((m) => ({ default: m.SetupRoute })),
);
const RoomRoute = lazy(() =>
  import('../screens/setup/RoomScreen.tsx').then((m) => ({ default: m.RoomRoute })),
);
const ArchiveRoute = lazy(() =>
  import('../screens/archive/ArchiveRoute.tsx').then((m) => ({ default: m.ArchiveRoute })),
);
// The About screen (licence, source, third-party notices; issue 26), over whichever screen is open.
const AboutScreen = lazy(() =>
  import('../screens/about/AboutScreen.tsx').then((m) => ({ default: m.AboutScreen })),
);
// Practice against the computer (issue 15); the engine itself loads only when a game starts.
const PracticeRoute = lazy(() =>
  import('../screens/practice/PracticeRoute.tsx').then((m) => ({ default: m.PracticeRoute })),
);

/** Hash routes: path → screen. Other areas add their entries here (e.g. '/archive'). */
export const ROUTES: Readonly<Record<string, (ctx: RouteContext) => ReactNode>> = {
  '/': (ctx) => <Home tr={ctx.tr} vocabulary={ctx.settings.vocabulary} store={ctx.store} />,
  '/local': (ctx) => (
    <LocalGame
      store={ctx.store}
      {...(ctx.param ? { game: ctx.param } : {})}
      onRoute={replaceRoute}
      settings={ctx.settings}
      onSettingChange={ctx.onSettingChange}
      output={ctx.outputs.router}
      clock={ctx.clock}
      voices={ctx.outputs.speaker.voices().map((v) => v.name)}
      pushToTalk={ctx.pushToTalk}
      talk={ctx.talk}
    />
  ),
  // The local game's opponent board in a second window (issue 13).
  '/local/opponent': (ctx) => (
    <OpponentWindow settings={ctx.settings} onDisplayChange={ctx.onSettingChange} clock={ctx.clock} />
  ),
  // Paired games (H8): #/setup and #/room/CODE (matched by its first segment, see `routeKey`).
  '/setup': (ctx) => <SetupRoute ctx={ctx} />,
  '/room': (ctx) => <RoomRoute ctx={ctx} />,
  '/archive': (ctx) => <ArchiveRoute ctx={ctx} />,
  '/practice': (ctx) => <PracticeRoute ctx={ctx} />,
};

/** A route's key: the whole path, or its first segment for routes with a parameter (#/room/CODE). */
const routeKey = (route: string) => (route in ROUTES ? route : `/${route.split('/')[1] ?? ''}`);

/** Links on the home page: route → label key. Other areas add theirs. */
export const HOME_LINKS: readonly { readonly href: string; readonly label: BlindMessageKey }[] = [
  { href: '#/local/new', label: 'newLocalGame' },
  { href: '#/setup', label: 'newPairedGame' },
  { href: '#/practice', label: 'newPracticeGame' },
  { href: '#/archive', label: 'gameArchive' },
];

const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const routeOf = () => window.location.hash.replace(/^#/, '').replace(/\/+$/, '') || '/';
/** Changes the address without a new route (a reload then opens the same screen again). */
const replaceRoute = (hash: string) => window.history.replaceState(window.history.state, '', hash);

let sharedOutputs: AppOutputs | undefined;

export interface AppProps {
  /** Injected in tests: speech outputs, clock and storage (browser adapters by default). */
  readonly outputs?: AppOutputs;
  readonly clock?: Clock;
  readonly store?: KeyValueStore;
  /** A recogniser to use instead of the browser's (the fake one with `?listener=fake`). */
  readonly listener?: Listener;
  /** The practice engine kept for offline use (the browser's Cache Storage by default). */
  readonly practiceOffline?: KeptPractice;
}

/** The app. */
export function App({
  outputs: givenOutputs,
  clock = systemClock,
  store: givenStore,
  listener,
  practiceOffline: givenPracticeOffline,
}: AppProps = {}) {
  const [store] = useState(() => givenStore ?? localStore());
  const [practiceOffline] = useState(
    () => givenPracticeOffline ?? createPracticeOffline(ENGINE_PROGRAM_URLS),
  );
  // A player who keeps practice offline keeps it across versions: a new engine is kept at start.
  useEffect(() => void practiceOffline.refresh(), [practiceOffline]);
  const [settings, setSettings] = useState<Settings>(() => loadSettings(store).settings);
  const localeRef = useRef(settings.locale);
  localeRef.current = settings.locale;
  const modelRef = useRef(settings.offlineSpeechModel);
  modelRef.current = settings.offlineSpeechModel;
  const vocabularyRef = useRef(settings.vocabulary);
  vocabularyRef.current = settings.vocabulary;
  const [outputs] = useState<AppOutputs>(() => {
    if (givenOutputs) return givenOutputs;
    if (!sharedOutputs) {
      sharedOutputs = createAppOutputs(() => localeRef.current, settings.selfVoicing);
      sharedOutputs.speaker.configure({ rate: settings.speechRate, voice: settings.voice });
    }
    return sharedOutputs;
  });
  // A new screen starts silent: what the last one said (a game's end, say) does not linger in the
  // live regions. They are cleared on the address change, before the new screen says its own words.
  // "New local game" (#/local/new) from a finished game at #/local opens a new game, not the same
  // screen kept mounted (issue 10).
  const [visit, setVisit] = useState(0);
  const subscribeRoute = useCallback(
    (onChange: () => void) =>
      subscribeHash(() => {
        outputs.router.clear();
        if (window.location.hash === '#/local/new') setVisit((v) => v + 1);
        onChange();
      }),
    [outputs],
  );
  const route = useSyncExternalStore(subscribeRoute, routeOf, () => '/');
  const tr = translator(settings.locale);
  const about = useAboutScreen();

  const voice = useAppVoice({
    listener,
    outputs,
    locale: localeRef,
    model: modelRef,
    vocabulary: vocabularyRef,
  });
  const { talk } = voice;
  const pushToTalk = talk.toggle;
  const onSettingChange = useCallback(
    <K extends SettingKey>(key: K, value: Settings[K]) => {
      setSettings((previous) => {
        const r = updateSetting(previous, key, value);
        if (!r.ok) return previous;
        saveSettings(store, r.value);
        const t = translator(r.value.locale);
        if (key === 'speechRate' || key === 'voice')
          outputs.speaker.configure({ rate: r.value.speechRate, voice: r.value.voice });
        // Every change is read aloud in the new language (issue 5: "read aloud on change").
        const name = t(`setting.${key}` as BlindMessageKey);
        const said = key === 'keymap' ? t('value.on') : describeSettingValue(t, key, value);
        if (key === 'selfVoicing') outputs.router.setMode(value ? 'selfVoicing' : 'screenReader');
        // A new recogniser language or model takes effect at the next press of the talk key.
        if (key === 'offlineSpeechModel' || key === 'locale') voice.reset();
        outputs.router.deliver([
          {
            text: t('settingsSaved', { name, value: said }),
            lang: r.value.locale,
            politeness: 'polite',
            interrupt: true,
          },
        ]);
        return r.value;
      });
    },
    [store, outputs, voice],
  );

  const screen = (ROUTES[routeKey(route)] ?? ROUTES['/'])?.({
    settings,
    onSettingChange,
    outputs,
    clock,
    tr,
    pushToTalk,
    talk,
    store,
    practiceOffline,
    ...(route.split('/')[2] ? { param: route.split('/')[2] } : {}),
  });
  return (
    <div
      className={`app colors-${settings.boardColors} pieces-${settings.pieceSet}${settings.highContrast ? ' high-contrast' : ''}${settings.largeBoard ? ' large' : ''}`}
      lang={settings.locale}
    >
      <header>
        <h1>{tr('appTitle')}</h1>
        <nav aria-label={tr('navigation')}>
          <a href="#/">{tr('home')}</a>
          <button type="button" ref={about.buttonRef} onClick={about.show}>
            {tr('about')}
          </button>
        </nav>
        <UpdatePrompt
          locale={settings.locale}
          say={(text) =>
            outputs.router.deliver([{ text, lang: settings.locale, politeness: 'polite', interrupt: false }])
          }
        />
      </header>
      <main>
        {about.open ? (
          <Suspense fallback={<p>{tr('loading')}</p>}>
            <AboutScreen locale={settings.locale} onClose={about.close} />
          </Suspense>
        ) : null}
        {/* Hidden, not unmounted, under the About screen: a game goes on where it was. */}
        <div hidden={about.open}>
          <Suspense fallback={<p role="status">{tr('loading')}</p>}>
            <Fragment key={routeKey(route) === '/local' ? visit : 'screen'}>{screen}</Fragment>
          </Suspense>
        </div>
      </main>
    </div>
  );
}

/** The home page: the way into a game, and a practice board to feel the start position. */
function Home({
  tr,
  vocabulary,
  store,
}: {
  tr: Translate;
  vocabulary: Settings['vocabulary'];
  store: KeyValueStore;
}) {
  const { cursor, setCursor, onKeyDown } = useBoardCursor('w', 'a1');
  const [running] = useState(() => {
    const sessions = createSessionStore(store);
    const id = sessions.current();
    return id !== null && sessions.load(id)?.state.phase === 'playing';
  });
  return (
    <>
      <p>{tr('homeIntro')}</p>
      <ul className="home-links">
        {running ? (
          <li>
            <a href="#/local">{tr('resumeLocalGame')}</a>
          </li>
        ) : null}
        {HOME_LINKS.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{tr(l.label)}</a>
          </li>
        ))}
      </ul>
      <section aria-labelledby="practice-heading">
        <h2 id="practice-heading">{tr('practiceBoard')}</h2>
        <p>{tr('practiceIntro')}</p>
        <Board
          fen={START_FEN}
          label={tr('boardLabel')}
          describe={(square) => describeSquare(START_FEN, square, { vocabulary })}
          cursor={cursor}
          onKeyDown={onKeyDown}
          onCellClick={setCursor}
          onCellFocus={setCursor}
        />
      </section>
    </>
  );
}
