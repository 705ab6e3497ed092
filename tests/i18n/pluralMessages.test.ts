// Issue 28: every message with a count says it with the right form in English and German, for 0,
// 1, 2 and 5: no "1 moves", no "action(s)". The expected words are written here by hand.
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/i18n/index.ts';
import { DUTIES, type LogEntry } from '../../src/match/types.ts';
import type { PgnError } from '../../src/core/index.ts';
import { speechText } from '../../src/speech/messages.ts';
import { describeLogEntry } from '../../src/speech/evidence.ts';
import { describePgnError } from '../../src/speech/pgnErrors.ts';
import { recogniserMessage } from '../../src/speech/listener/messages.ts';
import { describeFaults, type ReviewedMove } from '../../src/speech/review.ts';
import { describeDuration } from '../../src/speech/describe.ts';
import { tRecord } from '../../src/record/index.ts';
import { tAbout } from '../../src/screens/about/messages.ts';
import { tArbiter } from '../../src/screens/arbiter/messages.ts';
import { archiveTranslator, describeOpenGame } from '../../src/screens/archive/messages.ts';
import { tProcedures } from '../../src/screens/procedures/messages.ts';
import { tSetup } from '../../src/screens/setup/messages.ts';
import { tSighted } from '../../src/screens/sighted/messages.ts';

const COUNTS = [0, 1, 2, 5] as const;
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** An evidence line: the arbiter set the assistant's duties to `n` of them. */
const dutiesLine = (n: number): LogEntry => ({
  seq: 1,
  at: 0,
  by: 'arbiter',
  what: 'overrideSetting',
  detail: '',
  refused: false,
  subject: {
    intent: { kind: 'overrideSetting', override: { setting: 'assistantDuties', value: DUTIES.slice(0, n) } },
    fen: START,
  },
});

/** `n` faults of one kind by White, at moves 1 to n. */
const faults = (n: number, verdict: ReviewedMove['verdict']): ReviewedMove[] =>
  Array.from({ length: n }, (_, i) => ({
    ply: 2 * i + 1,
    color: 'w' as const,
    moveNumber: i + 1,
    fenBefore: START,
    uci: 'a2a3',
    verdict,
    best: 'e2e4',
    evalCp: 0,
  }));

const openGame = (locale: Locale, n: number) =>
  describeOpenGame(
    { white: 'Anna', black: 'Bert', date: '', result: '1-0', inProgress: false, moves: n },
    archiveTranslator(locale),
  );

type Row = readonly [
  string,
  (locale: Locale, n: number) => string,
  readonly [string, string, string, string],
  readonly [string, string, string, string],
];

