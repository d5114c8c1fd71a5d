import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSimVehicle } from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import type { Database } from "../../db/schema";
import { ObjectStore } from "../../platform/objectStore";
import { createRng } from "../../seed/rng";
import { simulatedCameraPhoto } from "../../simulator/cameraPhoto";
import { Jt808Terminal } from "../../simulator/jt808Terminal";
import { testEngine } from "../../testing/testServer";
import { queueCommand } from "../commands/store";
import { type Gateway, startGateway } from "../gatewayServer";
import { addTenantVehicles, openTestDatabase } from "../testDatabase";

const engine = testEngine();
const VIN = "LJ808MM0000000001";
const PHONE = "013912340001";

/** Waits until `check` gives a value (the gateway works on its own clock), or fails after `ms`. */
async function until<T>(check: () => Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(engine.skip)(`JT/T 808 multimedia through the gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;
  let terminal: Jt808Terminal;
  let tenantId: number;
  const root = mkdtempSync(path.join(os.tmpdir(), "tsp-media-"));
  const objects = new ObjectStore(root);
  const shoot = {
    channel: 1,
    command: 2,
    interval: 0,
    save: 0,
    resolution: 1,
    quality: 5,
    brightness: 128,
    contrast: 64,
    saturation: 64,
    chroma: 128,
  };

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    tenantId = await addTenantVehicles(db, { code: "MM", name: "多媒体测试租户" }, [VIN]);
    await db
      .insertInto("jsatl_terminal")
      .values({
        vin: VIN,
        tenant_id: tenantId,
        terminal_phone: PHONE,
        terminal_id: "MM00001",
        online: false,
        last_location_time: null,
      })
      .execute();
    gateway = await startGateway(db, { port: 0, jt808Port: 0, flushMs: 20, commandPollMs: 100, objects });
    terminal = new Jt808Terminal(
      { vin: VIN, protocol: "jt808", terminalId: "MM00001", phone: PHONE, edition: 2013 },
      { host: "127.0.0.1", port: gateway.port, jt808Port: gateway.jt808Port as number },
    );
    const s = { ...startSimVehicle(0, Date.now(), createRng(8).next), linkDown: false };
    await terminal.report(s);
    expect(terminal.counts.answered, "registered and authenticated").toBe(2);
  });

  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await opened?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const queue = (params: unknown) =>
    queueCommand(db, { tenantId, vin: VIN, kind: "cameraShoot", params, sender: "admin", ttlMs: 60_000 }, Date.now());
  const commandOf = (id: number) =>
    db.selectFrom("gateway_command").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const mediaOf = (commandId: number) =>
    db.selectFrom("gateway_media").selectAll().where("command_id", "=", commandId).orderBy("media_id").execute();

  it("shoot now: 0x8801 goes out, 0x0805 makes it a success, two photos arrive in five packages each as private objects", async () => {
    const command = await queue({ shoot });
    const done = await until(async () => {
      const c = await commandOf(command.id);
      return c.state === "success" ? c : undefined;
    });
    expect(done.request_hex).toMatch(/^7E8801/);
    expect(done.answer_hex).toMatch(/^7E0805/);
    const events = await db
      .selectFrom("gateway_command_event")
      .select("state")
      .where("command_id", "=", command.id)
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.state)).toEqual(["queued", "sent", "acknowledged", "success"]);
    const media = await until(async () => {
      const rows = await mediaOf(command.id);
      return rows.length === 2 && rows.every((r) => r.object_key !== null) ? rows : undefined;
    });
    const photo = simulatedCameraPhoto();
    for (const m of media) {
      expect(m).toMatchObject({ vin: VIN, channel: 1, type: 0, format: 0, event: 0, size: photo.length });
      expect(Number(m.tenant_id)).toBe(tenantId);
      expect(m.latitude).toBeGreaterThan(20);
      expect(readFileSync(path.join(root, m.object_key as string))).toEqual(Buffer.from(photo));
      const meta = await db
        .selectFrom("object_meta")
        .selectAll()
        .where("object_key", "=", m.object_key as string)
        .executeTakeFirst();
      // (PostgreSQL answers a bigint as text, PGlite as a number.)
      expect({ ...meta, size: Number(meta?.size) }).toMatchObject({
        acl: "private",
        content_type: "image/jpeg",
        size: photo.length,
      });
    }
    // Every package was journaled; the upload's last one was answered 0x8800 (not 0x8001).
    // The journal is written in batches: wait for the last packages to land.
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom("gateway_frame")
              .select("raw_hex")
              .where("command", "=", 0x0801)
              .where("vin", "=", VIN)
              .execute()
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(10);
  });

  it("a lost package is asked for again by 0x8800 and the photo still arrives whole", async () => {
    terminal.camera.dropOnce = [3];
    const command = await queue({ shoot: { ...shoot, command: 1 } });
    const [m] = await until(async () => {
      const rows = await mediaOf(command.id);
      return rows.length === 1 && rows[0]?.object_key ? rows : undefined;
    });
    expect(readFileSync(path.join(root, m?.object_key as string))).toEqual(Buffer.from(simulatedCameraPhoto()));
  });

  it("a channel without a camera fails with the terminal's reason; video fails; nothing is stored", async () => {
    const noChannel = await queue({ shoot: { ...shoot, channel: 9 } });
    const failed = await until(async () => {
      const c = await commandOf(noChannel.id);
      return c.state === "failed" ? c : undefined;
    });
    expect(failed.reason).toBe("终端应答“通道不支持”");
    const video = await queue({ shoot: { ...shoot, command: 0xffff } });
    const noVideo = await until(async () => {
      const c = await commandOf(video.id);
      return c.state === "failed" ? c : undefined;
    });
    expect(noVideo.reason).toBe("终端应答“失败”");
    expect(await mediaOf(noChannel.id)).toEqual([]);
  });
});
