/**
 * Draws Twinboard's icons into public/icons/ (no downloads, no image library): a 4×4 board in a
 * dark frame with the braille letter t (dots 2, 3, 4, 5) raised on it. Writes the SVG and the PNG
 * sizes the web manifest names. The maskable icons (SVG and PNG) keep the whole board, corners
 * included, inside the maskable safe zone: the central circle of 80 % of the icon's width, which
 * every platform's mask leaves visible; the frame colour fills the rest.
 *
 *   node scripts/make-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT = 'public/icons';
const FRAME = [0x1d, 0x3a, 0x2b];
const LIGHT = [0xee, 0xe4, 0xc8];
const DARK = [0x6f, 0x8f, 0x5a];
const DOT = [0x12, 0x12, 0x12];
/** Braille t: dots 2, 3, 4, 5 of the 2×3 cell (columns, rows). */
const DOTS = [
  [0, 1],
  [0, 2],
  [1, 0],
  [1, 1],
];

/** The drawing in unit coordinates (0..1) for a given inset: the board, then the dots on it. */
function shapes(inset) {
  const board = { x: inset, size: 1 - 2 * inset };
  const cell = board.size / 4;
  const dots = DOTS.map(([col, row]) => ({
    cx: board.x + cell * (1.25 + col * 1.5),
    cy: board.x + cell * (0.75 + row * 1.25),
    r: cell * 0.42,
  }));
  return { board, cell, dots };
}

function colourAt(x, y, { board, cell, dots }) {
  if (dots.some((d) => (x - d.cx) ** 2 + (y - d.cy) ** 2 <= d.r ** 2)) return DOT;
  const i = Math.floor((x - board.x) / cell);
  const j = Math.floor((y - board.x) / cell);
  if (i < 0 || j < 0 || i > 3 || j > 3) return FRAME;
  return (i + j) % 2 === 0 ? LIGHT : DARK;
}

/** RGB pixels, 4×4 samples per pixel for smooth edges. */
function render(size, drawing) {
  const pixels = Buffer.alloc(size * size * 3);
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const c = colourAt((px + (sx + 0.5) / 4) / size, (py + (sy + 0.5) / 4) / size, drawing);
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      for (let k = 0; k < 3; k++) pixels[(py * size + px) * 3 + k] = Math.round(sum[k] / 16);
    }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 3 + 1) + 1, y * size * 3, (y + 1) * size * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg(drawing) {
  const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const { board, cell, dots } = drawing;
  const squares = [];
  for (let j = 0; j < 4; j++)
    for (let i = 0; i < 4; i++)
      squares.push(
        `<rect x="${board.x + i * cell}" y="${board.x + j * cell}" width="${cell}" height="${cell}" fill="${hex((i + j) % 2 === 0 ? LIGHT : DARK)}"/>`,
      );
  const circles = dots.map((d) => `<circle cx="${d.cx}" cy="${d.cy}" r="${d.r}" fill="${hex(DOT)}"/>`);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">',
    `<rect width="1" height="1" fill="${hex(FRAME)}"/>`,
    ...squares,
    ...circles,
    '</svg>',
    '',
  ].join('\n');
}

/** The safe zone's radius (a fraction of the icon's width), and a margin inside it. */
const SAFE_RADIUS = 0.4;
const MARGIN = 0.95;
/** The inset that puts the board's corners on a circle of MARGIN × the safe zone's radius. */
const MASKABLE_INSET = 0.5 - (SAFE_RADIUS * MARGIN) / Math.SQRT2;

mkdirSync(OUT, { recursive: true });
const plain = shapes(0.09);
const maskable = shapes(MASKABLE_INSET);
writeFileSync(`${OUT}/icon.svg`, svg(plain));
writeFileSync(`${OUT}/maskable.svg`, svg(maskable));
for (const size of [192, 512]) {
  writeFileSync(`${OUT}/icon-${size}.png`, png(size, render(size, plain)));
  writeFileSync(`${OUT}/maskable-${size}.png`, png(size, render(size, maskable)));
}
console.log(`Icons written to ${OUT}/`);
