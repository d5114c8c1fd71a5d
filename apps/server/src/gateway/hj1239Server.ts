import type { Socket } from "node:net";
import {
  bytesToHex,
  type DieselStream,
  decodeHj1239Body,
  decodeHj1239Frame,
  encodeHj1239Answer,
  type Hj1239Body,
  type Quantity,
} from "@tsp/domain";
import { AnswerQueue } from "./answers";
import type { FrameRecord, FrameStore, LatestReport } from "./frameStore";
import { Hj1239Splitter } from "./hj1239Splitter";
import { machineWriteOf } from "./machines";
import { verifyFrameSignature } from "./sm2Signature";

/** What every HJ 1239 connection of one gateway shares. */
export interface Hj1239Context {
  readonly store: FrameStore;
  readonly now: () => number;
  readonly idleMs: number;
  readonly partialMs: number;
  readonly maxInFlight: number;
  readonly sockets: Set<Socket>;
  /** Whether a VIN is in some tenant's vehicle table (the GB/T 32960 side's cache). */
  readonly vinKnown: (vin: string) => Promise<boolean>;
  /** Whether a code is a PIN of some tenant's 机械信息 (a non-road machine: gateway/machines.ts). */
  readonly machineKnown: (pin: string) => Promise<boolean>;
  /** The activated terminal's SM2 public key of a PIN, null when not activated (signingKeys.ts). */
  readonly signingKey?: (pin: string) => Promise<string | null>;
  /** VIN → the connection it logged in on. */
  readonly online: Map<string, Socket>;
  /** Marks VINs offline in the latest state (a connection closed without a logout). */
  readonly setOffline: (vins: string[]) => void;
}

const valid = (q: Quantity): number | undefined => (q.status === "valid" ? q.value : undefined);

/**
 * SM2 signatures (HJ 1322 / HJ 1239.3 with signing: R, S after the items, over the unit before
 * them): checked with the activated terminal's key (终端远程激活). The verdict rides in the
 * journal's `reason` of an `ok` frame (no new status: the journal API and its screens read the
 * statuses they know); a bad one is journaled `bad-body` with this reason and drives nothing.
 */
export const BAD_SIGNATURE = "SM2签名校验失败：与终端激活时同步的公钥不符，数据不可信";
const SIGNATURE_REASON = { good: "SM2签名有效", unchecked: "SM2签名未校验：终端未激活，无公钥" } as const;
const hexToBytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => Number.parseInt(x, 16));

/** What the latest state keeps of a diesel sample: its time, a fixed position, speed and odometer. */
export function hj1239LatestReport(time: number, s: DieselStream): LatestReport {
  const p = s.position;
  const lon = valid(p.longitude);
  const lat = valid(p.latitude);
  const speed = valid(s.speed);
  const odometer = valid(s.odometer);
  return {
    collectedAt: time,
    ...(p.fixValid && lon !== undefined && lat !== undefined
      ? { longitude: p.west ? -lon : lon, latitude: p.south ? -lat : lat }
      : {}),
    ...(speed === undefined ? {} : { speedKmh: speed }),
    ...(odometer === undefined ? {} : { mileageKm: odometer }),
  };
}

/** The newest diesel sample of a real-time unit (a frame carries ten one-second ones), if any. */
function newestDiesel(body: Extract<Hj1239Body, { kind: "realtime" }>): LatestReport | undefined {
  let newest: { time: number; stream: DieselStream } | undefined;
  for (const item of body.items) {
    if (item.kind === "diesel" && (newest === undefined || item.time >= newest.time))
      newest = { time: item.time, stream: item.stream };
  }
  return newest ? hj1239LatestReport(newest.time, newest.stream) : undefined;
}

