import type { Socket } from "node:net";
import {
  addJt808Fragment,
  bytesToHex,
  decodeJt808Body,
  decodeJt808Frame,
  encodeJt808Frame,
  encodeJt808Message,
  expireJt808Fragments,
  JT808_BATCH_NORMAL,
  JT808_MESSAGE_ID,
  type Jt808Body,
  type Jt808Header,
  type Jt808Location,
  type Jt808ReassemblyState,
  jt808Coordinates,
  jt808FragmentKey,
  takeJt808Frames,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AnswerQueue } from "./answers";
import type { FrameRecord, FrameStore, LatestReport } from "./frameStore";
import { phoneKey, REGISTER_RESULT, registeredJt808Terminal, registerJt808Terminal } from "./jt808Terminals";
import { type Jt808Multimedia, resendRequest } from "./multimedia/jt808Multimedia";
import { recordRegistration } from "./registrations";

/** 0x8001 results (JT/T 808 表: 0 成功/确认, 1 失败, 2 消息有误, 3 不支持). */
export const JT808_RESULT = { success: 0, failure: 1, wrong: 2, unsupported: 3 } as const;

/** What every JT/T 808 connection of one gateway shares. */
export interface Jt808Context {
  readonly db: Kysely<Database>;
  readonly store: FrameStore;
  readonly now: () => number;
  readonly idleMs: number;
  readonly partialMs: number;
  readonly maxInFlight: number;
  /** How long the packages of a sub-packaged message may take to arrive (default 60 s). */
  readonly fragmentTimeoutMs: number;
  readonly sockets: Set<Socket>;
  /** VIN → the connection its terminal last authenticated on. */
  readonly online: Map<string, Socket>;
  /** Multimedia (0x0800/0x0801/0x0805) and the JT/T 808 commands (0x8801); none in bare tests. */
  readonly multimedia?: Jt808Multimedia;
  /**
   * 苏标 alarms with attachments in a stored 0x0200 → the 0x9208 bodies to send the terminal
   * (gateway/attachments/); none when the attachment server is off.
   */
  readonly safetyAlarms?: (
    session: { readonly vin: string; readonly phone: string },
    location: Jt808Location,
    receivedAt: number,
  ) => Promise<Uint8Array[]>;
}

/** What the latest state keeps of a location: its time, a fixed position, speed and odometer. */
export function jt808LatestReport(l: Jt808Location): LatestReport {
  const mileage = l.items.find((i) => i.kind === "mileage");
  // Status bit 1: 0 未定位, 1 定位 (JT/T 808 表25): an unfixed report's coordinates are not a position.
  const fixed = (l.status & 0x02) !== 0;
  return {
    collectedAt: l.time,
    ...(fixed ? jt808Coordinates(l) : {}),
    speedKmh: l.speed / 10,
    ...(mileage && mileage.kind === "mileage" ? { mileageKm: mileage.value / 10 } : {}),
  };
}

