/**
 * One persistent pocketsphinx decoder (Debian's `pocketsphinx_batch`, issue 25). Loading the
 * acoustic model costs about as much as decoding an utterance, so the process is started once and
 * fed one utterance at a time: a line on its control file names the audio, a line on its FSG
 * control file the grammar to decode it with (both named pipes: pocketsphinx opens its control
 * files by name, and Node's own stdio pipes are sockets, which it cannot open), and it answers with the n-best list in a
 * file, then the best transcript and a "done" line in its log (stderr). A decoder that dies or hangs is replaced, and the utterance it held fails.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** One hypothesis of the n-best list: the words and the decoder's path score (log base 1.0001). */
export interface Hypothesis {
  readonly text: string;
  readonly score: number;
}

/** One word of the best path, from pocketsphinx's backtrace (`-backtrace yes`). */
export interface PathWord {
  readonly word: string;
  /** First and last frame (10 ms each). */
  readonly start: number;
  readonly end: number;
  /** The word's acoustic score (log base 1.0001, scaled per frame as pocketsphinx does). */
  readonly acoustic: number;
}

/** What the decoder heard in one utterance: the best transcript first, then the others. */
export interface Decoded {
  readonly best: Hypothesis;
  /** The best path word by word, fillers and silences included. */
  readonly path: readonly PathWord[];
  readonly nbest: readonly Hypothesis[];
  /** Milliseconds from handing the utterance over to the answer. */
  readonly ms: number;
}

export interface DecoderOptions {
  readonly acousticModel: string;
  readonly dictionary: string;
  /** A folder of its own for the audio, grammar and n-best files. */
  readonly workDir: string;
  /** How many n-best hypotheses to ask for. */
  readonly nbest: number;
  /** An utterance not answered within this is given up and the process replaced. */
  readonly timeoutMs: number;
  /** Further pocketsphinx options (name, value, …), after the ones above. */
  readonly extraArgs?: readonly string[];
  /** Where the decoder's failures are reported (a log line). */
  readonly log: (message: string) => void;
}

interface Pending {
  readonly id: string;
  readonly started: number;
  best?: Hypothesis;
  readonly path: PathWord[];
  resolve(result: Decoded): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const HYP_LINE = /^(.*) \((\S+) (-?\d+)\)$/;
const DONE_LINE = /^(\S+) done -+$/;
/** A backtrace row: word, start, end, posterior, acoustic score, language score, back-off. */
const PATH_LINE = /^(\S+)\s+(\d+)\s+(\d+)\s+[\d.]+\s+(-?\d+)\s+-?\d+\s+\d+\s*$/;

/** Parses a `-nbest` file: "words score" per line. */
function parseNbest(text: string): Hypothesis[] {
  const out: Hypothesis[] = [];
  for (const line of text.split('\n')) {
    const match = /^(.*?)\s*(-?\d+)$/.exec(line.trim());
    if (match) out.push({ text: match[1]!.trim(), score: Number(match[2]) });
  }
  return out;
}

/** A decoder process, decoding one utterance at a time (callers queue; see pool.ts). */
export class Decoder {
  private child: ChildProcess | undefined;
  /** The write ends of the control pipes, opened read-write so that opening never blocks. */
  private controls: { ctl: number; fsg: number } | undefined;
  private pending: Pending | undefined;
  private count = 0;
  private readonly nbestDir: string;

  constructor(private readonly options: DecoderOptions) {
    mkdirSync(options.workDir, { recursive: true });
    this.nbestDir = join(options.workDir, 'nbest');
    mkdirSync(this.nbestDir, { recursive: true });
  }

