/**
 * Spoken-move test cases from real games: for sampled plies, the position before the move, the
 * move played, and one way a player would say it, in every vocabulary (IBCA Anna/Bella, NATO,
 * plain letters, German FIDE words) and form (long: from and to square, sometimes with "to";
 * short: as SAN reads), castling and promotion in their wordings, sometimes "check"; then
 * commands (English and German, slots filled at random); then positions from random playouts for
 * the rare cases real games lack (promotion, en passant, two pieces able to reach one square).
 * Extends ../shared/tools/asr-corpus/gen-phrases.mjs.
 * Usage: node --import tsx scripts/asr-corpus/gen-phrases.ts GAMES.pgn FIRST LAST SEED EVERY SPECIALS COMMANDS > phrases.tsv
 */
import { readFileSync } from 'node:fs';
import { Chess, type Move } from 'chess.js';
import { COMMANDS } from '../../src/speech/commands.ts';
// @ts-expect-error: a plain JavaScript module copied from the shared corpus tools.
import { parseGames } from './clean-pgn.mjs';

const [file, first, last, seedArg, everyArg, specialsArg, commandsArg] = process.argv.slice(2);
let seed = Number(seedArg) >>> 0;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

type Style = 'anna' | 'nato' | 'letters' | 'german';
const FILES: Record<Style, Record<string, string>> = {
  anna: { a: 'Anna', b: 'Bella', c: 'Cesar', d: 'David', e: 'Evan', f: 'Felix', g: 'Gustav', h: 'Hector' },
  nato: { a: 'Alpha', b: 'Bravo', c: 'Charlie', d: 'Delta', e: 'Echo', f: 'Foxtrot', g: 'Golf', h: 'Hotel' },
  letters: { a: 'A', b: 'B', c: 'C', d: 'D', e: 'E', f: 'F', g: 'G', h: 'H' },
  // The words of the fide2018-de vocabulary (src/speech/vocabularies.ts), as the app says them.
  german: { a: 'Anna', b: 'Bella', c: 'Cesar', d: 'David', e: 'Eva', f: 'Felix', g: 'Gustav', h: 'Hector' },
};
const EN = {
  ranks: ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'],
  pieces: { p: 'Pawn', n: 'Knight', b: 'Bishop', r: 'Rook', q: 'Queen', k: 'King' } as Record<string, string>,
  takes: 'takes',
  to: 'to',
  promotes: 'promotes to',
  check: 'check',
  mate: 'mate',
};
const DE = {
  ranks: ['', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht'],
  pieces: { p: 'Bauer', n: 'Springer', b: 'Läufer', r: 'Turm', q: 'Dame', k: 'König' } as Record<
    string,
    string
  >,
  takes: 'schlägt',
  to: 'nach',
  promotes: 'wird',
  check: 'Schach',
  mate: 'matt',
};

function say(m: Move, style: Style, form: 'long' | 'short'): string {
  const names = FILES[style];
  const w = style === 'german' ? DE : EN;
  const sq = (s: string) => `${names[s[0]!]} ${w.ranks[Number(s[1])]}`;
  const castle = m.isKingsideCastle() ? 'short' : m.isQueensideCastle() ? 'long' : null;
  if (castle) {
    if (style === 'anna' || style === 'german') return castle === 'short' ? 'Kurze Rochade' : 'Lange Rochade';
    return pick([
      `castle ${castle}`,
      `${castle} castling`,
      castle === 'short' ? 'castle kingside' : 'castle queenside',
    ]);
  }
  const takes = m.isCapture() ? `${w.takes} ` : '';
  let text: string;
  if (form === 'long') {
    const piece = m.piece === 'p' ? '' : `${w.pieces[m.piece]} `;
    const join = takes || (rand() < 0.3 ? `${w.to} ` : '');
    text = `${piece}${sq(m.from)} ${join}${sq(m.to)}`;
  } else {
    const body = m.san.replace(/[+#]/g, '').replace(/=.*/, '');
    if (m.piece === 'p') {
      text = m.isCapture() ? `${names[m.from[0]!]} ${w.takes} ${sq(m.to)}` : sq(m.to);
    } else {
      const dis = body.slice(1).replace('x', '').slice(0, -2);
      const disWords = dis
        .split('')
        .map((c) => (/[a-h]/.test(c) ? names[c] : w.ranks[Number(c)]))
        .join(' ');
      text = `${w.pieces[m.piece]} ${disWords ? disWords + ' ' : ''}${takes}${sq(m.to)}`;
    }
  }
  if (m.promotion) text += pick([` ${w.promotes} ${w.pieces[m.promotion]}`, ` ${w.pieces[m.promotion]}`]);
  if (/[+#]/.test(m.san) && rand() < 0.5) text += m.san.includes('#') ? ` ${w.mate}` : ` ${w.check}`;
  return text;
}

const STYLES: readonly [Style, 'long' | 'short'][] = [
  ['anna', 'long'],
  ['anna', 'short'],
  ['nato', 'long'],
  ['nato', 'short'],
  ['letters', 'long'],
  ['letters', 'short'],
  ['german', 'long'],
  ['german', 'short'],
];

function emit(fen: string, m: Move, tag: string): void {
  const [style, form] = pick(STYLES);
  const phrase = say(m, style, form);
  console.log([tag, fen, m.from + m.to + (m.promotion ?? ''), m.san, `${style}-${form}`, phrase].join('\t'));
}

/** A command said in one language, its slots filled at random: [uci column, phrase]. */
function sayCommand(lang: 'en' | 'de'): [string, string] {
  const spec = pick(COMMANDS);
  const pattern = pick(lang === 'de' ? spec.de : spec.en);
  const style: Style = lang === 'de' ? 'german' : pick(['anna', 'nato', 'letters'] as const);
  const w = lang === 'de' ? DE : EN;
  const args: string[] = [];
  const words = pattern.split(' ').flatMap((part) => {
    const slot = /^\{([a-z]+)(\?)?\}$/.exec(part);
    if (!slot) return [part];
    if (slot[2] && rand() < 0.5) return [];
    const kind = slot[1]!;
    const file = pick(Object.keys(FILES[style]));
    const rank = 1 + Math.floor(rand() * 8);
    const piece = pick(['p', 'n', 'b', 'r', 'q', 'k']);
    const color = pick(['w', 'b']);
    switch (kind) {
      case 'square':
        args.push(`square=${file}${rank}`);
        return [FILES[style][file]!, w.ranks[rank]!];
      case 'file':
        args.push(`file=${file}`);
        return [FILES[style][file]!];
      case 'rank':
      case 'number':
        args.push(`${kind === 'number' ? 'value' : 'rank'}=${rank}`);
        return [w.ranks[rank]!];
      case 'piece':
        args.push(`piece=${piece}`);
        return [w.pieces[piece]!];
      case 'color':
        args.push(`color=${color}`);
        return [lang === 'de' ? (color === 'w' ? 'weiß' : 'schwarz') : color === 'w' ? 'white' : 'black'];
      default:
        return [];
    }
  });
  return [`cmd:${spec.name}${args.length ? `:${args.sort().join(',')}` : ''}`, words.join(' ')];
}

console.log(['source', 'fen', 'uci', 'san', 'style', 'phrase'].join('\t'));
const games = (parseGames(readFileSync(file!, 'utf8')) as { complete: boolean; moves: Move[] }[]).filter(
  (g) => g.complete,
);
const every = Number(everyArg);
const commandEvery = Number(commandsArg);
for (let gi = Number(first); gi <= Math.min(Number(last), games.length - 1); gi++) {
  const chess = new Chess();
  games[gi]!.moves.forEach((mv, i) => {
    const special =
      mv.isPromotion() ||
      mv.isEnPassant() ||
      mv.isKingsideCastle() ||
      mv.isQueensideCastle() ||
      (/[a-h1-8]x?[a-h][1-8]/.test(mv.san.slice(1).replace(/[+#=].*/, '')) && mv.piece !== 'p');
    if (special || Math.floor(rand() * every) === 0) emit(chess.fen(), mv, `game${gi}-ply${i + 1}`);
    if (Math.floor(rand() * commandEvery) === 0) {
      const lang = rand() < 0.25 ? 'de' : 'en';
      const [uci, phrase] = sayCommand(lang);
      console.log([`game${gi}-ply${i + 1}`, chess.fen(), uci, '-', `command-${lang}`, phrase].join('\t'));
    }
    chess.move(mv.san);
  });
}
const wanted = Number(specialsArg);
let found = 0;
for (let g = 0; found < wanted && g < 20000; g++) {
  const chess = new Chess();
  for (let ply = 0; ply < 300 && !chess.isGameOver(); ply++) {
    const moves = chess.moves({ verbose: true });
    const specials = moves.filter(
      (m) =>
        m.isPromotion() ||
        m.isEnPassant() ||
        (m.piece !== 'p' &&
          m.san.replace(/[+#]/g, '').length > (m.isCapture() ? 4 : 3) &&
          !m.san.startsWith('O')),
    );
    if (specials.length && rand() < 0.3) {
      emit(chess.fen(), pick(specials), `playout${g}-ply${ply + 1}`);
      found++;
      break;
    }
    chess.move(pick(moves));
  }
}