/**
 * One JT/T 808 (2013 and 2019) connection: only I/O around `@tsp/domain`'s `jt808/` codec.
 * Decisions where the standard and the spec are silent (architecture.md "GB/T 32960 gateway"):
 * - **Register** 0x0100 → 0x8100: a terminal of the T-BOX register (terminal id) or of the
 *   active-safety register (phone) gets result 0 and its code; a T-BOX bound to no vehicle
 *   result 2 (无该车辆); any other result 4 (无该终端), journaled `vin-unknown`.
 * - **Authenticate** 0x0102 → 0x8001: 0 when the code is the one the phone was registered
 *   with (on any connection or gateway: the binding is in the database), else 1 (失败),
 *   journaled `vin-unknown`. The connection then speaks for that vehicle. While another open
 *   connection of this gateway speaks for it, 1 and `vin-duplicate` (as GB/T 32960's VIN重复:
 *   two terminals claiming one vehicle would interleave two tracks; a terminal that lost its
 *   link gets in once the gateway has seen the old connection close or time out).
 * - **Before authentication** every other message (heartbeat, location, batch …) is answered
 *   0x8001 result 1 (失败): the standard has the terminal authenticate first after connecting,
 *   and a failure makes it do so. Journaled `vin-unknown` with the phone's vehicle when it was
 *   registered, changing no latest state.
 * - Heartbeat 0x0002, location 0x0200 and batch 0x0704 → 0x8001 result 0 after the batch that
 *   stores them committed. A location fills the latest state (a fixed position, speed, odometer);
 *   a batch of type 0 with its newest entry; a blind-area re-send (type 1, older data) only marks
 *   the vehicle online.
 * - **Sub-packages** are each journaled as received and answered 0x8001 result 0; the message is
 *   read when its last package arrives (the codec's reassembly, per connection; packages older
 *   than `fragmentTimeoutMs` are given up).
 * - A frame failing its check code, escaping or length is dropped unanswered (its header cannot
 *   be trusted) and journaled `bad-frame`; an intact frame whose body does not read is answered
 *   2 (消息有误), `bad-body`; an encrypted body (no keys held) 3 (不支持), `encrypted`; a message
 *   id the gateway does not serve 3, `unsupported`; a terminal's own 0x0001 is journaled only.
 * - Bytes outside 0x7E flags are skipped. The journal keeps every frame's raw bytes with its
 *   message id as `command` and 2013/2019 as `edition` (位置数据查询 decodes them from there).
 */
