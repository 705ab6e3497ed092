/**
 * The sighted player's screen (issue 13), one component for every place he plays: his own device
 * in a paired game, beside the blind player's screen in a local game, or a second window on a
 * second monitor. A board that fills its space, with coordinates, the last move, check and (outside
 * competition) where a touched piece may go; click-click or drag with mouse, touch or pen under the
 * ordinary touch-move rule (BL-11: choosing a piece is a touch); both clocks large; the blind
 * player's announcement as large text, optionally spoken, with "say again"; repetition and manual
 * relay (BL-18, BL-24); draw offers, claims, resignation; a promotion chooser of named pieces.
 * Every action goes through the screen model (controllers/sighted/model.ts) to the match session,
 * so all places behave the same; this only renders.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Square } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { MatchSession } from '../../session/local.ts';
import { Board } from '../../board/Board.tsx';
import { describeSquare } from '../../speech/describe.ts';
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { ScoreSheet, useNow } from './PairedParts.tsx';
import { clockAt } from './paired.ts';
import { useSightedScreen } from './useSightedScreen.ts';
import { usePointerMoves } from './usePointerMoves.ts';
import { tSighted, type SightedKey } from './messages.ts';
import {
  AnnouncementBox,
  DragGhost,
  OwnControls,
  PromotionChooser,
  SightedClock,
  sharesDevice,
  type Place,
} from './SightedParts.tsx';
import { SightedActions } from './SightedActions.tsx';
import { DisplaySettingsPanel, type DisplayChange, type DisplaySettings } from './DisplaySettingsPanel.tsx';
import './sighted.css';

export type { Place };

/** A text-to-speech function (the Speaker port or the browser's speechSynthesis). */
export type Speak = (text: string) => void;

/** The browser's speech synthesis, or nothing where there is none. */
export const browserSpeak: Speak = (text) => {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return;
  speechSynthesis.speak(new SpeechSynthesisUtterance(text));
};

export interface SightedPlayerProps {
  readonly session: MatchSession;
  readonly locale: Locale;
  readonly place: Place;
  readonly display: DisplaySettings;
  readonly onDisplayChange?: DisplayChange;
  readonly speak?: Speak;
  /** Above everything (the paired room's header and refusals). */
  readonly header?: ReactNode;
  /** Refusals shown by the owner (a paired room's, the server's included); otherwise this screen's own. */
  readonly refusal?: { readonly message: string; readonly serial: number } | null;
  /** A local game offers the board in a second window. */
  readonly onOpenWindow?: () => void;
}

const ARROWS = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' } as const;

/** The sighted player's screen. */
export function SightedPlayer(props: SightedPlayerProps) {
  const { session, locale, place, display, onDisplayChange, speak = browserSpeak } = props;
  const t = (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p);
  const now = useNow(session.clock);
  const [table, setTable] = useState(false);
  const boardRef = useRef<HTMLDivElement | null>(null);
  /**
   * Puts focus on the board when it was lost (the pressed button went away with the change). Focus
   * placed elsewhere meanwhile — the blind player's board in a local game — is left where it is.
   */
  const focus = (square: Square) =>
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      boardRef.current
        ?.querySelector<HTMLElement>(`[data-square="${square}"]`)
        ?.focus({ preventScroll: true });
    });
  const { model, screen } = useSightedScreen(
    session,
    { locale, showRefusals: props.refusal === undefined, moveHints: display.moveHints },
    { speak, focus },
  );
  const pointer = usePointerMoves({
    choose: (square) => model.input({ kind: 'choose', square }),
    canDrag: model.canDrag,
    dropped: (from, to) => model.input({ kind: 'drop', from, to }),
  });
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key in ARROWS) {
      e.preventDefault();
      model.input({ kind: 'arrow', direction: ARROWS[e.key as keyof typeof ARROWS] });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      model.input({ kind: 'choose', square: screen.board.cursor });
    }
  };
  const { me, fen, match: state } = screen;
  const times = clockAt(state.clock, now);
  const clock = (c: 'w' | 'b') => <SightedClock screen={screen} color={c} ms={times[c]} t={t} />;
  const refusal = props.refusal !== undefined ? props.refusal : screen.refusal;
  const ownControls = <OwnControls model={model} screen={screen} place={place} refusal={refusal} t={t} />;

  return (
    <div
      className={`sighted-player place-${place}${table ? ' table' : ''}${display.largeBoard ? ' large' : ''}`}
    >
      <div className="sp-layout">
        {props.header ? <div className="sp-head">{props.header}</div> : null}
        <div className="sp-top" data-testid="clock-strip">
          <div className="sp-clocks">
            {clock(me === 'w' ? 'b' : 'w')}
            {table ? null : clock(me)}
          </div>
          <AnnouncementBox model={model} screen={screen} place={place} t={t} />
          {table ? null : ownControls}
        </div>
        <div
          className="sp-board"
          ref={boardRef}
          onPointerDown={pointer.onPointerDown}
          data-testid="sighted-board"
        >
          <Board
            fen={fen}
            label={place === 'local' ? t('localBoard') : t('myBoard')}
            describe={(s) => describeSquare(fen, s)}
            orientation={me}
            cursor={screen.board.cursor}
            marks={screen.marks}
            {...(screen.hints ? { hints: screen.hints } : {})}
            coordinates
            fill
            highContrast={display.highContrast}
            large={display.largeBoard}
            onKeyDown={onKeyDown}
            id={place === 'local' ? 'opponent-board' : 'sighted-board'}
          />
          {pointer.ghost ? <DragGhost fen={fen} ghost={pointer.ghost} /> : null}
        </div>
        <div className="sp-side">
          {table ? (
            <div className="sp-own">
              {clock(me)}
              {ownControls}
            </div>
          ) : null}
          <SightedActions model={model} screen={screen} place={place} t={t} />
          <section className="sp-relay" aria-label={t('relay')}>
            <p>{t(`relay_${state.setup.relay}` as SightedKey)}</p>
            <p data-testid="execution">
              {screen.execution.on === 'yours'
                ? t('executeOnYours', { move: screen.execution.move })
                : screen.execution.on === 'blind'
                  ? t('executeOnBlind', { move: screen.execution.move })
                  : t('nothingToExecute')}
            </p>
          </section>
          <AdjournmentPanel
            state={state}
            role="sighted"
            locale={locale}
            dispatch={model.dispatch}
            quiet={sharesDevice(place)}
          />
          <ScoreSheet
            locale={locale}
            title={t('scoresheet')}
            startFen={state.setup.startFen}
            moves={state.scores.sighted}
            testId="score-sighted"
          />
          <label className="toggle">
            <input
              type="checkbox"
              checked={screen.speaking}
              onChange={(e) => model.input({ kind: 'speaking', on: e.target.checked })}
            />{' '}
            {t('speakAnnouncements')}
          </label>
          {onDisplayChange ? (
            <DisplaySettingsPanel
              locale={locale}
              display={display}
              onDisplayChange={onDisplayChange}
              hintsAllowed={screen.hintsAllowed}
              table={place === 'paired' ? { on: table, set: setTable } : undefined}
            />
          ) : null}
          {props.onOpenWindow ? (
            <button type="button" onClick={props.onOpenWindow}>
              {t('secondWindow')}
            </button>
          ) : null}
        </div>
      </div>
      {screen.board.promotion ? <PromotionChooser model={model} me={me} place={place} t={t} /> : null}
    </div>
  );
}
