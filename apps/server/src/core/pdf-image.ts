import { crc32, deflateSync } from 'node:zlib';
import PNG from 'png-js';

/**
 * A picture (an organization's logo) as an archival PDF may hold it (docs/decisions/
 * 0026-archival-pdfs.md): a PNG's transparency is laid on white paper, as it prints, so the file
 * has no soft mask; a CMYK JPEG has no place beside the sRGB output intent and is left out (null;
 * the organization's name is printed anyway). Other pictures are answered as they are.
 */
export async function archivalImage(bytes: Buffer): Promise<Buffer | null> {
  if (isJpeg(bytes)) return jpegComponents(bytes) === 4 ? null : bytes;
  if (!isPng(bytes)) return bytes;
  const png = new PNG(bytes);
  const indexedAlpha = png.palette.length > 0 && png.transparency.indexed !== undefined;
  if ((!png.hasAlphaChannel && !indexedAlpha) || png.bits < 8) return bytes;
  const pixels = await new Promise<Uint8Array>((resolve, reject) => {
    try {
      png.decodePixels(resolve);
    } catch (error) {
      reject(error as Error);
    }
  });
  return encodeRgbPng(png.width, png.height, onWhite(png, pixels));
}

const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8;

/** The colour components of a JPEG's frame (1 grey, 3 RGB, 4 CMYK), from its start-of-frame marker. */
function jpegComponents(bytes: Buffer): number | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return bytes[at + 9]!;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

/** 8-bit RGB pixels: each decoded pixel (grey or RGB, with alpha or a palette's) over white. */
function onWhite(png: PNG, pixels: Uint8Array): Uint8Array {
  const count = png.width * png.height;
  const rgb = new Uint8Array(count * 3);
  const sample = png.bits / 8;
  const perPixel = png.palette.length > 0 ? 1 : (png.colors + 1) * sample;
  const alphas = png.transparency.indexed ?? [];
  for (let p = 0; p < count; p++) {
    const at = p * perPixel;
    let color: number[];
    let alpha: number;
    if (png.palette.length > 0) {
      const index = pixels[at]!;
      color = png.palette.slice(index * 3, index * 3 + 3);
      alpha = alphas[index] ?? 255;
    } else {
      // The high byte of a 16-bit sample is its 8-bit value.
      color = Array.from({ length: png.colors }, (_, c) => pixels[at + c * sample]!);
      if (color.length === 1) color = [color[0]!, color[0]!, color[0]!];
      alpha = pixels[at + png.colors * sample]!;
    }
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round((color[c]! * alpha + 255 * (255 - alpha)) / 255);
  }
  return rgb;
}

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of 8-bit RGB rows, none filtered. */
function encodeRgbPng(width: number, height: number, rgb: Uint8Array): Buffer {
  const row = width * 3;
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
