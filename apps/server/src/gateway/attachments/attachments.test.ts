import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  decodeJt808AttachmentAnswer,
  decodeJt808AttachmentRequest,
  decodeJt808Frame,
  encodeJt808AttachmentFile,
  encodeJt808AttachmentList,
  encodeJt808DataFrame,
  encodeJt808Frame,
  encodeJt808SafetyAlarm,
  type Jt808Frame,
  startSimVehicle,
  takeJt808Frames,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import type { Database } from "../../db/schema";
import { ObjectStore } from "../../platform/objectStore";
import { createRng } from "../../seed/rng";
import { simulatedCameraPhoto } from "../../simulator/cameraPhoto";
import { simulatedAlarmClip } from "../../simulator/jt808ActiveSafety";
import { Jt808Terminal } from "../../simulator/jt808Terminal";
import { Link } from "../../simulator/link";
import { testEngine } from "../../testing/testServer";
import { type Gateway, startGateway } from "../gatewayServer";
import { addTenantVehicles, openTestDatabase } from "../testDatabase";
import { safetyAlarmRequests } from "./alarmStore";

const engine = testEngine();
const VIN = "LJ808AS0000000001";
const PHONE = "013912340077";
const TERMINAL_ID = "AS00001";

async function until<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A bare TCP client of the attachment port: writes bytes, reads the JT/T 808 frames it is answered. */
function rawClient(port: number): Promise<Link<Jt808Frame>> {
  let rest: Uint8Array = new Uint8Array(0);
  return Link.open<Jt808Frame>("127.0.0.1", port, (chunk) => {
    const joined = new Uint8Array([...rest, ...chunk]);
    const cut = takeJt808Frames(joined);
    rest = cut.rest;
    return cut.frames.flatMap((f) => {
      const frame = decodeJt808Frame(f);
      return frame.ok ? [frame.value] : [];
    });
  });
}

