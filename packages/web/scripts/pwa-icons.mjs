// Draws the installable app's PNG icons (public/icons/) from the shapes of public/favicon.svg:
// a rounded square, the scale's tray, its post and the yellow bead. Pure Node (zlib for the PNG
// stream), no image tool to install. Run: node packages/web/scripts/pwa-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const GREEN = [0x0b, 0x7a, 0x5c];
const WHITE = [0xff, 0xff, 0xff];
const YELLOW = [0xf5, 0xc5, 0x42];

// favicon.svg's 64×64 drawing, as inside tests on its coordinates.
const insideRoundedRect = (x, y, left, top, width, height, r) => {
  if (x < left || y < top || x > left + width || y > top + height) return false;
  const cx = Math.min(Math.max(x, left + r), left + width - r);
  const cy = Math.min(Math.max(y, top + r), top + height - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
// The tray: M14 44 h36 l-4 -16 H18 z (a trapezoid, wider at the bottom).
const insideTray = (x, y) => {
  if (y < 28 || y > 44) return false;
  const t = (y - 28) / 16;
  return x >= 18 - 4 * t && x <= 46 + 4 * t;
};
const blend = (under, over, alpha) => under.map((value, index) => value + (over[index] - value) * alpha);

/** The colour at a point of the drawing; `fullBleed` (maskable icons) paints the whole square green. */
function colourAt(x, y, fullBleed) {
  const background = fullBleed || insideRoundedRect(x, y, 0, 0, 64, 64, 14);
  if (!background) return null;
  let colour = GREEN;
  if (insideTray(x, y)) colour = blend(colour, WHITE, 0.9);
  if (insideRoundedRect(x, y, 29, 16, 6, 12, 2)) colour = WHITE;
  if ((x - 32) ** 2 + (y - 14) ** 2 <= 25) colour = YELLOW;
  return colour;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG of `size` pixels; `scale` of the drawing in the square (maskable icons keep to the safe zone). */
function icon(size, { fullBleed = false, scale = 1 } = {}) {
  const SAMPLES = 4;
  const rows = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px += 1) {
      let sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const u = ((px + (sx + 0.5) / SAMPLES) / size - 0.5) / scale + 0.5;
          const v = ((py + (sy + 0.5) / SAMPLES) / size - 0.5) / scale + 0.5;
          const colour = colourAt(u * 64, v * 64, fullBleed);
          if (colour) {
            sum = sum.map((value, index) => value + colour[index]);
            covered += 1;
          }
        }
      }
      const offset = 1 + px * 4;
      if (covered > 0) for (let i = 0; i < 3; i += 1) row[offset + i] = Math.round(sum[i] / covered);
      row[offset + 3] = Math.round((covered / SAMPLES ** 2) * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), icon(192));
writeFileSync(new URL('icon-512.png', out), icon(512));
// Maskable: the launcher crops to its own shape, so the drawing keeps to the inner 80 %.
writeFileSync(new URL('icon-maskable-512.png', out), icon(512, { fullBleed: true, scale: 0.8 }));
writeFileSync(new URL('apple-touch-icon.png', out), icon(180, { fullBleed: true }));
