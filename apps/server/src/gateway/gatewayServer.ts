import { createServer, type Server, type Socket } from "node:net";
import {
  bytesToHex,
  COMMAND,
  decodeFrame,
  decodeRealtimeData,
  decodeVehicleLogin,
  decodeVehicleLogout,
  ENCRYPTION,
  type FrameError,
  type Gbt32960Frame,
  RESPONSE_COMMAND,
  type RealtimeData,
  type Result,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ObjectStore } from "../platform/objectStore";
import { handleActivationFrame, isActivationFrame } from "./activation";
import { AnswerQueue, answerFrame, FLAG } from "./answers";
import { safetyAlarmRequests } from "./attachments/alarmStore";
import { startAttachmentServer } from "./attachments/attachmentServer";
import { type AttachmentLimits, attachmentLimits } from "./attachments/limits";
import { CommandDispatcher, isCommandAnswer } from "./commands/dispatch";
import { LocalSmsGateway, type SmsGateway, type SmsInbox } from "./commands/sms";
import { FrameSplitter } from "./frameSplitter";
import { type FrameRecord, FrameStore, type FrameStoreOptions } from "./frameStore";
import { type Hj1239Context, serveHj1239 } from "./hj1239Server";
import { type Jt808Context, serveJt808 } from "./jt808Server";
import { machinePins } from "./machines";
import { Jt808Multimedia } from "./multimedia/jt808Multimedia";
import { recordRegistration } from "./registrations";
import { latestReport } from "./report";
import { signingKeys } from "./signingKeys";

export interface GatewayOptions extends FrameStoreOptions {
  readonly host?: string;
  /** 0 picks a free port (tests). */
  readonly port: number;
  /** The JT/T 808 port (0 picks a free one); no JT/T 808 listener when undefined. */
  readonly jt808Port?: number;
  /** The HJ 1239 (燃油车国标数据) port (0 picks a free one); no HJ 1239 listener when undefined. */
  readonly hj1239Port?: number;
  /**
   * The 苏标 attachment server's port (0 picks a free one); none when undefined or without
   * `objects` — terminals' ADAS/DSM alarms with files then get no 0x9208.
   */
  readonly attachmentPort?: number;
  /** The attachment server's address as terminals reach it, sent in 0x9208 (default `host`). */
  readonly attachmentHost?: string;
  /** The attachment port's slow-loris and abuse guards (default: the ATTACHMENT_* environment, attachments/limits.ts). */
  readonly attachmentLimits?: Partial<AttachmentLimits>;
  /** How long the packages of a sub-packaged JT/T 808 message may take to arrive (default 60 s). */
  readonly fragmentTimeoutMs?: number;
  /** Close a connection that sent nothing for this long (default 300 s: the standard's longest heartbeat, 240 s, plus margin). */
  readonly idleTimeoutMs?: number;
  /** Close a connection that holds an unfinished frame this long, however the bytes trickle (default 10 s: slow-loris). */
  readonly partialFrameTimeoutMs?: number;
  /** How long a VIN's presence in `vehicle` is remembered (default 60 s). */
  readonly vinCacheMs?: number;
  /**
   * Frames of one connection received but not yet answered before the gateway stops reading
   * it (default 2,000); reading resumes when all are answered. Bounds the memory a fast
   * sender can take while the database is slower than the stream (TCP pushes back instead).
   */
  readonly maxInFlight?: number;
  /** The clock (tests may pin it). */
  readonly now?: () => number;
  /** How often queued remote commands are looked for and their TTLs swept (default 1 s). */
  readonly commandPollMs?: number;
  /** Where JT/T 808 multimedia uploads are kept (the server's object store); without it they are refused. */
  readonly objects?: ObjectStore;
  /** The wake-up SMS provider (default: the built-in LocalSmsGateway, whose inbox is `smsInbox`). */
  readonly sms?: SmsGateway;
}

