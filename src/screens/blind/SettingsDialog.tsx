/**
 * The settings dialog: every setting as an ordinary labelled form control (selects, checkboxes,
 * number fields), each change checked by src/controllers/settings.ts, saved at once and read aloud
 * ("Vocabulary: NATO") by the caller. Key rebinding with conflict checks lives here too.
 */
import { useEffect, useId, useState } from 'react';
import type { RecogniserChoice } from '../../ports/listener.ts';
import { describeRecogniserInUse } from '../../speech/listener/messages.ts';
import { VOCABULARIES, VOCABULARY_IDS } from '../../speech/vocabularies.ts';
import { PROFILES, type ProfileId } from '../../core/index.ts';
import { LOCALES } from '../../i18n/index.ts';
import { ACTION_IDS, DEFAULT_KEYMAP, rebind, type ActionId } from '../../input/keymap.ts';
import {
  CAPTURE_REMOVALS,
  EDITION_IDS,
  LAYOUTS,
  ORIENTATIONS,
  ROOK_PLACEMENTS,
  TALK_MODES,
  isValidSetting,
  TIME_CUES,
  VERBOSITIES,
  type SettingKey,
  type Settings,
} from '../../controllers/settings.ts';
import type { BlindMessageKey, Translate } from '../../speech/blindMessages.ts';
import { Dialog } from './Dialog.tsx';

export interface SettingsDialogProps {
  readonly settings: Settings;
  readonly tr: Translate;
  /** Names of the synthesis voices available (empty when the platform has none). */
  readonly voices: readonly string[];
  readonly describeAction: (id: ActionId) => string;
  /** A checked change; the caller saves it and reads it aloud. */
  readonly onChange: <K extends SettingKey>(key: K, value: Settings[K]) => void;
  readonly onClose: () => void;
  /** Which recogniser the talk key uses (chosen on first use; TalkControls' `recogniser`). */
  readonly recogniser?: () => Promise<RecogniserChoice>;
}

/** How a setting's value is read aloud and shown in a select. */
export function describeSettingValue(tr: Translate, key: SettingKey, value: unknown): string {
  if (typeof value === 'boolean') return tr(value ? 'value.on' : 'value.off');
  switch (key) {
    case 'vocabulary':
      return VOCABULARIES[value as keyof typeof VOCABULARIES].label;
    case 'edition':
      return [PROFILES[value as ProfileId].label, ...PROFILES[value as ProfileId].notes].join(' ');
    case 'locale':
      return tr(`value.${value as 'en' | 'de'}`);
    case 'verbosity':
    case 'layout':
      return tr(`value.${value as 'brief'}`);
    case 'orientation':
      return tr(`value.${value as 'auto' | 'w' | 'b'}`);
    case 'rookPlacement':
      return tr(`value.rook.${value as 'auto' | 'manual'}`);
    case 'captureRemoval':
      return tr(`value.capture.${value as 'onDrop' | 'explicit'}`);
    case 'timeCueMinutes':
      return tr(`value.cue.${value as 0 | 5 | 15}`);
    case 'boardColors':
      return tr(`value.colors.${value as 'brown' | 'blue' | 'grey'}`);
    case 'pieceSet':
      return tr(`value.pieces.${value as 'classic' | 'bold'}`);
    case 'talkMode':
      return tr(`value.talk.${value as 'hold' | 'toggle'}`);
    case 'voice':
      return value === '' ? tr('value.defaultVoice') : String(value);
    case 'offlineSpeechModel':
      return value === '' ? tr('value.noModel') : String(value);
    default:
      return String(value);
  }
}

/** The settings as a dialog. */
export function SettingsDialog({
  settings,
  tr,
  voices,
  describeAction,
  onChange,
  onClose,
  recogniser,
}: SettingsDialogProps) {
  const base = useId();
  const label = (key: SettingKey) => tr(`setting.${key}` as BlindMessageKey);
  const select = <K extends SettingKey>(key: K, values: readonly Settings[K][]) => (
    <div className="field" key={key}>
      <label htmlFor={`${base}-${key}`}>{label(key)}</label>
      <select
        id={`${base}-${key}`}
        value={String(settings[key])}
        onChange={(e) => {
          const v = values.find((x) => String(x) === e.target.value);
          if (v !== undefined) onChange(key, v);
        }}
      >
        {values.map((v) => (
          <option key={String(v)} value={String(v)}>
            {describeSettingValue(tr, key, v)}
          </option>
        ))}
      </select>
    </div>
  );
  const checkbox = (
    key: 'selfVoicing' | 'highContrast' | 'largeBoard' | 'readoutAids' | 'confirmSpokenMoves',
  ) => (
    <div className="field" key={key}>
      <input
        id={`${base}-${key}`}
        type="checkbox"
        checked={settings[key]}
        onChange={(e) => onChange(key, e.target.checked)}
      />
      <label htmlFor={`${base}-${key}`}>{label(key)}</label>
    </div>
  );
  const number = (
    key: 'speechRate' | 'lowTimeSeconds' | 'autoClockSeconds',
    min: number,
    max: number,
    stepBy: number,
  ) => (
    <div className="field" key={key}>
      <label htmlFor={`${base}-${key}`}>{label(key)}</label>
      <input
        id={`${base}-${key}`}
        type="number"
        min={min}
        max={max}
        step={stepBy}
        value={settings[key]}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (e.target.value !== '' && Number.isFinite(v) && v >= min && v <= max) onChange(key, v);
        }}
      />
    </div>
  );

  return (
    <Dialog title={tr('settings')} onClose={onClose} className="settings">
      <form onSubmit={(e) => e.preventDefault()}>
        {select('edition', EDITION_IDS)}
        {select('vocabulary', VOCABULARY_IDS)}
        {select('locale', LOCALES)}
        {select('verbosity', VERBOSITIES)}
        {checkbox('selfVoicing')}
        {number('speechRate', 0.5, 3, 0.1)}
        {select('voice', ['', ...voices])}
        {select('talkMode', TALK_MODES)}
        {checkbox('confirmSpokenMoves')}
        <OfflineModelField
          base={base}
          label={label('offlineSpeechModel')}
          settings={settings}
          onChange={onChange}
          {...(recogniser ? { recogniser } : {})}
        />
        {select('orientation', ORIENTATIONS)}
        {select('layout', LAYOUTS)}
        {checkbox('highContrast')}
        {checkbox('largeBoard')}
        {select('rookPlacement', ROOK_PLACEMENTS)}
        {select('captureRemoval', CAPTURE_REMOVALS)}
        {select('timeCueMinutes', TIME_CUES)}
        {number('lowTimeSeconds', 0, 3600, 10)}
        {number('autoClockSeconds', 0, 30, 1)}
        {checkbox('readoutAids')}
      </form>
      <KeymapForm
        base={base}
        label={label('keymap')}
        settings={settings}
        tr={tr}
        describeAction={describeAction}
        onChange={onChange}
      />
      <button type="button" onClick={onClose}>
        {tr('close')}
      </button>
    </Dialog>
  );
}

