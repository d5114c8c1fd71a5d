import { bcc, encryptionName, type Gbt32960Edition, HEADER_LENGTH, responseFlagName, START_BYTE } from "@tsp/domain";

/** What the splitter cut from the stream. */
export type Piece =
  /** Bytes from a start marker to the end its length field announces (not yet checked). */
  | { readonly kind: "frame"; readonly bytes: Uint8Array }
  /** Bytes before any plausible start marker, skipped. */
  | { readonly kind: "garbage"; readonly bytes: Uint8Array };

const VIN_OFFSET = 4;
const VIN_END = 21;

function editionAt(buf: Uint8Array, i: number): Gbt32960Edition | undefined {
  const b = buf[i];
  if (b !== buf[i + 1]) return undefined;
  if (b === START_BYTE[2016]) return 2016;
  if (b === START_BYTE[2025]) return 2025;
  return undefined;
}

/**
 * A header worth waiting for: response flag and encryption defined by the edition, a VIN of
 * printable ASCII (NUL padding allowed). A `##`/`$$` pair inside a data unit almost never
 * passes, so the splitter does not wait for up to 64 KiB a false length field announces
 * (which would hold back the good frames behind it).
 */
function plausibleHeader(buf: Uint8Array, i: number, edition: Gbt32960Edition): boolean {
  if (responseFlagName(buf[i + 3] as number, edition) === undefined) return false;
  if (encryptionName(buf[i + 21] as number, edition) === undefined) return false;
  for (let k = i + VIN_OFFSET; k < i + VIN_END; k++) {
    const c = buf[k] as number;
    if (c !== 0 && (c < 0x20 || c > 0x7e)) return false;
  }
  return true;
}

/**
 * Cuts a TCP byte stream into GB/T 32960 frames: frames back to back in one chunk and one
 * frame over several chunks both work. Bytes before a start marker (`##` 2016, `$$` 2025) are
 * garbage. A frame is cut by its length field; when the cut piece fails its check code (a
 * wrong BCC, or a length field larger than the data, so the piece swallowed the start of the
 * next frame) it is cut short at the first plausible start marker inside it, so the frame it
 * swallowed is still read. The short piece goes out as a frame: the decoder names its fault.
 */
export class FrameSplitter {
  private buf: Uint8Array = new Uint8Array(0);

  /** Bytes held for a frame not yet complete. */
  get pending(): number {
    return this.buf.length;
  }

  /** Adds a chunk and returns every piece now complete, in stream order. */
  push(chunk: Uint8Array): Piece[] {
    const joined = new Uint8Array(this.buf.length + chunk.length);
    joined.set(this.buf, 0);
    joined.set(chunk, this.buf.length);
    const out: Piece[] = [];
    let pos = 0;
    while (pos < joined.length) {
      const start = findStart(joined, pos, joined.length);
      if (start === -1) {
        // A last lone '#' or '$' may be the first half of a marker: keep it.
        const last = joined[joined.length - 1];
        const keep = last === START_BYTE[2016] || last === START_BYTE[2025] ? 1 : 0;
        if (joined.length - keep > pos) out.push({ kind: "garbage", bytes: joined.slice(pos, joined.length - keep) });
        pos = joined.length - keep;
        break;
      }
      if (start > pos) out.push({ kind: "garbage", bytes: joined.slice(pos, start) });
      pos = start;
      if (joined.length - start < HEADER_LENGTH) break;
      const total = HEADER_LENGTH + (((joined[start + 22] as number) << 8) | (joined[start + 23] as number)) + 1;
      if (joined.length - start < total) break;
      const end = start + total;
      const inner = bcc(joined, start + 2, end - 1) === joined[end - 1] ? -1 : findStart(joined, start + 2, end);
      const cut = inner === -1 ? end : inner;
      out.push({ kind: "frame", bytes: joined.slice(start, cut) });
      pos = cut;
    }
    this.buf = joined.slice(pos);
    return out;
  }
}

/**
 * A start marker in [from, end) whose header is plausible, or -1. A marker whose header is
 * not complete yet is taken as a start (the rest may still come).
 */
function findStart(buf: Uint8Array, from: number, end: number): number {
  for (let i = from; i + 1 < end; i++) {
    const edition = editionAt(buf, i);
    if (edition === undefined) continue;
    if (buf.length - i < HEADER_LENGTH || plausibleHeader(buf, i, edition)) return i;
  }
  return -1;
}
