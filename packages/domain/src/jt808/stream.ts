import { JT808_FLAG } from "./escape";
import { JT808_MAX_BODY_LENGTH } from "./frame";

/**
 * The longest frame a conforming terminal can send: flags, a 2019 sub-package header (21 bytes),
 * a 1023-byte body and the check code, every byte escaped to two.
 */
export const JT808_MAX_FRAME_LENGTH = 2 + (21 + JT808_MAX_BODY_LENGTH + 1) * 2;

/** What {@link takeJt808Frames} found in the bytes received so far. */
export interface Jt808StreamChunk {
  /** Whole frames, flags included, in arrival order (still to be checked by {@link decodeJt808Frame}). */
  readonly frames: readonly Uint8Array[];
  /** The bytes of a frame not yet complete, to be prepended to the next bytes received. */
  readonly rest: Uint8Array;
  /** Bytes thrown away: anything before a start flag, and a frame longer than any terminal sends. */
  readonly dropped: number;
}

/**
 * Cuts a TCP byte stream into frames (pure: the caller keeps `rest` and passes it back in front
 * of the next bytes). A frame runs from a 0x7E to the next 0x7E; two flags in a row are taken as
 * an end and a new start (the second flag opens the next frame). An unfinished frame longer than
 * {@link JT808_MAX_FRAME_LENGTH} is dropped, so garbage without flags cannot grow `rest`
 * without bound.
 */
export function takeJt808Frames(bytes: Uint8Array): Jt808StreamChunk {
  const frames: Uint8Array[] = [];
  let start = bytes.indexOf(JT808_FLAG);
  if (start === -1) return { frames, rest: new Uint8Array(0), dropped: bytes.length };
  let dropped = start;
  for (;;) {
    const end = bytes.indexOf(JT808_FLAG, start + 1);
    if (end === -1) break;
    if (end === start + 1) {
      // "7E 7E" with nothing between: the second flag opens the frame.
      dropped += 1;
      start = end;
      continue;
    }
    frames.push(bytes.slice(start, end + 1));
    const next = bytes.indexOf(JT808_FLAG, end + 1);
    if (next === -1) return { frames, rest: new Uint8Array(0), dropped: dropped + bytes.length - end - 1 };
    dropped += next - end - 1;
    start = next;
  }
  const rest = bytes.slice(start);
  if (rest.length > JT808_MAX_FRAME_LENGTH) return { frames, rest: new Uint8Array(0), dropped: dropped + rest.length };
  return { frames, rest, dropped };
}
