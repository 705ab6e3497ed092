/**
 * Mishearing costs for the voice matcher: how cheaply one said token may be heard as another,
 * dropped, or invented. The costs are LEARNED from the spoken-move corpus (dev.tsv) by
 * scripts/learn-mishearings.ts, which calls `learnMishearings` here and writes
 * mishearings.data.ts; `buildCostModel` turns that data into flat matrices for the matcher.
 * The model is deliberately simple (per-token-pair costs, counted and smoothed) so that it does
 * not memorise its 356 training rows.
 */

/** Learned costs over token names (see src/speech/phrases.ts), as committed data. */
export interface MishearingTable {
  readonly source: string;
  readonly rows: number;
  /** Heard words (as token names) that the tables mention and the tokenizer must know. */
  readonly tokens: readonly string[];
  /** [said, heard, cost] */
  readonly sub: readonly (readonly [string, string, number])[];
  /** [said, cost]: the token was not heard at all. */
  readonly del: readonly (readonly [string, number])[];
  /** [heard, cost]: the token was heard although nothing was said there. */
  readonly ins: readonly (readonly [string, number])[];
  /**
   * [heard, cost]: the token was heard after the end of what was said. Grammar recognisers
   * pad the end with words their grammar allows there ("… pawn", "… knight mate").
   */
  readonly trail: readonly (readonly [string, number])[];
  /** [heard, cost]: the token was heard before the first word said. */
  readonly lead: readonly (readonly [string, number])[];
  /**
   * File-for-file substitutions learned per family of file words (key: `phonetic` for Anna–Bella,
   * `nato`, `letters`), from the rows said in those words: "Bella" and "David" are not confused
   * as "b" and "d" are, so a file heard in place of another costs what it costs in the player's
   * own words.
   */
  readonly fileSub?: Readonly<Record<string, readonly (readonly [string, string, number])[]>>;
}

/** One training example: the phrase said and what the recogniser heard, as token names. */
export interface TrainingPair {
  readonly said: readonly string[];
  readonly heard: readonly string[];
}

export interface LearnOptions {
  /** Pseudo-count added to every token's total (additive smoothing). */
  readonly smoothing?: number;
  /** A confusion must be seen this often to be learned at all. */
  readonly minCount?: number;
  /** No learned cost goes below this: a mishearing never becomes as good as the word itself. */
  readonly floor?: number;
  /** -ln(probability) that maps to the full cost 1 (probabilities below e^-scale are not learned). */
  readonly scale?: number;
  /**
   * Learn a rank/file/piece confusion for the whole class as well as pair by pair. Off by
   * default: on dev.tsv it narrows the margins more than it helps (bench/voice.ts).
   */
  readonly classBackoff?: boolean;
}

type Step = { said?: string; heard?: string };

const CLASSES: readonly (readonly [string, readonly string[]])[] = [
  ['f:', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((f) => `f:${f}`)],
  ['r:', ['1', '2', '3', '4', '5', '6', '7', '8'].map((r) => `r:${r}`)],
  ['p:', ['k', 'q', 'r', 'b', 'n', 'p'].map((p) => `p:${p}`)],
];

/** Unit-cost Levenshtein alignment of two token sequences (match, substitution, deletion, insertion). */
export function align(said: readonly string[], heard: readonly string[]): Step[] {
  const n = said.length;
  const m = heard.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = said[i - 1] === heard[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j - 1]! + same, d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
    }
  }
  const steps: Step[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = d[i]![j]!;
    if (i > 0 && j > 0 && here === d[i - 1]![j - 1]! + (said[i - 1] === heard[j - 1] ? 0 : 1)) {
      steps.push({ said: said[i - 1]!, heard: heard[j - 1]! });
      i--;
      j--;
    } else if (i > 0 && here === d[i - 1]![j]! + 1) {
      steps.push({ said: said[i - 1]! });
      i--;
    } else {
      steps.push({ heard: heard[j - 1]! });
      j--;
    }
  }
  return steps.reverse();
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Counts how the recogniser changed said tokens into heard ones and turns the relative
 * frequencies into costs: cost = clamp(-ln(p) / scale, floor, 1), p = count / (total + smoothing).
 */