export function serveJt808(socket: Socket, ctx: Jt808Context): void {
  const { db, store, now } = ctx;
  ctx.sockets.add(socket);
  const peer = `${socket.remoteAddress ?? "?"}:${socket.remotePort ?? 0}`;
  let rest: Uint8Array = new Uint8Array(0);
  let fragments: Jt808ReassemblyState = new Map();
  let session: { readonly phone: string; readonly vin: string } | undefined;
  let serial = 0;
  let work: Promise<void> = Promise.resolve();
  const answers = new AnswerQueue(socket);
  let partialTimer: NodeJS.Timeout | undefined;
  let inFlight = 0;
  const startPartialTimer = () => {
    partialTimer = setTimeout(() => socket.destroy(), ctx.partialMs);
  };

  socket.setTimeout(ctx.idleMs, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("close", () => {
    ctx.sockets.delete(socket);
    if (partialTimer) clearTimeout(partialTimer);
    if (session && ctx.online.get(session.vin) === socket) {
      ctx.online.delete(session.vin);
      void db
        .updateTable("gateway_vehicle_state")
        .set({ online: false, updated_at: now() })
        .where("vin", "=", session.vin)
        .execute()
        .catch(() => undefined);
    }
  });

  function platformMessage(h: Jt808Header, body: Jt808Body): Uint8Array | undefined {
    serial = (serial + 1) % 0x10000;
    const bytes = encodeJt808Message(
      {
        edition: h.edition,
        ...(h.protocolVersion === undefined ? {} : { protocolVersion: h.protocolVersion }),
        encryption: 0,
        phone: h.phone,
        serial,
      },
      body,
    );
    return bytes.ok ? bytes.value : undefined;
  }
  /** A platform message whose body another module wrote (multimedia's 0x8800). */
  function rawMessage(h: Jt808Header, answer: { readonly messageId: number; readonly body: Uint8Array }) {
    serial = (serial + 1) % 0x10000;
    const { package: _none, ...header } = h;
    const bytes = encodeJt808Frame({
      header: { ...header, encryption: 0, serial, messageId: answer.messageId },
      body: answer.body,
    });
    return bytes.ok ? bytes.value : undefined;
  }
  const general = (h: Jt808Header, result: number) =>
    platformMessage(h, { kind: "platformResponse", response: { serial: h.serial, messageId: h.messageId, result } });

  async function handle(bytes: Uint8Array, receivedAt: number): Promise<void> {
    const rawHex = bytesToHex(bytes);
    const frame = decodeJt808Frame(bytes);
    if (!frame.ok) {
      const record: FrameRecord = {
        receivedAt,
        vin: session?.vin ?? null,
        command: null,
        edition: null,
        rawHex,
        status: "bad-frame",
        reason: frame.error.message,
        peer,
      };
      answers.after(store.add(record), undefined);
      return;
    }
    const h = frame.value.header;
    const authenticated = session !== undefined && session.phone === phoneKey(h.phone) ? session : undefined;
    const base = {
      receivedAt,
      vin: authenticated?.vin ?? null,
      command: h.messageId,
      edition: h.edition,
      rawHex,
      peer,
    };
    const store1 = (fields: Partial<FrameRecord> & Pick<FrameRecord, "status" | "reason">, answer?: Uint8Array) =>
      answers.after(store.add({ ...base, ...fields }), answer);

    if (h.messageId === JT808_MESSAGE_ID.terminalResponse) {
      store1({ status: "ok", reason: null });
      // The answer to a JT/T 808 command (an audio/video parameter set's 0x0001).
      if (authenticated && ctx.multimedia)
        await ctx.multimedia
          .terminalResponse(authenticated.vin, frame.value.body, bytes, receivedAt)
          .catch(() => undefined);
      return;
    }
    if (h.encryption !== 0) {
      store1({ status: "encrypted", reason: "消息体已加密，网关未持有密钥" }, general(h, JT808_RESULT.unsupported));
      return;
    }
    const opening = h.messageId === JT808_MESSAGE_ID.register || h.messageId === JT808_MESSAGE_ID.authentication;
    if (!opening && authenticated === undefined) {
      const known = await registeredJt808Terminal(db, h.phone);
      store1(
        {
          vin: known?.vin ?? null,
          status: "vin-unknown",
          reason: `终端“${h.phone}”未鉴权（应先发送终端鉴权0x0102），平台不确认其车辆`,
        },
        general(h, JT808_RESULT.failure),
      );
      return;
    }
    // A package waits for the rest of its message; the whole message is read with the last one.
    let header = h;
    let body = frame.value.body;
    if (h.package !== undefined) {
      fragments = expireJt808Fragments(fragments, receivedAt - ctx.fragmentTimeoutMs).state;
      const added = addJt808Fragment(fragments, frame.value, receivedAt);
      if (!added.ok) {
        store1({ status: "bad-body", reason: added.error.message }, general(h, JT808_RESULT.wrong));
        return;
      }
      fragments = added.value.state;
      const whole = added.value.message;
      if (whole === undefined) {
        // The last package of an upload with others missing: 0x8800 asks for them again.
        const resend = resendRequest(h, fragments.get(jt808FragmentKey(h)));
        store1({ status: "ok", reason: null }, resend ? rawMessage(h, resend) : general(h, JT808_RESULT.success));
        return;
      }
      header = whole.header;
      body = whole.body;
    }
    if (ctx.multimedia?.serves(header.messageId) && authenticated !== undefined) {
      const out = await ctx.multimedia.handle(authenticated, header, body, bytes, receivedAt);
      store1(
        { status: out.status, reason: out.reason },
        out.answer ? rawMessage(h, out.answer) : general(h, out.result),
      );
      return;
    }
    const decoded = decodeJt808Body(header.messageId, header.edition, body);
    if (!decoded.ok) {
      if (decoded.error.code === "unknown-message") {
        store1({ status: "unsupported", reason: null }, general(h, JT808_RESULT.unsupported));
      } else {
        store1({ status: "bad-body", reason: decoded.error.message }, general(h, JT808_RESULT.wrong));
      }
      return;
    }
    const b = decoded.value;
    switch (b.kind) {
      case "register": {
        const outcome = await registerJt808Terminal(db, h.phone, b.register, h.edition, receivedAt);
        const answer = platformMessage(h, {
          kind: "registerResponse",
          response:
            outcome.result === REGISTER_RESULT.success
              ? { serial: h.serial, result: outcome.result, authCode: outcome.authCode }
              : { serial: h.serial, result: outcome.result },
        });
        await recordRegistration(db, {
          vin: outcome.result === REGISTER_RESULT.success ? outcome.vin : null,
          protocol: "jt808",
          terminal_id: b.register.terminalId,
          phone: phoneKey(h.phone),
          message: "register",
          result: outcome.result,
          note: outcome.result === REGISTER_RESULT.success ? null : outcome.reason,
          at: receivedAt,
        });
        if (outcome.result === REGISTER_RESULT.success)
          store1({ vin: outcome.vin, status: "ok", reason: null }, answer);
        else store1({ status: "vin-unknown", reason: outcome.reason }, answer);
        return;
      }
      case "authentication": {
        const known = await registeredJt808Terminal(db, h.phone);
        const authRow = (result: number, note: string | null) =>
          recordRegistration(db, {
            vin: known?.vin ?? null,
            protocol: "jt808",
            terminal_id: known?.terminalId ?? null,
            phone: phoneKey(h.phone),
            message: "authenticate",
            result,
            note,
            at: receivedAt,
          });
        if (known === undefined || known.authCode !== b.authentication.authCode) {
          await authRow(JT808_RESULT.failure, known ? "鉴权码与注册时下发的不一致" : "终端尚未注册（0x0100）");
          store1(
            {
              vin: known?.vin ?? null,
              status: "vin-unknown",
              reason: known ? "鉴权码与注册时下发的不一致" : `终端“${h.phone}”尚未注册（0x0100）`,
            },
            general(h, JT808_RESULT.failure),
          );
          return;
        }
        const holder = ctx.online.get(known.vin);
        if (holder !== undefined && holder !== socket && !holder.destroyed) {
          await authRow(JT808_RESULT.failure, "该车辆的终端已在另一连接鉴权");
          store1(
            { vin: known.vin, status: "vin-duplicate", reason: `VIN“${known.vin}”的终端已在另一连接鉴权` },
            general(h, JT808_RESULT.failure),
          );
          return;
        }
        session = { phone: phoneKey(h.phone), vin: known.vin };
        ctx.online.set(known.vin, socket);
        await authRow(JT808_RESULT.success, null);
        store1({ vin: known.vin, status: "ok", reason: null, online: true }, general(h, JT808_RESULT.success));
        // Commands queued while it was away go out after the answer.
        const vin = known.vin;
        void answers.settled.then(() => ctx.multimedia?.authenticated(vin, h, socket));
        return;
      }
      case "heartbeat":
        store1({ status: "ok", reason: null, online: true }, general(h, JT808_RESULT.success));
        return;
      case "location":
        store1({ status: "ok", reason: null, report: jt808LatestReport(b.location) }, general(h, JT808_RESULT.success));
        // An active-safety alarm with attachments: 0x9208 after the answer (gateway/attachments/).
        if (ctx.safetyAlarms && authenticated) {
          const requests = await ctx.safetyAlarms(authenticated, b.location, receivedAt).catch(() => []);
          for (const request of requests)
            answers.after(Promise.resolve(), rawMessage(h, { messageId: 0x9208, body: request }));
        }
        return;
      case "batchLocation": {
        const newest = b.batch.locations.reduce<Jt808Location | undefined>(
          (a, l) => (a === undefined || l.time >= a.time ? l : a),
          undefined,
        );
        const fills = b.batch.type === JT808_BATCH_NORMAL && newest !== undefined;
        store1(
          fills
            ? { status: "ok", reason: null, report: jt808LatestReport(newest) }
            : { status: "ok", reason: null, online: true },
          general(h, JT808_RESULT.success),
        );
        return;
      }
      default:
        // Platform messages (0x8001, 0x8100) sent to the platform.
        store1({ status: "unsupported", reason: null }, general(h, JT808_RESULT.unsupported));
    }
  }

  socket.on("data", (chunk: Buffer) => {
    const receivedAt = now();
    const joined = new Uint8Array(rest.length + chunk.byteLength);
    joined.set(rest, 0);
    joined.set(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), rest.length);
    const cut = takeJt808Frames(joined);
    rest = cut.rest;
    if (rest.length === 0 && partialTimer) {
      clearTimeout(partialTimer);
      partialTimer = undefined;
    } else if (rest.length > 0 && !partialTimer) {
      startPartialTimer();
    }
    for (const bytes of cut.frames) {
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
            if (rest.length > 0 && !partialTimer) startPartialTimer();
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
