/**
 * @module avatar/identicon
 * The default avatar: a symmetric 5×5 pattern in one colour, drawn from a hash of the user id, so
 * the same user always gets the same picture and different users almost always different ones.
 * Pixels are written into a raw RGB buffer and encoded as PNG by sharp; no SVG is ever produced.
 */
import { createHash } from 'node:crypto';
import { loadSharp } from './load-sharp.js';

const GRID = 5;
const CELL = 50;
const MARGIN = 25;
/** Side of the generated PNG in pixels. */
export const IDENTICON_SIZE = GRID * CELL + 2 * MARGIN;
const BACKGROUND: RGB = [240, 240, 240];

type RGB = [number, number, number];

/** HSL (hue 0–360, saturation and lightness 0–1) to 8-bit RGB. */
function hslToRgb(hue: number, saturation: number, lightness: number): RGB {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector]!;
  return [r!, g!, b!].map((v) => Math.round((v + m) * 255)) as RGB;
}

/** Which cells are filled: the left three columns come from hash bits, the right two mirror them. */
function cellPattern(hash: Buffer): boolean[][] {
  const rows: boolean[][] = [];
  for (let row = 0; row < GRID; row++) {
    const cells: boolean[] = [];
    for (let col = 0; col < GRID; col++) {
      const source = col < 3 ? col : GRID - 1 - col;
      const bit = row * 3 + source;
      cells.push(((hash[bit >> 3]! >> (bit & 7)) & 1) === 1);
    }
    rows.push(cells);
  }
  return rows;
}

function paint(pattern: boolean[][], colour: RGB): Buffer {
  const pixels = Buffer.alloc(IDENTICON_SIZE * IDENTICON_SIZE * 3);
  for (let y = 0; y < IDENTICON_SIZE; y++) {
    for (let x = 0; x < IDENTICON_SIZE; x++) {
      const row = Math.floor((y - MARGIN) / CELL);
      const col = Math.floor((x - MARGIN) / CELL);
      const inside = y >= MARGIN && x >= MARGIN && row < GRID && col < GRID;
      const [r, g, b] = inside && pattern[row]![col] ? colour : BACKGROUND;
      const offset = (y * IDENTICON_SIZE + x) * 3;
      pixels[offset] = r;
      pixels[offset + 1] = g;
      pixels[offset + 2] = b;
    }
  }
  return pixels;
}

/** A PNG identicon of {@link IDENTICON_SIZE} pixels for `userId`; the same id always gives the same bytes. */
export async function generateIdenticon(userId: string): Promise<Buffer> {
  const hash = createHash('sha256').update(`gatehouse-identicon:${userId}`).digest();
  const colour = hslToRgb(((hash[4]! << 8) | hash[5]!) % 360, 0.55, 0.5);
  const pixels = paint(cellPattern(hash), colour);
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width: IDENTICON_SIZE, height: IDENTICON_SIZE, channels: 3 } })
    .png()
    .toBuffer();
}