export function learnMishearings(
  pairs: readonly TrainingPair[],
  source: string,
  options: LearnOptions = {},
): MishearingTable {
  const settings: Costing = {
    smoothing: options.smoothing ?? 2,
    minCount: options.minCount ?? 2,
    floor: options.floor ?? 0.2,
    scale: options.scale ?? 7,
  };
  const counts = countConfusions(pairs);
  const sub = learnedSubstitutions(counts, settings, options.classBackoff ?? false);
  const del: [string, number][] = [];
  for (const [said, count] of counts.dels) {
    const c = count >= settings.minCount ? costOf(count, counts.saidTotal.get(said) ?? 0, settings) : 1;
    if (c < 1) del.push([said, c]);
  }
  const ins = learnedInsertions(counts.inss, counts.heardTotal, settings);
  const trail = learnedInsertions(counts.trails, counts.heardTotal, settings);
  const lead = learnedInsertions(counts.leads, counts.heardTotal, settings);
  del.sort((a, b) => a[0].localeCompare(b[0]));
  const tokens = [
    ...new Set([
      ...sub.map((s) => s[1]),
      ...ins.map((s) => s[0]),
      ...trail.map((s) => s[0]),
      ...lead.map((s) => s[0]),
    ]),
  ]
    .filter((t) => t.startsWith('w:'))
    .sort();
  return { source, rows: pairs.length, tokens, sub, del, ins, trail, lead };
}

/** The learner's settings, with their defaults filled in (see LearnOptions). */
interface Costing {
  readonly smoothing: number;
  readonly minCount: number;
  readonly floor: number;
  readonly scale: number;
}

/** The cost of a confusion seen `count` times in `total`: clamp(-ln(p) / scale, floor, 1). */
const costOf = (count: number, total: number, s: Costing) =>
  round(Math.min(1, Math.max(s.floor, -Math.log(count / (total + s.smoothing)) / s.scale)));

/** How often each token was said and heard, and each confusion seen (substitution keys: said NUL heard). */
interface ConfusionCounts {
  readonly saidTotal: Map<string, number>;
  readonly heardTotal: Map<string, number>;
  readonly subs: Map<string, number>;
  readonly dels: Map<string, number>;
  /** Heard between the first and the last word said… */
  readonly inss: Map<string, number>;
  /** …after the last… */
  readonly trails: Map<string, number>;
  /** …and before the first. */
  readonly leads: Map<string, number>;
}

/** Aligns every training pair and counts what was said, heard, swapped, dropped and added. */
function countConfusions(pairs: readonly TrainingPair[]): ConfusionCounts {
  const counts: ConfusionCounts = {
    saidTotal: new Map(),
    heardTotal: new Map(),
    subs: new Map(),
    dels: new Map(),
    inss: new Map(),
    trails: new Map(),
    leads: new Map(),
  };
  const { saidTotal, heardTotal, subs, dels, inss, trails, leads } = counts;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const pair of pairs) {
    for (const t of pair.said) bump(saidTotal, t);
    for (const t of pair.heard) bump(heardTotal, t);
    const steps = align(pair.said, pair.heard);
    let end = steps.length;
    while (end > 0 && steps[end - 1]!.said === undefined) end--;
    let start = 0;
    while (start < steps.length && steps[start]!.said === undefined) start++;
    steps.forEach((step, index) => {
      if (step.said !== undefined && step.heard !== undefined) {
        if (step.said !== step.heard) bump(subs, `${step.said}\u0000${step.heard}`);
      } else if (step.said !== undefined) bump(dels, step.said);
      else if (step.heard !== undefined)
        bump(index >= end ? trails : index < start ? leads : inss, step.heard);
    });
  }
  return counts;
}

/** The learned substitutions [said, heard, cost] cheaper than a whole word, sorted by said then heard. */
function learnedSubstitutions(
  counts: ConfusionCounts,
  settings: Costing,
  classBackoff: boolean,
): [string, string, number][] {
  const { subs, saidTotal } = counts;
  const { minCount, floor, scale, smoothing } = settings;
  const subCost = new Map<string, number>();
  for (const [key, count] of subs) {
    if (count < minCount) continue;
    const said = key.split('\u0000')[0]!;
    subCost.set(key, costOf(count, saidTotal.get(said) ?? 0, settings));
  }
  // Backoff by class: a rank heard as another rank, a file as another file, a piece as another
  // piece. Single pairs are too rare in 356 rows to learn one by one; their class is not.
  for (const [prefix, members] of classBackoff ? CLASSES : []) {
    let confusions = 0;
    let total = 0;
    for (const m of members) total += saidTotal.get(m) ?? 0;
    for (const [key, count] of subs) {
      const [said, heard] = key.split('\u0000') as [string, string];
      if (said.startsWith(prefix) && heard.startsWith(prefix)) confusions += count;
    }
    if (confusions < minCount) continue;
    const c = round(
      Math.min(
        1,
        Math.max(floor, -Math.log(confusions / (total + smoothing) / (members.length - 1)) / scale),
      ),
    );
    for (const x of members) {
      for (const y of members) {
        const key = `${x}\u0000${y}`;
        if (x !== y && c < (subCost.get(key) ?? 1)) subCost.set(key, c);
      }
    }
  }
  const sub: [string, string, number][] = [];
  for (const [key, c] of subCost) {
    const [said, heard] = key.split('\u0000') as [string, string];
    if (c < 1) sub.push([said, heard, c]);
  }
  return sub.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
}

