import { bcc, HJ1239_ENCRYPTION, HJ1239_HEADER_LENGTH } from "@tsp/domain";

/** `#`: the start marker is two of them. */
const HJ1239_START = 0x23;

const VIN_OFFSET = 3;
const VIN_END = 20;
const ENCRYPTION_AT = 21;

/**
 * A header worth waiting for: a printable VIN (NUL padding allowed) and an encryption byte the
 * standard defines. A `##` pair inside a data unit almost never passes, so a false length field
 * does not hold back the good frames behind it (as GB/T 32960's FrameSplitter).
 */
function plausibleHeader(buf: Uint8Array, i: number): boolean {
  const e = buf[i + ENCRYPTION_AT];
  if (e !== HJ1239_ENCRYPTION.none && e !== HJ1239_ENCRYPTION.sm2) return false;
  // HJ 1239 has no response flag: byte 3 is the VIN's first character, which must be printable.
  const first = buf[i + VIN_OFFSET] as number;
  if (first < 0x20 || first > 0x7e) return false;
  for (let k = i + VIN_OFFSET + 1; k < i + VIN_END; k++) {
    const c = buf[k] as number;
    if (c !== 0 && (c < 0x20 || c > 0x7e)) return false;
  }
  return true;
}

/** A `##` in [from, end) whose header is plausible (or not complete yet), or -1. */
function findStart(buf: Uint8Array, from: number, end: number): number {
  for (let i = from; i + 1 < end; i++) {
    if (buf[i] !== HJ1239_START || buf[i + 1] !== HJ1239_START) continue;
    if (buf.length - i < HJ1239_HEADER_LENGTH || plausibleHeader(buf, i)) return i;
  }
  return -1;
}

/**
 * Cuts a TCP byte stream into HJ 1239.3 frames: `##`, header of 24 bytes with the data length at
 * bytes 22–23, data, BCC. Bytes before a plausible start are skipped (not returned). A cut piece
 * failing its check code is cut short at the first plausible start inside it, so a frame it
 * swallowed is still read; the short piece goes out as a frame and the decoder names its fault.
 */
export class Hj1239Splitter {
  private buf: Uint8Array = new Uint8Array(0);

  /** Bytes held for a frame not yet complete. */
  get pending(): number {
    return this.buf.length;
  }

  /** Adds a chunk and returns every frame now complete, in stream order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const joined = new Uint8Array(this.buf.length + chunk.length);
    joined.set(this.buf, 0);
    joined.set(chunk, this.buf.length);
    const out: Uint8Array[] = [];
    let pos = 0;
    while (pos < joined.length) {
      const start = findStart(joined, pos, joined.length);
      if (start === -1) {
        // A last lone '#' may be the first half of a marker: keep it.
        pos = joined[joined.length - 1] === HJ1239_START ? joined.length - 1 : joined.length;
        break;
      }
      pos = start;
      if (joined.length - start < HJ1239_HEADER_LENGTH) break;
      const total = HJ1239_HEADER_LENGTH + (((joined[start + 22] as number) << 8) | (joined[start + 23] as number)) + 1;
      if (joined.length - start < total) break;
      const end = start + total;
      const inner = bcc(joined, start + 2, end - 1) === joined[end - 1] ? -1 : findStart(joined, start + 2, end);
      const cut = inner === -1 ? end : inner;
      out.push(joined.slice(start, cut));
      pos = cut;
    }
    this.buf = joined.slice(pos);
    return out;
  }
}
