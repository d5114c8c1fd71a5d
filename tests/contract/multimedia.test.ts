import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { simulatedCameraPhoto } from "../../apps/server/src/simulator/cameraPhoto";
import type { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { connectJt808Terminal, firstSafetyTerminal } from "./support/jt808Rig";
import { MULTIMEDIA_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let other: string;
let gateway: Gateway;
let terminal: Jt808Terminal;
let vin: string;

interface Media {
  id: number;
  vin: string;
  event: number;
  channel: number;
  alarmTriggered: boolean;
  commandId: number | null;
  url: string | null;
  size: number | null;
}

const shoot = {
  channel: 2,
  command: 1,
  interval: 0,
  save: 0,
  resolution: 1,
  quality: 5,
  brightness: 128,
  contrast: 64,
  saturation: 64,
  chroma: 128,
};
const list = async (token: string, query: Record<string, unknown>) =>
  (await ledger.call("listMedia", { token, query: { pageNum: 1, pageSize: 50, ...query } })).body.data as {
    list: Media[];
    total: number;
  };

describe.skipIf(engine.skip)(`multimedia: camera, attachments, photo library (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 4, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    // An active-safety terminal of the demo tenant, connected by a simulated JT/T 808 terminal.
    const t = await firstSafetyTerminal(server.db);
    vin = t.vin;
    gateway = await startGateway(server.db, {
      port: 0,
      jt808Port: 0,
      flushMs: 20,
      commandPollMs: 50,
      objects: server.ctx.objects,
    });
    terminal = await connectJt808Terminal(gateway, { ...t, edition: 2013 }, 3);
  }, 120_000);
  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await server?.stop();
  });

  it("shoots a photo on a connected terminal: the command succeeds and the JPEG is listed with a signed link", async () => {
    const res = await ledger.call("sendCameraShoot", { token: admin, body: { vin, shoot } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ vin, kind: "cameraShoot", state: "queued", params: { shoot } });
    const id = res.body.data.id as number;
    let photos: Media[] = [];
    for (let i = 0; i < 100 && photos.length === 0; i++) {
      photos = (await list(admin, { commandId: id })).list.filter((m) => m.url !== null);
      if (photos.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({
      vin,
      event: 0,
      alarmTriggered: false,
      commandId: id,
      size: simulatedCameraPhoto().length,
    });
    const img = await fetch(new URL(photos[0]?.url as string, base));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await img.arrayBuffer())).toEqual(Buffer.from(simulatedCameraPhoto()));
    // The private object is not readable without the signature.
    const unsigned = await fetch(new URL(String(photos[0]?.url).split("?")[0] as string, base));
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
  });

  it("refuses a field out of the standard's range, a VIN without a JT/T 808 terminal and another tenant's VIN", async () => {
    const range = await ledger.call("sendCameraShoot", {
      token: admin,
      body: { vin, shoot: { ...shoot, contrast: 200 } },
    });
    expect(range.status).toBe(400);
    const gbt = await server.db
      .selectFrom("vehicle as v")
      .leftJoin("jsatl_terminal as j", "j.vin", "v.vin")
      .leftJoin("bss_tbox as t", "t.sn", "v.tbox_sn")
      .innerJoin("tenant", "tenant.id", "v.tenant_id")
      .select("v.vin")
      .where("j.vin", "is", null)
      .where((eb) => eb.or([eb("t.protocol", "is", null), eb("t.protocol", "!=", "JTT808")]))
      .where("tenant.code", "=", "T0001")
      .executeTakeFirstOrThrow();
    const notJt808 = await ledger.call("sendCameraShoot", { token: admin, body: { vin: gbt.vin, shoot } });
    expect(notJt808.status).toBe(400);
    expect(notJt808.body.data.failDetail).toEqual([
      { field: "vin", msg: "vin：该车辆的终端不是JT/T 808终端，不支持拍照/录像" },
    ]);
    const foreign = await ledger.call("sendCameraShoot", { token: other, body: { vin, shoot } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.failDetail[0].msg).toBe("vin：未找到该VIN的车辆");
  });

  it("lists alarm attachments, filters by VIN and time, and keeps tenants apart", async () => {
    const alarms = await list(admin, { alarmOnly: true });
    expect(alarms.total).toBeGreaterThan(0);
    expect(alarms.list.every((m) => m.alarmTriggered && [2, 3].includes(m.event))).toBe(true);
    const mine = await list(admin, { vin });
    expect(mine.list.every((m) => m.vin === vin)).toBe(true);
    expect(mine.total).toBeGreaterThan(1);
    const all = await list(admin, {});
    expect(all.total).toBeGreaterThanOrEqual(mine.total);
    const theirs = await list(other, {});
    const ids = new Set(all.list.map((m) => m.id));
    expect(theirs.list.some((m) => ids.has(m.id))).toBe(false);
    const reversed = await ledger.call("listMedia", { token: admin, query: { startTime: 2_000, endTime: 1_000 } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe("结束时间不能早于开始时间");
  });

  it("bulk-downloads chosen photos as a .zip export task in the export file list", async () => {
    const chosen = (await list(admin, { vin })).list.filter((m) => m.url !== null).slice(0, 3);
    expect(chosen.length).toBe(3);
    const res = await ledger.call("exportMediaZip", { token: admin, body: { ids: chosen.map((m) => m.id) } });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toMatch(/^机械原始照片_\d{14}\.zip$/);
    await server.ctx.exports.idle();
    const file = await fetch(new URL(`/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`, base), {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/zip");
    const zip = new Uint8Array(await file.arrayBuffer());
    // Read back with a zip reader: exactly the three chosen photos, each named VIN_time_channel_id
    // and holding the terminal's JPEG byte for byte.
    const entries = unzipSync(zip);
    const photo = simulatedCameraPhoto();
    expect(Object.keys(entries)).toHaveLength(3);
    for (const m of chosen) {
      const name = Object.keys(entries).find((n) => n.endsWith(`_${m.channel}_${m.id}.jpg`));
      expect(name, `entry of photo ${m.id}`).toMatch(new RegExp(`^${vin}_\\d{14}_${m.channel}_${m.id}\\.jpg$`));
      expect(Buffer.from(entries[name as string] as Uint8Array).equals(Buffer.from(photo))).toBe(true);
    }
    // Nothing of the caller's to pack, and nothing chosen at all: 400, no task.
    const foreign = await ledger.call("exportMediaZip", { token: other, body: { ids: chosen.map((m) => m.id) } });
    expect(foreign.status).toBe(400);
    expect((await ledger.call("exportMediaZip", { token: admin, body: {} })).status).toBe(400);
    expect((await ledger.call("exportMediaZip", { token: "", body: { ids: [1] } })).status).toBe(401);
  });

  it("called every multimedia operation with good and bad input", () => {
    ledger.expectCovered(MULTIMEDIA_OPS);
  });
});