/** The learned costs [heard, cost] of tokens heard where nothing was said, sorted by token. */
function learnedInsertions(
  counts: ReadonlyMap<string, number>,
  heardTotal: ReadonlyMap<string, number>,
  settings: Costing,
): [string, number][] {
  const out: [string, number][] = [];
  for (const [heard, count] of counts) {
    const c = count >= settings.minCount ? costOf(count, heardTotal.get(heard) ?? 0, settings) : 1;
    if (c < 1) out.push([heard, c]);
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Flat cost matrices over token ids for the matcher. */
export interface CostModel {
  readonly size: number;
  /** sub[said * size + heard] */
  readonly sub: Float32Array;
  readonly del: Float32Array;
  readonly ins: Float32Array;
  /** Insertion after the last said token (never dearer than `ins`). */
  readonly trail: Float32Array;
  /** Insertion before the first said token (never dearer than `ins`). */
  readonly lead: Float32Array;
  /** The cheapest single edit of any kind: a phrase not heard word for word costs at least this. */
  readonly minEdit: number;
}

/**
 * Priors that hold for any recogniser, applied before the learned costs (the cheaper wins):
 * "check"/"mate"/"en passant" said with a move that has none are harmless (the rules do not
 * require announcing check), and so are little words ("the", "please"); "to" and "two" sound
 * the same.
 */
const PRIORS = {
  ins: [
    ['check', 0.3],
    ['mate', 0.3],
    ['ep', 0.3],
    ['filler', 0.3],
  ],
  sub: [
    ['to', 'r:2', 0.3],
    ['r:2', 'to', 0.3],
  ],
} as const;

/**
 * Builds the matrices; `idOf` maps a token name to its id (undefined: unknown, skipped). With a
 * family of file words (`fileWords`) that has file substitutions of its own, those replace the
 * shared ones.
 */
export function buildCostModel(
  table: MishearingTable,
  size: number,
  idOf: (name: string) => number | undefined,
  fileWords?: string,
): CostModel {
  const own = fileWords === undefined ? undefined : table.fileSub?.[fileWords];
  const isFile = (name: string) => name.startsWith('f:');
  const subs = own
    ? [...table.sub.filter(([said, heard]) => !(isFile(said) && isFile(heard))), ...own]
    : table.sub;
  const sub = new Float32Array(size * size).fill(1);
  const del = new Float32Array(size).fill(1);
  const ins = new Float32Array(size).fill(1);
  const trail = new Float32Array(size).fill(1);
  const lead = new Float32Array(size).fill(1);
  for (let t = 0; t < size; t++) sub[t * size + t] = 0;
  const setMin = (arr: Float32Array, index: number, value: number) => {
    if (value < arr[index]!) arr[index] = value;
  };
  for (const [name, c] of [...PRIORS.ins, ...table.ins]) {
    const id = idOf(name);
    if (id !== undefined) setMin(ins, id, c);
  }
  for (let t = 0; t < size; t++) trail[t] = lead[t] = ins[t]!;
  for (const [name, c] of table.lead) {
    const id = idOf(name);
    if (id !== undefined) setMin(lead, id, c);
  }
  for (const [name, c] of table.trail) {
    const id = idOf(name);
    if (id !== undefined) setMin(trail, id, c);
  }
  for (const [name, c] of table.del) {
    const id = idOf(name);
    if (id !== undefined) setMin(del, id, c);
  }
  for (const [said, heard, c] of [...PRIORS.sub, ...subs]) {
    const s = idOf(said);
    const h = idOf(heard);
    if (s !== undefined && h !== undefined && s !== h) setMin(sub, s * size + h, c);
  }
  let minEdit = Infinity;
  for (const arr of [del, ins, trail, lead]) for (const c of arr) minEdit = Math.min(minEdit, c);
  for (let i = 0; i < sub.length; i++) if (i % (size + 1) !== 0) minEdit = Math.min(minEdit, sub[i]!);
  return { size, sub, del, ins, trail, lead, minEdit };
}
