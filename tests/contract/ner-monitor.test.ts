import { DEFAULT_MONITOR_INFORM, MONITOR_EVENTS, MSG_INFORM_NO_EVENT, MSG_MONITOR_VIN_UNKNOWN } from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { MONITOR_OPS } from "./support/owners";

/**
 * Contract of the monitoring list (新能源车辆监控 › 车辆监控列表): the list with its filters and
 * live state, add with a per-VIN report, remove by ids and type, the notification setting with
 * the domain's rules — tenant isolation throughout, and nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);
/** Vehicles of the demo tenant T0001 (not its sub-tenant) and one of T0002. */
let tenantVins: string[];
let otherVin: string;

interface Entry {
  vin: string;
  type: number;
  plateNo: string | null;
  modelName: string;
  online: boolean;
  lastLoginTime: number | null;
  lastReportTime: number | null;
  alarmLevel: number;
  createdAt: number;
  createdBy: string;
}

const list = async (token: string, body: Record<string, unknown>) => {
  const res = await ledger.call("listNerMonitor", { token, body: { pageNum: 1, pageSize: 100, ...body } });
  expect(res.status).toBe(200);
  return res.body.data as { list: Entry[]; total: number };
};

/** Every table, to prove a refused request wrote nothing. */
const snapshot = async () =>
  fingerprint(server.db as Kysely<unknown>, await tablesOf(server.db as Kysely<unknown>), server.ctx.objects.root);