  private start(): ChildProcess {
    const o = this.options;
    const ctl = join(o.workDir, 'ctl.fifo');
    const fsg = join(o.workDir, 'fsg.fifo');
    for (const fifo of [ctl, fsg]) {
      rmSync(fifo, { force: true });
      execFileSync('mkfifo', [fifo]);
    }
    this.controls = { ctl: openSync(ctl, 'r+'), fsg: openSync(fsg, 'r+') };
    const child = spawn(
      'pocketsphinx_batch',
      [
        ...['-hmm', o.acousticModel, '-dict', o.dictionary],
        ...['-ctl', ctl, '-fsgctl', fsg],
        ...['-adcin', 'yes', '-cepdir', o.workDir, '-cepext', '.raw'],
        ...['-nbest', String(o.nbest), '-nbestdir', this.nbestDir],
        // The best path word by word in the log, with each word's acoustic score.
        ...['-backtrace', 'yes'],
        ...(o.extraArgs ?? []),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // Its log (stderr) ends each utterance with the best hypothesis and a "done" line.
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const hyp = HYP_LINE.exec(line);
      const done = DONE_LINE.exec(line);
      const word = PATH_LINE.exec(line);
      const pending = this.pending;
      if (/^(ERROR|FATAL)/.test(line)) o.log(`pocketsphinx: ${line}`);
      else if (word && pending && !pending.best)
        pending.path.push({
          word: word[1]!,
          start: Number(word[2]),
          end: Number(word[3]),
          acoustic: Number(word[4]),
        });
      else if (hyp && pending && pending.id === hyp[2])
        pending.best = { text: hyp[1]!.trim(), score: Number(hyp[3]) };
      else if (done && pending && pending.id === done[1]) this.finish(pending);
    });
    child.on('error', (error) => this.fail(`pocketsphinx could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.pending) this.fail(`pocketsphinx stopped (${signal ?? `exit code ${code}`})`);
    });
    return child;
  }

  private finish(pending: Pending): void {
    clearTimeout(pending.timer);
    this.pending = undefined;
    const file = join(this.nbestDir, `${pending.id}.hyp`);
    let nbest: Hypothesis[] = [];
    try {
      nbest = parseNbest(readFileSync(file, 'utf8'));
      rmSync(file, { force: true });
    } catch {
      // No n-best list (nothing heard): the best hypothesis alone.
    }
    rmSync(join(this.options.workDir, `${pending.id}.raw`), { force: true });
    const best = pending.best ?? { text: '', score: 0 };
    pending.resolve({ best, path: pending.path, nbest, ms: performance.now() - pending.started });
  }

  private fail(reason: string): void {
    const pending = this.pending;
    this.pending = undefined;
    this.options.log(reason);
    // Replaced on the next utterance: a decoder in an unknown state is not reused.
    this.stop('SIGKILL');
    if (!pending) return;
    clearTimeout(pending.timer);
    rmSync(join(this.options.workDir, `${pending.id}.raw`), { force: true });
    pending.reject(new Error(reason));
  }

  /**
   * Decodes 16 kHz 16-bit mono PCM with the grammar in `fsg` (Sphinx FSG text). One at a time:
   * rejects at once if the decoder is busy.
   */
  decode(pcm: Buffer, fsg: string): Promise<Decoded> {
    if (this.pending) return Promise.reject(new Error('decoder busy'));
    const id = `u${++this.count}`;
    const grammar = join(this.options.workDir, 'grammar.fsg');
    writeFileSync(join(this.options.workDir, `${id}.raw`), pcm);
    writeFileSync(grammar, fsg);
    this.child ??= this.start();
    return new Promise<Decoded>((resolve, reject) => {
      this.pending = {
        id,
        started: performance.now(),
        path: [],
        resolve,
        reject,
        timer: setTimeout(
          () => this.fail(`pocketsphinx took over ${this.options.timeoutMs} ms`),
          this.options.timeoutMs,
        ),
      };
      // Small writes to a pipe nobody has filled: they never block.
      writeSync(this.controls!.fsg, `${grammar}\n`);
      writeSync(this.controls!.ctl, `${id} 0 -1 ${id}\n`);
    });
  }

  /** Starts the process ahead of the first utterance (the model loads while nobody waits). */
  warm(): void {
    this.child ??= this.start();
  }

  private stop(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
    this.child = undefined;
    if (this.controls) {
      closeSync(this.controls.ctl);
      closeSync(this.controls.fsg);
      this.controls = undefined;
    }
  }

  close(): void {
    this.stop('SIGTERM');
    rmSync(this.options.workDir, { recursive: true, force: true });
  }
}
