import { bcc, encodeCollectionTime, encodeFrame } from "@tsp/domain";

/**
 * The bytes of forwarding (GB/T 32960.3-2016 §7.2 平台登入 0x05 / 平台登出 0x06, telematics-facts.md
 * and domain-notes.md). Decisions where the sources are silent, per protocol:
 * - Platform login and logout are GB/T 32960's on both protocols: HJ 1239.3 defines none (its
 *   0x05 is time sync), and a receiving platform tells the two apart by byte 3 (GB/T 32960's
 *   response flag 0xFE, an HJ 1239 VIN character otherwise — as our gateway does).
 * - The header's 17-byte field of a platform frame holds the platform's unique code: the account
 *   (≤ 12 characters) padded with spaces. Login body: time 6 · serial 2 · user 12 · password 20
 *   (NUL-padded ASCII) · encryption rule 1 (0x01 none).
 * - Data frames are forwarded as received, byte for byte: the VIN already names the machine, and
 *   HJ 1239's SM2 signature covers the data unit, so re-encoding could only break it. The one
 *   change: a real-time frame (0x02) sent after the session it belongs to — the backlog of an
 *   outage or a restart — goes out as 补发 0x03 (both standards' re-sent data), the data unit
 *   untouched and the check code recomputed.
 */
export const PLATFORM_LOGIN = 0x05;
export const PLATFORM_LOGOUT = 0x06;
const REALTIME = 0x02;
const RESENT = 0x03;
const FLAG_OK = 0x01;

function padded(text: string, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < Math.min(size, text.length); i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}

function platformFrame(command: number, account: string, data: Uint8Array): Uint8Array {
  const r = encodeFrame({
    edition: 2016,
    command,
    responseFlag: 0xfe,
    vin: account.padEnd(17, " ").slice(0, 17),
    encryption: 0x01,
    data,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function timeBytes(nowMs: number): Uint8Array {
  const t = encodeCollectionTime(nowMs);
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

/** 平台登入: the platform's account and password (unsealed), the day's login serial. */
export function platformLogin(account: string, password: string, serial: number, nowMs: number): Uint8Array {
  const data = new Uint8Array(6 + 2 + 12 + 20 + 1);
  data.set(timeBytes(nowMs), 0);
  data[6] = (serial >> 8) & 0xff;
  data[7] = serial & 0xff;
  data.set(padded(account, 12), 8);
  data.set(padded(password, 20), 20);
  data[40] = 0x01;
  return platformFrame(PLATFORM_LOGIN, account, data);
}

/** 平台登出: time and the serial of the login it closes. */
export function platformLogout(account: string, serial: number, nowMs: number): Uint8Array {
  const data = new Uint8Array(8);
  data.set(timeBytes(nowMs), 0);
  data[6] = (serial >> 8) & 0xff;
  data[7] = serial & 0xff;
  return platformFrame(PLATFORM_LOGOUT, account, data);
}

/** The login's fields as a receiving platform reads them (null: not a platform login). */
export function readPlatformLogin(frame: Uint8Array): { account: string; password: string; serial: number } | null {
  if (frame.length < 24 + 41 + 1 || frame[2] !== PLATFORM_LOGIN || frame[3] !== 0xfe) return null;
  const text = (from: number, size: number) =>
    String.fromCharCode(...frame.subarray(from, from + size)).replace(/\0+$/, "");
  return {
    serial: ((frame[30] as number) << 8) | (frame[31] as number),
    account: text(32, 12),
    password: text(44, 20),
  };
}

/** Whether a `##`/`$$` frame is GB/T 32960 (byte 3 a response flag) rather than HJ 1239 (a VIN character). */
export function isGbt32960(frame: Uint8Array): boolean {
  const b = frame[3] as number;
  return b < 0x20 || b > 0x7e;
}

/** The frame as it goes out: as received, or a real-time frame of an earlier session as 补发. */
export function outgoing(raw: Uint8Array, resend: boolean): { bytes: Uint8Array; command: number; resent: boolean } {
  const command = raw[2] as number;
  if (!resend || command !== REALTIME) return { bytes: raw, command, resent: false };
  const bytes = Uint8Array.from(raw);
  bytes[2] = RESENT;
  bytes[bytes.length - 1] = bcc(bytes, 2, bytes.length - 1);
  return { bytes, command: RESENT, resent: true };
}

/**
 * Whether the platform accepted what it answers: GB/T 32960 answers carry the flag (0x01
 * success; 0x02 error and the rest refuse); HJ 1239 has no flag, so an answer is acceptance.
 */
export function answerAccepts(answer: Uint8Array): boolean {
  return isGbt32960(answer) ? answer[3] === FLAG_OK : true;
}

/**
 * Cuts `##`/`$$` frames from a byte stream: both protocols have a 24-byte header with the data
 * length at bytes 22–23 and one check byte after the data. Answers the frames and the rest.
 */
export function takeFrames(buffer: Uint8Array): { frames: Uint8Array[]; rest: Uint8Array } {
  const frames: Uint8Array[] = [];
  let at = 0;
  while (buffer.length - at >= 24) {
    const s = buffer[at] as number;
    if (!((s === 0x23 || s === 0x24) && buffer[at + 1] === s)) {
      at++;
      continue;
    }
    const total = 24 + (((buffer[at + 22] as number) << 8) | (buffer[at + 23] as number)) + 1;
    if (buffer.length - at < total) break;
    frames.push(buffer.subarray(at, at + total));
    at += total;
  }
  return { frames, rest: buffer.subarray(at) };
}
