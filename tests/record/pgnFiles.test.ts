// Real-world PGN files (issue 14), written in the shapes public chess projects keep as test data:
// a club database with bad games among good ones, a tags-only database, games without result
// tokens, variants, annotated games (comments before move 1, NAGs, nested variations, escape
// lines), BOM, CRLF and Windows-1252 names. Every good game is kept, every bad one is named with
// its line and reason, and what is kept survives export and import.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { moveHistory } from '../../src/core/index.ts';
import { decodePgnBytes, exportPgn, readPgnFile, type GameRecord } from '../../src/record/index.ts';
import { describePgnError } from '../../src/speech/pgnErrors.ts';

const bytesOf = (name: string) => readFileSync(join(process.cwd(), 'tests/fixtures/pgn', name));
const textOf = (name: string) => decodePgnBytes(bytesOf(name));
const sans = (r: GameRecord | undefined) => (r ? moveHistory(r.game).map((m) => m.san) : []);
/** Each error as "code @ line: the text of that line", to show the line really holds the problem. */
function located(text: string, errors: readonly { code: string; line?: number }[]): string[] {
  const lines = text.split(/\r?\n/);
  return errors.map((e) => `${e.code} @ ${e.line}: ${lines[(e.line ?? 0) - 1] ?? ''}`);
}

function roundTrip(record: GameRecord): GameRecord {
  const back = readPgnFile(exportPgn(record));
  expect(back.errors).toEqual([]);
  expect(back.records).toHaveLength(1);
  return back.records[0] as GameRecord;
}

describe('a club database with one bad game among good ones', () => {
  const text = textOf('club-database.pgn');
  const file = readPgnFile(text);

  test('the six good games are kept, in order, with their players and results', () => {
    expect(file.records.map((r) => `${r.tags.White} - ${r.tags.Black}`)).toEqual([
      'Morphy, Paul - Duke Karl',
      'Anderssen, Adolf - Kieseritzky, Lionel',
      'Réti, Richard - Tartakower, Savielly',
      'Anderssen, Adolf - Dufresne, Jean',
      'Legal, Kermur de - Saint Brie',
      'Horvat, Ana - Novak, Jan',
    ]);
    expect(file.records.map((r) => r.game.moves.length)).toEqual([33, 45, 21, 47, 13, 17]);
    expect(file.records.map((r) => r.result?.winner ?? 'draw')).toEqual(['w', 'w', 'w', 'w', 'w', 'draw']);
  });

  test('the bad game is named: game 4, the line of its ambiguous move, and why', () => {
    expect(file.errors).toHaveLength(1);
    expect(file.errors[0]).toMatchObject({ code: 'illegalMove', line: 49, gameNumber: 4, ply: 7 });
    expect(describePgnError('en', file.errors[0]!)).toBe(
      'Game 4, line 49: ply 7 (4. Nd2, White): “Nd2” could be Nfd2 or Nbd2: say which piece moves.',
    );
    expect(located(text, file.errors)).toEqual([
      'illegalMove @ 49: 1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Nd2 c5 5. c3 Nc6 6. Bd3 Bd6 7. O-O O-O 0-1',
    ]);
  });
});

describe('a file with many kinds of damage', () => {
  const text = textOf('broken.pgn');
  const file = readPgnFile(text);

  test('the four good games between the bad ones are kept', () => {
    expect(file.records.map((r) => r.tags.Round)).toEqual(['1', '3', '6', '9']);
    expect(sans(file.records[1])).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  });

  test('each bad game (and a stray brace between games) is listed with the line that holds the problem', () => {
    expect(file.errors.map((e) => [e.code, e.gameNumber])).toEqual([
      ['unterminatedComment', 2],
      ['badTag', 4],
      ['illegalMove', 5],
      ['unexpectedToken', undefined],
      ['unterminatedVariation', 7],
      ['invalidFen', 8],
      ['truncated', 10],
    ]);
    expect(located(text, file.errors)).toEqual([
      "unterminatedComment @ 19: 1. d4 d5 2. c4 {the Queen's Gambit, and then the comment",
      'badTag @ 36: [White "Tag, Broken',
      'illegalMove @ 51: 4. Bxc6 dxc6 5. O-O f6 6. Ke2 Bg4 1-0',
      'unexpectedToken @ 53: }',
      'unterminatedVariation @ 73: 1. e4 c5 2. Nf3 (2. Nc3 Nc6 3. f4 1-0',
      'invalidFen @ 83: [FEN "8/8/8/8/8/8/8/8 w - - 0 1"]',
      'truncated @ 105: 1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2',
    ]);
    expect(file.errors.map((e) => describePgnError('en', e))).toEqual([
      'Game 2, line 19: a comment opened here is never closed.',
      'Game 4, line 36: the tag is malformed (expected [Name "value"]).',
      'Game 5, line 51: ply 11 (6. Ke2, White): “Ke2”: no king can move to e2.',
      'Line 53: unexpected “}”.',
      'Game 7, line 73: a variation opened here is never closed.',
      'Game 8, line 83: the FEN tag is not a valid position: Invalid FEN: missing white king',
      'Game 10, line 105: the moves end without the result 1-0 that the Result tag announces; the game text seems cut off.',
    ]);
  });

  test('with a BOM and CRLF line ends the same games are kept and the same lines named', () => {
    const windows = readPgnFile(`\uFEFF${text.replace(/\n/g, '\r\n')}`);
    expect(windows.records.map((r) => r.tags.Round)).toEqual(['1', '3', '6', '9']);
    expect(windows.errors).toEqual(file.errors);
  });
});

