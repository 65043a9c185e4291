import { deflateSync } from 'node:zlib';

/**
 * The picture a virtual device answers 'foto' with: a PNG drawn by hand (no image library) of a
 * shed seen from inside: roof, walls, litter, feeder line, birds as pale blobs, and the time in
 * blocky digits. Flat colours and the 'Sub' row filter keep it small (a few KB, always < 60 KB).
 */
export const PICTURE_WIDTH = 320;
export const PICTURE_HEIGHT = 240;

type Rgb = [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG (8-bit RGB) of `pixels` (width × height × 3 bytes). */
export function encodePng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 1; // 'Sub': each byte minus the pixel to its left, so flat areas become zeros
    for (let x = 0; x < stride; x++) {
      const left = x >= 3 ? pixels[y * stride + x - 3]! : 0;
      raw[row + 1 + x] = (pixels[y * stride + x]! - left) & 0xff;
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** 3×5 digits and the colon, one string of 15 cells each. */
const GLYPHS: Record<string, string> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001010010010',
  '8': '111101111101111',
  '9': '111101111001111',
  ':': '000010000010000',
};

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[at] = r;
    this.pixels[at + 1] = g;
    this.pixels[at + 2] = b;
  }
  rect(x0: number, y0: number, w: number, h: number, colour: Rgb) {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) this.set(x, y, colour);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb) {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++) {
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, colour);
      }
    }
  }
  text(value: string, x0: number, y0: number, scale: number, colour: Rgb) {
    let x = x0;
    for (const char of value) {
      const glyph = GLYPHS[char];
      if (glyph) {
        for (let cell = 0; cell < 15; cell++) {
          if (glyph[cell] === '1') this.rect(x + (cell % 3) * scale, y0 + Math.floor(cell / 3) * scale, scale, scale, colour);
        }
      }
      x += 4 * scale;
    }
  }
}

/**
 * The shed at `hora` (HH:MM:SS): `birds` blobs spread over the litter by `random`, smaller
 * towards the back wall, and the time stamped in the top-left corner.
 */
export function shedPicture(hora: string, random: () => number, birds = 60): Buffer {
  const canvas = new Canvas(PICTURE_WIDTH, PICTURE_HEIGHT);
  const horizon = 90;
  // Roof: darker towards the ridge, in bands (few distinct rows compress well).
  for (let y = 0; y < horizon; y++) {
    const shade = 70 + Math.floor(y / 10) * 6;
    canvas.rect(0, y, PICTURE_WIDTH, 1, [shade, shade - 8, shade - 20]);
  }
  for (let x = 20; x < PICTURE_WIDTH; x += 60) canvas.rect(x, 0, 3, horizon, [50, 44, 36]); // rafters
  canvas.rect(0, horizon - 14, PICTURE_WIDTH, 14, [190, 190, 180]); // far wall
  for (let x = 30; x < PICTURE_WIDTH; x += 70) canvas.rect(x, horizon - 11, 30, 7, [235, 225, 160]); // lamps / windows
  // Litter: warm brown, lighter towards the camera.
  for (let y = horizon; y < PICTURE_HEIGHT; y++) {
    const shade = 120 + Math.floor((y - horizon) / 15) * 5;
    canvas.rect(0, y, PICTURE_WIDTH, 1, [shade, shade - 30, shade - 70]);
  }
  // A feeder line running away from the camera.
  for (let y = horizon; y < PICTURE_HEIGHT; y++) {
    const depth = (y - horizon) / (PICTURE_HEIGHT - horizon);
    canvas.rect(Math.round(PICTURE_WIDTH / 2 + depth * 40), y, 2 + Math.round(depth * 4), 1, [95, 95, 100]);
  }
  for (let bird = 0; bird < birds; bird++) {
    const depth = random();
    const y = horizon + 6 + depth * (PICTURE_HEIGHT - horizon - 12);
    const size = 2 + depth * 7;
    const x = random() * PICTURE_WIDTH;
    canvas.ellipse(x, y, size * 1.4, size, [236, 232, 220]);
    canvas.ellipse(x + size * 1.1, y - size * 0.7, size * 0.55, size * 0.5, [245, 242, 232]); // head
    canvas.set(x + size * 1.1, y - size * 1.2, [200, 40, 40]); // comb
  }
  canvas.rect(4, 4, 4 * 3 * 8 + 6, 5 * 3 + 6, [20, 20, 20]);
  canvas.text(hora, 7, 7, 3, [250, 250, 250]);
  return encodePng(PICTURE_WIDTH, PICTURE_HEIGHT, canvas.pixels);
}