/**
 * One HJ 1239.3 connection (燃油车国标数据): only I/O around `@tsp/domain`'s `hj1239/` codec.
 * Decisions where the standard and the spec are silent (architecture.md "GB/T 32960 gateway"):
 * - Every accepted frame is answered with the same command and VIN after its batch committed
 *   (①BT `unpack`); 终端校时 0x05 carries the platform's time.
 * - **Non-road machines** (HJ 1322): a code in no vehicle table but a PIN of some tenant's 机械信息
 *   is that machine; its frames are answered alike and fill the machinery stores instead of the
 *   vehicle ones (`machines.ts` records how and why).
 * - **Unknown VIN** (in no tenant's vehicle table nor 机械信息): journaled `vin-unknown`, **not answered**
 *   (HJ 1239 has no response flag, so there is no 'VIN未知' to say; silence makes the terminal
 *   retry later, as an unanswered frame does).
 * - **Bad check code or structure**: dropped unanswered, journaled `bad-frame`.
 * - **SM2-encrypted** data unit (no key held): journaled `encrypted` and answered (the standard
 *   gives no refusal code; an unanswered terminal would re-send forever).
 * - Readable frame, unreadable data unit: journaled `bad-body`, not answered.
 * - A login of a VIN logged in on another open connection of this gateway: `vin-duplicate`,
 *   not answered (the first connection keeps the vehicle, as GB/T 32960's VIN重复).
 * - Login 0x01 / logout 0x04 go into the 车辆登入/登出 journals like GB/T 32960's; real-time
 *   0x02 fills the latest state from its newest diesel sample (position, speed, odometer);
 *   re-sent 0x03 (older data) and anti-tamper 0x06 only mark the vehicle online. Filing,
 *   parameter query and other commands are journaled `unsupported`, unanswered.
 * - The journal keeps every frame's raw bytes with its command; `edition` is null (readers tell
 *   HJ 1239 from GB/T 32960 by byte 3, `frameProtocol`).
 */
