/**
 * Sections of the arbiter's screen: the difference between the boards with its proposed correction,
 * the claim to decide, the local adaptation of the supplement and the evidence log. Each renders
 * from the arbiter's screen model and hands his decisions to it.
 */
import { readClock } from '../../core/clock.ts';
import { formatClock, type Color } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import { RELAY_MODES, type MatchState, type RelayMode } from '../../match/types.ts';
import type { ArbiterModel, ArbiterScreenView } from '../../controllers/arbiterModel.ts';
import { scoreLines } from '../sighted/paired.ts';
import { tSighted, type SightedKey } from '../sighted/messages.ts';
import { tArbiter, type ArbiterKey } from './messages.ts';

export interface PartProps {
  readonly locale: Locale;
  readonly model: ArbiterModel;
  readonly screen: ArbiterScreenView;
}

export const arbiterWords = (locale: Locale) => ({
  t: (k: ArbiterKey, p?: Record<string, string | number>) => tArbiter(locale, k, p),
  ts: (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p),
  colorName: (c: Color) => tSighted(locale, c === 'w' ? 'white' : 'black'),
});

const DIFF_KEYS: Readonly<Record<string, ArbiterKey>> = {
  'board/board': 'diff_boardBoard',
  'board/score:blind': 'diff_blindScore',
  'board/score:sighted': 'diff_sightedScore',
  'score/score': 'diff_scores',
};

/** A move list as numbered SAN for the correction proposal. */
function movesText(state: MatchState, moves: readonly string[], empty: string): string {
  if (moves.length === 0) return empty;
  return scoreLines(state.setup.startFen, moves)
    .map((l) => `${l.number}. ${l.white}${l.black ? ` ${l.black}` : ''}`)
    .join(' ');
}

/** The difference between the boards and the rule 7 or rule 8 correction to confirm (BL-26, BL-27). */
export function DifferenceSection({ locale, model, screen }: PartProps) {
  const { t, ts } = arbiterWords(locale);
  const { state } = screen.room;
  const d = state.discrepancy;
  const clock = d?.clock && d.clockSource ? readClock(d.clock, d.detectedAt).sides : null;
  return (
    <section aria-labelledby="difference-heading" className="difference" data-testid="difference">
      <h2 id="difference-heading">{t('difference')}</h2>
      {d ? (
        <div role="alert">
          <p>{t('rule', { rule: d.rule, what: t(d.rule === 7 ? 'rule7' : 'rule8') })}</p>
          <p>
            {t('differences', {
              list: d.differences.map((x) => t(DIFF_KEYS[x] ?? 'diff_boardBoard')).join(', '),
            })}
          </p>
          <p>{t('correctedMoves', { moves: movesText(state, d.correctedMoves, t('startPosition')) })}</p>
          <p>
            {t('boardsToReset', {
              boards: d.boardsToReset
                .map((b) => ts(b === 'blind' ? 'blindBoard' : 'sightedBoard'))
                .join(', '),
            })}
          </p>
          {clock ? (
            <p>
              {t('clockProposal', {
                source: t(d.clockSource === 'log' ? 'source_log' : 'source_proportional'),
                w: formatClock(clock.w.remainingMs, 'display'),
                b: formatClock(clock.b.remainingMs, 'display'),
              })}
            </p>
          ) : null}
          {d.sanctionChoice ? <p>{t('sanction')}</p> : null}
          {screen.mayConfirmCorrection ? (
            <button
              type="button"
              className="primary"
              onClick={() => model.input({ kind: 'confirmCorrection' })}
            >
              {t('confirm')}
            </button>
          ) : null}
        </div>
      ) : (
        <p>{t('noDifference')}</p>
      )}
    </section>
  );
}

/** The claim to decide, with what Twinboard could verify of it. */
export function ClaimSection({ locale, model, screen }: PartProps) {
  const { t, ts, colorName } = arbiterWords(locale);
  const claim = screen.room.state.claim;
  return (
    <section aria-labelledby="claim-heading" data-testid="claim">
      <h2 id="claim-heading">{t('claim')}</h2>
      {claim ? (
        <>
          <p>
            {t('claimLine', {
              color: colorName(claim.claimant),
              kind: ts(`claim_${claim.kind}` as SightedKey),
            })}
          </p>
          {claim.square ? <p>{t('touchAt', { square: claim.square })}</p> : null}
          <p>
            {t('verified', {
              result: t(
                claim.verified === null ? 'verifiedUnknown' : claim.verified ? 'verifiedYes' : 'verifiedNo',
              ),
            })}
          </p>
          <button type="button" onClick={() => model.input({ kind: 'decideClaim', upheld: true })}>
            {t('uphold')}
          </button>
          <button type="button" onClick={() => model.input({ kind: 'decideClaim', upheld: false })}>
            {t('reject')}
          </button>
        </>
      ) : (
        <p>{t('noClaim')}</p>
      )}
    </section>
  );
}

/** The supplement adapted locally (S85, BL-03): the relay mode, a sighted assistant allowed. */
export function OverridesSection({ locale, model, screen }: PartProps) {
  const { t } = arbiterWords(locale);
  const { setup } = screen.room.state;
  return (
    <section aria-labelledby="overrides-heading" className="actions">
      <h2 id="overrides-heading">{t('overrides')}</h2>
      <label>
        {t('relay')}{' '}
        <select
          value={setup.relay}
          onChange={(e) =>
            model.input({
              kind: 'overrideSetting',
              override: { setting: 'relay', value: e.target.value as RelayMode },
            })
          }
        >
          {RELAY_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`relay_${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={setup.allowSightedAssistant}
          onChange={(e) =>
            model.input({
              kind: 'overrideSetting',
              override: { setting: 'allowSightedAssistant', value: e.target.checked },
            })
          }
        />
        {t('allowSightedAssistant')}
      </label>
    </section>
  );
}

/** The evidence log (BL-28) in the arbiter's own words. */
export function EvidenceSection({ locale, screen }: Omit<PartProps, 'model'>) {
  const { t, ts } = arbiterWords(locale);
  return (
    <section aria-labelledby="log-heading" className="evidence" data-testid="evidence">
      <h2 id="log-heading">{t('log')}</h2>
      <div className="log-scroll" tabIndex={0} role="group" aria-labelledby="log-heading">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('logSeq')}</th>
              <th scope="col">{t('logTime')}</th>
              <th scope="col">{t('logBy')}</th>
              <th scope="col">{t('logWhat')}</th>
              <th scope="col">{t('logDetail')}</th>
            </tr>
          </thead>
          <tbody>
            {screen.evidence.map((l) => (
              <tr key={l.seq} className={l.refused ? 'refused' : undefined}>
                <td>{l.seq}</td>
                <td>{new Date(l.at).toISOString().slice(11, 19)}</td>
                <td>{l.by === 'twinboard' ? t('twinboard') : ts(`role_${l.by}` as SightedKey)}</td>
                <td>{l.what}</td>
                <td>{l.refusal}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
