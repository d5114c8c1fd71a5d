import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import {
  addJt808Range,
  decodeJt808AttachmentFile,
  decodeJt808AttachmentList,
  decodeJt808DataFrame,
  decodeJt808Frame,
  encodeJt808AttachmentAnswer,
  encodeJt808Frame,
  encodeJt808Message,
  JT808_ATTACHMENT_MESSAGE_ID,
  type Jt808Header,
  type Jt808ReceivedRanges,
  jt808AttachmentContentType,
  jt808MissingRanges,
  takeJt808AttachmentStream,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ObjectStore } from "../../platform/objectStore";
import "../../services/object-store/tables";
import { phoneKey } from "../jt808Terminals";
import { type AttachmentGuard, type AttachmentLimits, DEFAULT_ATTACHMENT_LIMITS } from "./limits";
import "./tables";

/** 0x8001 results (JT/T 808: 0 成功/确认, 1 失败, 2 消息有误, 3 不支持). */
const RESULT = { success: 0, failure: 1, wrong: 2, unsupported: 3 } as const;

export interface AttachmentServerOptions {
  readonly db: Kysely<Database>;
  readonly objects: ObjectStore;
  readonly now: () => number;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Close a connection silent this long (default 60 s). */
  readonly idleMs?: number;
  /** The largest file taken (default 16 MiB): a 0x1210 listing a bigger one is refused. */
  readonly maxFileBytes?: number;
  /** The slow-loris and abuse guards (limits.ts; default DEFAULT_ATTACHMENT_LIMITS). */
  readonly limits?: Partial<AttachmentLimits>;
}

export interface AttachmentServer {
  readonly port: number;
  connections(): number;
  /** Connections each guard closed so far. */
  guarded(): Readonly<Record<AttachmentGuard, number>>;
  /** Bytes of incomplete files held in memory now, over all connections. */
  partialBytes(): number;
  close(): Promise<void>;
}

/**
 * The object key of a complete attachment: one short path segment of the VIN and the file's row
 * (the terminal's name may hold any ASCII and run to 255 characters; it stays in the row), with
 * the name's extension when it is a plain one, so the store serves the right content type.
 */
export function attachmentObjectKey(vin: string, fileId: number, name: string): string {
  const ext = /\.([0-9A-Za-z]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? "bin";
  return `alarm-${vin}-${fileId}.${ext}`;
}

interface FileState {
  readonly id: number;
  readonly size: number;
  type: number | null;
  data: Uint8Array | undefined;
  ranges: Jt808ReceivedRanges;
  /** Bytes in `ranges`. */
  received: number;
  done: boolean;
}

/** What every connection of one port shares: the guards' counts. */
interface PortState {
  readonly limits: AttachmentLimits;
  readonly sockets: Set<Socket>;
  readonly perAddress: Map<string, number>;
  /** A VIN's connections, oldest first. */
  readonly perTerminal: Map<string, Set<Socket>>;
  partialBytes: number;
  readonly guarded: Record<AttachmentGuard, number>;
}

/**
 * The 苏标 attachment server (T/JSATL 12-2017 §4.5; issue 17 报警附件上传), on a TCP port of its
 * own, as terminals are told by 0x9208:
 * - **0x1210** names the alarm by the platform's 报警编号 (and the terminal id and phone it was
 *   sent to — anything else is answered 0x8001 result 1 and its files are not taken) and lists
 *   the files; each gets its row. Answered 0x8001 result 0.
 * - **0x1211** announces one listed file (its type); answered 0x8001.
 * - **Data frames** (0x30316364, name, offset, length, data) are copied into the file's buffer in
 *   memory, their ranges remembered; a piece outside the listed size or of an unlisted file is
 *   ignored (the standard has no answer to a data frame).
 * - **0x1212** says a file was sent: 0x9212 result 1 with the ranges still missing (at most 255;
 *   the terminal sends them and says 0x1212 again), or — every byte there — the file is written
 *   as a private object, then its row gets the key (so a listed key always has its object), and
 *   0x9212 result 0.
 * A connection's buffers die with it: a file not completed on one connection is not stored (the
 *   terminal re-sends it, 0x1210 信息类型 1). Bytes that are neither frame are skipped; a frame
 *   failing its check code is dropped; a body that does not read is answered 2 — never a crash.
 * Guards (limits.ts, each by env): an accepted 0x1210 within 30 s of connecting; while a listed
 *   file is incomplete, 16 KiB of new file bytes a minute; 2 connections per VIN (the oldest goes),
 *   64 per remote address, 1024 in all; 32 MiB of partial files per connection, 512 MiB in all.
 *   A guard closes the connection (counted in `guarded()`); the 60 s idle time-out stays.
 */
export async function startAttachmentServer(options: AttachmentServerOptions): Promise<AttachmentServer> {
  const port: PortState = {
    limits: { ...DEFAULT_ATTACHMENT_LIMITS, ...options.limits },
    sockets: new Set(),
    perAddress: new Map(),
    perTerminal: new Map(),
    partialBytes: 0,
    guarded: {
      firstFrame: 0,
      slowProgress: 0,
      perTerminal: 0,
      perAddress: 0,
      connections: 0,
      partialBytes: 0,
      totalPartialBytes: 0,
    },
  };
  const { sockets } = port;
  const server = createServer((socket) => admit(socket, options, port));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: portOf(server, options.port),
    connections: () => sockets.size,
    guarded: () => ({ ...port.guarded }),
    partialBytes: () => port.partialBytes,
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      return closed;
    },
  };
}

