import { encodeRealtimeMessage, MSG_FENCE_NAME_TAKEN, MSG_GEOFENCE_RADIUS } from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { TestTbox } from "../../apps/server/src/gateway/testClient";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { sheetRows } from "./business-sheets";
import { signIn } from "./support/contract";
import { ENCLOSURE_OPS } from "./support/owners";

/**
 * Contract of 电子围栏 (issue 18): fences in the spec's encoding with their rule, window, limit,
 * level and bindings (create, change, delete; refusals change nothing; tenants isolated), and the
 * enter/exit events computed on ingest — a GB/T 32960 position stream sent through the real
 * gateway crosses a circle: exactly one enter and one exit, the enter alarm ended by the exit in
 * 故障报警, both in the owner's 个人消息 (the fence's level is below the owner's setting), the
 * events exported.
 */
const engine = testEngine();
let server: TestServer;
let gateway: Gateway;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
let vin: string;
let strangerVin: string;
const ledger = new CallLedger(() => server.url);
const CENTRE = { lng: 121.5, lat: 31.3 };

const fence = (over: Record<string, unknown> = {}) => ({
  name: "测试圆形围栏",
  type: 1,
  position: `${CENTRE.lng},${CENTRE.lat}`,
  radius: 1,
  rule: "both",
  window: "",
  speedLimit: null,
  level: 1,
  vins: [vin],
  groupIds: [],
  ...over,
});

