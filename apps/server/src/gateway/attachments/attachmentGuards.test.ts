import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import {
  decodeJt808AttachmentAnswer,
  decodeJt808Frame,
  encodeJt808AttachmentFile,
  encodeJt808AttachmentList,
  encodeJt808DataFrame,
  encodeJt808Frame,
  type Jt808Frame,
  takeJt808Frames,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import type { Database } from "../../db/schema";
import { ObjectStore } from "../../platform/objectStore";
import { Link } from "../../simulator/link";
import { testEngine } from "../../testing/testServer";
import { addTenantVehicles, openTestDatabase } from "../testDatabase";
import { type AttachmentServer, startAttachmentServer } from "./attachmentServer";
import { attachmentLimits, DEFAULT_ATTACHMENT_LIMITS } from "./limits";

// The guards over real TCP with short configured limits (no sleeps of seconds): each closes the
// abusive connection, and a slow but steady terminal still completes its file.
const engine = testEngine();
const PHONE = "013912340088";
const TERMINAL_ID = "GUARD01";
const VINS = Array.from({ length: 8 }, (_, i) => `LJ808GD000000000${i}`);
const ALARM = (i: number) => String(i).padStart(32, "A");

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const message = (messageId: number, body: Uint8Array) =>
  ok(encodeJt808Frame({ header: { edition: 2013, encryption: 0, phone: PHONE, serial: 1, messageId }, body }));
const list = (i: number, files: { name: string; size: number }[]) =>
  message(
    0x1210,
    ok(
      encodeJt808AttachmentList({
        terminalId: TERMINAL_ID,
        mark: { terminalId: TERMINAL_ID, time: Date.UTC(2026, 0, 1), serial: i, fileCount: files.length, reserved: 0 },
        alarmNumber: ALARM(i),
        infoType: 0,
        files,
      }),
    ),
  );
const chunk = (name: string, offset: number, data: Uint8Array) => ok(encodeJt808DataFrame({ name, offset, data }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function client(port: number): Promise<Link<Jt808Frame>> {
  let rest: Uint8Array = new Uint8Array(0);
  return Link.open<Jt808Frame>("127.0.0.1", port, (bytes) => {
    const cut = takeJt808Frames(new Uint8Array([...rest, ...bytes]));
    rest = cut.rest;
    return cut.frames.flatMap((f) => {
      const frame = decodeJt808Frame(f);
      return frame.ok ? [frame.value] : [];
    });
  });
}
/** Waits until the server closes the link (answer() returns at close); true when it did within `ms`. */
const closedWithin = async (link: Link<Jt808Frame>, ms: number) => {
  await link.answer(() => false, ms);
  return link.closed;
};
const listed = async (link: Link<Jt808Frame>) => (await link.answer((a) => a.header.messageId === 0x8001))?.body.at(-1);

describe.skipIf(engine.skip)(`the attachment port's guards (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let timed: AttachmentServer;
  let capped: AttachmentServer;
  const root = mkdtempSync(path.join(os.tmpdir(), "tsp-attachment-guards-"));

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    const tenantId = await addTenantVehicles(db, { code: "GD", name: "附件防护测试租户" }, VINS);
    await db
      .insertInto("gateway_safety_alarm")
      .values(
        VINS.map((vin, i) => ({
          tenant_id: tenantId,
          vin,
          phone: "13912340088",
          source: "adas",
          alarm_type: 1,
          level: 1,
          terminal_alarm_id: i,
          alarm_at: 0,
          latitude: null,
          longitude: null,
          speed_kmh: null,
          terminal_id: TERMINAL_ID,
          mark_time: Date.UTC(2026, 0, 1),
          mark_serial: i,
          file_count: 1,
          alarm_number: ALARM(i),
          received_at: 0,
        })),
      )
      .execute();
    const objects = new ObjectStore(root);
    const base = { db, objects, now: Date.now, host: "127.0.0.1", port: 0 };
    timed = await startAttachmentServer({
      ...base,
      limits: { firstFrameMs: 300, progressWindowMs: 300, minProgressBytes: 1024 },
    });
    capped = await startAttachmentServer({
      ...base,
      limits: {
        maxPerAddress: 3,
        maxConnections: 4,
        maxPerTerminal: 1,
        maxPartialBytes: 64 * 1024,
        maxTotalPartialBytes: 96 * 1024,
      },
    });
  });

  afterAll(async () => {
    await timed?.close();
    await capped?.close();
    await opened?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("the limits come from the environment, with defaults, and refuse nonsense", () => {
    expect(attachmentLimits({})).toEqual(DEFAULT_ATTACHMENT_LIMITS);
    expect(attachmentLimits({ ATTACHMENT_FIRST_FRAME_MS: "5000", ATTACHMENT_MAX_PER_TERMINAL: "" })).toEqual({
      ...DEFAULT_ATTACHMENT_LIMITS,
      firstFrameMs: 5000,
    });
    expect(() => attachmentLimits({ ATTACHMENT_MAX_CONNECTIONS: "0" })).toThrow(/ATTACHMENT_MAX_CONNECTIONS/);
    expect(() => attachmentLimits({ ATTACHMENT_MIN_PROGRESS_BYTES: "1.5" })).toThrow(/positive integer/);
  });

  it("no accepted 0x1210 within the first-frame time: closed, whatever else trickles in", async () => {
    const link = await client(timed.port);
    const started = Date.now();
    link.write(Uint8Array.of(0x01, 0x02, 0x03));
    await sleep(100);
    link.write(Uint8Array.of(0x04));
    // An unknown 报警编号 is refused and does not stop the clock.
    link.write(list(99, [{ name: "x.jpg", size: 10 }]));
    expect(await listed(link)).toBe(1);
    expect(await closedWithin(link, 3000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(timed.guarded().firstFrame).toBe(1);
  });

  it("a file trickled (its 0x1210 repeated), or the same bytes sent again and again, is closed by the progress guard", async () => {
    const trickler = await client(timed.port);
    trickler.write(list(0, [{ name: "t.mp4", size: 50_000 }]));
    expect(await listed(trickler)).toBe(0);
    const repeater = await client(timed.port);
    repeater.write(list(1, [{ name: "r.mp4", size: 50_000 }]));
    expect(await listed(repeater)).toBe(0);
    const piece = new Uint8Array(2048);
    // Both keep sending until closed (3 s at most): each must be closed while still at it.
    for (let i = 0; i < 30 && !(trickler.closed && repeater.closed); i++) {
      trickler.write(chunk("t.mp4", i * 256, piece.subarray(0, 256))); // ≤ 768 new bytes per 300 ms window, < 1 KiB
      // Its 0x1210 sent again does not restart the window.
      trickler.write(list(0, [{ name: "t.mp4", size: 50_000 }]));
      repeater.write(chunk("r.mp4", 0, piece)); // ~12 KiB per window, none of it new after the first
      await sleep(100);
    }
    expect(await closedWithin(trickler, 200)).toBe(true);
    expect(await closedWithin(repeater, 200)).toBe(true);
    expect(timed.guarded().slowProgress).toBe(2);
    expect(timed.partialBytes(), "their buffers are freed").toBe(0);
  });

  it("a slow but steady terminal (several windows long, a small last file) completes", async () => {
    const link = await client(timed.port);
    const clip = Uint8Array.from({ length: 40_000 }, (_, i) => i % 251);
    const tail = Uint8Array.of(1, 2, 3);
    link.write(
      list(2, [
        { name: "s.mp4", size: clip.length },
        { name: "s.txt", size: tail.length },
      ]),
    );
    expect(await listed(link)).toBe(0);
    const started = Date.now();
    for (let at = 0; at < clip.length; at += 1500) {
      link.write(chunk("s.mp4", at, clip.subarray(at, at + 1500))); // ~9 KiB per 300 ms window: a whole send in each even when the machine is slow
      await sleep(50);
    }
    link.write(message(0x1212, ok(encodeJt808AttachmentFile({ name: "s.mp4", type: 2, size: clip.length }))));
    const answer = await link.answer((a) => a.header.messageId === 0x9212);
    expect(ok(decodeJt808AttachmentAnswer(answer?.body ?? new Uint8Array(0))).result).toBe(0);
    expect(Date.now() - started, "longer than one progress window").toBeGreaterThan(600);
    // The second file is fewer bytes than a window's minimum: what is missing is enough.
    await sleep(100);
    link.write(chunk("s.txt", 0, tail));
    await sleep(100);
    link.write(message(0x1212, ok(encodeJt808AttachmentFile({ name: "s.txt", type: 3, size: tail.length }))));
    const last = await link.answer((a) => a.header.messageId === 0x9212);
    expect(ok(decodeJt808AttachmentAnswer(last?.body ?? new Uint8Array(0))).result).toBe(0);
    expect(link.closed).toBe(false);
    const rows = await db
      .selectFrom("gateway_safety_file")
      .innerJoin("gateway_safety_alarm as a", "a.id", "gateway_safety_file.alarm_id")
      .select(["name", "object_key"])
      .where("a.alarm_number", "=", ALARM(2))
      .orderBy("name")
      .execute();
    expect(rows.map((r) => r.name)).toEqual(["s.mp4", "s.txt"]);
    expect(readFileSync(path.join(root, rows[0]?.object_key as string))).toEqual(Buffer.from(clip));
    expect(timed.guarded().slowProgress, "not counted against it").toBe(2);
    link.drop();
  });

  it("connections per remote address and in all are capped at connect", async () => {
    const from = (localAddress: string) =>
      new Promise<{ socket: Socket; closed: Promise<void> }>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port: capped.port, localAddress });
        const closed = new Promise<void>((r) => socket.once("close", () => r()));
        socket.once("connect", () => resolve({ socket, closed }));
        socket.once("error", reject);
      });
    const loopback = [await from("127.0.0.1"), await from("127.0.0.1"), await from("127.0.0.1")];
    const fourth = await from("127.0.0.1");
    await fourth.closed;
    expect(capped.guarded().perAddress).toBe(1);
    const other = await from("127.0.0.2");
    const fifth = await from("127.0.0.3");
    await fifth.closed;
    expect(capped.guarded().connections).toBe(1);
    expect(capped.connections()).toBe(4);
    expect(other.socket.destroyed).toBe(false);
    for (const c of [...loopback, other]) c.socket.destroy();
    await Promise.all([...loopback, other].map((c) => c.closed));
    for (let i = 0; i < 50 && capped.connections() > 0; i++) await sleep(20);
    expect(capped.connections()).toBe(0);
  });

  it("a terminal's newer connection wins over its older one", async () => {
    const older = await client(capped.port);
    older.write(list(3, [{ name: "o.jpg", size: 100 }]));
    expect(await listed(older)).toBe(0);
    const newer = await client(capped.port);
    newer.write(list(3, [{ name: "o.jpg", size: 100 }]));
    expect(await listed(newer)).toBe(0);
    expect(await closedWithin(older, 3000)).toBe(true);
    expect(newer.closed).toBe(false);
    expect(capped.guarded().perTerminal).toBe(1);
    // Another alarm on the same connection is refused: one connection uploads one alarm.
    newer.write(list(4, [{ name: "p.jpg", size: 100 }]));
    expect(await listed(newer)).toBe(1);
    newer.drop();
  });

  it("partial-file bytes are capped per connection and over the port", async () => {
    const one = await client(capped.port);
    one.write(
      list(5, [
        { name: "a.mp4", size: 40_000 },
        { name: "b.mp4", size: 40_000 },
      ]),
    );
    expect(await listed(one)).toBe(0);
    one.write(chunk("a.mp4", 0, new Uint8Array(100)));
    one.write(chunk("b.mp4", 0, new Uint8Array(100))); // 80,000 > 64 KiB on one connection
    expect(await closedWithin(one, 3000)).toBe(true);
    expect(capped.guarded().partialBytes).toBe(1);
    expect(capped.partialBytes()).toBe(0);

    const first = await client(capped.port);
    first.write(list(6, [{ name: "c.mp4", size: 60_000 }]));
    const second = await client(capped.port);
    second.write(list(7, [{ name: "d.mp4", size: 60_000 }]));
    expect([await listed(first), await listed(second)]).toEqual([0, 0]);
    first.write(chunk("c.mp4", 0, new Uint8Array(100)));
    await first.answer(() => false, 200);
    expect(capped.partialBytes()).toBe(60_000);
    second.write(chunk("d.mp4", 0, new Uint8Array(100))); // 120,000 > 96 KiB over the port
    expect(await closedWithin(second, 3000)).toBe(true);
    expect(first.closed).toBe(false);
    expect(capped.guarded().totalPartialBytes).toBe(1);
    first.drop();
    for (let i = 0; i < 50 && capped.partialBytes() > 0; i++) await sleep(20);
    expect(capped.partialBytes()).toBe(0);
  });
});