describe.skipIf(engine.skip)(`monitoring list contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const rows = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vehicle.vin", "tenant.code"])
      .orderBy("vehicle.vin")
      .execute();
    tenantVins = rows.filter((v) => v.code === "T0001").map((v) => v.vin);
    otherVin = rows.find((v) => v.code === "T0002")?.vin ?? "";
    expect(otherVin).not.toBe("");
  }, 120_000);
  afterAll(() => server?.stop());

  it("lists the seeded entries of every kind with their vehicle and live state, its own tenant only", async () => {
    const all = await list(admin, {});
    expect(new Set(all.list.map((e) => e.type))).toEqual(new Set([1, 2, 3]));
    expect(all.total).toBe(all.list.length);
    for (const e of all.list) {
      expect(e.modelName).not.toBe("");
      // Last report is the later of the last login and logout frames, so never before the login.
      if (e.lastLoginTime !== null) expect(e.lastReportTime).toBeGreaterThanOrEqual(e.lastLoginTime);
      if (e.online) expect(e.lastLoginTime).toBe(e.lastReportTime);
    }
    // Newest first.
    expect(all.list.map((e) => e.createdAt)).toEqual(all.list.map((e) => e.createdAt).toSorted((a, b) => b - a));
    const alarms = await list(admin, { type: 3 });
    expect(alarms.list.every((e) => e.type === 3)).toBe(true);
    const one = all.list[0] as Entry;
    const byVin = await list(admin, { vin: one.vin.slice(-6).toLowerCase() });
    expect(byVin.list.map((e) => e.vin)).toContain(one.vin);
    expect(byVin.list.every((e) => e.vin.endsWith(one.vin.slice(-6)))).toBe(true);
    const paged = await ledger.call("listNerMonitor", { token: admin, body: { pageNum: 2, pageSize: 3, type: 1 } });
    expect(paged.body.data.total).toBe((await list(admin, { type: 1 })).total);
    expect(paged.body.data.list.length).toBeLessThanOrEqual(3);
    const theirs = await list(tenant2, {});
    expect(theirs.list.some((e) => all.list.some((m) => m.vin === e.vin))).toBe(false);
    expect(theirs.total).toBeGreaterThan(0);
    for (const bad of [{ type: 9 }, { pageSize: 101 }, { vin: "X".repeat(18) }, { sort: "vin" }]) {
      const res = await ledger.call("listNerMonitor", { token: admin, body: { pageNum: 1, pageSize: 10, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("adds a pasted list VIN by VIN: added, already there, refused — the good ones are kept", async () => {
    const watched = new Set((await list(admin, { type: 2 })).list.map((e) => e.vin));
    const [a, b] = tenantVins.filter((v) => !watched.has(v)) as [string, string];
    const known = [...watched][0] as string;
    const unknown = "LB3CX1HU5RC999999";
    const res = await ledger.call("insertNerMonitor", {
      token: admin,
      query: { ids: [a, b, known, otherVin, unknown, a].join(","), type: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      changed: 2,
      added: [a, b],
      already: [known],
      // Another tenant's VIN reads exactly as one nobody has.
      refused: [
        { vin: otherVin, msg: MSG_MONITOR_VIN_UNKNOWN },
        { vin: unknown, msg: MSG_MONITOR_VIN_UNKNOWN },
      ],
    });
    const offline = await list(admin, { type: 2 });
    const entry = offline.list.find((e) => e.vin === a) as Entry;
    expect(entry).toMatchObject({ type: 2, createdBy: "admin" });
    expect((await list(admin, { type: 1 })).list.some((e) => e.vin === a)).toBe(false);
    expect((await list(tenant2, {})).list.some((e) => e.vin === a)).toBe(false);

    // Adding again changes nothing; the same VIN under another kind is a new entry.
    const again = await ledger.call("insertNerMonitor", { token: admin, query: { ids: a, type: 2 } });
    expect(again.body.data).toEqual({ changed: 0, added: [], already: [a], refused: [] });
    const asKey = await ledger.call("insertNerMonitor", { token: admin, query: { ids: a, type: 1 } });
    expect(asKey.body.data.added).toEqual([a]);

    // Removing takes ids and one type; the other kind stays.
    const removed = await ledger.call("deleteNerMonitor", { token: admin, query: { ids: `${a},${b}`, type: 2 } });
    expect(removed.body.data).toEqual({ changed: 2 });
    expect((await list(admin, { type: 2 })).list.some((e) => [a, b].includes(e.vin))).toBe(false);
    expect((await list(admin, { type: 1 })).list.some((e) => e.vin === a)).toBe(true);
    expect((await ledger.call("deleteNerMonitor", { token: admin, query: { ids: a, type: 1 } })).body.data).toEqual({
      changed: 1,
    });
  });

  it("refuses an add of which no VIN is known, naming each, and writes nothing", async () => {
    const before = await snapshot();
    const res = await ledger.call("insertNerMonitor", {
      token: admin,
      query: { ids: `${otherVin},LB3CX1HU5RC999999`, type: 3 },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`${MSG_MONITOR_VIN_UNKNOWN}：${otherVin}、LB3CX1HU5RC999999`);
    expect(res.body.data.failDetail).toEqual([
      { field: "ids", msg: `${otherVin}：${MSG_MONITOR_VIN_UNKNOWN}` },
      { field: "ids", msg: `LB3CX1HU5RC999999：${MSG_MONITOR_VIN_UNKNOWN}` },
    ]);
    for (const query of [
      { ids: "abc", type: 2 },
      { ids: tenantVins[0], type: 4 },
      { ids: `${tenantVins[0]},`, type: 1 },
      { ids: Array.from({ length: 101 }, () => tenantVins[0]).join(","), type: 1 },
    ]) {
      const bad = await ledger.call("insertNerMonitor", { token: admin, query });
      expect(bad.status, JSON.stringify(query).slice(0, 80)).toBe(400);
    }
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("removes only the caller's own entries and refuses a bad type", async () => {
    const mine = (await list(admin, {})).list[0] as Entry;
    const before = await snapshot();
    const foreign = await ledger.call("deleteNerMonitor", {
      token: tenant2,
      query: { ids: mine.vin, type: mine.type },
    });
    expect(foreign.body.data).toEqual({ changed: 0 });
    expect((await ledger.call("deleteNerMonitor", { token: admin, query: { ids: mine.vin, type: 4 } })).status).toBe(
      400,
    );
    expect((await ledger.call("deleteNerMonitor", { token: admin, query: { ids: "", type: 1 } })).status).toBe(400);
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("keeps one notification setting per tenant, checked by the domain's rules", async () => {
    const seeded = (await ledger.call("getNerMonitorInform", { token: admin })).body.data;
    expect(seeded).toMatchObject({ enabled: true, updateBy: "admin" });
    expect(seeded.receivers.length).toBeGreaterThan(0);
    expect((await ledger.call("getNerMonitorInform", { token: tenant2 })).body.data).toEqual({
      ...DEFAULT_MONITOR_INFORM,
      updateBy: null,
      updateTime: null,
    });

    const setting = {
      enabled: true,
      events: ["offline", "alarm"],
      channels: ["site", "sms", "email"],
      receivers: [
        { name: "值班员", mobile: "13800138000", email: "duty@example.com" },
        { name: "主管", mobile: "13912345678", email: "lead@example.com" },
      ],
      offlineHours: 12,
      alarmLevelMin: 2,
      noLoginDays: 3,
    };
    const saved = await ledger.call("setNerMonitorInform", { token: admin, body: setting });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ ...setting, updateBy: "admin" });
    expect((await ledger.call("getNerMonitorInform", { token: admin })).body.data).toEqual(saved.body.data);
    expect((await ledger.call("getNerMonitorInform", { token: tenant2 })).body.data.enabled).toBe(false);

    // Off may be incomplete: notifications paused, the roster kept or emptied.
    const off = { ...setting, enabled: false, events: [], channels: [], receivers: [] };
    expect((await ledger.call("setNerMonitorInform", { token: tenant2, body: off })).body.data).toMatchObject(off);

    const before = await snapshot();
    const refused = async (body: Record<string, unknown>) => {
      const res = await ledger.call("setNerMonitorInform", { token: admin, body: { ...setting, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body as { msg: string; data: { failDetail: { field: string; msg: string }[] } };
    };
    const noMobile = await refused({ receivers: [{ name: "张三", mobile: null, email: "a@example.com" }] });
    expect(noMobile.msg).toBe("短信通知需要接收人手机号：张三");
    expect(noMobile.data.failDetail).toEqual([{ field: "receivers.0.mobile", msg: "短信通知需要接收人手机号：张三" }]);
    expect((await refused({ events: [] })).msg).toBe(MSG_INFORM_NO_EVENT);
    expect((await refused({ channels: ["email"], receivers: [{ name: "李四", mobile: null, email: null }] })).msg).toBe(
      "邮件通知需要接收人邮箱：李四",
    );
    // The name rule beyond the schema: not blank.
    expect((await refused({ receivers: [{ name: "  ", mobile: "13800138000", email: null }] })).msg).toBe(
      "请输入接收人姓名",
    );
    // Caught by openapi/ before the handler (pattern, enum, range, unknown field).
    for (const body of [
      { receivers: [{ name: "王五", mobile: "23800138000", email: null }] },
      { receivers: [{ name: "王五", mobile: "13800138000", email: "not-mail" }] },
      { events: ["weather"] },
      { events: [...MONITOR_EVENTS, "keyState"] },
      { channels: ["fax"] },
      { offlineHours: 0 },
      { alarmLevelMin: 4 },
      { noLoginDays: 91 },
      { extra: true },
    ])
      await refused(body);
    expect(differences(before, await snapshot())).toEqual([]);
    expect((await ledger.call("getNerMonitorInform", { token: admin })).body.data).toEqual(saved.body.data);
  });

  it("answers 401 without a token", async () => {
    const ids = { ids: tenantVins[0], type: 1 };
    const calls: Record<string, Parameters<typeof ledger.call>[1]> = {
      listNerMonitor: { body: { pageNum: 1, pageSize: 10 } },
      insertNerMonitor: { query: ids },
      deleteNerMonitor: { query: ids },
      getNerMonitorInform: {},
      setNerMonitorInform: { body: DEFAULT_MONITOR_INFORM },
    };
    expect(Object.keys(calls).toSorted()).toEqual([...MONITOR_OPS].toSorted());
    for (const [id, init] of Object.entries(calls)) expect((await ledger.call(id, init)).status, id).toBe(401);
  });

  it("called every operation it owns with good and with bad input", () => {
    ledger.expectCovered(MONITOR_OPS);
  });
});