export interface Gateway {
  readonly port: number;
  /** The JT/T 808 listener's port, when it runs. */
  readonly jt808Port: number | undefined;
  /** The HJ 1239 listener's port, when it runs. */
  readonly hj1239Port: number | undefined;
  /** The 苏标 attachment server's port, when it runs. */
  readonly attachmentPort: number | undefined;
  readonly host: string;
  /** Connections open now (every protocol). */
  connections(): number;
  /** The built-in SMS gateway's deliveries (simulated T-BOXes of this process wake on them). */
  readonly smsInbox: SmsInbox;
  /** Stops accepting, closes every connection and writes what is queued. */
  close(): Promise<void>;
}

/** Commands the gateway answers (GB/T 32960.3 §7: login, real-time, re-sent, logout, heartbeat, time sync). */
const SERVED: ReadonlySet<number> = new Set([
  COMMAND.vehicleLogin,
  COMMAND.realtimeData,
  COMMAND.resentData,
  COMMAND.vehicleLogout,
  COMMAND.heartbeat,
  COMMAND.timeSync,
]);
const BODY_COMMANDS: ReadonlySet<number> = new Set([
  COMMAND.vehicleLogin,
  COMMAND.realtimeData,
  COMMAND.resentData,
  COMMAND.vehicleLogout,
]);

/**
 * The GB/T 32960.3 TCP gateway: only I/O around `@tsp/domain`'s decoders. Decisions where the
 * standard and the spec are silent (telematics-facts.md, shared/vectors/README.md):
 * - **Unknown VIN**: a served command from a VIN that is in no tenant's `vehicle` table is
 *   answered 0x04 (VIN未知) and stored in the frame journal with status `vin-unknown`; it
 *   writes no login/logout row and no latest state, so no tenant ever sees it.
 * - **VIN duplicate**: a login for a VIN that is logged in on another open connection of this
 *   gateway is answered 0x03 (VIN重复) and not journaled as a login (the first connection keeps
 *   the vehicle). Across several gateway processes this is not detected yet.
 * - **Bad check code or structure** (wrong BCC, length field disagreeing with the data, bad
 *   start/flag/encryption/VIN): the frame cannot be trusted, so it is dropped without an answer
 *   (the vectors' README: "dropped without breaking the session") and stored with status
 *   `bad-frame` and the decoder's message. The connection stays open.
 * - **Readable frame, unreadable data unit** (login/data/logout body): answered 0x02 (错误) in
 *   2016, 0x06 (结构错误) in 2025; status `bad-body`. **Encrypted** data units (no keys held):
 *   0x02 in 2016, 0x07 (解密失败) in 2025; status `encrypted`.
 * - Data before a login on the same connection is accepted (a T-BOX re-sends after a lost link).
 * - Garbage bytes before a start marker are skipped and not stored.
 * - A 2025 terminal's activation 0x09 and key sync 0x0B go to 终端远程激活 (gateway/activation.ts).
 * - Other commands (platform login …) and frames that are themselves answers are stored as
 *   `unsupported` and not answered.
 * - An answer is sent only after its frame's batch is committed, so an answered frame is
 *   queryable; if the batch fails the terminal gets no answer and re-sends.
 * - A connection that closes without a logout leaves its vehicles offline in the latest state.
 */