/** The offline recogniser's address, saved when the field is left, and the recogniser in use. */
function OfflineModelField(props: {
  readonly base: string;
  readonly label: string;
  readonly settings: Settings;
  readonly onChange: SettingsDialogProps['onChange'];
  readonly recogniser?: () => Promise<RecogniserChoice>;
}) {
  const { base, settings, recogniser } = props;
  const [modelUrl, setModelUrl] = useState(settings.offlineSpeechModel);
  // The recogniser in use, asked again when the model address or the language changes it.
  const [inUse, setInUse] = useState<RecogniserChoice>();
  useEffect(() => {
    if (!recogniser) return;
    let shown = true;
    void recogniser().then((choice) => {
      if (shown) setInUse(choice);
    });
    return () => {
      shown = false;
    };
  }, [recogniser, settings.offlineSpeechModel, settings.locale]);
  return (
    <div className="field">
      <label htmlFor={`${base}-offlineSpeechModel`}>{props.label}</label>
      {/* Saved when the field is left, so the address is not read aloud letter by letter. */}
      <input
        id={`${base}-offlineSpeechModel`}
        type="url"
        aria-describedby={inUse ? `${base}-recogniser` : undefined}
        value={modelUrl}
        onChange={(e) => setModelUrl(e.target.value)}
        onBlur={() => {
          const v = modelUrl.trim();
          if (v !== settings.offlineSpeechModel && isValidSetting('offlineSpeechModel', v))
            props.onChange('offlineSpeechModel', v);
        }}
      />
      {inUse ? <p id={`${base}-recogniser`}>{describeRecogniserInUse(settings.locale, inUse)}</p> : null}
    </div>
  );
}

/** Rebinding a key: the action, its chords, applied or refused with the reason. */
function KeymapForm(props: {
  readonly base: string;
  readonly label: string;
  readonly settings: Settings;
  readonly tr: Translate;
  readonly describeAction: SettingsDialogProps['describeAction'];
  readonly onChange: SettingsDialogProps['onChange'];
}) {
  const { base, settings, tr, describeAction, onChange } = props;
  const [action, setAction] = useState<ActionId>('pressClock');
  const [chord, setChord] = useState('');
  const [rebindError, setRebindError] = useState('');
  return (
    <form
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        const r = rebind(settings.keymap, action, chord.split(/\s+or\s+|,\s*/).filter(Boolean));
        if (!r.ok) {
          setRebindError(tr('rebindError', { detail: r.error.detail }));
          return;
        }
        setRebindError('');
        onChange('keymap', r.value);
      }}
    >
      <fieldset>
        <legend>{props.label}</legend>
        <div className="field">
          <label htmlFor={`${base}-action`}>{tr('rebindLabel', { action: '' }).replace(/:\s*$/, '')}</label>
          <select
            id={`${base}-action`}
            value={action}
            onChange={(e) => {
              const id = ACTION_IDS.find((a) => a === e.target.value);
              if (id) {
                setAction(id);
                setChord(settings.keymap[id].join(', '));
              }
            }}
          >
            {ACTION_IDS.map((id) => (
              <option key={id} value={id}>
                {describeAction(id)} ({settings.keymap[id].join(', ')})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${base}-chord`}>{tr('rebindLabel', { action: describeAction(action) })}</label>
          <input
            id={`${base}-chord`}
            type="text"
            value={chord}
            aria-describedby={rebindError ? `${base}-rebind-error` : undefined}
            onChange={(e) => setChord(e.target.value)}
          />
        </div>
        <button type="submit">{tr('rebindApply')}</button>
        <button type="button" onClick={() => onChange('keymap', DEFAULT_KEYMAP)}>
          {tr('resetKeys')}
        </button>
        {rebindError ? (
          <p id={`${base}-rebind-error`} role="alert">
            {rebindError}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
