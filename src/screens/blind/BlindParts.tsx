/**
 * The parts of the blind player's screen around the board: the typed command line, the game's
 * buttons and the dialogs (help, settings, resignation, promotion). Each renders from the screen
 * model's view and hands what the player does to the model.
 */
import { useState, type RefObject } from 'react';
import { describePieceType, describeSquareName } from '../../speech/index.ts';
import { VOCABULARIES } from '../../speech/vocabularies.ts';
import type { Translate } from '../../speech/blindMessages.ts';
import { describeAction } from '../../input/actionWords.ts';
import { decodeAction, isConfirmedAction, type ActionId, type ConfirmedAction } from '../../input/keymap.ts';
import type { Locale } from '../../i18n/index.ts';
import type { RecogniserChoice } from '../../ports/listener.ts';
import type { Settings, SettingKey } from '../../controllers/settings.ts';
import type { BlindModel } from '../../controllers/blind/model.ts';
import type { BlindScreenView } from '../../controllers/blind/screenView.ts';
import { translateAdjourn } from '../adjourn/messages.ts';
import type { BlindScreenModel } from './useBlindScreen.ts';
import { HelpDialog } from './HelpDialog.tsx';
import { PromotionDialog } from './PromotionDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';

/** The typed command line: moves in any notation and commands, and the talk button. */
export function CommandLine(props: {
  readonly model: BlindModel;
  readonly tr: Translate;
  readonly locale: Locale;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly toggleTalk: (() => void) | undefined;
  readonly focusBoard: () => void;
}) {
  const { model, tr, toggleTalk } = props;
  const [typed, setTyped] = useState('');
  return (
    <form
      className="command-line"
      aria-label={tr('commandLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        if (typed.trim() === '') return;
        // §2.13: "seal <move>" writes the sealed move privately; only the confirmation is spoken.
        const sealed = /^seal\s+(.+)$/i.exec(typed.trim());
        if (sealed?.[1]) {
          const events = model.dispatch({ kind: 'sealMove', move: sealed[1], by: 'blind' });
          if (!events.some((e) => e.type === 'refused'))
            model.say(translateAdjourn(props.locale, 'recorded'));
        } else model.input({ kind: 'typed', text: typed });
        setTyped('');
      }}
    >
      <label htmlFor="blind-command">{tr('commandLabel')}</label>
      <input
        id="blind-command"
        ref={props.inputRef}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          // Escape in the command line goes back to the board (the focus policy).
          if (e.key === 'Escape') {
            e.preventDefault();
            props.focusBoard();
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
  );
}

/** The game's buttons: help, settings, status, the relay's steps, draws, claims, resignation. */
export function BlindActions(props: {
  readonly model: BlindModel;
  readonly screen: BlindScreenView;
  readonly tr: Translate;
}) {
  const { model, screen, tr } = props;
  const state = screen.match;
  const button = (label: string, onClick: () => void) => (
    <button type="button" onClick={onClick}>
      {label}
    </button>
  );
  const send = (intent: Parameters<BlindModel['dispatch']>[0]) => () => void model.dispatch(intent);
  const drawOffered = state.drawOffer && state.drawOffer.by !== screen.myColor;
  return (
    <section aria-label={tr('actions')} className="actions">
      {button(tr('help'), () => model.input({ kind: 'dialog', dialog: 'help' }))}
      {button(tr('settings'), () => model.input({ kind: 'dialog', dialog: 'settings' }))}
      {button(tr('status'), () => model.input({ kind: 'action', action: decodeAction('moveStatus') }))}
      {screen.relay?.stage === 'repeat'
        ? button(tr('relayRepeatButton'), () => model.input({ kind: 'repeatAwaited' }))
        : null}
      {screen.relay?.stage === 'execute'
        ? button(tr('relayExecuteButton'), () => model.input({ kind: 'executeAwaited' }))
        : null}
      {state.phase === 'playing' ? (
        <>
          {drawOffered ? (
            <>
              {button(tr('acceptDraw'), send({ kind: 'acceptDraw', by: 'blind' }))}
              {button(tr('declineDraw'), send({ kind: 'declineDraw', by: 'blind' }))}
            </>
          ) : (
            button(tr('offerDraw'), send({ kind: 'offerDraw', by: 'blind' }))
          )}
          {button(tr('claimRepetition'), send({ kind: 'claim', claim: 'repetition', by: 'blind' }))}
          {button(tr('claimFifty'), send({ kind: 'claim', claim: 'fiftyMoves', by: 'blind' }))}
          {button(tr('resign'), () => model.input({ kind: 'dialog', dialog: 'resign' }))}
        </>
      ) : null}
    </section>
  );
}

/** The question a key asks before a draw, a claim or the resignation ("Accept the draw?"). */
function questionTitle(tr: Translate, kind: ConfirmedAction): string {
  return tr(kind === 'resign' ? 'resignTitle' : `confirm.${kind}`);
}

/** The dialog the screen has open, and the promotion choice while a pawn waits for its piece. */
export function BlindDialogs(props: {
  readonly m: BlindScreenModel;
  readonly settings: Settings;
  readonly voices: readonly string[];
  readonly onSettingChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly recogniser?: () => Promise<RecogniserChoice>;
}) {
  const { m, settings } = props;
  const { tr, model, screen, words } = m;
  const v = VOCABULARIES[settings.vocabulary];
  const pieceWord = (p: 'k' | 'q' | 'r' | 'b' | 'n' | 'p') => describePieceType(p, words);
  const fileWord = (f: string) => v.files[f as keyof typeof v.files];
  const actionWords = (id: ActionId) => describeAction(tr, id, { piece: pieceWord, file: fileWord });
  const close = () => model.input({ kind: 'dialog', dialog: 'none' });
  const dialog = screen.view.dialog;
  const placed = screen.match.boards.blind.aperture.placements[0];
  return (
    <>
      {dialog === 'help' ? (
        <HelpDialog
          keymap={settings.keymap}
          tr={tr}
          pieceWord={pieceWord}
          fileWord={fileWord}
          onClose={close}
        />
      ) : null}
      {dialog === 'settings' ? (
        <SettingsDialog
          settings={settings}
          tr={tr}
          voices={props.voices}
          describeAction={actionWords}
          onChange={props.onSettingChange}
          onClose={close}
          {...(props.recogniser ? { recogniser: props.recogniser } : {})}
        />
      ) : null}
      {isConfirmedAction(dialog) ? (
        <ConfirmDialog
          title={questionTitle(tr, dialog)}
          confirm={tr(dialog === 'resign' ? 'resignConfirm' : `confirm.${dialog}.yes`)}
          cancel={tr('resignCancel')}
          onConfirm={() => model.input({ kind: 'confirm', confirmed: true })}
          onCancel={() => model.input({ kind: 'confirm', confirmed: false })}
        />
      ) : null}
      {screen.promotionPending && screen.handSquare === undefined ? (
        <PromotionDialog
          title={tr('promotionTitle', { square: placed ? describeSquareName(placed.to, words) : '' })}
          choose={tr('promotionChoose')}
          pieceWord={pieceWord}
          onChoose={(piece) => model.input({ kind: 'promote', piece })}
        />
      ) : null}
    </>
  );
}
