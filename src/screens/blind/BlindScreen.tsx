/**
 * The blind player's screen: the accessible board, the live announcements, the game actions
 * (draw, claims, resignation with confirmation), the typed command line and push-to-talk, and the
 * help, settings and promotion dialogs. A thin render over useBlindScreen.
 */
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { translateAdjourn } from '../adjourn/messages.ts';
import { useRef, useState } from 'react';
import { describeOutcome, describePieceType, describeSquareName } from '../../speech/index.ts';
import { VOCABULARIES } from '../../speech/vocabularies.ts';
import { decodeAction, type ActionId } from '../../input/keymap.ts';
import type { Settings, SettingKey } from '../../controllers/settings.ts';
import { Board } from '../../board/Board.tsx';
import type { Square } from '../../core/index.ts';
import { useBlindScreen, type BlindScreenOptions } from './useBlindScreen.ts';
import { HelpDialog } from './HelpDialog.tsx';
import { PromotionDialog } from './PromotionDialog.tsx';
import { ResignDialog } from './ResignDialog.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { describeAction } from '../../input/actionWords.ts';

export interface BlindScreenProps extends Omit<BlindScreenOptions, 'focusCommandLine' | 'focusBoard'> {
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly voices?: readonly string[];
}

/** The blind player's screen. */
export function BlindScreen(props: BlindScreenProps) {
  const { settings, onSettingChange, voices = [], pushToTalk, talk } = props;
  const toggleTalk = talk?.toggle ?? pushToTalk;
  const [typed, setTyped] = useState('');
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
  const { tr, state } = m;
  const v = VOCABULARIES[settings.vocabulary];
  const pieceWord = (p: 'k' | 'q' | 'r' | 'b' | 'n' | 'p') => describePieceType(p, m.words);
  const fileWord = (f: string) => v.files[f as keyof typeof v.files];
  const actionWords = (id: ActionId) => describeAction(tr, id, { piece: pieceWord, file: fileWord });
  const over = state.phase === 'over' && state.result;
  const marks: Partial<Record<Square, 'hand' | 'last'>> = {};
  if (m.lastMoveUci) {
    marks[m.lastMoveUci.slice(0, 2) as Square] = 'last';
    marks[m.lastMoveUci.slice(2, 4) as Square] = 'last';
  }
  if (m.handSquare) marks[m.handSquare] = 'hand';
  const drawOffered = state.drawOffer && state.drawOffer.by !== m.myColor;
  const playing = state.phase === 'playing';

  return (
    <section
      ref={sectionRef}
      className="blind-screen"
      aria-labelledby="blind-heading"
      onKeyDown={m.onKeyDown}
      onKeyUp={m.onKeyUp}
    >
      <h2 id="blind-heading">{tr('blindHeading')}</h2>
      <Board
        fen={m.fen}
        label={tr('boardLabel')}
        describe={m.describe}
        orientation={m.orientation}
        cursor={m.cursor}
        marks={marks}
        layout={settings.layout}
        highContrast={settings.highContrast}
        large={settings.largeBoard}
        onCellClick={m.setCursor}
        onCellFocus={m.setCursor}
      />
      {over && state.result ? (
        <section aria-labelledby="game-over-heading" className="game-over">
          <h3 id="game-over-heading">
            {tr('gameOver', { result: describeOutcome(settings.locale, state.result) })}
          </h3>
        </section>
      ) : null}
      <form
        className="command-line"
        aria-label={tr('commandLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim() === '') return;
          // §2.13: "seal <move>" writes the sealed move privately; only the confirmation is spoken.
          const sealed = /^seal\s+(.+)$/i.exec(typed.trim());
          if (sealed?.[1]) {
            const events = m.dispatch({ kind: 'sealMove', move: sealed[1], by: 'blind' });
            if (!events.some((e) => e.type === 'refused'))
              m.sayText(translateAdjourn(settings.locale, 'recorded'));
            setTyped('');
            return;
          }
          m.typeLine(typed);
          setTyped('');
        }}
      >
        <label htmlFor="blind-command">{tr('commandLabel')}</label>
        <input
          id="blind-command"
          ref={inputRef}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            // Escape in the command line goes back to the board (the focus policy).
            if (e.key === 'Escape') {
              e.preventDefault();
              focusBoard();
            }
          }}
        />
        <button type="submit">{tr('commandSubmit')}</button>
        {toggleTalk ? (
          <button type="button" onClick={toggleTalk}>
            {tr('talk')}
          </button>
        ) : null}
      </form>
      <section aria-label={tr('actions')} className="actions">
        <button type="button" onClick={() => m.setDialog('help')}>
          {tr('help')}
        </button>
        <button type="button" onClick={() => m.setDialog('settings')}>
          {tr('settings')}
        </button>
        <button type="button" onClick={() => m.perform(decodeAction('moveStatus'))}>
          {tr('status')}
        </button>
        {m.relay?.stage === 'repeat' ? (
          <button type="button" onClick={() => m.repeatAwaited()}>
            {tr('relayRepeatButton')}
          </button>
        ) : null}
        {m.relay?.stage === 'execute' ? (
          <button type="button" onClick={() => m.executeAwaited()}>
            {tr('relayExecuteButton')}
          </button>
        ) : null}
        {playing ? (
          <>
            {drawOffered ? (
              <>
                <button type="button" onClick={() => m.dispatch({ kind: 'acceptDraw', by: 'blind' })}>
                  {tr('acceptDraw')}
                </button>
                <button type="button" onClick={() => m.dispatch({ kind: 'declineDraw', by: 'blind' })}>
                  {tr('declineDraw')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => m.dispatch({ kind: 'offerDraw', by: 'blind' })}>
                {tr('offerDraw')}
              </button>
            )}
            <button
              type="button"
              onClick={() => m.dispatch({ kind: 'claim', claim: 'repetition', by: 'blind' })}
            >
              {tr('claimRepetition')}
            </button>
            <button
              type="button"
              onClick={() => m.dispatch({ kind: 'claim', claim: 'fiftyMoves', by: 'blind' })}
            >
              {tr('claimFifty')}
            </button>
            <button type="button" onClick={() => m.setDialog('resign')}>
              {tr('resign')}
            </button>
          </>
        ) : null}
      </section>
      <AdjournmentPanel
        state={state}
        role="blind"
        headingLevel={3}
        locale={settings.locale}
        dispatch={m.dispatch}
        confirm={(text) => m.sayText(text)}
      />
      {m.dialog === 'help' ? (
        <HelpDialog
          keymap={settings.keymap}
          tr={tr}
          pieceWord={pieceWord}
          fileWord={fileWord}
          onClose={() => m.setDialog('none')}
        />
      ) : null}
      {m.dialog === 'settings' ? (
        <SettingsDialog
          settings={settings}
          tr={tr}
          voices={voices}
          describeAction={actionWords}
          onChange={onSettingChange}
          onClose={() => m.setDialog('none')}
          {...(talk?.recogniser ? { recogniser: talk.recogniser } : {})}
        />
      ) : null}
      {m.dialog === 'resign' ? (
        <ResignDialog
          title={tr('resignTitle')}
          confirm={tr('resignConfirm')}
          cancel={tr('resignCancel')}
          onConfirm={m.confirmResign}
          onCancel={m.cancelResign}
        />
      ) : null}
      {m.promotionPending && m.handSquare === undefined ? (
        <PromotionDialog
          title={tr('promotionTitle', { square: promotionSquareName(m) })}
          choose={tr('promotionChoose')}
          pieceWord={(p) => describePieceType(p, m.words)}
          onChoose={m.choosePromotion}
        />
      ) : null}
    </section>
  );
}

function promotionSquareName(m: ReturnType<typeof useBlindScreen>): string {
  const placed = m.state.boards.blind.aperture.placements[0];
  return placed ? describeSquareName(placed.to, m.words) : '';
}
