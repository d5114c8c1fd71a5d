import {
  encodeHj1239AntiTamper,
  encodeHj1239Login,
  encodeHj1239Realtime,
  MSG_DEVICE_DONE,
  MSG_DEVICE_NOTE,
} from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { TestHj1239Terminal } from "../../apps/server/src/gateway/testClient";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { DEVICE_MANAGE_2_OPS } from "./support/owners";

/**
 * Contract of T-Box故障记录, 防拆报警 and 报警通知人员 (issue 19): an HJ 1239 terminal reports its
 * removal over TCP → the episode appears (swept on read), repeats, ends at the next real-time
 * report, is handled 未处理 → 处理中 → 已处理 and reaches 个人消息 of the staff a rule names; the
 * rules themselves; a terminal silent for two days (the server's clock moved on) shows as a fault
 * and is handled; exports; tenant isolation.
 */
const engine = testEngine();
let server: TestServer;
let gateway: Gateway;
let admin: string;
let operator: string;
let tenant2: string;
/** How far the server's clock runs ahead of the wall clock (moved on to make a terminal silent). */
let ahead = 0;
const ledger = new CallLedger(() => server.url);
const HOUR = 3_600_000;

const must = (r: { ok: true; value: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const step = (token: string, body: Record<string, unknown>) => ledger.call("handleTamperAlarm", { token, body });

describe.skipIf(engine.skip)(`T-Box故障记录, 防拆报警, 报警通知人员 (${engine.kind})`, () => {
  let vin: string;
  let terminal: TestHj1239Terminal;

  beforeAll(async () => {
    server = await startTestServer({
      seed: { sizes: { vehiclesPerTenant: 6, journalPerVehicle: 1 } },
      now: () => new Date(Date.now() + ahead),
    });
    gateway = await startGateway(server.db, { port: 0, hj1239Port: 0, flushMs: 20 });
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const db = server.db;
    const t = await db
      .selectFrom("account")
      .select("tenant_id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    vin = (
      await db
        .selectFrom("vehicle")
        .select("vin")
        .where("tenant_id", "=", t.tenant_id)
        .orderBy("vin", "desc")
        .executeTakeFirstOrThrow()
    ).vin;
    terminal = await TestHj1239Terminal.open(gateway.hj1239Port as number);
  }, 120_000);
  afterAll(async () => {
    terminal?.end();
    await gateway?.close();
    await server?.stop();
  });

  it("answers 401 without a token on every operation", async () => {
    for (const id of DEVICE_MANAGE_2_OPS) expect((await ledger.call(id, {})).status, id).toBe(401);
  });

  const tamperOf = async (token: string, query: Record<string, unknown> = {}) => {
    const res = await ledger.call("listTamperAlarms", { token, query: { vin, pageSize: 50, ...query } });
    expect(res.status).toBe(200);
    return res.body.data as {
      list: {
        id: number;
        vin: string;
        plate: string | null;
        kind: string;
        level: number;
        reports: number;
        endedAt: number | null;
        longitude: number | null;
        handling: { state: string; note: string | null; handledBy: string | null };
      }[];
      total: number;
    };
  };

  it("turns a terminal's removal reports into an episode, ends it at the next report, tells the staff", async () => {
    const t = { vin, softwareVersion: 3 };
    const now = Date.now();
    expect(
      (await terminal.send(must(encodeHj1239Login(t, { time: now, serial: 1, iccid: "89860000000000001239" }))))
        ?.command,
    ).toBe(1);
    expect((await tamperOf(admin)).total).toBe(0);
    await terminal.send(must(encodeHj1239AntiTamper(t, { time: now, serial: 2, position: { lng: 121.5, lat: 31.2 } })));
    await terminal.send(must(encodeHj1239AntiTamper(t, { time: now + 1000, serial: 3, position: null })));
    const [open] = (await tamperOf(admin)).list;
    expect(open).toMatchObject({ kind: "removed", level: 3, reports: 2, endedAt: null, longitude: 121.5 });
    expect(open?.handling.state).toBe("open");
    // Tenant 2 sees nothing of it; the filters hold.
    expect((await tamperOf(tenant2)).total).toBe(0);
    expect((await tamperOf(admin, { ongoing: false })).total).toBe(0);
    expect((await tamperOf(admin, { kind: "powerOff" })).total).toBe(0);
    expect((await ledger.call("listTamperAlarms", { token: admin, query: { startTime: 5, endTime: 1 } })).status).toBe(
      400,
    );
    // The administrator's rule (seed: every kind, level ≥ 2, 站内消息) puts it in 个人消息.
    const msgs = await ledger.call("listPersonalMessages", { token: admin, query: { kind: "tamper" } });
    expect(
      msgs.body.data.list.some(
        (m: { key: string; alarm: { vin: string; name: string } }) =>
          m.key === `tamper:${open?.id}` && m.alarm.vin === vin && m.alarm.name === "终端拆除",
      ),
    ).toBe(true);
    // Back in place: the next real-time report ends the episode.
    await terminal.send(must(encodeHj1239Realtime(t, { time: Date.now(), serial: 4, items: [] })));
    const [ended] = (await tamperOf(admin)).list;
    expect(ended?.id).toBe(open?.id);
    expect(ended?.endedAt).not.toBeNull();
  });

  it("handles an episode 未处理 → 处理中 → 已处理, one way, within the tenant", async () => {
    const id = (await tamperOf(admin)).list[0]?.id as number;
    const noNote = await step(admin, { id, state: "done" });
    expect([noNote.status, noNote.body.msg]).toEqual([400, MSG_DEVICE_NOTE]);
    expect((await step(tenant2, { id, state: "handling" })).status).toBe(404);
    expect((await step(admin, { id, state: "handling", note: "已联系机手" })).body.data.handling).toMatchObject({
      state: "handling",
      note: "已联系机手",
    });
    expect((await step(admin, { id, state: "handling" })).status).toBe(409);
    expect((await step(admin, { id, state: "done", note: "维修拆装，已复装" })).body.data.handling.state).toBe("done");
    const again = await step(admin, { id, state: "done", note: "再处理" });
    expect([again.status, again.body.msg]).toEqual([409, MSG_DEVICE_DONE]);
    expect((await tamperOf(admin, { state: "done" })).total).toBe(1);
  });

  it("makes a machine of 机械信息 (no vehicle row) first class: episode, handling, 个人消息 by the rules", async () => {
    // A seeded machine of the administrator's tenant: its PIN is in 机械信息 and in no vehicle table.
    const t = await server.db
      .selectFrom("account")
      .select("tenant_id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const pin = (
      await server.db
        .selectFrom("bss_machinery_info as m")
        .select("m.vin")
        .where("m.tenant_id", "=", t.tenant_id)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("vehicle as x").select("x.vin").whereRef("x.vin", "=", "m.vin"))),
        )
        .orderBy("m.vin", "desc")
        .executeTakeFirstOrThrow()
    ).vin;
    const machine = await TestHj1239Terminal.open(gateway.hj1239Port as number);
    try {
      const m = { vin: pin, softwareVersion: 3 };
      const now = Date.now();
      expect(
        (await machine.send(must(encodeHj1239Login(m, { time: now, serial: 1, iccid: "89860000000000001322" }))))
          ?.command,
      ).toBe(1);
      await machine.send(
        must(encodeHj1239AntiTamper(m, { time: now, serial: 2, position: { lng: 116.4, lat: 39.9 } })),
      );
      const [open] = (await tamperOf(admin, { vin: pin })).list;
      expect(open).toMatchObject({ vin: pin, plate: null, level: 3, endedAt: null, longitude: 116.4 });
      // Another tenant neither sees nor handles it.
      expect((await tamperOf(tenant2, { vin: pin })).total).toBe(0);
      expect((await step(tenant2, { id: open?.id, state: "handling", note: "x" })).status).toBe(404);
      expect((await step(admin, { id: open?.id, state: "handling", note: "已通知机主" })).body.data).toMatchObject({
        vin: pin,
        handling: { state: "handling", note: "已通知机主" },
      });
      // 个人消息: the administrator's rule (any region) names it; the operator's (区域 31 only) does not —
      // a machine has no sale, so no region.
      const keysOf = async (token: string) =>
        (
          (await ledger.call("listPersonalMessages", { token, query: { kind: "tamper", pageSize: 100 } })).body.data
            .list as { key: string; alarm: { vin: string } }[]
        ).map((x) => `${x.key} ${x.alarm.vin}`);
      expect(await keysOf(admin)).toContain(`tamper:${open?.id} ${pin}`);
      expect(await keysOf(operator)).not.toContain(`tamper:${open?.id} ${pin}`);
      // Back in place: its next real-time report ends the episode.
      await machine.send(must(encodeHj1239Realtime(m, { time: Date.now(), serial: 3, items: [] })));
      expect((await tamperOf(admin, { vin: pin })).list[0]?.endedAt).not.toBeNull();
    } finally {
      machine.end();
    }
  });

  it("keeps the notification rules of the tenant: one per account, checked, deleted", async () => {
    const list = await ledger.call("listAlarmNotify", { token: admin, query: {} });
    expect(list.body.data.list.map((r: { username: string }) => r.username).toSorted()).toEqual(["admin", "operator"]);
    expect((await ledger.call("listAlarmNotify", { token: tenant2, query: {} })).body.data.total).toBe(0);
    expect((await ledger.call("listAlarmNotify", { token: admin, query: { pageSize: 0 } })).status).toBe(400);
    const accounts = await ledger.call("listAlarmNotifyAccounts", { token: admin, query: { keyword: "" } });
    const ids = accounts.body.data.list.map((a: { id: number }) => a.id) as number[];
    const ruled = list.body.data.list.map((r: { accountId: number }) => r.accountId) as number[];
    expect((await ledger.call("listAlarmNotifyAccounts", { token: admin, query: { pageNum: 0 } })).status).toBe(400);
    const rule = { channels: ["site", "email"], kinds: ["removed"], minLevel: 3, regions: ["31", "32"], enabled: true };
    const taken = await ledger.call("saveAlarmNotify", { token: admin, body: { ...rule, accountId: ruled[0] } });
    expect(taken.status).toBe(409);
    const bad = await ledger.call("saveAlarmNotify", {
      token: admin,
      body: { ...rule, regions: ["99"], accountId: ruled[0] },
    });
    expect(bad.status).toBe(400);
    const t2accounts = await ledger.call("listAlarmNotifyAccounts", { token: tenant2, query: {} });
    const foreign = t2accounts.body.data.list[0].id as number;
    expect((await ledger.call("saveAlarmNotify", { token: admin, body: { ...rule, accountId: foreign } })).status).toBe(
      404,
    );
    const free = ids.find((i) => !ruled.includes(i));
    const target = free ?? ruled[0];
    const saved = free
      ? await ledger.call("saveAlarmNotify", { token: admin, body: { ...rule, accountId: free } })
      : await ledger.call("saveAlarmNotify", {
          token: admin,
          body: { ...rule, accountId: target, id: list.body.data.list[0].id },
        });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ accountId: target, regions: ["31", "32"], channels: ["site", "email"] });
    const changed = await ledger.call("saveAlarmNotify", {
      token: admin,
      body: { ...rule, enabled: false, accountId: target, id: saved.body.data.id },
    });
    expect(changed.body.data.enabled).toBe(false);
    expect((await ledger.call("deleteAlarmNotify", { token: tenant2, body: { id: saved.body.data.id } })).status).toBe(
      404,
    );
    expect((await ledger.call("deleteAlarmNotify", { token: admin, body: { id: saved.body.data.id } })).status).toBe(
      200,
    );
    expect((await ledger.call("deleteAlarmNotify", { token: admin, body: { id: saved.body.data.id } })).status).toBe(
      404,
    );
  });

  it("shows a terminal silent for two days as a fault and handles it", async () => {
    ahead = 2 * 24 * HOUR;
    // Tokens issued before expire on the moved clock: sign in again.
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const res = await ledger.call("listTboxFaults", { token: admin, query: { vin, kind: "silence" } });
    expect(res.status).toBe(200);
    const [fault] = res.body.data.list;
    expect(fault).toMatchObject({ vin, kind: "silence", endedAt: null });
    expect(fault.detail).toMatch(/未收到任何报文/);
    expect((await ledger.call("listTboxFaults", { token: tenant2, query: { vin } })).body.data.total).toBe(0);
    expect((await ledger.call("listTboxFaults", { token: admin, query: { kind: "nap" } })).status).toBe(400);
    const done = await ledger.call("handleTboxFault", {
      token: admin,
      body: { id: fault.id, state: "done", note: "终端欠费停机，已续费" },
    });
    expect(done.body.data.handling).toMatchObject({ state: "done", note: "终端欠费停机，已续费" });
    expect(
      (await ledger.call("handleTboxFault", { token: admin, body: { id: fault.id, state: "handling" } })).status,
    ).toBe(409);
    expect((await ledger.call("handleTboxFault", { token: admin, body: { id: 0, state: "handling" } })).status).toBe(
      400,
    );
  });

  it("exports both lists as tasks (admin only)", async () => {
    for (const op of ["exportTboxFaults", "exportTamperAlarms"] as const) {
      expect((await ledger.call(op, { token: admin, query: { vin } })).status, op).toBe(200);
      expect((await ledger.call(op, { token: operator, query: {} })).status, op).toBe(403);
      expect((await ledger.call(op, { token: admin, query: { startTime: 9, endTime: 1 } })).status, op).toBe(400);
    }
    await server.ctx.exports.idle();
    ledger.expectCovered(DEVICE_MANAGE_2_OPS);
  });
});