function portOf(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === "object" && address ? address.port : fallback;
}

/** The connection caps, at connect: over one, the connection is closed before a byte is read. */
function admit(socket: Socket, o: AttachmentServerOptions, port: PortState): void {
  const address = socket.remoteAddress ?? "";
  const fromAddress = port.perAddress.get(address) ?? 0;
  const refused: AttachmentGuard | undefined =
    port.sockets.size >= port.limits.maxConnections
      ? "connections"
      : fromAddress >= port.limits.maxPerAddress
        ? "perAddress"
        : undefined;
  if (refused !== undefined) {
    port.guarded[refused]++;
    socket.on("error", () => undefined);
    socket.destroy();
    return;
  }
  port.perAddress.set(address, fromAddress + 1);
  socket.on("close", () => {
    const left = (port.perAddress.get(address) ?? 1) - 1;
    if (left === 0) port.perAddress.delete(address);
    else port.perAddress.set(address, left);
  });
  serveAttachments(socket, o, port);
}

function serveAttachments(socket: Socket, o: AttachmentServerOptions, port: PortState): void {
  const { db, objects, now } = o;
  const { sockets, limits } = port;
  const maxFile = o.maxFileBytes ?? 16 * 1024 * 1024;
  sockets.add(socket);
  let rest: Uint8Array = new Uint8Array(0);
  let work: Promise<void> = Promise.resolve();
  let serial = 0;
  let alarm: { readonly id: number; readonly vin: string; readonly number: string } | undefined;
  const files = new Map<string, FileState>();
  /** Bytes of this connection's incomplete files in memory. */
  let partial = 0;
  /** Units read but not yet worked on: while any, the progress guard waits (the delay is the server's). */
  let queued = 0;
  /** The progress window: new file bytes and files completed in it, and what was missing at its start. */
  let window = { bytes: 0, completed: 0, missing: 0 };
  let progressTimer: NodeJS.Timeout | undefined;

  const guard = (why: AttachmentGuard) => {
    if (socket.destroyed) return;
    port.guarded[why]++;
    socket.destroy();
  };
  const missingBytes = () => {
    let n = 0;
    for (const f of files.values()) if (!f.done) n += f.size - f.received;
    return n;
  };
  const pendingFiles = () => [...files.values()].some((f) => !f.done);
  const armProgress = () => {
    clearTimeout(progressTimer);
    window = { bytes: 0, completed: 0, missing: missingBytes() };
    progressTimer = setTimeout(checkProgress, limits.progressWindowMs);
  };
  function checkProgress(): void {
    const w = window;
    const slow =
      queued === 0 &&
      pendingFiles() &&
      (w.missing === 0 ? w.completed === 0 : w.bytes < Math.min(limits.minProgressBytes, w.missing));
    if (slow) guard("slowProgress");
    else armProgress();
  }
  const release = (file: FileState) => {
    if (file.data === undefined) return;
    partial -= file.size;
    port.partialBytes -= file.size;
    file.data = undefined;
  };

  const firstFrameTimer = setTimeout(() => guard("firstFrame"), limits.firstFrameMs);
  socket.setTimeout(o.idleMs ?? 60_000, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("close", () => {
    sockets.delete(socket);
    clearTimeout(firstFrameTimer);
    clearTimeout(progressTimer);
    for (const f of files.values()) release(f);
    if (alarm !== undefined) {
      const mine = port.perTerminal.get(alarm.vin);
      mine?.delete(socket);
      if (mine?.size === 0) port.perTerminal.delete(alarm.vin);
    }
  });
  /** One VIN's connections: the newest wins (a terminal reconnecting after its 4G link died half-open). */
  const countTerminal = (vin: string) => {
    const mine = port.perTerminal.get(vin) ?? new Set<Socket>();
    port.perTerminal.set(vin, mine);
    mine.add(socket);
    for (const old of mine) {
      if (mine.size <= limits.maxPerTerminal) break;
      mine.delete(old);
      if (!old.destroyed) {
        port.guarded.perTerminal++;
        old.destroy();
      }
    }
  };

  const write = (bytes: Uint8Array | undefined) => {
    if (bytes && !socket.destroyed) socket.write(bytes);
  };
  function reply(h: Jt808Header, messageId: number, body: Uint8Array): Uint8Array | undefined {
    serial = (serial + 1) % 0x10000;
    const { package: _none, ...header } = h;
    const bytes = encodeJt808Frame({ header: { ...header, encryption: 0, serial, messageId }, body });
    return bytes.ok ? bytes.value : undefined;
  }
  function general(h: Jt808Header, result: number): Uint8Array | undefined {
    serial = (serial + 1) % 0x10000;
    const bytes = encodeJt808Message(
      {
        edition: h.edition,
        ...(h.protocolVersion === undefined ? {} : { protocolVersion: h.protocolVersion }),
        encryption: 0,
        phone: h.phone,
        serial,
      },
      { kind: "platformResponse", response: { serial: h.serial, messageId: h.messageId, result } },
    );
    return bytes.ok ? bytes.value : undefined;
  }

  async function fileList(h: Jt808Header, body: Uint8Array): Promise<Uint8Array | undefined> {
    const list = decodeJt808AttachmentList(body);
    if (!list.ok) return general(h, RESULT.wrong);
    const row = await db
      .selectFrom("gateway_safety_alarm")
      .select(["id", "vin", "phone", "terminal_id", "alarm_number"])
      .where("alarm_number", "=", list.value.alarmNumber)
      .executeTakeFirst();
    if (row === undefined || row.terminal_id !== list.value.terminalId || row.phone !== phoneKey(h.phone)) {
      return general(h, RESULT.failure);
    }
    if (list.value.files.some((f) => f.size > maxFile)) return general(h, RESULT.failure);
    if (alarm !== undefined && alarm.id !== Number(row.id)) return general(h, RESULT.failure);
    // The progress window starts at the first accepted 0x1210 only: one sent again restarts nothing.
    const first = alarm === undefined;
    if (alarm === undefined) {
      alarm = { id: Number(row.id), vin: row.vin, number: row.alarm_number };
      clearTimeout(firstFrameTimer);
      countTerminal(alarm.vin);
    }
    const at = now();
    for (const f of list.value.files) {
      // A file this connection already has keeps its bytes (and its count against the caps).
      if (files.has(f.name)) continue;
      await db
        .insertInto("gateway_safety_file")
        .values({ alarm_id: alarm.id, name: f.name, size: f.size, listed_at: at })
        .onConflict((oc) => oc.columns(["alarm_id", "name"]).doNothing())
        .execute();
      const stored = await db
        .selectFrom("gateway_safety_file")
        .select(["id", "size", "object_key", "file_type"])
        .where("alarm_id", "=", alarm.id)
        .where("name", "=", f.name)
        .executeTakeFirstOrThrow();
      files.set(f.name, {
        id: Number(stored.id),
        size: Number(stored.size),
        type: stored.file_type,
        data: undefined,
        ranges: [],
        received: 0,
        done: stored.object_key !== null,
      });
    }
    if (first) armProgress();
    return general(h, RESULT.success);
  }

  async function fileInfo(h: Jt808Header, body: Uint8Array): Promise<Uint8Array | undefined> {
    const info = decodeJt808AttachmentFile(body);
    if (!info.ok) return general(h, RESULT.wrong);
    const file = files.get(info.value.name);
    if (file === undefined || file.size !== info.value.size) return general(h, RESULT.failure);
    file.type = info.value.type;
    await db.updateTable("gateway_safety_file").set({ file_type: file.type }).where("id", "=", file.id).execute();
    return general(h, RESULT.success);
  }

  function data(bytes: Uint8Array): void {
    const frame = decodeJt808DataFrame(bytes);
    if (!frame.ok) return;
    const file = files.get(frame.value.name);
    const { offset, data: piece } = frame.value;
    if (file === undefined || file.done || offset + piece.length > file.size) return;
    if (file.data === undefined) {
      const over: AttachmentGuard | undefined =
        partial + file.size > limits.maxPartialBytes
          ? "partialBytes"
          : port.partialBytes + file.size > limits.maxTotalPartialBytes
            ? "totalPartialBytes"
            : undefined;
      if (over !== undefined) {
        guard(over);
        return;
      }
      file.data = new Uint8Array(file.size);
      partial += file.size;
      port.partialBytes += file.size;
    }
    file.data.set(piece, offset);
    file.ranges = addJt808Range(file.ranges, offset, piece.length);
    const received = file.ranges.reduce((n, [start, end]) => n + end - start, 0);
    window.bytes += received - file.received;
    file.received = received;
  }

  async function fileDone(h: Jt808Header, body: Uint8Array): Promise<Uint8Array | undefined> {
    const done = decodeJt808AttachmentFile(body);
    if (!done.ok) return general(h, RESULT.wrong);
    const file = files.get(done.value.name);
    if (file === undefined || alarm === undefined) return general(h, RESULT.failure);
    const missing = file.done ? [] : jt808MissingRanges(file.ranges, file.size);
    if (missing.length > 0) {
      await db
        .updateTable("gateway_safety_file")
        .set((eb) => ({ resends: eb("resends", "+", 1) }))
        .where("id", "=", file.id)
        .execute();
    } else if (!file.done) {
      await storeFile(alarm, done.value.name, file);
    }
    const answer = encodeJt808AttachmentAnswer({
      name: done.value.name,
      type: done.value.type,
      result: missing.length > 0 ? 1 : 0,
      resend: missing,
    });
    return answer.ok ? reply(h, JT808_ATTACHMENT_MESSAGE_ID.fileDoneAnswer, answer.value) : general(h, RESULT.wrong);
  }

  async function storeFile(a: NonNullable<typeof alarm>, name: string, file: FileState): Promise<void> {
    const bytes = file.data ?? new Uint8Array(0);
    const key = attachmentObjectKey(a.vin, file.id, name);
    await objects.writeAtomic(key, (temp) => writeFile(temp, bytes));
    const at = now();
    const meta = {
      content_type: jt808AttachmentContentType(name),
      size: bytes.length,
      md5: createHash("md5").update(bytes).digest("hex"),
      acl: "private" as const,
      created_at: new Date(at),
    };
    await db
      .insertInto("object_meta")
      .values({ object_key: key, ...meta })
      .onConflict((oc) => oc.column("object_key").doUpdateSet(meta))
      .execute();
    await db
      .updateTable("gateway_safety_file")
      .set({ object_key: key, completed_at: at })
      .where("id", "=", file.id)
      .execute();
    file.done = true;
    release(file);
    window.completed++;
  }

  async function message(bytes: Uint8Array): Promise<void> {
    const frame = decodeJt808Frame(bytes);
    if (!frame.ok) return;
    const { header: h, body } = frame.value;
    if (h.encryption !== 0 || h.package !== undefined) {
      write(general(h, RESULT.unsupported));
      return;
    }
    if (h.messageId === JT808_ATTACHMENT_MESSAGE_ID.fileList) write(await fileList(h, body));
    else if (h.messageId === JT808_ATTACHMENT_MESSAGE_ID.fileInfo) write(await fileInfo(h, body));
    else if (h.messageId === JT808_ATTACHMENT_MESSAGE_ID.fileDone) write(await fileDone(h, body));
    // A terminal's own general answer needs none; anything else this port does not serve.
    else if (h.messageId !== 0x0001) write(general(h, RESULT.unsupported));
  }

  socket.on("data", (chunk: Buffer) => {
    const joined = new Uint8Array(rest.length + chunk.byteLength);
    joined.set(rest, 0);
    joined.set(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), rest.length);
    const cut = takeJt808AttachmentStream(joined);
    rest = cut.rest;
    for (const unit of cut.units) {
      // One unit after another, so data lands before the 0x1212 that follows it; a failure of
      // one unit (database busy) never reaches the socket.
      queued++;
      work = work
        .then(() => (socket.destroyed ? undefined : unit.kind === "data" ? data(unit.bytes) : message(unit.bytes)))
        .catch(() => undefined)
        .finally(() => {
          queued--;
        });
    }
  });
}
