import type { Socket } from "node:net";
import { bcc, ENCRYPTION, encodeCollectionTime, HEADER_LENGTH } from "@tsp/domain";

/** Response flags the gateway sends (GB/T 32960.3 table 3; 0x05–0x07 are the 2025 edition's). */
export const FLAG = {
  success: 0x01,
  error: 0x02,
  vinDuplicate: 0x03,
  vinUnknown: 0x04,
  structure2025: 0x06,
  decryption2025: 0x07,
} as const;

/**
 * The answer to a command frame: the request's start marker, command and VIN field copied
 * byte for byte (a NUL-padded test VIN is answered as it came, which the domain's
 * `encodeFrame` — 17 printable characters only — could not write), the response flag, no
 * encryption, and a 6-byte time as data unit: the request's own collection time when its
 * data unit starts with one, else the platform's clock (heartbeat, time sync; rtm_con reads
 * every answer's data unit as this time).
 */
export function answerFrame(request: Uint8Array, flag: number, nowMs: number): Uint8Array {
  let time = request.subarray(HEADER_LENGTH, HEADER_LENGTH + 6);
  const dataLength = request.length - HEADER_LENGTH - 1;
  if (dataLength < 6) {
    const now = encodeCollectionTime(nowMs);
    time = now.ok ? now.value : new Uint8Array(6);
  }
  const out = new Uint8Array(HEADER_LENGTH + 6 + 1);
  out.set(request.subarray(0, 21), 0);
  out[3] = flag;
  out[21] = ENCRYPTION.none;
  out[22] = 0;
  out[23] = 6;
  out.set(time, HEADER_LENGTH);
  out[out.length - 1] = bcc(out, 2, out.length - 1);
  return out;
}

/**
 * A connection's answers in the frames' order: each is written once its frame's record is
 * stored (a record that failed to store goes unanswered), never to a closed socket.
 */
export class AnswerQueue {
  /** Settles when every answer queued so far is written (or dropped). */
  settled: Promise<void> = Promise.resolve();

  constructor(private readonly socket: Socket) {}

  after(stored: Promise<void>, answer: Uint8Array | undefined): void {
    this.settled = this.settled
      .then(() => stored)
      .then(
        () => {
          if (answer && !this.socket.destroyed) this.socket.write(answer);
        },
        () => undefined,
      );
  }
}
