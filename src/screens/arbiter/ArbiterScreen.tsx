/**
 * The arbiter's screen (GR-95, §2.17): the difference between the boards with the proposed rule 7
 * or rule 8 correction to confirm (BL-26, BL-27), the claim to decide, the clocks (stop, restart,
 * set the used time — the E88/E93 floors of five minutes to the control and one minute per move
 * are warned about, 003/001 Art 12.4/12.6), penalties (E93 Art 16.5), the local adaptation of the
 * supplement (S85, BL-03), the procedures of issue 12 (touch-move enforcement, an illegal move
 * reinstated, annul and replay, colours reversed, late arrival, competition mode) and the evidence
 * log (BL-28). The arbiter has no channel to a player
 * (GR-97): nothing here sends text to anyone.
 */
import { AdjournmentPanel } from '../adjourn/AdjournmentPanel.tsx';
import { ArbiterProcedures } from '../procedures/ProcedureControls.tsx';
import { useState, type FormEvent } from 'react';
import { readClock } from '../../core/clock.ts';
import type { Color } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import { PENALTIES, type Penalty } from '../../match/intents.ts';
import { colorOf } from '../../match/setup.ts';
import { RELAY_MODES, type MatchState, type RelayMode } from '../../match/types.ts';
import type { OutgoingIntent, RoomHandle } from '../useRoom.ts';
import { arbiterStep, evidenceRows, type ArbiterInput } from '../../controllers/arbiter.ts';
import type { DescribeOptions } from '../../speech/describe.ts';
import {
  ClockPanel,
  RefusalAlert,
  RoomHeader,
  StatusLine,
  TwinBoards,
  useNow,
} from '../sighted/PairedParts.tsx';
import { formatClock } from '../../core/index.ts';
import { scoreLines } from '../sighted/paired.ts';
import { may } from '../../controllers/rights.ts';
import { tSighted, type SightedKey } from '../sighted/messages.ts';
import {
  DisplaySettingsPanel,
  type DisplayChange,
  type DisplaySettings,
} from '../sighted/DisplaySettingsPanel.tsx';
import { tArbiter, type ArbiterKey } from './messages.ts';

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