describe.skipIf(engine.skip)(`电子围栏 (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 8, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const vehicles = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vehicle.vin", "tenant.code"])
      .orderBy("vehicle.vin")
      .execute();
    vin = vehicles.filter((v) => v.code === "T0001").at(-1)?.vin as string;
    strangerVin = vehicles.find((v) => v.code === "T0002")?.vin as string;
    tables = await tablesOf(server.db as Kysely<unknown>);
    gateway = await startGateway(server.db, { port: 0, flushMs: 20 });
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await server?.stop();
  });

  it("answers 401 without a token on every operation", async () => {
    for (const id of ENCLOSURE_OPS) expect((await ledger.call(id, {})).status, id).toBe(401);
  });

  it("lists the seeded fences of the tenant only", async () => {
    const mine = await ledger.call("listEnclosures", { token: admin, query: {} });
    expect(mine.status).toBe(200);
    expect(mine.body.data.list.map((f: { name: string }) => f.name).toSorted()).toEqual(["上海市区", "虹桥枢纽"]);
    const circle = mine.body.data.list.find((f: { name: string }) => f.name === "上海市区");
    expect(circle).toMatchObject({ type: 1, position: "121.47,31.23", radius: 3, rule: "both", owner: "admin" });
    expect(circle.groups).toHaveLength(1);
    const theirs = await ledger.call("listEnclosures", { token: tenant2, query: {} });
    expect(theirs.body.data.total).toBe(0);
  });

  it("refuses bad fences with the reason and changes nothing", async () => {
    const before = await snapshot();
    const zero = await ledger.call("createEnclosure", { token: admin, body: fence({ radius: 0 }) });
    expect(zero.status).toBe(400);
    const noRadius = await ledger.call("createEnclosure", { token: admin, body: fence({ radius: null }) });
    expect(noRadius.status).toBe(400);
    expect(noRadius.body.msg).toBe(MSG_GEOFENCE_RADIUS);
    const window = await ledger.call("createEnclosure", { token: admin, body: fence({ window: "8点-9点" }) });
    expect(window.status).toBe(400);
    expect(window.body.data.failDetail[0].field).toBe("window");
    const stranger = await ledger.call("createEnclosure", { token: admin, body: fence({ vins: [strangerVin] }) });
    expect(stranger.status).toBe(400);
    expect(stranger.body.msg).toContain(strangerVin);
    const taken = await ledger.call("createEnclosure", { token: admin, body: fence({ name: "上海市区" }) });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(MSG_FENCE_NAME_TAKEN);
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("files a circle, computes one enter and one exit from positions through the gateway, raises the alarms", async () => {
    const made = await ledger.call("createEnclosure", { token: admin, body: fence() });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    expect(made.body.data).toMatchObject({ name: "测试圆形围栏", vins: [vin], level: 1, eventCount: 0 });

    // Outside (≈ 5 km east), outside, inside, inside, outside, outside: one minute apart.
    const start = Math.floor((Date.now() - 30 * 60_000) / 1000) * 1000;
    const path = [0.05, 0.05, 0, 0.002, 0.05, 0.06];
    const tbox = await TestTbox.open(gateway.port);
    for (const [k, dLng] of path.entries()) {
      const hex = encodeRealtimeMessage(vin, {
        collectedAt: start + k * 60_000,
        longitude: CENTRE.lng + dLng,
        latitude: CENTRE.lat,
        speedKmh: 40,
        mileageKm: 1000 + k,
        soc: 70,
      });
      if (!hex.ok) throw new Error("encode");
      await tbox.send(Buffer.from(hex.value, "hex"));
    }
    tbox.end();
    let events: { kind: string; at: number; alarmed: boolean; vin: string }[] = [];
    for (let i = 0; i < 100 && events.length < 2; i++) {
      const res = await ledger.call("listEnclosureEvents", { token: admin, query: { fenceId: id } });
      events = res.body.data.list;
      if (events.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(events.map((e) => [e.kind, e.at, e.alarmed, e.vin])).toEqual([
      ["exit", start + 4 * 60_000, true, vin],
      ["enter", start + 2 * 60_000, true, vin],
    ]);
    const only = await ledger.call("listEnclosureEvents", { token: admin, query: { fenceId: id, kind: "enter" } });
    expect(only.body.data.total).toBe(1);

    // 故障报警: the enter alarm ended at the exit; the exit alarm is still on.
    const alarms = async (name: string) =>
      (await ledger.call("listOperateAlarms", { token: admin, query: { alarm: name, vin } })).body.data.list as {
        level: number;
        startedAt: number;
        endedAt: number | null;
      }[];
    expect((await alarms("围栏驶入：测试圆形围栏")).map((a) => [a.level, a.startedAt, a.endedAt])).toEqual([
      [1, start + 2 * 60_000, start + 4 * 60_000],
    ]);
    expect((await alarms("围栏驶出：测试圆形围栏")).map((a) => [a.startedAt, a.endedAt])).toEqual([
      [start + 4 * 60_000, null],
    ]);

    // 个人消息: the owner gets both (level 1 under its default setting of 3); another account does not.
    const names = async (token: string) =>
      (
        (await ledger.call("listPersonalMessages", { token, query: { kind: "alarm", pageSize: 100 } })).body.data
          .list as { alarm: { name: string } }[]
      ).map((m) => m.alarm.name);
    expect((await names(admin)).filter((n) => n.includes("测试圆形围栏")).toSorted()).toEqual([
      "围栏驶入：测试圆形围栏",
      "围栏驶出：测试圆形围栏",
    ]);
    expect((await names(operator)).some((n) => n.includes("测试圆形围栏"))).toBe(false);

    // The export: the same two events.
    expect((await ledger.call("exportEnclosureEvents", { token: operator, query: { fenceId: id } })).status).toBe(403);
    const exp = await ledger.call("exportEnclosureEvents", { token: admin, query: { fenceId: id } });
    expect(exp.status).toBe(200);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows.map((r) => [r[0], r[1], r[2], r[7]])).toEqual([
      ["围栏", "VIN", "事件", "报警"],
      ["测试圆形围栏", vin, "驶出", "是"],
      ["测试圆形围栏", vin, "驶入", "是"],
    ]);
  });

  it("changes, isolates and deletes a fence", async () => {
    const list = await ledger.call("listEnclosures", { token: admin, query: { name: "测试" } });
    const id = list.body.data.list[0].id as number;
    expect(list.body.data.list[0].eventCount).toBe(2);
    const edit = await ledger.call("updateEnclosure", {
      token: admin,
      body: {
        ...fence({ name: "测试多边形", type: 2, position: "121.4,31.2;121.6,31.2;121.6,31.4", radius: null }),
        id,
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ name: "测试多边形", type: 2, radius: null, eventCount: 2 });
    // The shape moved: the watch restarts.
    expect(await server.db.selectFrom("geofence_state").selectAll().where("fence_id", "=", id).execute()).toEqual([]);
    expect((await ledger.call("updateEnclosure", { token: tenant2, body: { ...fence(), id } })).status).toBe(404);
    expect((await ledger.call("deleteEnclosure", { token: tenant2, body: { id } })).status).toBe(404);
    expect((await ledger.call("listEnclosureEvents", { token: tenant2, query: { fenceId: id } })).status).toBe(404);
    expect((await ledger.call("deleteEnclosure", { token: admin, body: { id } })).status).toBe(200);
    expect((await ledger.call("listEnclosureEvents", { token: admin, query: { fenceId: id } })).status).toBe(404);
    // The alarms it raised stay in 故障报警.
    const kept = await ledger.call("listOperateAlarms", {
      token: admin,
      query: { alarm: "围栏驶出：测试圆形围栏", vin },
    });
    expect(kept.body.data.total).toBe(1);
  });

  it("calls every operation with good and bad input", () => {
    ledger.expectCovered(ENCLOSURE_OPS);
  });
});
