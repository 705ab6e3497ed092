/**
 * The blind player's screen: the accessible board, the live announcements, the game actions
 * (draw, claims, resignation with confirmation), the typed command line and push-to-talk, and the
 * help, settings and promotion dialogs. A thin render over useBlindScreen.
 */
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { useRef, useState } from 'react';
import { describeOutcome } from '../../speech/index.ts';
import type { Settings, SettingKey } from '../../controllers/settings.ts';
import { Board } from '../../board/Board.tsx';
import type { Square } from '../../core/index.ts';
import { useBlindScreen, type BlindScreenOptions } from './useBlindScreen.ts';
import { BlindActions, BlindDialogs, CommandLine } from './BlindParts.tsx';
import { BlindClocks } from './BlindClocks.tsx';
import './blind.css';

export interface BlindScreenProps extends Omit<BlindScreenOptions, 'focusCommandLine' | 'focusBoard'> {
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly voices?: readonly string[];
}

/** The blind player's screen. */
export function BlindScreen(props: BlindScreenProps) {
  const { settings, pushToTalk, talk } = props;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const sectionRef = useRef<HTMLElement | null>(null);
  const [focusBoard] = useState(
    () => (square?: Square) =>
      sectionRef.current
        ?.querySelector<HTMLElement>(
          square ? `[role="grid"] [data-square="${square}"]` : '[role="grid"] [tabindex="0"]',
        )
        ?.focus(),
  );
  const m = useBlindScreen({
    ...props,
    focusCommandLine: () => inputRef.current?.focus(),
    focusBoard,
  });
  const { tr, screen, model } = m;
  const state = screen.match;
  const marks: Partial<Record<Square, 'hand' | 'last' | 'check'>> = {};
  if (screen.lastMoveUci) {
    marks[screen.lastMoveUci.slice(0, 2) as Square] = 'last';
    marks[screen.lastMoveUci.slice(2, 4) as Square] = 'last';
  }
  if (screen.check) marks[screen.check] = 'check';
  if (screen.handSquare) marks[screen.handSquare] = 'hand';
  const setCursor = (square: Square) => model.input({ kind: 'cursor', square });

  return (
    <section
      ref={sectionRef}
      className="blind-screen"
      aria-labelledby="blind-heading"
      onKeyDown={m.onKeyDown}
      onKeyUp={m.onKeyUp}
    >
      <h2 id="blind-heading">{tr('blindHeading')}</h2>
      {/* For low vision (issue 28): the board grows with the window, the clocks above or beside it. */}
      <div className={`blind-play${settings.largeBoard ? ' large' : ''}`}>
        <div className="blind-layout">
          <div className="blind-board">
            <Board
              fen={screen.fen}
              label={tr('boardLabel')}
              describe={m.describe}
              orientation={screen.orientation}
              cursor={screen.view.cursor}
              marks={marks}
              layout={settings.layout}
              coordinates="outside"
              fill={settings.layout === 'grid'}
              highContrast={settings.highContrast}
              large={settings.largeBoard}
              onCellClick={setCursor}
              onCellFocus={setCursor}
            />
          </div>
          <BlindClocks state={state} myColor={screen.myColor} clock={props.session.clock} tr={tr} />
        </div>
      </div>
      {state.phase === 'over' && state.result ? (
        <section aria-labelledby="game-over-heading" className="game-over">
          <h3 id="game-over-heading">
            {tr('gameOver', { result: describeOutcome(settings.locale, state.result) })}
          </h3>
        </section>
      ) : null}
      <CommandLine
        model={model}
        tr={tr}
        locale={settings.locale}
        inputRef={inputRef}
        toggleTalk={talk?.toggle ?? pushToTalk}
        focusBoard={focusBoard}
      />
      <BlindActions model={model} screen={screen} tr={tr} />
      <AdjournmentPanel
        state={state}
        role="blind"
        headingLevel={3}
        locale={settings.locale}
        dispatch={model.dispatch}
        confirm={(text) => model.say(text)}
      />
      <BlindDialogs
        m={m}
        settings={settings}
        voices={props.voices ?? []}
        onSettingChange={props.onSettingChange}
        {...(talk?.recogniser ? { recogniser: talk.recogniser } : {})}
      />
    </section>
  );
}