describe('tags-only databases and games without result tokens are separated', () => {
  test('a tags-only database: five games (with and without a result token), none merged', () => {
    const file = readPgnFile(textOf('tags-only.pgn'));
    expect(file.errors).toEqual([]);
    expect(file.records.map((r) => [r.tags.Round, r.tags.White, r.game.moves.length])).toEqual([
      ['1.1', 'Kovač, Milan', 0],
      ['1.2', 'Müller, Jonas', 0],
      ['1.3', 'Ivanova, Olga', 0],
      ['2.1', 'Sørensen, Ida', 0],
      ['2.2', 'Lindqvist, Åsa', 0],
    ]);
    expect(file.records.map((r) => (r.result === null ? null : (r.result.winner ?? 'draw')))).toEqual([
      'w',
      'draw',
      'b',
      null,
      'w',
    ]);
    expect(file.records[0]?.tags.WhiteElo).toBe('2110');
  });

  test('games with no result token: by their tags, by an empty line before "1.", by a lower move number', () => {
    const file = readPgnFile(textOf('no-result-tokens.pgn'));
    expect(file.errors).toEqual([]);
    expect(file.records.map(sans)).toEqual([
      ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'],
      ['f3', 'e5', 'g4', 'Qh4#'],
      ['d4', 'd5', 'c4', 'e6', 'Nc3', 'Nf6'],
      ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6'],
      ['c4', 'e5', 'Nc3', 'Nf6'],
    ]);
    // The Result tag gives the result where the token is missing.
    expect(file.records.map((r) => r.result?.winner ?? null)).toEqual(['w', 'b', null, null, null]);
  });
});