const header = { edition: 2013 as const, encryption: 0, phone: PHONE, serial: 1 };
const message = (messageId: number, body: Uint8Array) => {
  const bytes = encodeJt808Frame({ header: { ...header, messageId }, body });
  if (!bytes.ok) throw new Error(bytes.error.message);
  return bytes.value;
};
const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe.skipIf(engine.skip)(`苏标 alarm attachments through the gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;
  let terminal: Jt808Terminal;
  const root = mkdtempSync(path.join(os.tmpdir(), "tsp-attachments-"));
  const objects = new ObjectStore(root);

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    const tenantId = await addTenantVehicles(db, { code: "AS", name: "主动安全测试租户" }, [VIN]);
    await db
      .insertInto("jsatl_terminal")
      .values({
        vin: VIN,
        tenant_id: tenantId,
        terminal_phone: PHONE,
        terminal_id: TERMINAL_ID,
        online: false,
        last_location_time: null,
      })
      .execute();
    gateway = await startGateway(db, { port: 0, jt808Port: 0, attachmentPort: 0, flushMs: 20, objects });
    terminal = new Jt808Terminal(
      { vin: VIN, protocol: "jt808", terminalId: TERMINAL_ID, phone: PHONE, edition: 2013 },
      { host: "127.0.0.1", port: gateway.port, jt808Port: gateway.jt808Port as number },
    );
    await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(17).next), linkDown: false });
    expect(terminal.counts.answered, "registered and authenticated").toBe(2);
  });

  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await opened?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const alarms = () => db.selectFrom("gateway_safety_alarm").selectAll().where("vin", "=", VIN).execute();
  const filesOf = (alarmId: number) =>
    db.selectFrom("gateway_safety_file").selectAll().where("alarm_id", "=", alarmId).orderBy("name").execute();

  it("an ADAS alarm with files: 0x9208 → upload with dropped frames → 0x9212 resend → both files complete and private", async () => {
    terminal.safety.dropRate = 0.6;
    expect(terminal.raiseAlarm("adas", 1)).toBe(true);
    const [alarm] = await until(async () => {
      const rows = await alarms();
      return rows.length === 1 ? rows : undefined;
    });
    expect(alarm).toMatchObject({
      source: "adas",
      alarm_type: 1,
      terminal_id: TERMINAL_ID,
      file_count: 2,
      phone: "13912340077",
    });
    expect(alarm?.alarm_number).toMatch(/^[0-9A-F]{32}$/);
    const files = await until(async () => {
      const rows = await filesOf(Number(alarm?.id));
      return rows.length === 2 && rows.every((r) => r.object_key !== null) ? rows : undefined;
    });
    await terminal.safety.settled;
    expect(terminal.safety.counts).toMatchObject({ requests: 1, filesDone: 2, failed: 0 });
    expect(terminal.safety.counts.resends, "dropped frames were asked for again").toBeGreaterThan(0);
    expect(files.reduce((n, f) => n + f.resends, 0)).toBe(terminal.safety.counts.resends);
    const [photo, clip] = files;
    expect(photo?.name).toBe(`00_64_6401_0_${alarm?.alarm_number}.jpg`);
    expect(photo?.file_type).toBe(0);
    expect(readFileSync(path.join(root, photo?.object_key as string))).toEqual(Buffer.from(simulatedCameraPhoto()));
    expect(clip?.name).toMatch(/^02_64_6401_0_[0-9A-F]{32}\.mp4$/);
    expect(readFileSync(path.join(root, clip?.object_key as string))).toEqual(Buffer.from(simulatedAlarmClip()));
    const meta = await db
      .selectFrom("object_meta")
      .select(["acl", "content_type"])
      .where("object_key", "=", photo?.object_key as string)
      .executeTakeFirst();
    expect(meta).toEqual({ acl: "private", content_type: "image/jpeg" });
  });

  it("the same alarm reported again is stored and asked for once; one without files is not asked for", async () => {
    const [alarm] = await alarms();
    const mark = {
      terminalId: TERMINAL_ID,
      time: Number(alarm?.mark_time),
      serial: Number(alarm?.mark_serial),
      fileCount: 2,
      reserved: 0,
    };
    const item = (m: typeof mark) => {
      const a = ok(
        encodeJt808SafetyAlarm({
          source: "dsm",
          alarmId: 9,
          state: 2,
          type: 1,
          level: 2,
          details: new Uint8Array(5),
          speed: 50,
          altitude: 0,
          latitude: 31_200_000,
          longitude: 121_400_000,
          time: m.time,
          vehicleStatus: 0,
          mark: m,
        }),
      );
      return { items: [{ kind: "raw" as const, id: a.id, data: a.data }] };
    };
    const session = { vin: VIN, phone: "13912340077" };
    const address = { host: "10.0.0.8", tcpPort: 7000, udpPort: 0 };
    expect(await safetyAlarmRequests(db, session, item(mark), Date.now(), address)).toEqual([]);
    expect(
      await safetyAlarmRequests(db, session, item({ ...mark, serial: 200, fileCount: 0 }), Date.now(), address),
    ).toEqual([]);
    expect(await alarms()).toHaveLength(1);
    const [body] = await safetyAlarmRequests(db, session, item({ ...mark, serial: 201 }), Date.now(), address, () =>
      "N".repeat(32),
    );
    expect(ok(decodeJt808AttachmentRequest(body ?? new Uint8Array(0)))).toEqual({
      ...address,
      mark: { ...mark, serial: 201 },
      alarmNumber: "N".repeat(32),
    });
    const rows = await alarms();
    expect(rows.find((r) => r.alarm_number === "N".repeat(32))).toMatchObject({
      source: "dsm",
      level: 2,
      latitude: 31.2,
    });
    // A VIN in no register: nothing.
    expect(
      await safetyAlarmRequests(
        db,
        { ...session, vin: "LNOSUCHVIN0000000" },
        item({ ...mark, serial: 202 }),
        0,
        address,
      ),
    ).toEqual([]);
  });

  it("garbage, an unknown 报警编号 and an incomplete file: answered, nothing stored, the connection lives", async () => {
    const link = await rawClient(gateway.attachmentPort as number);
    try {
      // Bytes that are no frame, a frame with a wrong check code, a data frame of no listed file.
      link.write(Uint8Array.of(0x01, 0x02, 0x30, 0x31, 0x00, 0x7e, 0x12, 0x10, 0x7e));
      link.write(ok(encodeJt808DataFrame({ name: "nobody.jpg", offset: 0, data: Uint8Array.of(1) })));
      const mark = { terminalId: TERMINAL_ID, time: Date.UTC(2026, 0, 1), serial: 0, fileCount: 1, reserved: 0 };
      const unknown = ok(
        encodeJt808AttachmentList({
          terminalId: TERMINAL_ID,
          mark,
          alarmNumber: "0".repeat(32),
          infoType: 0,
          files: [{ name: "a.jpg", size: 10 }],
        }),
      );
      link.write(message(0x1210, unknown));
      const refused = await link.answer((a) => a.header.messageId === 0x8001);
      expect(refused?.body.at(-1), "unknown 报警编号: 失败").toBe(1);
      // The real alarm's number, a file listed but sent only in part: 0x9212 asks for the rest.
      const [alarm] = await alarms();
      const name = `00_64_6401_9_${alarm?.alarm_number}.jpg`;
      link.write(
        message(
          0x1210,
          ok(
            encodeJt808AttachmentList({
              terminalId: TERMINAL_ID,
              mark: { ...mark, time: Number(alarm?.mark_time), serial: Number(alarm?.mark_serial) },
              alarmNumber: alarm?.alarm_number as string,
              infoType: 1,
              files: [{ name, size: 100 }],
            }),
          ),
        ),
      );
      expect((await link.answer((a) => a.header.messageId === 0x8001))?.body.at(-1)).toBe(0);
      link.write(message(0x1211, ok(encodeJt808AttachmentFile({ name, type: 0, size: 100 }))));
      link.write(ok(encodeJt808DataFrame({ name, offset: 10, data: new Uint8Array(20) })));
      link.write(ok(encodeJt808DataFrame({ name, offset: 95, data: new Uint8Array(10) })));
      link.write(message(0x1212, ok(encodeJt808AttachmentFile({ name, type: 0, size: 100 }))));
      const answer = await link.answer((a) => a.header.messageId === 0x9212);
      expect(ok(decodeJt808AttachmentAnswer(answer?.body ?? new Uint8Array(0)))).toEqual({
        name,
        type: 0,
        result: 1,
        resend: [
          { offset: 0, length: 10 },
          { offset: 30, length: 70 },
        ],
      });
      const file = await db
        .selectFrom("gateway_safety_file")
        .selectAll()
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      expect(file).toMatchObject({ object_key: null, completed_at: null, resends: 1 });
      // A body that does not read: 2 (消息有误); a message this port does not serve: 3.
      link.write(message(0x1211, Uint8Array.of(5)));
      expect((await link.answer((a) => a.header.messageId === 0x8001))?.body.at(-1)).toBe(2);
      link.write(message(0x0200, new Uint8Array(0)));
      expect((await link.answer((a) => a.header.messageId === 0x8001))?.body.at(-1)).toBe(3);
      expect(link.closed).toBe(false);
    } finally {
      link.drop();
    }
  });
});
