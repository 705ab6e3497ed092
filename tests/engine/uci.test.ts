import { afterAll, describe, expect, it, vi } from 'vitest';
import { createNodeEngine, startNodeProgram } from '../../src/engine/node.ts';
import { createUciEngine, parseInfo } from '../../src/engine/uci.ts';

describe('parseInfo', () => {
  it('reads rank, depth, score and line', () => {
    expect(
      parseInfo('info depth 6 seldepth 8 multipv 2 score cp -31 nodes 645 nps 1 time 58 pv h2h3 h7h6'),
    ).toEqual({ rank: 2, depth: 6, score: { kind: 'cp', value: -31 }, pv: ['h2h3', 'h7h6'] });
    expect(parseInfo('info depth 5 score mate -2 pv e1e2 d8d2')?.score).toEqual({ kind: 'mate', value: -2 });
  });
  it('ignores lines without a scored line and provisional bounds', () => {
    expect(parseInfo('info string NNUE evaluation enabled')).toBeNull();
    expect(parseInfo('info depth 3 score cp 20 lowerbound pv e2e4')).toBeNull();
    expect(parseInfo('bestmove e2e4')).toBeNull();
  });
});

describe('the engine in a child process', () => {
  const engine = createNodeEngine();
  afterAll(() => engine.dispose());

  it('finds a back-rank mate in one and answers searches in order', async () => {
    const [mate, start] = await Promise.all([
      engine.search('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', { depth: 4, multiPv: 2 }),
      engine.search('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { depth: 2 }),
    ]);
    expect(mate.bestMove).toBe('d1d8');
    expect(mate.lines[0]?.score).toEqual({ kind: 'mate', value: 1 });
    expect(mate.lines).toHaveLength(2);
    expect(start.lines).toHaveLength(1);
    expect(start.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]$/);
  });

  it('answers a mated position with no move', async () => {
    const r = await engine.search('3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', { depth: 3 });
    expect(r.bestMove).toBeNull();
  });
});

describe('an engine program that fails', () => {
  it('fails the search under way and every later one, instead of waiting for ever', async () => {
    let fail: (e: Error) => void = () => {};
    const sent: string[] = [];
    const engine = createUciEngine({
      send: (line) => sent.push(line),
      listen: (_onLine, onFailure) => (fail = onFailure),
      close: () => {},
    });
    const search = engine.search('8/8/8/8/8/8/8/K6k w - - 0 1', { depth: 1 });
    fail(new Error('WebAssembly could not be loaded'));
    await expect(search).rejects.toThrow('WebAssembly could not be loaded');
    await expect(engine.search('8/8/8/8/8/8/8/K6k w - - 0 1', { depth: 1 })).rejects.toThrow(
      'WebAssembly could not be loaded',
    );
    expect(sent).toEqual(['uci']);
  });
});

/** The real engine program, with every line sent to it kept in order. */
function recordedEngine() {
  const program = startNodeProgram();
  const sent: string[] = [];
  const engine = createUciEngine({
    ...program,
    send: (line) => {
      sent.push(line);
      program.send(line);
    },
  });
  return { engine, sent };
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('the UCI protocol as written, with the real engine', () => {
  const { engine, sent } = recordedEngine();
  afterAll(() => engine.dispose());

  it('sends ucinewgame before a new game’s position, then isready, then go', async () => {
    engine.newGame();
    const first = await engine.search(START, { depth: 2 });
    expect(first.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]$/);
    engine.newGame();
    await engine.search(START, { depth: 2 });
    const commands = sent.map((l) => l.split(' ')[0]);
    expect(commands).toEqual([
      'uci',
      'ucinewgame',
      'position',
      'isready',
      'go',
      'ucinewgame',
      'position',
      'isready',
      'go',
    ]);
  });

  it('stops a search that is called off, at once, with the best move so far', async () => {
    sent.length = 0;
    const started = Date.now();
    const taken = new AbortController();
    const long = engine.search(START, { depth: 40 }, taken.signal);
    const queued = new AbortController();
    const never = engine.search(START, { depth: 2 }, queued.signal);
    // Called off before its turn: it never reaches the engine.
    queued.abort();
    await vi.waitFor(() => expect(sent.at(-1)).toBe('go depth 40'), { timeout: 5_000 });
    taken.abort();
    await expect(long).resolves.toMatchObject({ bestMove: expect.stringMatching(/^[a-h][1-8][a-h][1-8]$/) });
    await expect(never).resolves.toEqual({ bestMove: null, lines: [] });
    expect(sent.map((l) => l.split(' ')[0])).toEqual(['position', 'isready', 'go', 'stop']);
    // Depth 40 would take minutes: the engine answered `stop` at once.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