const ROWS: readonly Row[] = [
  [
    'sighted: actions waiting to be sent',
    (l, n) => tSighted(l, 'pending', { count: n }),
    [
      '0 actions waiting to be sent',
      '1 action waiting to be sent',
      '2 actions waiting to be sent',
      '5 actions waiting to be sent',
    ],
    [
      '0 Aktionen warten auf Versand',
      '1 Aktion wartet auf Versand',
      '2 Aktionen warten auf Versand',
      '5 Aktionen warten auf Versand',
    ],
  ],
  [
    'speech: the score recorded',
    (l, n) => speechText(l, 'scoreWritten', { moves: n }),
    [
      'Your score is recorded: 0 moves',
      'Your score is recorded: 1 move',
      'Your score is recorded: 2 moves',
      'Your score is recorded: 5 moves',
    ],
    [
      'Ihre Partieaufzeichnung ist gespeichert: 0 Züge',
      'Ihre Partieaufzeichnung ist gespeichert: 1 Zug',
      'Ihre Partieaufzeichnung ist gespeichert: 2 Züge',
      'Ihre Partieaufzeichnung ist gespeichert: 5 Züge',
    ],
  ],
  [
    'speech: boards corrected',
    (l, n) => speechText(l, 'correctionApplied', { plies: n }),
    [
      'Boards corrected: 0 moves taken back',
      'Boards corrected: 1 move taken back',
      'Boards corrected: 2 moves taken back',
      'Boards corrected: 5 moves taken back',
    ],
    [
      'Bretter berichtigt: 0 Züge zurückgenommen',
      'Bretter berichtigt: 1 Zug zurückgenommen',
      'Bretter berichtigt: 2 Züge zurückgenommen',
      'Bretter berichtigt: 5 Züge zurückgenommen',
    ],
  ],
  [
    'evidence: the assistant’s duties',
    (l, n) => describeLogEntry(l, dutiesLine(n)),
    [
      "Set the assistant's duties (0 duties)",
      "Set the assistant's duties (1 duty)",
      "Set the assistant's duties (2 duties)",
      "Set the assistant's duties (5 duties)",
    ],
    [
      'Aufgaben des Assistenten gesetzt (0 Aufgaben)',
      'Aufgaben des Assistenten gesetzt (1 Aufgabe)',
      'Aufgaben des Assistenten gesetzt (2 Aufgaben)',
      'Aufgaben des Assistenten gesetzt (5 Aufgaben)',
    ],
  ],
  [
    'PGN: a text with several games',
    (l, n) => describePgnError(l, { code: 'multipleGames', games: n } as PgnError),
    [
      'The text holds 0 games; import it as a database.',
      'The text holds 1 game; import it as a database.',
      'The text holds 2 games; import it as a database.',
      'The text holds 5 games; import it as a database.',
    ],
    [
      'Der Text enthält 0 Partien; importieren Sie ihn als Datenbank.',
      'Der Text enthält 1 Partie; importieren Sie ihn als Datenbank.',
      'Der Text enthält 2 Partien; importieren Sie ihn als Datenbank.',
      'Der Text enthält 5 Partien; importieren Sie ihn als Datenbank.',
    ],
  ],
  [
    'recogniser: too many recordings',
    (l, n) => recogniserMessage(l, 'tooMany', { seconds: n }),
    [
      'Too many recordings in a short time. Wait 0 seconds, then speak again.',
      'Too many recordings in a short time. Wait 1 second, then speak again.',
      'Too many recordings in a short time. Wait 2 seconds, then speak again.',
      'Too many recordings in a short time. Wait 5 seconds, then speak again.',
    ],
    [
      'Zu viele Aufnahmen in kurzer Zeit. Warten Sie 0 Sekunden und sprechen Sie dann erneut.',
      'Zu viele Aufnahmen in kurzer Zeit. Warten Sie 1 Sekunde und sprechen Sie dann erneut.',
      'Zu viele Aufnahmen in kurzer Zeit. Warten Sie 2 Sekunden und sprechen Sie dann erneut.',
      'Zu viele Aufnahmen in kurzer Zeit. Warten Sie 5 Sekunden und sprechen Sie dann erneut.',
    ],
  ],
  [
    'review: mistakes',
    (l, n) => describeFaults(faults(n, 'mistake'), 'w', l),
    [
      'no mistakes',
      'one mistake at move 1',
      'two mistakes at moves 1 and 2',
      'five mistakes at moves 1, 2, 3, 4 and 5',
    ],
    [
      'keine Fehler',
      'ein Fehler im Zug 1',
      'zwei Fehler in den Zügen 1 und 2',
      'fünf Fehler in den Zügen 1, 2, 3, 4 und 5',
    ],
  ],
  [
    'review: inaccuracies',
    (l, n) => describeFaults(faults(n, 'inaccuracy'), 'w', l),
    [
      'no mistakes',
      'one inaccuracy at move 1',
      'two inaccuracies at moves 1 and 2',
      'five inaccuracies at moves 1, 2, 3, 4 and 5',
    ],
    [
      'keine Fehler',
      'eine Ungenauigkeit im Zug 1',
      'zwei Ungenauigkeiten in den Zügen 1 und 2',
      'fünf Ungenauigkeiten in den Zügen 1, 2, 3, 4 und 5',
    ],
  ],
  [
    'review: blunders',
    (l, n) => describeFaults(faults(n, 'blunder'), 'w', l),
    [
      'no mistakes',
      'one blunder at move 1',
      'two blunders at moves 1 and 2',
      'five blunders at moves 1, 2, 3, 4 and 5',
    ],
    [
      'keine Fehler',
      'ein grober Fehler im Zug 1',
      'zwei grobe Fehler in den Zügen 1 und 2',
      'fünf grobe Fehler in den Zügen 1, 2, 3, 4 und 5',
    ],
  ],
  [
    'clock read-out: minutes and seconds',
    (l, n) => describeDuration(n * 61_000, { locale: l }),
    ['0 seconds', '1 minute 1 second', '2 minutes 2 seconds', '5 minutes 5 seconds'],
    ['0 Sekunden', '1 Minute 1 Sekunde', '2 Minuten 2 Sekunden', '5 Minuten 5 Sekunden'],
  ],
  [
    'clock read-out: hours and minutes',
    (l, n) => describeDuration(n * 3_660_000, { locale: l }),
    ['0 seconds', '1 hour 1 minute', '2 hours 2 minutes', '5 hours 5 minutes'],
    ['0 Sekunden', '1 Stunde 1 Minute', '2 Stunden 2 Minuten', '5 Stunden 5 Minuten'],
  ],
  [
    'record: an annulled game’s comment',
    (l, n) => tRecord(l, 'annulledComment', { reason: 'r', plies: n }),
    [
      'Annulled by the arbiter (r) after 0 half-moves; the game was replayed.',
      'Annulled by the arbiter (r) after 1 half-move; the game was replayed.',
      'Annulled by the arbiter (r) after 2 half-moves; the game was replayed.',
      'Annulled by the arbiter (r) after 5 half-moves; the game was replayed.',
    ],
    [
      'Vom Schiedsrichter annulliert (r) nach 0 Halbzügen; die Partie wurde neu gespielt.',
      'Vom Schiedsrichter annulliert (r) nach 1 Halbzug; die Partie wurde neu gespielt.',
      'Vom Schiedsrichter annulliert (r) nach 2 Halbzügen; die Partie wurde neu gespielt.',
      'Vom Schiedsrichter annulliert (r) nach 5 Halbzügen; die Partie wurde neu gespielt.',
    ],
  ],
  [
    'record: a replay’s comment',
    (l, n) => tRecord(l, 'replayComment', { reason: 'r', plies: String(n) }),
    [
      'Replay of the game annulled by the arbiter (r) after 0 half-moves.',
      'Replay of the game annulled by the arbiter (r) after 1 half-move.',
      'Replay of the game annulled by the arbiter (r) after 2 half-moves.',
      'Replay of the game annulled by the arbiter (r) after 5 half-moves.',
    ],
    [
      'Neu gespielte Partie; die erste wurde vom Schiedsrichter nach 0 Halbzügen annulliert (r).',
      'Neu gespielte Partie; die erste wurde vom Schiedsrichter nach 1 Halbzug annulliert (r).',
      'Neu gespielte Partie; die erste wurde vom Schiedsrichter nach 2 Halbzügen annulliert (r).',
      'Neu gespielte Partie; die erste wurde vom Schiedsrichter nach 5 Halbzügen annulliert (r).',
    ],
  ],
  [
    'about: packages in the app',
    (l, n) => tAbout(l, 'group.app', { count: n }),
    [
      'In the app (0 packages)',
      'In the app (1 package)',
      'In the app (2 packages)',
      'In the app (5 packages)',
    ],
    ['In der App (0 Pakete)', 'In der App (1 Paket)', 'In der App (2 Pakete)', 'In der App (5 Pakete)'],
  ],
  [
    'about: packages on the server',
    (l, n) => tAbout(l, 'group.server', { count: n }),
    [
      'On the server (0 packages)',
      'On the server (1 package)',
      'On the server (2 packages)',
      'On the server (5 packages)',
    ],
    [
      'Auf dem Server (0 Pakete)',
      'Auf dem Server (1 Paket)',
      'Auf dem Server (2 Pakete)',
      'Auf dem Server (5 Pakete)',
    ],
  ],
  [
    'arbiter: the floor before the control',
    (l, n) => tArbiter(l, 'floorControl', { minutes: n }),
    [
      'less than 0 minutes to the time control',
      'less than 1 minute to the time control',
      'less than 2 minutes to the time control',
      'less than 5 minutes to the time control',
    ],
    [
      'weniger als 0 Minuten bis zur Zeitkontrolle',
      'weniger als 1 Minute bis zur Zeitkontrolle',
      'weniger als 2 Minuten bis zur Zeitkontrolle',
      'weniger als 5 Minuten bis zur Zeitkontrolle',
    ],
  ],
  [
    'arbiter: the floor per move (both counts)',
    (l, n) => tArbiter(l, 'floorPerMove', { minutes: n, moves: n }),
    [
      'less than 0 minutes per remaining move (0 moves to the control)',
      'less than 1 minute per remaining move (1 move to the control)',
      'less than 2 minutes per remaining move (2 moves to the control)',
      'less than 5 minutes per remaining move (5 moves to the control)',
    ],
    [
      'weniger als 0 Minuten je verbleibendem Zug (0 Züge bis zur Kontrolle)',
      'weniger als 1 Minute je verbleibendem Zug (1 Zug bis zur Kontrolle)',
      'weniger als 2 Minuten je verbleibendem Zug (2 Züge bis zur Kontrolle)',
      'weniger als 5 Minuten je verbleibendem Zug (5 Züge bis zur Kontrolle)',
    ],
  ],
  [
    'archive: a game’s moves in its Open button',
    openGame,
    [
      'Open: White Anna against Black Bert, 1–0, 0 moves',
      'Open: White Anna against Black Bert, 1–0, 1 move',
      'Open: White Anna against Black Bert, 1–0, 2 moves',
      'Open: White Anna against Black Bert, 1–0, 5 moves',
    ],
    [
      'Öffnen: Weiß Anna gegen Schwarz Bert, 1–0, 0 Züge',
      'Öffnen: Weiß Anna gegen Schwarz Bert, 1–0, 1 Zug',
      'Öffnen: Weiß Anna gegen Schwarz Bert, 1–0, 2 Züge',
      'Öffnen: Weiß Anna gegen Schwarz Bert, 1–0, 5 Züge',
    ],
  ],
  [
    'archive: games imported',
    (l, n) => archiveTranslator(l)('imported', { count: n }),
    ['Nothing was imported.', '1 game imported.', '2 games imported.', '5 games imported.'],
    ['Nichts wurde importiert.', '1 Partie importiert.', '2 Partien importiert.', '5 Partien importiert.'],
  ],
  [
    'archive: games not imported',
    (l, n) => archiveTranslator(l)('notImported', { count: n }),
    [
      '0 games could not be read; they are listed under “Games not imported”.',
      '1 game could not be read; it is listed under “Games not imported”.',
      '2 games could not be read; they are listed under “Games not imported”.',
      '5 games could not be read; they are listed under “Games not imported”.',
    ],
    [
      '0 Partien konnten nicht gelesen werden; sie stehen unter „Nicht importierte Partien“.',
      '1 Partie konnte nicht gelesen werden; sie steht unter „Nicht importierte Partien“.',
      '2 Partien konnten nicht gelesen werden; sie stehen unter „Nicht importierte Partien“.',
      '5 Partien konnten nicht gelesen werden; sie stehen unter „Nicht importierte Partien“.',
    ],
  ],
  [
    'procedures: the event’s default time',
    (l, n) => tProcedures(l, 'lateDefault', { minutes: n }),
    [
      'Default time of the event: 0 minutes from the start of the session.',
      'Default time of the event: 1 minute from the start of the session.',
      'Default time of the event: 2 minutes from the start of the session.',
      'Default time of the event: 5 minutes from the start of the session.',
    ],
    [
      'Karenzzeit der Veranstaltung: 0 Minuten ab Beginn der Sitzung.',
      'Karenzzeit der Veranstaltung: 1 Minute ab Beginn der Sitzung.',
      'Karenzzeit der Veranstaltung: 2 Minuten ab Beginn der Sitzung.',
      'Karenzzeit der Veranstaltung: 5 Minuten ab Beginn der Sitzung.',
    ],
  ],
  [
    'setup: a late-arrival choice',
    (l, n) => tSetup(l, 'lateArrivalMinutes', { minutes: String(n) }),
    ['0 minutes', '1 minute', '2 minutes', '5 minutes'],
    ['0 Minuten', '1 Minute', '2 Minuten', '5 Minuten'],
  ],
  [
    'setup: the rules’ late-arrival choice',
    (l, n) => tSetup(l, 'lateArrivalRulesDefault', { minutes: String(n) }),
    [
      '0 minutes (one hour, as the rules say)',
      '1 minute (one hour, as the rules say)',
      '2 minutes (one hour, as the rules say)',
      '5 minutes (one hour, as the rules say)',
    ],
    [
      '0 Minuten (eine Stunde, wie die Regeln sagen)',
      '1 Minute (eine Stunde, wie die Regeln sagen)',
      '2 Minuten (eine Stunde, wie die Regeln sagen)',
      '5 Minuten (eine Stunde, wie die Regeln sagen)',
    ],
  ],
  [
    'setup: rate limited',
    (l, n) => tSetup(l, 'error_rateLimited', { seconds: String(n) }),
    [
      'Too many attempts. Trying again by itself in 0 seconds.',
      'Too many attempts. Trying again by itself in 1 second.',
      'Too many attempts. Trying again by itself in 2 seconds.',
      'Too many attempts. Trying again by itself in 5 seconds.',
    ],
    [
      'Zu viele Versuche. Neuer Versuch von selbst in 0 Sekunden.',
      'Zu viele Versuche. Neuer Versuch von selbst in 1 Sekunde.',
      'Zu viele Versuche. Neuer Versuch von selbst in 2 Sekunden.',
      'Zu viele Versuche. Neuer Versuch von selbst in 5 Sekunden.',
    ],
  ],
  [
    'setup by voice: the late-arrival time',
    (l, n) => tSetup(l, 'voiceLateArrival', { minutes: String(n) }),
    [
      'A player who has not arrived loses after 0 minutes',
      'A player who has not arrived loses after 1 minute',
      'A player who has not arrived loses after 2 minutes',
      'A player who has not arrived loses after 5 minutes',
    ],
    [
      'Wer nicht erschienen ist, verliert nach 0 Minuten',
      'Wer nicht erschienen ist, verliert nach 1 Minute',
      'Wer nicht erschienen ist, verliert nach 2 Minuten',
      'Wer nicht erschienen ist, verliert nach 5 Minuten',
    ],
  ],
];

describe.each(ROWS)('%s', (_, say, en, de) => {
  test.each(COUNTS.map((n, i) => [n, en[i], de[i]] as const))('%i: “%s” / “%s”', (n, english, german) => {
    expect(say('en', n)).toBe(english);
    expect(say('de', n)).toBe(german);
  });
});