export async function startGateway(db: Kysely<Database>, options: GatewayOptions): Promise<Gateway> {
  const now = options.now ?? Date.now;
  const idleMs = options.idleTimeoutMs ?? 300_000;
  const partialMs = options.partialFrameTimeoutMs ?? 10_000;
  const vinCacheMs = options.vinCacheMs ?? 60_000;
  const maxInFlight = options.maxInFlight ?? 2000;
  const store = new FrameStore(db, options);
  const sockets = new Set<Socket>();
  /** VIN → the connection it is logged in on. */
  const online = new Map<string, Socket>();
  const knownVins = new Map<string, { known: boolean; at: number }>();
  // Remote commands (issue 17): sent to logged-in vehicles, answers matched (commands/dispatch.ts).
  const localSms = new LocalSmsGateway(db);
  const commands = new CommandDispatcher(db, {
    now,
    sms: options.sms ?? localSms,
    pollMs: options.commandPollMs,
    socketOf: (vin) => online.get(vin),
    onlineVins: () => online.keys(),
  });
  commands.start();

  async function vinKnown(vin: string): Promise<boolean> {
    const cached = knownVins.get(vin);
    if (cached && now() - cached.at < vinCacheMs) return cached.known;
    const row = await db.selectFrom("vehicle").select("vin").where("vin", "=", vin).executeTakeFirst();
    knownVins.set(vin, { known: row !== undefined, at: now() });
    return row !== undefined;
  }

  function serve(socket: Socket): void {
    sockets.add(socket);
    const peer = `${socket.remoteAddress ?? "?"}:${socket.remotePort ?? 0}`;
    const splitter = new FrameSplitter();
    const loggedIn = new Set<string>();
    let work: Promise<void> = Promise.resolve();
    const answers = new AnswerQueue(socket);
    let partialTimer: NodeJS.Timeout | undefined;
    let inFlight = 0;
    // Not reset by later bytes: a frame trickled byte by byte still has to finish in time.
    const startPartialTimer = () => {
      partialTimer = setTimeout(() => socket.destroy(), partialMs);
    };

    socket.setTimeout(idleMs, () => socket.destroy());
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      sockets.delete(socket);
      if (partialTimer) clearTimeout(partialTimer);
      const left = [...loggedIn].filter((vin) => online.get(vin) === socket);
      for (const vin of left) online.delete(vin);
      if (left.length > 0) {
        void db
          .updateTable("gateway_vehicle_state")
          .set({ online: false, updated_at: now() })
          .where("vin", "in", left)
          .execute()
          .catch(() => undefined);
      }
    });

    async function handle(bytes: Uint8Array, receivedAt: number): Promise<void> {
      const frame = decodeFrame(bytes);
      const rawHex = bytesToHex(bytes);
      if (!frame.ok) {
        const header = bytes.length >= 21 ? bytes.subarray(4, 21) : undefined;
        const vinText = header ? String.fromCharCode(...header).replace(/\0+$/, "") : "";
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
      const base = { receivedAt, vin: f.vin, command: f.command, edition: f.edition, rawHex, peer };
      if (isCommandAnswer(f)) {
        // A terminal's answer to a remote command: journaled, matched to its command, never answered.
        answers.after(store.add({ ...base, status: "ok", reason: null }), undefined);
        await commands.answer(f, bytes, receivedAt).catch(() => undefined);
        return;
      }
      if (isActivationFrame(f)) {
        // 终端远程激活 (2025 0x09 / 0x0B): judged by the activation slice, answered here (gateway/activation.ts).
        const done = await handleActivationFrame(db, f, rawHex, now());
        answers.after(store.add({ ...base, status: done.status, reason: done.reason }), done.answer);
        return;
      }
      if (f.responseFlag !== RESPONSE_COMMAND || !SERVED.has(f.command)) {
        answers.after(store.add({ ...base, status: "unsupported", reason: null }), undefined);
        return;
      }
      const answer = (flag: number) => answerFrame(bytes, flag, now());
      if (!(await vinKnown(f.vin))) {
        answers.after(
          store.add({ ...base, status: "vin-unknown", reason: `VIN“${f.vin}”不在任何租户的车辆表中` }),
          answer(FLAG.vinUnknown),
        );
        return;
      }
      if (BODY_COMMANDS.has(f.command) && f.encryption !== ENCRYPTION.none) {
        answers.after(
          store.add({ ...base, status: "encrypted", reason: "数据单元已加密，网关未持有密钥" }),
          answer(f.edition === 2016 ? FLAG.error : FLAG.decryption2025),
        );
        return;
      }
      const badBody = (error: FrameError) =>
        answers.after(
          store.add({ ...base, status: "bad-body", reason: error.message }),
          answer(f.edition === 2016 ? FLAG.error : FLAG.structure2025),
        );
      const body = decodeBody(f);
      if (!body.ok) {
        badBody(body.error);
        return;
      }
      const b = body.value;
      if (b.kind === "login") {
        const holder = online.get(f.vin);
        const loginRow = (result: number, note: string | null) =>
          recordRegistration(db, {
            vin: f.vin,
            protocol: "gbt32960",
            terminal_id: null,
            phone: null,
            message: "login",
            result,
            note,
            at: receivedAt,
          });
        if (holder !== undefined && holder !== socket && !holder.destroyed) {
          await loginRow(3, "该VIN已在另一连接登入");
          answers.after(
            store.add({ ...base, status: "vin-duplicate", reason: `VIN“${f.vin}”已在另一连接登入` }),
            answer(FLAG.vinDuplicate),
          );
          return;
        }
        online.set(f.vin, socket);
        loggedIn.add(f.vin);
        await loginRow(0, null);
        answers.after(store.add({ ...base, status: "ok", reason: null, login: { ts: b.ts } }), answer(FLAG.success));
        // Commands queued while it was away go out after the login's answer.
        const edition = f.edition;
        void answers.settled.then(() => commands.loggedIn(f.vin, edition, b.ts));
        return;
      }
      if (b.kind === "logout") {
        await recordRegistration(db, {
          vin: f.vin,
          protocol: "gbt32960",
          terminal_id: null,
          phone: null,
          message: "logout",
          result: 0,
          note: null,
          at: receivedAt,
        });
        if (online.get(f.vin) === socket) online.delete(f.vin);
        loggedIn.delete(f.vin);
        answers.after(store.add({ ...base, status: "ok", reason: null, logout: { ts: b.ts } }), answer(FLAG.success));
        return;
      }
      if (b.kind === "report") {
        const realtime = { data: b.data, resent: f.command === COMMAND.resentData };
        answers.after(
          store.add({ ...base, status: "ok", reason: null, report: b.report, realtime }),
          answer(FLAG.success),
        );
        return;
      }
      answers.after(store.add({ ...base, status: "ok", reason: null }), answer(FLAG.success));
    }

    socket.on("data", (chunk: Buffer) => {
      const receivedAt = now();
      const pieces = splitter.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (splitter.pending === 0 && partialTimer) {
        clearTimeout(partialTimer);
        partialTimer = undefined;
      } else if (splitter.pending > 0 && !partialTimer) {
        startPartialTimer();
      }
      for (const piece of pieces) {
        if (piece.kind === "garbage") continue;
        // One frame after another per connection, so answers keep the frames' order; a
        // failure of one frame's handling never reaches the socket.
        inFlight++;
        work = work.then(() => handle(piece.bytes, receivedAt)).catch(() => undefined);
        // Counted down once the frame's answer (or its lack) is settled, in order.
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
      if (inFlight >= maxInFlight) {
        socket.pause();
        // Unread bytes are the gateway's delay, not the sender's: the clock restarts on resume.
        if (partialTimer) clearTimeout(partialTimer);
        partialTimer = undefined;
      }
    });
  }

  const host = options.host ?? "127.0.0.1";
  const server = await listen(createServer(serve), options.port, host);
  // JT/T 808 on a port of its own: a terminal is configured with one address per protocol, and a
  // connection's framing is then fixed from its first byte on (no guessing from garbage).
  // JT/T 808 multimedia and camera commands (gateway/multimedia/).
  const multimedia = new Jt808Multimedia(db, options.objects, { now, pollMs: options.commandPollMs });
  multimedia.start();
  // The 苏标 attachment server (gateway/attachments/): its own port, told to terminals by 0x9208.
  const attachments =
    options.attachmentPort === undefined || options.objects === undefined
      ? undefined
      : await startAttachmentServer({
          db,
          objects: options.objects,
          now,
          host,
          port: options.attachmentPort,
          limits: options.attachmentLimits ?? attachmentLimits(process.env),
        }).catch(async (error: unknown) => {
          multimedia.stop();
          await server.close();
          throw error;
        });
  const attachmentAddress = attachments && {
    host: options.attachmentHost ?? host,
    tcpPort: attachments.port,
    udpPort: 0,
  };
  const jt808Context: Jt808Context = {
    db,
    store,
    now,
    idleMs,
    partialMs,
    maxInFlight,
    fragmentTimeoutMs: options.fragmentTimeoutMs ?? 60_000,
    sockets,
    online: new Map(),
    multimedia,
    ...(attachmentAddress === undefined
      ? {}
      : {
          safetyAlarms: (session, location, receivedAt) =>
            safetyAlarmRequests(db, session, location, receivedAt, attachmentAddress),
        }),
  };
  const jt808 =
    options.jt808Port === undefined
      ? undefined
      : await listen(
          createServer((socket) => serveJt808(socket, jt808Context)),
          options.jt808Port,
          host,
        ).catch(async (error: unknown) => {
          // The GB/T 32960 side is listening already: stop it, so a failed start leaves nothing open.
          await Promise.all([server.close(), attachments?.close()]);
          throw error;
        });
  // HJ 1239 on a port of its own too: its `##` frames differ from GB/T 32960's only from byte 3 on.
  const hj1239Context: Hj1239Context = {
    store,
    now,
    idleMs,
    partialMs,
    maxInFlight,
    sockets,
    vinKnown,
    machineKnown: machinePins(db, now, vinCacheMs),
    signingKey: signingKeys(db, now, vinCacheMs),
    online: new Map(),
    setOffline: (vins) => {
      void db
        .updateTable("gateway_vehicle_state")
        .set({ online: false, updated_at: now() })
        .where("vin", "in", vins)
        .execute()
        .catch(() => undefined);
    },
  };
  const hj1239 =
    options.hj1239Port === undefined
      ? undefined
      : await listen(
          createServer((socket) => serveHj1239(socket, hj1239Context)),
          options.hj1239Port,
          host,
        ).catch(async (error: unknown) => {
          await Promise.all([server.close(), jt808?.close(), attachments?.close()]);
          throw error;
        });
  return {
    port: portOf(server.server, options.port),
    jt808Port: jt808 ? portOf(jt808.server, options.jt808Port ?? 0) : undefined,
    hj1239Port: hj1239 ? portOf(hj1239.server, options.hj1239Port ?? 0) : undefined,
    attachmentPort: attachments?.port,
    host,
    connections: () => sockets.size,
    smsInbox: localSms,
    close: async () => {
      commands.stop();
      multimedia.stop();
      const closed = Promise.all([server.close(), jt808?.close(), hj1239?.close(), attachments?.close()]);
      for (const s of sockets) s.destroy();
      await closed;
      await store.close();
    },
  };
}

