// The web manifest and its icons (issue 26): an id, so the installed app keeps its identity; every
// icon it names exists with the size it claims; and the maskable icons draw nothing outside the
// maskable safe zone (the central circle of 80 % of the width), which every platform's mask shows.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

interface Icon {
  readonly src: string;
  readonly sizes: string;
  readonly type: string;
  readonly purpose?: string;
}
const manifest = JSON.parse(readFileSync('public/manifest.json', 'utf8')) as {
  id?: string;
  start_url: string;
  icons: Icon[];
};
const FRAME = [0x1d, 0x3a, 0x2b];
const SAFE_RADIUS = 0.4;

/** An 8-bit RGB or RGBA PNG's size and pixels (all five row filters). */
function decodePng(bytes: Buffer): { width: number; height: number; channels: number; pixels: Uint8Array } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(8);
      channels = body[9] === 6 ? 4 : body[9] === 2 ? 3 : 0;
      expect(channels).toBeGreaterThan(0);
    }
    if (type === 'IDAT') data.push(body);
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] as number;
      const left = x >= channels ? (pixels[y * stride + x - channels] as number) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const upLeft = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] as number) : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predicted = [0, left, up, (left + up) >> 1, paeth()][filter as number] as number;
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

describe('the web manifest', () => {
  test('has an id: the installed app is the same app wherever its start page moves', () => {
    expect(manifest.id).toBe('./');
    expect(manifest.start_url).toBe('./');
  });

  test('names icons that exist at the sizes it says, maskable ones included', () => {
    for (const icon of manifest.icons) {
      const bytes = readFileSync(`public/${icon.src}`);
      if (icon.type === 'image/png') {
        const { width, height } = decodePng(bytes);
        expect(`${width}x${height}`).toBe(icon.sizes);
      } else expect(bytes.toString('utf8')).toMatch(/^<svg /);
    }
    const maskable = manifest.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes);
    expect(maskable).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});

describe('the maskable icons', () => {
  const maskable = manifest.icons.filter((i) => i.purpose === 'maskable');

  test.each(maskable.filter((i) => i.type === 'image/png').map((i) => i.src))(
    '%s: only the frame colour outside the safe zone, the drawing inside it',
    (src) => {
      const { width, channels, pixels } = decodePng(readFileSync(`public/${src}`));
      const centre = width / 2;
      let outside = 0;
      let drawn = 0;
      for (let y = 0; y < width; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * channels;
          const colour = [pixels[i], pixels[i + 1], pixels[i + 2]];
          const isFrame = colour.every((c, k) => c === FRAME[k]);
          // The pixel's farthest corner from the centre, so edge pixels count as outside.
          const distance = Math.hypot(Math.abs(x + 0.5 - centre) + 0.5, Math.abs(y + 0.5 - centre) + 0.5);
          if (distance > SAFE_RADIUS * width && !isFrame) outside++;
          if (!isFrame) drawn++;
        }
      expect(outside).toBe(0);
      expect(drawn).toBeGreaterThan(0.15 * width * width);
    },
  );

  test('the SVG: every square and dot of the drawing inside the safe zone', () => {
    const svg = readFileSync(`public/${maskable.find((i) => i.type === 'image/svg+xml')?.src}`, 'utf8');
    const number = (tag: string, name: string) =>
      Number(new RegExp(`${name}="([\\d.e-]+)"`).exec(tag)?.[1] ?? NaN);
    const rects = [...svg.matchAll(/<rect [^>]*>/g)].map((m) => m[0]);
    const circles = [...svg.matchAll(/<circle [^>]*>/g)].map((m) => m[0]);
    // The first rectangle is the frame: the whole icon.
    expect(number(rects[0] as string, 'width')).toBe(1);
    const reach: number[] = [];
    for (const rect of rects.slice(1)) {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((n) => number(rect, n)) as [
        number,
        number,
        number,
        number,
      ];
      for (const [cx, cy] of [
        [x, y],
        [x + w, y],
        [x, y + h],
        [x + w, y + h],
      ] as const)
        reach.push(Math.hypot(cx - 0.5, cy - 0.5));
    }
    for (const circle of circles)
      reach.push(Math.hypot(number(circle, 'cx') - 0.5, number(circle, 'cy') - 0.5) + number(circle, 'r'));
    expect(reach).toHaveLength(16 * 4 + 4);
    expect(Math.max(...reach)).toBeLessThanOrEqual(SAFE_RADIUS);
  });
});