export function serveHj1239(socket: Socket, ctx: Hj1239Context): void {
  const { store, now } = ctx;
  ctx.sockets.add(socket);
  const peer = `${socket.remoteAddress ?? "?"}:${socket.remotePort ?? 0}`;
  const splitter = new Hj1239Splitter();
  const loggedIn = new Set<string>();
  let work: Promise<void> = Promise.resolve();
  const answers = new AnswerQueue(socket);
  let partialTimer: NodeJS.Timeout | undefined;
  let inFlight = 0;
  // Not reset by later bytes: a frame trickled byte by byte still has to finish in time.
  const startPartialTimer = () => {
    partialTimer = setTimeout(() => socket.destroy(), ctx.partialMs);
  };

  socket.setTimeout(ctx.idleMs, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("close", () => {
    ctx.sockets.delete(socket);
    if (partialTimer) clearTimeout(partialTimer);
    const left = [...loggedIn].filter((vin) => ctx.online.get(vin) === socket);
    for (const vin of left) ctx.online.delete(vin);
    if (left.length > 0) ctx.setOffline(left);
  });

  /** The SM2 verdict of a signed real-time unit (undefined: the unit carries no signature). */
  async function signatureVerdict(b: Hj1239Body, data: Uint8Array, pin: string) {
    if (b.kind !== "realtime" || b.signature === undefined) return undefined;
    const r = hexToBytes(b.signature.r);
    const s = hexToBytes(b.signature.s);
    const key = ctx.signingKey ? await ctx.signingKey(pin) : null;
    return verifyFrameSignature(key, data.subarray(0, data.length - 2 - r.length - s.length), r, s);
  }

  async function handle(bytes: Uint8Array, receivedAt: number): Promise<void> {
    const rawHex = bytesToHex(bytes);
    const frame = decodeHj1239Frame(bytes);
    if (!frame.ok) {
      const vinText = bytes.length >= 20 ? String.fromCharCode(...bytes.subarray(3, 20)).replace(/\0+$/, "") : "";
      const record: FrameRecord = {
        receivedAt,
        vin: /^[\x20-\x7e]{1,17}$/.test(vinText) ? vinText : null,
        command: bytes.length > 2 ? (bytes[2] as number) : null,
        edition: null,
        rawHex,
        status: "bad-frame",
        reason: frame.error.message,
        peer,
      };
      answers.after(store.add(record), undefined);
      return;
    }
    const f = frame.value;
    const base = { receivedAt, vin: f.vin, command: f.command, edition: null, rawHex, peer };
    const store1 = (fields: Partial<FrameRecord> & Pick<FrameRecord, "status" | "reason">, answered: boolean) => {
      const answer = answered ? encodeHj1239Answer(f, now()) : undefined;
      answers.after(store.add({ ...base, ...fields }), answer?.ok ? answer.value : undefined);
    };
    const vehicle = await ctx.vinKnown(f.vin);
    const machine = !vehicle && (await ctx.machineKnown(f.vin));
    if (!vehicle && !machine) {
      store1({ status: "vin-unknown", reason: `VIN“${f.vin}”不在任何租户的车辆表或机械信息中` }, false);
      return;
    }
    const body = decodeHj1239Body(f);
    if (!body.ok) {
      store1({ status: "bad-body", reason: body.error.message }, false);
      return;
    }
    const b = body.value;
    const verdict = await signatureVerdict(b, f.data, f.vin);
    if (verdict === "bad") {
      // Kept in the journal, flagged, and trusted for nothing (no state, no alarm, no answer).
      store1({ status: "bad-body", reason: BAD_SIGNATURE }, false);
      return;
    }
    const signed = verdict === undefined ? null : SIGNATURE_REASON[verdict];
    if (machine && b.kind !== "encrypted") {
      const write = machineWriteOf(f.vin, b);
      if (b.kind === "login") {
        const holder = ctx.online.get(f.vin);
        if (holder !== undefined && holder !== socket && !holder.destroyed) {
          store1({ status: "vin-duplicate", reason: `PIN“${f.vin}”已在另一连接登入` }, false);
          return;
        }
        ctx.online.set(f.vin, socket);
        loggedIn.add(f.vin);
      } else if (b.kind === "logout") {
        if (ctx.online.get(f.vin) === socket) ctx.online.delete(f.vin);
        loggedIn.delete(f.vin);
      }
      if (write === undefined && b.kind === "other") store1({ status: "unsupported", reason: null }, false);
      else store1({ status: "ok", reason: signed, ...(write ? { machine: write } : {}) }, true);
      return;
    }
    switch (b.kind) {
      case "encrypted":
        store1({ status: "encrypted", reason: "数据单元已SM2加密，网关未持有密钥" }, true);
        return;
      case "login": {
        const holder = ctx.online.get(f.vin);
        if (holder !== undefined && holder !== socket && !holder.destroyed) {
          store1({ status: "vin-duplicate", reason: `VIN“${f.vin}”已在另一连接登入` }, false);
          return;
        }
        ctx.online.set(f.vin, socket);
        loggedIn.add(f.vin);
        store1({ status: "ok", reason: null, login: { ts: b.time } }, true);
        return;
      }
      case "logout":
        if (ctx.online.get(f.vin) === socket) ctx.online.delete(f.vin);
        loggedIn.delete(f.vin);
        store1({ status: "ok", reason: null, logout: { ts: b.time } }, true);
        return;
      case "realtime": {
        const report = b.resent ? undefined : newestDiesel(b);
        store1(
          report ? { status: "ok", reason: signed, report } : { status: "ok", reason: signed, online: true },
          true,
        );
        return;
      }
      case "timeSync":
      case "antiTamper":
        store1({ status: "ok", reason: null, online: true }, true);
        return;
      default:
        store1({ status: "unsupported", reason: null }, false);
    }
  }

  socket.on("data", (chunk: Buffer) => {
    const receivedAt = now();
    const frames = splitter.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (splitter.pending === 0 && partialTimer) {
      clearTimeout(partialTimer);
      partialTimer = undefined;
    } else if (splitter.pending > 0 && !partialTimer) {
      startPartialTimer();
    }
    for (const bytes of frames) {
      inFlight++;
      // One frame after another per connection, so answers keep the frames' order; a failure
      // of one frame's handling never reaches the socket.
      work = work.then(() => handle(bytes, receivedAt)).catch(() => undefined);
      work
        .then(() => answers.settled)
        .then(() => {
          inFlight--;
          if (inFlight === 0 && socket.isPaused()) {
            socket.resume();
            if (splitter.pending > 0 && !partialTimer) startPartialTimer();
          }
        });
    }
    if (inFlight >= ctx.maxInFlight) {
      socket.pause();
      if (partialTimer) clearTimeout(partialTimer);
      partialTimer = undefined;
    }
  });
}