/** The port a listening server got (0 asked for a free one). */
function portOf(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === "object" && address ? address.port : fallback;
}

/** Listens on host:port; `close` resolves when the server stopped. */
async function listen(
  server: Server,
  port: number,
  host: string,
): Promise<{ server: Server; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Body =
  | { readonly kind: "login"; readonly ts: number }
  | { readonly kind: "logout"; readonly ts: number }
  | { readonly kind: "report"; readonly report: ReturnType<typeof latestReport>; readonly data: RealtimeData }
  | { readonly kind: "none" };

/** Reads the data unit of a served, unencrypted command frame with the domain's decoders. */
function decodeBody(f: Gbt32960Frame): Result<Body, FrameError> {
  if (f.command === COMMAND.vehicleLogin) {
    const r = decodeVehicleLogin(f.data, f.edition);
    return r.ok ? { ok: true, value: { kind: "login", ts: r.value.collectedAt } } : r;
  }
  if (f.command === COMMAND.vehicleLogout) {
    const r = decodeVehicleLogout(f.data);
    return r.ok ? { ok: true, value: { kind: "logout", ts: r.value.collectedAt } } : r;
  }
  if (f.command === COMMAND.realtimeData || f.command === COMMAND.resentData) {
    const r = decodeRealtimeData(f.data, f.edition);
    return r.ok ? { ok: true, value: { kind: "report", report: latestReport(r.value), data: r.value } } : r;
  }
  return { ok: true, value: { kind: "none" } };
}