describe('variants are refused by name', () => {
  const text = textOf('variants.pgn');
  const file = readPgnFile(text);

  test('standard games (also "Standard" and "From Position") are kept', () => {
    expect(file.records.map((r) => r.tags.Site)).toEqual([
      'https://lichess.org/aaaa1111',
      'https://lichess.org/eeee5555',
    ]);
    expect(file.records[1]?.game.startFen).toBe('8/8/4k3/8/8/4K3/4P3/8 w - - 0 60');
  });

  test('Chess960, Antichess, Atomic, Crazyhouse and King of the Hill are each named, at their Variant tag', () => {
    expect(file.errors.map((e) => describePgnError('en', e))).toEqual([
      'Game 2, line 18: the game is Chess960, not standard chess; only standard chess can be imported.',
      'Game 3, line 30: the game is Antichess, not standard chess; only standard chess can be imported.',
      'Game 4, line 40: the game is Atomic, not standard chess; only standard chess can be imported.',
      'Game 6, line 63: the game is Crazyhouse, not standard chess; only standard chess can be imported.',
      'Game 7, line 73: the game is King of the Hill, not standard chess; only standard chess can be imported.',
    ]);
    expect(
      new Set(located(text, file.errors).map((l) => l.replace(/^variant @ \d+: \[Variant "[^"]+"\]$/, 'ok'))),
    ).toEqual(new Set(['ok']));
  });
});

describe('annotated games: comments (also before move 1) and NAGs are kept and exported again', () => {
  const file = readPgnFile(textOf('annotated.pgn'));
  const [opera, lichess] = file.records as [GameRecord, GameRecord];

  test('the escape lines are skipped and both games are read; variations are skipped, the main line kept', () => {
    expect(file.errors).toEqual([]);
    expect(file.records).toHaveLength(2);
    expect(sans(opera).slice(4, 8)).toEqual(['d4', 'Bg4', 'dxe5', 'Bxf3']);
    expect(sans(opera).at(-1)).toBe('Rd8#');
  });

  test('the comment before move 1, the comments after moves, and NAGs from $n and from !, ?!, !! glyphs', () => {
    expect(opera.startComment).toBe(
      'The Opera Game, played in a box at the Paris opera during The Barber of Seville.',
    );
    expect(opera.comments[3]).toBe("Philidor's Defence.");
    expect(opera.comments[5]).toBe('Better is');
    expect(opera.comments[32]).toBe('A queen sacrifice ends it.');
    const nags = (r: GameRecord) =>
      Object.fromEntries((r.nags ?? []).flatMap((n, ply) => (n.length > 0 ? [[sans(r)[ply], n]] : [])));
    expect(nags(opera)).toEqual({ Bg4: [6], Qb3: [1], b5: [6], Nxb5: [3], Rxd7: [1], 'Qb8+': [3] });
    expect(lichess.startComment).toBe(
      'Two Knights Defence: the game starts after 3... Nf6. and it goes on here',
    );
    expect(nags(lichess)).toEqual({ Na5: [2], Qf3: [4, 146], 'Qxd2+': [19] });
    // Clock commands become clock readings; other commands ([%eval]) stay in the comment.
    expect(lichess.clocks.slice(0, 4)).toEqual([598_000, 595_000, null, 580_000]);
    expect(lichess.comments[0]).toBe('[%eval -0.2]');
    expect(lichess.comments[3]).toBe('The main line.');
    expect(lichess.comments[9]).toBe('Black wins a piece');
  });

  test('the export writes the comment before move 1, NAGs as $n (never glyphs), and reads back the same', () => {
    const text = exportPgn(opera);
    const movetext = text.slice(text.indexOf('\n\n') + 2).replace(/\s+/g, ' ');
    expect(movetext.startsWith('{The Opera Game, played in a box')).toBe(true);
    expect(movetext).toContain('Bg4 $6 {Better is} 4. dxe5');
    expect(movetext).toContain('7. Qb3 $1 Qe7');
    expect(movetext).toContain('10. Nxb5 $3 cxb5');
    expect(movetext).not.toMatch(/[!?]/);
    for (const r of [opera, lichess]) {
      const back = roundTrip(r);
      expect(back.game).toEqual(r.game);
      expect(back.startComment).toBe(r.startComment);
      expect(back.comments).toEqual(r.comments);
      expect(back.nags).toEqual(r.nags);
      expect(back.clocks).toEqual(r.clocks);
      expect(back.result).toEqual(r.result);
    }
  });
});

describe('encodings: BOM, CRLF, Windows-1252', () => {
  test('a Windows-1252 file with CRLF keeps its accented names and its en dash', () => {
    const bytes = bytesOf('latin1-crlf.pgn');
    // The fixture really is single-byte: "ø" is the byte F8, not UTF-8.
    expect(bytes.includes(Buffer.from('Sørensen', 'latin1'))).toBe(true);
    const file = readPgnFile(decodePgnBytes(bytes));
    expect(file.errors).toEqual([]);
    expect(file.records.map((r) => [r.tags.White, r.tags.Black, r.tags.Site])).toEqual([
      ['Sørensen, Ida', 'Müller, Jürgen', 'Göteborg SWE'],
      ['Lindqvist, Åsa', 'Dubois, François', 'Göteborg SWE'],
    ]);
    expect(file.records[0]?.startComment).toBe(
      'Exported by an old database program in Windows-1252 – with CRLF line ends.',
    );
  });

  test('a UTF-8 file with a BOM and CRLF keeps Cyrillic, Czech and Turkish names', () => {
    const file = readPgnFile(textOf('bom-crlf.pgn'));
    expect(file.errors).toEqual([]);
    expect(file.records.map((r) => [r.tags.White, r.tags.Black])).toEqual([
      ['Непомнящий, Ян', 'Карякин, Сергей'],
      ['Šťastný, Václav', 'Gürsel, Çağrı'],
    ]);
    expect(file.records[0]?.tags.Event).toBe('Москва Open');
  });
});

test('every game kept from every fixture survives export and import unchanged', () => {
  const names = [
    'club-database.pgn',
    'broken.pgn',
    'tags-only.pgn',
    'no-result-tokens.pgn',
    'variants.pgn',
    'annotated.pgn',
    'latin1-crlf.pgn',
    'bom-crlf.pgn',
  ];
  let kept = 0;
  for (const name of names) {
    for (const record of readPgnFile(textOf(name)).records) {
      const back = roundTrip(record);
      const which = `${name}: ${record.tags.White} - ${record.tags.Black}`;
      // The export adds the Seven Tag Roster's "?" for missing tags; everything else is the same.
      expect(back, which).toEqual({ ...record, tags: back.tags });
      expect(back.tags, which).toMatchObject(record.tags);
      expect(exportPgn(back), which).toBe(exportPgn(record));
      kept++;
    }
  }
  expect(kept).toBe(28);
});
