// A lossless re-encoding of a screenshot's PNG (8-bit RGB or RGBA, not interlaced, as Chromium writes it): without
// the alpha channel when every pixel is opaque, with a palette when it has at most 256 colours, each row with the
// filter that suits it best, compressed at zlib's highest level.
import { deflateSync, inflateSync } from "node:zlib";

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** The image's pixels as RGBA rows. */
export function decodePng(png: Buffer): { width: number; height: number; rgba: Buffer } {
  if (!png.subarray(0, 8).equals(signature)) throw new Error("not a PNG");
  let offset = 8;
  let width = 0, height = 0, colourType = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      colourType = body[9]!;
      if (body[8] !== 8 || (colourType !== 2 && colourType !== 6) || body[12] !== 0) throw new Error("only 8-bit RGB(A), not interlaced");
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const channels = colourType === 6 ? 4 : 3;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(data));
  const rgba = Buffer.alloc(width * height * 4);
  let previous: Buffer = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? line[x - channels]! : 0, b = previous[x]!, c = x >= channels ? previous[x - channels]! : 0;
      const predicted = filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0;
      line[x] = (line[x]! + predicted) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      line.copy(rgba, (y * width + x) * 4, x * channels, x * channels + 3);
      rgba[(y * width + x) * 4 + 3] = channels === 4 ? line[x * 4 + 3]! : 255;
    }
    previous = line;
  }
  return { width, height, rgba };
}

/** Rows of `bytes` per pixel, each preceded by the filter (of the five) whose output sums smallest. */
function filtered(rows: Buffer[], bytes: number): Buffer {
  const out: Buffer[] = [];
  let previous: Buffer = Buffer.alloc(rows[0]!.length);
  for (const row of rows) {
    let best: Buffer | undefined, bestSum = Infinity;
    for (let filter = 0; filter < 5; filter++) {
      const line = Buffer.alloc(row.length + 1);
      line[0] = filter;
      let sum = 0;
      for (let x = 0; x < row.length; x++) {
        const a = x >= bytes ? row[x - bytes]! : 0, b = previous[x]!, c = x >= bytes ? previous[x - bytes]! : 0;
        const predicted = filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0;
        const value = (row[x]! - predicted) & 0xff;
        line[x + 1] = value;
        sum += value < 128 ? value : 256 - value;
      }
      if (sum < bestSum) [best, bestSum] = [line, sum];
    }
    out.push(best!);
    previous = row;
  }
  return Buffer.concat(out);
}

export function optimisePng(png: Buffer): Buffer {
  const { width, height, rgba } = decodePng(png);
  const opaque = rgba.every((value, i) => i % 4 !== 3 || value === 255);
  const colours = new Map<number, number>();
  for (let i = 0; i < rgba.length && colours.size <= 256; i += 4) {
    const key = rgba.readUInt32BE(i);
    if (!colours.has(key)) colours.set(key, colours.size);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const chunks: Buffer[] = [];
  let rows: Buffer[];
  let bytes: number;
  if (colours.size <= 256 && opaque) {
    header[9] = 3;
    const palette = Buffer.alloc(colours.size * 3);
    for (const [key, index] of colours) palette.writeUIntBE(key >>> 8, index * 3, 3);
    chunks.push(chunk("PLTE", palette));
    rows = Array.from({ length: height }, (_, y) => Buffer.from(Array.from({ length: width }, (_, x) => colours.get(rgba.readUInt32BE((y * width + x) * 4))!)));
    bytes = 1;
  } else {
    const channels = opaque ? 3 : 4;
    header[9] = opaque ? 2 : 6;
    rows = Array.from({ length: height }, (_, y) => {
      const row = Buffer.alloc(width * channels);
      for (let x = 0; x < width; x++) rgba.copy(row, x * channels, (y * width + x) * 4, (y * width + x) * 4 + channels);
      return row;
    });
    bytes = channels;
  }
  // Palette rows compress best unfiltered (the PNG specification's advice); truecolour ones, filtered per row.
  const data = bytes === 1 ? Buffer.concat(rows.map((row) => Buffer.concat([Buffer.of(0), row]))) : filtered(rows, bytes);
  const idat = deflateSync(data, { level: 9, memLevel: 9 });
  const smaller = Buffer.concat([signature, chunk("IHDR", header), ...chunks, chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
  return smaller.length < png.length ? smaller : png;
}