export function ArbiterScreen(props: {
  readonly locale: Locale;
  readonly room: RoomHandle;
  /** The Clock port the room reads (the clocks shown count down from it). */
  readonly clock: Clock;
  /** The arbiter's vocabulary for the evidence log's squares, pieces and moves. */
  readonly words?: DescribeOptions;
  readonly display?: DisplaySettings;
  readonly onDisplayChange?: DisplayChange;
}) {
  const { locale, room } = props;
  const t = (k: ArbiterKey, p?: Record<string, string | number>) => tArbiter(locale, k, p);
  const ts = (k: SightedKey, p?: Record<string, string | number>) => tSighted(locale, k, p);
  const now = useNow(props.clock);
  const [adjustColor, setAdjustColor] = useState<Color>('w');
  const [usedMinutes, setUsedMinutes] = useState('0');
  const [usedSeconds, setUsedSeconds] = useState('0');
  const [penaltyColor, setPenaltyColor] = useState<Color>('w');
  const [penalty, setPenalty] = useState<Penalty>('warning');
  const [penaltyMinutes, setPenaltyMinutes] = useState('2');
  const view = room.view;
  if (!view) return <p role="status">{ts('statusConnecting')}</p>;
  const { state } = view;
  const colorName = (c: Color) => ts(c === 'w' ? 'white' : 'black');
  const d = state.discrepancy;
  const claim = state.claim;
  const reading = readClock(state.clock, now);
  const warnings = view.recent.flatMap((f) => f.events).filter((e) => e.type === 'clockAdjusted');
  const lastWarning = warnings.at(-1);

  const sideSelect = (value: Color, onChange: (c: Color) => void) => (
    <label>
      {t('side')}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value as Color)}>
        <option value="w">{colorName('w')}</option>
        <option value="b">{colorName('b')}</option>
      </select>
    </label>
  );

  /** The arbiter's controller (controllers/arbiter.ts) turns each form and button into intents. */
  const run = (input: ArbiterInput) => {
    for (const { by: _by, ...intent } of arbiterStep(input).intents) room.send(intent as OutgoingIntent);
  };

  function onAdjust(e: FormEvent) {
    e.preventDefault();
    run({ kind: 'adjustClock', color: adjustColor, minutes: usedMinutes, seconds: usedSeconds });
  }

  function onPenalize(e: FormEvent) {
    e.preventDefault();
    run({ kind: 'penalize', color: penaltyColor, penalty, minutes: penaltyMinutes });
  }

  return (
    <div className="paired arbiter">
      <RoomHeader locale={locale} title={t('title')} code={view.code} room={room} />
      {props.display && props.onDisplayChange ? (
        <DisplaySettingsPanel
          locale={locale}
          display={props.display}
          onDisplayChange={props.onDisplayChange}
        />
      ) : null}
      <StatusLine locale={locale} state={state} />
      <AdjournmentPanel
        state={state}
        role={view.role}
        locale={locale}
        dispatch={(intent) => room.session?.dispatch(intent) ?? []}
      />
      <RefusalAlert locale={locale} refusal={room.refusal} />
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
            {d.clock && d.clockSource ? (
              <p>
                {t('clockProposal', {
                  source: t(d.clockSource === 'log' ? 'source_log' : 'source_proportional'),
                  w: formatClock(readClock(d.clock, d.detectedAt).sides.w.remainingMs, 'display'),
                  b: formatClock(readClock(d.clock, d.detectedAt).sides.b.remainingMs, 'display'),
                })}
              </p>
            ) : null}
            {d.sanctionChoice ? <p>{t('sanction')}</p> : null}
            {may(state, view.role, { kind: 'confirmCorrection' }) ? (
              <button type="button" className="primary" onClick={() => run({ kind: 'confirmCorrection' })}>
                {t('confirm')}
              </button>
            ) : null}
          </div>
        ) : (
          <p>{t('noDifference')}</p>
        )}
      </section>
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
            <button type="button" onClick={() => run({ kind: 'decideClaim', upheld: true })}>
              {t('uphold')}
            </button>
            <button type="button" onClick={() => run({ kind: 'decideClaim', upheld: false })}>
              {t('reject')}
            </button>
          </>
        ) : (
          <p>{t('noClaim')}</p>
        )}
      </section>
      <ArbiterProcedures locale={locale} state={state} role={view.role} send={room.send} />
      <TwinBoards
        locale={locale}
        state={state}
        orientation={colorOf(state.setup, 'sighted')}
        idPrefix="arbiter-board"
      />
      <section aria-labelledby="arbiter-clocks-heading" className="actions">
        <h2 id="arbiter-clocks-heading">{t('clocks')}</h2>
        <ClockPanel locale={locale} state={state} now={now} />
        {state.phase === 'playing' ? (
          reading.running ? (
            <button type="button" onClick={() => run({ kind: 'stopClocks' })}>
              {t('stop')}
            </button>
          ) : (
            <button type="button" onClick={() => run({ kind: 'resumeClocks' })}>
              {t('resume')}
            </button>
          )
        ) : null}
        <form onSubmit={onAdjust} aria-label={t('adjust')}>
          {sideSelect(adjustColor, setAdjustColor)}{' '}
          <label>
            {t('usedMinutes')}{' '}
            <input
              inputMode="numeric"
              size={4}
              value={usedMinutes}
              onChange={(e) => setUsedMinutes(e.target.value)}
            />
          </label>{' '}
          <label>
            {t('usedSeconds')}{' '}
            <input
              inputMode="numeric"
              size={3}
              value={usedSeconds}
              onChange={(e) => setUsedSeconds(e.target.value)}
            />
          </label>{' '}
          <button type="submit">{t('apply')}</button>
        </form>
        {lastWarning && lastWarning.type === 'clockAdjusted'
          ? lastWarning.warnings.map((w) => (
              <p role="alert" key={w.code}>
                {t('floorWarning', {
                  color: colorName(lastWarning.color),
                  detail:
                    w.code === 'lessThanFloorToControl'
                      ? t('floorControl', { minutes: w.minutes })
                      : t('floorPerMove', { minutes: w.minutesPerMove, moves: w.movesToControl }),
                })}
              </p>
            ))
          : null}
      </section>
      <section aria-labelledby="penalties-heading" className="actions">
        <h2 id="penalties-heading">{t('penalties')}</h2>
        <form onSubmit={onPenalize}>
          {sideSelect(penaltyColor, setPenaltyColor)}{' '}
          <label>
            {t('penalty')}{' '}
            <select value={penalty} onChange={(e) => setPenalty(e.target.value as Penalty)}>
              {PENALTIES.map((p) => (
                <option key={p} value={p}>
                  {t(`penalty_${p}`)}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            {t('minutes')}{' '}
            <input
              inputMode="numeric"
              size={3}
              value={penaltyMinutes}
              onChange={(e) => setPenaltyMinutes(e.target.value)}
            />
          </label>{' '}
          <button type="submit">{t('impose')}</button>
        </form>
      </section>
      {may(state, view.role, {
        kind: 'overrideSetting',
        override: { setting: 'relay', value: 'automatic' },
      }) ? (
        <section aria-labelledby="overrides-heading" className="actions">
          <h2 id="overrides-heading">{t('overrides')}</h2>
          <label>
            {t('relay')}{' '}
            <select
              value={state.setup.relay}
              onChange={(e) =>
                run({
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
              checked={state.setup.allowSightedAssistant}
              onChange={(e) =>
                run({
                  kind: 'overrideSetting',
                  override: { setting: 'allowSightedAssistant', value: e.target.checked },
                })
              }
            />
            {t('allowSightedAssistant')}
          </label>
        </section>
      ) : null}
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
              {evidenceRows(state, locale, props.words).map((l) => (
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
    </div>
  );
}
