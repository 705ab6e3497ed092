/**
 * The sighted player's game actions: the start, saying back the blind player's move (BL-18) or
 * carrying out his opponent's (BL-24), draw offers, claims, stopping the clocks and resignation
 * with a confirmation. Beside the blind player's screen (a local game) each button says whose it
 * is. Every button is an intent through the screen model.
 */
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { Color } from '../../core/index.ts';
import type { ClaimKind } from '../../match/types.ts';
import type { Outgoing } from '../../controllers/rights.ts';
import type { SightedModel } from '../../controllers/sighted/model.ts';
import type { SightedScreenView } from '../../controllers/sighted/screenView.ts';
import type { Place, SightedWords } from './SightedParts.tsx';

type Claim = Exclude<ClaimKind, 'touchMove'>;
const CLAIMS: readonly Claim[] = ['repetition', 'fiftyMoves', 'time', 'insufficientMaterial'];

interface Props {
  readonly model: SightedModel;
  readonly screen: SightedScreenView;
  readonly place: Place;
  readonly t: SightedWords;
}

export function SightedActions(props: Props) {
  const { model, screen, t } = props;
  const act = (intent: Outgoing) => model.input({ kind: 'send', intent });
  return (
    <section aria-label={t('actions')} className="actions sp-actions">
      {screen.mayStart ? (
        <button type="button" className="primary" onClick={() => act({ kind: 'startGame' })}>
          {t('startGame')}
        </button>
      ) : null}
      {screen.repeat ? <RepeatControls {...props} words={screen.repeat} /> : null}
      {screen.execute ? (
        <button type="button" className="primary" onClick={() => act({ kind: 'execute', board: 'sighted' })}>
          {t('executeOnMine', { move: screen.execute })}
        </button>
      ) : null}
      {screen.playing ? <GameControls {...props} /> : null}
    </section>
  );
}

/** The blind player's move said back as announced, or as heard (typed in long algebraic). */
function RepeatControls(props: Props & { readonly words: string }) {
  const { model, t } = props;
  const [heard, setHeard] = useState('');
  const act = (intent: Outgoing) => model.input({ kind: 'send', intent });
  return (
    <>
      <button type="button" className="primary" onClick={() => act({ kind: 'repeat' })}>
        {t('repeat', { move: props.words })}
      </button>
      <form
        className="heard"
        onSubmit={(e) => {
          e.preventDefault();
          const uci = heard
            .trim()
            .toLowerCase()
            .replace(/[^a-h1-8qrbn]/g, '');
          if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) act({ kind: 'repeat', uci });
          setHeard('');
        }}
      >
        <label>
          {t('heardLabel')} <input value={heard} size={6} onChange={(e) => setHeard(e.target.value)} />
        </label>{' '}
        <button type="submit">{t('repeatHeard')}</button>
      </form>
    </>
  );
}

/** Draws, claims, the clocks and resignation while the game is played. */
function GameControls(props: Props) {
  const { model, screen, t } = props;
  const state = screen.match;
  const [claimKind, setClaimKind] = useState<Claim>('repetition');
  const act = (intent: Outgoing) => model.input({ kind: 'send', intent });
  // Beside the blind player's screen, the opponent's buttons say whose they are.
  const whose = (text: string) => (props.place === 'local' ? t('localAction', { action: text }) : text);
  const colorName = (c: Color) => t(c === 'w' ? 'white' : 'black');
  const offer = state.drawOffer;
  return (
    <>
      {offer && offer.by !== screen.me ? (
        <span role="group" aria-label={t('drawOffered', { color: colorName(offer.by) })}>
          <span className="sp-offer">{t('drawOffered', { color: colorName(offer.by) })}</span>{' '}
          <button type="button" onClick={() => act({ kind: 'acceptDraw' })}>
            {whose(t('acceptDraw'))}
          </button>{' '}
          <button type="button" onClick={() => act({ kind: 'declineDraw' })}>
            {whose(t('declineDraw'))}
          </button>
        </span>
      ) : (
        <button
          type="button"
          aria-disabled={offer ? true : undefined}
          onClick={() => {
            if (!offer) act({ kind: 'offerDraw' });
          }}
        >
          {whose(t('offerDraw'))}
        </button>
      )}
      <span className="claim">
        <label>
          {t('claimKind')}{' '}
          <select value={claimKind} onChange={(e) => setClaimKind(e.target.value as Claim)}>
            {CLAIMS.map((k) => (
              <option key={k} value={k}>
                {t(`claim_${k}`)}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="button" onClick={() => act({ kind: 'claim', claim: claimKind })}>
          {whose(t('claim'))}
        </button>
      </span>
      {screen.mayStopClocks ? (
        state.clock.running ? (
          <button type="button" onClick={() => act({ kind: 'stopClocks' })}>
            {whose(t('stopClocks'))}
          </button>
        ) : (
          <button type="button" onClick={() => act({ kind: 'resumeClocks' })}>
            {whose(t('resumeClocks'))}
          </button>
        )
      ) : null}
      <ResignControl {...props} />
    </>
  );
}

/**
 * Resignation with its question ("Really resign?"), a small dialog: pressed from the keyboard (the
 * button had the focus) the safe answer takes the focus, and "No" gives it back to "Resign". A
 * press that left the focus elsewhere (the opponent's pointer beside the blind player's screen,
 * where the focus is the blind player's) leaves it there.
 */
function ResignControl(props: Props) {
  const { model, screen, t } = props;
  const resign = useRef<HTMLButtonElement | null>(null);
  const no = useRef<HTMLButtonElement | null>(null);
  const next = useRef<'no' | 'resign' | null>(null);
  useLayoutEffect(() => {
    const to = next.current === 'no' ? no.current : next.current === 'resign' ? resign.current : null;
    next.current = null;
    to?.focus();
  });
  const hadFocus = (e: MouseEvent<HTMLButtonElement>) => e.currentTarget === document.activeElement;
  if (!screen.confirmResign)
    return (
      <button
        type="button"
        ref={resign}
        onClick={(e) => {
          if (hadFocus(e)) next.current = 'no';
          model.input({ kind: 'resign', step: 'ask' });
        }}
      >
        {props.place === 'local' ? t('localAction', { action: t('resign') }) : t('resign')}
      </button>
    );
  return (
    <span role="group" aria-label={t('confirmResign')}>
      {t('confirmResign')}{' '}
      <button type="button" onClick={() => model.input({ kind: 'resign', step: 'confirm' })}>
        {t('yes')}
      </button>{' '}
      <button
        type="button"
        ref={no}
        onClick={(e) => {
          if (hadFocus(e)) next.current = 'resign';
          model.input({ kind: 'resign', step: 'cancel' });
        }}
      >
        {t('no')}
      </button>
    </span>
  );
}
