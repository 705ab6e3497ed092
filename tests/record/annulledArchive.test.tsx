// @vitest-environment jsdom
// Annul and replay in the archive (issue 12; 000 Art 9, 003/001 Art 8): the arbiter annuls a game
// whose colours were reversed; the archive keeps the annulled game as a game of its own (result `*`,
// said annulled by the arbiter in its PGN, players under the colours they had) beside its replay,
// each leading to the other on the archive screen.
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MatchDriver, type MatchState } from '../../src/match/index.ts';
import { archiveSession, type ArchivableSession } from '../../src/screens/archive/sessionArchiver.ts';
import { ArchiveScreen } from '../../src/screens/archive/ArchiveScreen.tsx';
import { createArchive } from '../../src/session/archive.ts';
import { memoryStore, type KeyValueStore } from '../../src/ports/storage.ts';
import { importPgn } from '../../src/record/index.ts';
import type { OutputRouter } from '../../src/speech/speaker/outputRouter.ts';

afterEach(cleanup);

const MIN = 60_000;

/** A game of Anna (blind, White) and Bert, annulled for reversed colours after 1. e4 e5, then replayed. */
function annulledAndReplayed(): KeyValueStore {
  const store = memoryStore();
  const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
  let state: MatchState = d.state;
  const listeners = new Set<() => void>();
  const session: ArchivableSession = {
    getState: () => state,
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
  };
  const sync = () => {
    state = d.state;
    for (const l of listeners) l();
  };
  archiveSession(session, createArchive(store), {
    id: 'g1',
    source: 'local',
    tags: { Event: 'Club', White: 'Anna', Black: 'Bert' },
    now: () => d.now,
  });
  d.tick(5 * MIN).play('e2e4');
  sync();
  d.tick(MIN).play('e7e5');
  sync();
  // E93 Art 8.6: early in the first control the arbiter may arrange a new game.
  d.as('arbiter').judgeColoursReversed(true);
  expect(d.lastOf('gameAnnulled')).toBeDefined();
  sync();
  d.as('blind').startGame();
  d.tick(MIN).play('d2d4');
  sync();
  return store;
}

test('the annulled game is archived as its own game: `*`, annulled by the arbiter, players as they sat', () => {
  const archive = createArchive(annulledAndReplayed());
  const entries = archive.list();
  expect(entries.map((e) => e.id)).toEqual(['g1', 'g1-annulled-1']);
  expect(entries[1]).toMatchObject({
    white: 'Anna',
    black: 'Bert',
    result: '*',
    inProgress: false,
    moves: 1,
    annulled: true,
    replayedAs: 'g1',
  });
  // The replay has the colours right: Bert now plays White.
  expect(entries[0]).toMatchObject({ white: 'Bert', black: 'Anna', replayOf: 'g1-annulled-1' });

  // PGN lines wrap at 80 characters; the words are compared with the line breaks as spaces.
  const annulledPgn = (archive.pgn('g1-annulled-1') ?? '').replace(/\s+/g, ' ');
  expect(annulledPgn).toContain('[Result "*"]');
  expect(annulledPgn).toContain('[Ending "annulled"]');
  expect(annulledPgn).toContain(
    '{Annulled by the arbiter (the colours were reversed) after 2 half-moves; the game was replayed.}',
  );
  expect(annulledPgn).toMatch(/1\. e4 e5 \{Annulled/);
  expect(annulledPgn.trimEnd().endsWith('*')).toBe(true);
  // Read back, it is still an annulled game, not a game without a result.
  const reread = importPgn(archive.pgn('g1-annulled-1') ?? '');
  expect(reread.ok && reread.value.result).toEqual({ winner: null, reason: 'annulled' });

  const replayPgn = (archive.pgn('g1') ?? '').replace(/\s+/g, ' ');
  expect(replayPgn).toContain('[White "Bert"]');
  expect(replayPgn).toContain(
    '{Replay of the game annulled by the arbiter (the colours were reversed) after 2 half-moves.}',
  );
  // The annulled game's evidence log ends with the annulment.
  expect(archive.log('g1-annulled-1').at(-1)?.what).toBe('judgeColoursReversed');
});

test('the archive screen lists the annulled game as annulled and leads to its replay and back', async () => {
  const store = annulledAndReplayed();
  const router: OutputRouter = { deliver: () => {}, mode: () => 'screenReader', setMode() {}, clear() {} };
  render(
    <ArchiveScreen
      store={store}
      output={router}
      locale="en"
      vocabulary="ibca1985"
      now={() => 1_700_000_000_000}
      random={() => 0.5}
      download={() => {}}
    />,
  );
  const user = userEvent.setup();
  expect(screen.getByRole('cell', { name: 'annulled by the arbiter' })).toBeTruthy();
  await user.click(
    screen.getByRole('button', {
      name: 'Open: White Anna against Black Bert, annulled by the arbiter, 1 move',
    }),
  );
  expect(screen.getByRole('heading', { name: /Anna.*Bert/ })).toBeTruthy();
  expect(screen.getByText(/The arbiter annulled this game; it was replayed\./)).toBeTruthy();
  const checked = await axe.run(document.body, { resultTypes: ['violations'] });
  expect(checked.violations.map((v) => v.id)).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Open the game that replaced it' }));
  expect(screen.getByRole('heading', { name: /Bert.*Anna/ })).toBeTruthy();
  expect(screen.getByText(/This game replaces one the arbiter annulled\./)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Open the annulled game' }));
  expect(screen.getByRole('heading', { name: /Anna.*Bert/ })).toBeTruthy();
});
