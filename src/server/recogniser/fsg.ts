/**
 * JSGF → pocketsphinx's finite-state grammar format (issue 25). The server's decoders are
 * persistent `pocketsphinx_batch` processes that take a new grammar for every utterance through
 * `-fsgctl`, and that option reads only Sphinx FSG files, not JSGF. The grammars themselves are
 * written once, as JSGF, by src/speech/grammar.ts (`grammarJsgf`); this compiles the subset it
 * writes (rules of words, rule references, alternatives `|` with optional weights `/w/`, optional
 * `[…]` and groups `(…)`) with the probabilities sphinxbase's own JSGF compiler gives:
 * alternatives share their rule's probability by weight (equally without weights), and an
 * optional part is taken or skipped with one half each.
 */

/** A parse or compile error of a grammar (the grammar is ours, so this is a programming error). */
export class GrammarError extends Error {}

/** Alternatives, each a sequence with its weight (JSGF's `/w/`, 1 when none is given). */
type Expansion = readonly { readonly weight: number; readonly items: readonly Item[] }[];
type Item =
  | { readonly kind: 'word'; readonly word: string }
  | { readonly kind: 'rule'; readonly name: string }
  | { readonly kind: 'group'; readonly body: Expansion; readonly optional: boolean };

/** The rules of a JSGF text, by name, and the public rule's name. */
function parseRules(jsgf: string): { rules: Map<string, Expansion>; top: string } {
  const rules = new Map<string, Expansion>();
  let top: string | undefined;
  const body = jsgf.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  for (const statement of body.split(';')) {
    const text = statement.trim();
    if (text === '' || text.startsWith('#JSGF') || text.startsWith('grammar ')) continue;
    const match = /^(public\s+)?<([\w.-]+)>\s*=\s*([\s\S]*)$/.exec(text);
    if (!match) throw new GrammarError(`not a rule: ${text.slice(0, 60)}`);
    const [, isPublic, name, rhs] = match as unknown as [string, string | undefined, string, string];
    rules.set(name, parseExpansion(tokensOf(rhs)));
    if (isPublic && top === undefined) top = name;
  }
  if (top === undefined) throw new GrammarError('the grammar has no public rule');
  return { rules, top };
}

function tokensOf(text: string): string[] {
  return text.match(/<[\w.-]+>|\/[\d.]+\/|[[\]()|]|[^\s[\]()|<>/]+/g) ?? [];
}

function parseExpansion(tokens: readonly string[]): Expansion {
  let at = 0;
  const weighted = () => {
    const weight = /^\/([\d.]+)\/$/.exec(tokens[at] ?? '');
    if (weight) at++;
    const value = weight ? Number(weight[1]) : 1;
    if (!(value > 0)) throw new GrammarError(`bad weight ${tokens[at - 1]}`);
    return { weight: value, items: sequence() };
  };
  const alternatives = () => {
    const out = [weighted()];
    while (tokens[at] === '|') {
      at++;
      out.push(weighted());
    }
    return out;
  };
  const sequence = (): Item[] => {
    const items: Item[] = [];
    for (;;) {
      const token = tokens[at];
      if (token === undefined || token === '|' || token === ']' || token === ')') return items;
      at++;
      if (token === '[' || token === '(') {
        const inner = alternatives();
        const close = token === '[' ? ']' : ')';
        if (tokens[at] !== close) throw new GrammarError(`expected ${close}`);
        at++;
        items.push({ kind: 'group', body: inner, optional: token === '[' });
      } else if (token.startsWith('<')) items.push({ kind: 'rule', name: token.slice(1, -1) });
      else items.push({ kind: 'word', word: token });
    }
  };
  const result = alternatives();
  if (at !== tokens.length) throw new GrammarError(`unexpected ${tokens[at]}`);
  return result;
}

/**
 * The grammar as a Sphinx FSG text. Rule references are expanded in place (the grammars are not
 * recursive), words keep their spelling, and the null transitions that join the parts are left
 * to pocketsphinx, which closes over them when it reads the file.
 */
export function jsgfToFsg(jsgf: string, name = 'grammar'): string {
  const { rules, top } = parseRules(jsgf);
  const transitions: string[] = [];
  let states = 2;
  const state = () => states++;
  const link = (from: number, to: number, prob: number, word?: string) =>
    transitions.push(`TRANSITION ${from} ${to} ${Number(prob.toPrecision(6))}${word ? ` ${word}` : ''}`);
  const expanding = new Set<string>();

  // `prob` weighs the first transitions out of `from`: alternatives start at `from` itself rather
  // than behind a null transition each, as sphinxbase does, which keeps the states few (the
  // decoder builds a lexicon tree per state and closes over null transitions).
  const build = (expansion: Expansion, from: number, to: number, prob: number): void => {
    const total = expansion.reduce((sum, a) => sum + a.weight, 0);
    for (const { weight, items: sequence } of expansion) {
      const share = (prob * weight) / total;
      if (sequence.length === 0) {
        link(from, to, share);
        continue;
      }
      let at = from;
      sequence.forEach((item, i) => {
        const next = i === sequence.length - 1 ? to : state();
        buildItem(item, at, next, i === 0 ? share : 1);
        at = next;
      });
    }
  };
  const buildItem = (item: Item, from: number, to: number, prob: number): void => {
    if (item.kind === 'word') {
      link(from, to, prob, item.word);
      return;
    }
    if (item.kind === 'rule') {
      const body = rules.get(item.name);
      if (!body) throw new GrammarError(`no rule <${item.name}>`);
      if (expanding.has(item.name)) throw new GrammarError(`rule <${item.name}> refers to itself`);
      expanding.add(item.name);
      build(body, from, to, prob);
      expanding.delete(item.name);
      return;
    }
    if (!item.optional) return build(item.body, from, to, prob);
    link(from, to, prob / 2);
    build(item.body, from, to, prob / 2);
  };
  build(rules.get(top)!, 0, 1, 1);
  return [
    `FSG_BEGIN ${name}`,
    `NUM_STATES ${states}`,
    'START_STATE 0',
    'FINAL_STATE 1',
    ...transitions,
    'FSG_END',
    '',
  ].join('\n');
}

/** Every word a JSGF text can say (for the decoder's dictionary). */
export function jsgfWords(jsgf: string): Set<string> {
  const { rules } = parseRules(jsgf);
  const words = new Set<string>();
  const walk = (expansion: Expansion) => {
    for (const { items } of expansion)
      for (const item of items)
        if (item.kind === 'word') words.add(item.word);
        else if (item.kind === 'group') walk(item.body);
  };
  for (const body of rules.values()) walk(body);
  return words;
}
