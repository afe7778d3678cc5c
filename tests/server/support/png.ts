// PNG helpers of the image-answer tests (project WMS, reference WMS, cocon tiles): a decoder for the 8-bit RGBA PNGs
// the server writes (every scanline filter 0), a raw GET keeping the bytes, and a fully-transparent check.
import zlib from 'node:zlib';
import { expect } from 'vitest';

export interface Png { width: number; height: number; px: (x: number, y: number) => number[] }

/** Decodes an 8-bit RGBA PNG whose scanlines all use filter 0 (what the server writes). */
export function decodePng(buf: Buffer): Png {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let off = 8, width = 0, height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      expect([data[8], data[9], data[12]]).toEqual([8, 6, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  expect(types[0]).toBe('IHDR');
  expect(types[types.length - 1]).toBe('IEND');
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * 4 + 1;
  expect(raw.length).toBe(stride * height);
  for (let y = 0; y < height; y++) expect(raw[y * stride]).toBe(0);
  return { width, height, px: (x, y) => [...raw.subarray(y * stride + 1 + x * 4, y * stride + 1 + x * 4 + 4)] };
}

/** Raw GET keeping the bytes (the Api helper reads text). */
export async function getBytes(base: string, token: string | undefined, path: string) {
  const r = await fetch(base + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = Buffer.from(await r.arrayBuffer());
  return { status: r.status, type: r.headers.get('content-type'), headers: r.headers, body, text: body.toString('utf8') };
}

export function isTransparent(png: Png): boolean {
  for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) if (png.px(x, y)[3] !== 0) return false;
  return true;
}
