import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { CAR_CONTROL_OPS } from "./support/owners";

/**
 * Contract of 车控服务管理 and 车控提醒 (issue 17): packages (save, a taken name, delete refused
 * while used), subscriptions (states from the dates, add / renew / stop, the import's per-row
 * report, template, export), the enforcement in the remote-control send path (a group the
 * vehicle's subscription in force does not include is refused in Chinese and nothing is queued),
 * reminder rules and the reminders derived on read (an expiry swept by the read itself) — tenant
 * isolation throughout.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);
let vins: string[] = [];

interface Sub {
  id: number;
  vin: string;
  packageName: string;
  state: string;
  validFrom: number;
  validTo: number;
  groups: string[];
}
const subs = async (token: string, query: Record<string, unknown> = {}) => {
  const res = await ledger.call("listCarControlSubscriptions", { token, query: { pageSize: 100, ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { list: Sub[]; total: number };
};
const subOf = async (vin: string) => (await subs(admin, { vin })).list.find((s) => s.vin === vin) as Sub;
const commandsOf = (vin: string) =>
  server.db.selectFrom("gateway_command").select("id").where("vin", "=", vin).execute();

/** The reminders (a page of 100). */
const read = async (token: string, query: Record<string, unknown> = {}) =>
  (await ledger.call("listCarControlReminders", { token, query: { pageSize: 100, ...query } })).body.data as {
    list: {
      username: string;
      result: string;
      group: string;
      delivered: string[];
      recorded: string[];
      vin: string;
    }[];
    total: number;
  };

describe.skipIf(engine.skip)(`车控服务管理 and 车控提醒 (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 12, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
    vins = (
      await server.db
        .selectFrom("vehicle")
        .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
        .select("vin")
        .where("tenant.code", "=", "T0001")
        .orderBy("vin")
        .execute()
    ).map((r) => r.vin);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    for (const id of CAR_CONTROL_OPS) {
      const op = operation(id);
      const res = op.requestBody?.content["multipart/form-data"]
        ? await postFile(server.url, id, op.path, { name: "a.xlsx", bytes: Buffer.from("x") }, undefined)
        : await ledger.call(id, {});
      expect(res.status, id).toBe(401);
    }
  });

  it("keeps packages: the seed's three, a new one, a taken name, a delete refused while used", async () => {
    const list = await ledger.call("listCarControlPackages", { token: admin, query: {} });
    expect(list.body.data.list.map((p: { name: string }) => p.name)).toEqual(["全功能车控包", "基础车控包", "舒适包"]);
    const full = list.body.data.list[0];
    expect(full.vehicles).toBeGreaterThanOrEqual(vins.length - 1);
    const before = await snapshot();
    const bad = await ledger.call("saveCarControlPackage", {
      token: admin,
      body: { name: "寻车包", groups: [], validityMonths: 12 },
    });
    expect([bad.status, bad.body.msg]).toEqual([400, "请至少选择一项车控服务"]);
    expect(bad.body.data.failDetail.map((f: { field: string }) => f.field)).toEqual(["groups"]);
    const taken = await ledger.call("saveCarControlPackage", {
      token: admin,
      body: { name: "舒适包", groups: ["lock"], validityMonths: 6 },
    });
    expect([taken.status, taken.body.msg]).toEqual([409, "服务包“舒适包”已存在"]);
    const used = await ledger.call("deleteCarControlPackage", { token: admin, body: { id: full.id } });
    expect([used.status, used.body.msg]).toMatchObject([
      409,
      expect.stringMatching(/^服务包“全功能车控包”有 \d+ 辆车订阅，不能删除$/),
    ]);
    expect(differences(before, await snapshot())).toEqual([]);
    const saved = await ledger.call("saveCarControlPackage", {
      token: admin,
      body: { name: " 寻车包 ", groups: ["findCar", "findCar"], validityMonths: 6 },
    });
    expect(saved.body.data).toMatchObject({ name: "寻车包", groups: ["findCar"], validityMonths: 6, vehicles: 0 });
    const renamed = await ledger.call("saveCarControlPackage", {
      token: admin,
      body: { id: saved.body.data.id, name: "寻车包", groups: ["findCar", "lock"], validityMonths: 3 },
    });
    expect(renamed.body.data.groups).toEqual(["findCar", "lock"]);
    expect(
      (await ledger.call("deleteCarControlPackage", { token: tenant2, body: { id: saved.body.data.id } })).status,
    ).toBe(404);
    expect(
      (await ledger.call("deleteCarControlPackage", { token: admin, body: { id: saved.body.data.id } })).status,
    ).toBe(200);
    expect((await ledger.call("listCarControlPackages", { token: tenant2, query: {} })).body.data.list).toHaveLength(1);
  });

  it("derives the subscriptions' states and filters by them; tenant 2 sees none of tenant 1's", async () => {
    const all = await subs(admin);
    // The demo tenant and its sub-tenant.
    expect(all.total).toBeGreaterThanOrEqual(vins.length);
    const [basic, expiring, expired, stopped] = vins.slice(-4);
    const states: Record<string, string> = {};
    for (const vin of vins.slice(-4)) states[vin] = (await subOf(vin)).state;
    expect([
      states[basic as string],
      states[expiring as string],
      states[expired as string],
      states[stopped as string],
    ]).toEqual(["active", "expiring", "expired", "stopped"]);
    expect((await subs(admin, { state: "expiring" })).list.map((s) => s.vin)).toEqual([expiring]);
    expect((await subs(admin, { state: "active" })).total).toBe(all.total - 3);
    const pkgs = (await ledger.call("listCarControlPackages", { token: admin, query: { keyword: "基础" } })).body.data
      .list;
    expect(pkgs).toHaveLength(1);
    const byPackage = await subs(admin, { packageId: pkgs[0].id });
    expect(byPackage.list.map((s) => [s.vin, s.packageName])).toEqual([[basic, "基础车控包"]]);
    expect((await subs(tenant2, { vin: vins[0]?.slice(-6) })).total).toBe(0);
  });

  it("refuses a remote-control group the vehicle's subscription does not include, and queues nothing", async () => {
    const [basic, , expired, stopped] = vins.slice(-4) as [string, string, string, string];
    const before = (await commandsOf(basic)).length;
    const climate = await ledger.call("sendRemoteClimate", {
      token: admin,
      body: { vin: basic, action: "climateOn", value: 24 },
    });
    expect([climate.status, climate.body.msg]).toEqual([400, "该车辆的车控服务包不含“空调”车控服务"]);
    const off = await ledger.call("sendRemoteLock", { token: admin, body: { vin: stopped, action: "lock" } });
    expect([off.status, off.body.msg]).toEqual([400, "该车辆的车控服务已停用，不能下发“车门锁”车控服务"]);
    const late = await ledger.call("sendRemoteFindCar", { token: admin, body: { vin: expired, action: "findCar" } });
    expect([late.status, late.body.msg]).toEqual([400, "该车辆的车控服务已过期，不能下发“寻车”车控服务"]);
    expect((await commandsOf(basic)).length).toBe(before);
    const find = await ledger.call("sendRemoteFindCar", { token: admin, body: { vin: basic, action: "findCar" } });
    expect([find.status, find.body.data.state]).toEqual([200, "queued"]);
    // Another tenant's VIN still reads 未找到, whatever its subscription.
    const foreign = await ledger.call("sendRemoteLock", { token: tenant2, body: { vin: basic, action: "lock" } });
    expect([foreign.status, foreign.body.data.failDetail[0].msg]).toEqual([400, "vin：未找到该VIN的车辆"]);
  });

  it("renews from today once ended, stops at once, adds over a stopped one but not over a live one", async () => {
    const [, expiring, expired, stopped] = vins.slice(-4) as [string, string, string, string];
    const old = await subOf(expired);
    const renewed = await ledger.call("renewCarControlSubscription", { token: admin, body: { id: old.id } });
    expect(renewed.body.data.state).toBe("active");
    expect(renewed.body.data.validTo).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const soon = await subOf(expiring);
    const longer = await ledger.call("renewCarControlSubscription", { token: admin, body: { id: soon.id } });
    expect(longer.body.data.validTo).toBeGreaterThan(soon.validTo);
    const stop = await ledger.call("stopCarControlSubscription", { token: admin, body: { id: soon.id } });
    expect(stop.body.data.state).toBe("stopped");
    expect((await ledger.call("stopCarControlSubscription", { token: admin, body: { id: soon.id } })).status).toBe(409);
    const dead = await ledger.call("renewCarControlSubscription", { token: admin, body: { id: soon.id } });
    expect([dead.status, dead.body.msg]).toEqual([409, "已停用的车控服务不能续期，请重新开通"]);
    const refused = await ledger.call("sendRemoteLock", { token: admin, body: { vin: expiring, action: "lock" } });
    expect(refused.status).toBe(400);
    const pkgs = (await ledger.call("listCarControlPackages", { token: admin, query: {} })).body.data.list;
    const basicId = pkgs.find((p: { name: string }) => p.name === "基础车控包").id;
    const live = await ledger.call("addCarControlSubscription", {
      token: admin,
      body: { vin: vins[0], packageId: basicId },
    });
    expect([live.status, live.body.msg]).toEqual([409, "该车辆已有生效的车控服务，请续期或先停用"]);
    const badDay = await ledger.call("addCarControlSubscription", {
      token: admin,
      body: { vin: stopped, packageId: basicId, startDate: "2026-02-30" },
    });
    expect([badDay.status, badDay.body.msg, badDay.body.data.failDetail[0].field]).toEqual([
      400,
      "开始日期须为 yyyy-MM-dd 格式的日期",
      "startDate",
    ]);
    const again = await ledger.call("addCarControlSubscription", {
      token: admin,
      body: { vin: stopped, packageId: basicId, startDate: "2026-01-01" },
    });
    expect(again.body.data).toMatchObject({ vin: stopped, packageName: "基础车控包", stoppedAt: null });
    expect(again.body.data.validFrom).toBe(Date.UTC(2025, 11, 31, 16));
    expect(again.body.data.validTo).toBe(Date.UTC(2026, 11, 31, 16));
    const ok = await ledger.call("sendRemoteLock", { token: admin, body: { vin: stopped, action: "lock" } });
    expect(ok.status).toBe(200);
    expect(
      (await ledger.call("stopCarControlSubscription", { token: tenant2, body: { id: again.body.data.id } })).status,
    ).toBe(404);
  });

  it("imports subscriptions with a per-row report and exports them (not without the permission)", async () => {
    const tpl = await ledger.call("downloadCarControlTemplate", { token: admin });
    expect((await sheetRows(Buffer.from(tpl.bytes)))[0]).toEqual(["VIN", "服务包", "开始日期"]);
    const basicVin = vins.at(-4) as string;
    await ledger.call("stopCarControlSubscription", { token: admin, body: { id: (await subOf(basicVin)).id } });
    const sheet = await xlsxOf(
      ["VIN", "服务包", "开始日期"],
      [
        [basicVin, "舒适包", "2026-03-01"],
        [vins[1], "全功能车控包", ""],
        [vins[2], "无此包", ""],
        ["LNOTAVIN", "舒适包", ""],
        [basicVin, "舒适包", ""],
        [vins[3], "舒适包", "明天"],
      ],
    );
    const imported = await postFile(
      server.url,
      "importCarControlSubscriptions",
      "/tsp-command/carControl/subscription/import",
      { name: "s.xlsx", bytes: sheet },
      admin,
    );
    ledger.record("importCarControlSubscriptions", imported.status);
    expect(imported.body.data).toMatchObject({ all: 6, success: 1, failed: 5 });
    expect(imported.body.data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [3, "该车辆已有生效的车控服务，请续期或先停用"],
      [4, "服务包“无此包”不存在"],
      [5, "未找到该VIN的车辆"],
      [6, "VIN在文件中重复"],
      [7, "开始日期须为 yyyy-MM-dd 格式的日期"],
    ]);
    expect(await subOf(basicVin)).toMatchObject({ packageName: "舒适包", groups: ["climate", "windows"] });
    const bad = await postFile(
      server.url,
      "importCarControlSubscriptions",
      "/tsp-command/carControl/subscription/import",
      { name: "s.xlsx", bytes: Buffer.from("not a sheet") },
      admin,
    );
    ledger.record("importCarControlSubscriptions", bad.status);
    expect(bad.status).toBe(400);
    const exp = await ledger.call("exportCarControlSubscriptions", { token: admin, query: { state: "stopped" } });
    expect(exp.status).toBe(200);
    expect((await ledger.call("exportCarControlSubscriptions", { token: operator, query: {} })).status).toBe(403);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]).toEqual([
      "VIN",
      "车牌号",
      "服务包",
      "车控服务",
      "开始日期",
      "到期日期",
      "状态",
      "停用人",
      "更新人",
    ]);
    expect(rows.slice(1).map((r) => r[6])).toEqual(["已停用"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([vins.at(-3)]);
  });

  it("keeps reminder rules, one per account", async () => {
    const list = await ledger.call("listCarControlRemindRules", { token: admin, query: {} });
    expect(list.body.data.list.map((r: { username: string }) => r.username)).toEqual(["admin", "operator"]);
    const op = list.body.data.list[1];
    const none = await ledger.call("saveCarControlRemindRule", {
      token: admin,
      body: { accountId: op.accountId, channels: [], results: ["failed"], groups: ["lock"], enabled: true },
    });
    expect([none.status, none.body.msg]).toEqual([400, "请至少选择一种提醒方式"]);
    const dup = await ledger.call("saveCarControlRemindRule", {
      token: admin,
      body: { accountId: op.accountId, channels: ["site"], results: ["failed"], groups: ["lock"], enabled: true },
    });
    expect([dup.status, dup.body.msg]).toEqual([409, "该人员已在提醒名单中"]);
    const narrowed = await ledger.call("saveCarControlRemindRule", {
      token: admin,
      body: {
        id: op.id,
        accountId: op.accountId,
        channels: ["sms", "site"],
        results: ["failed", "expired"],
        groups: ["lock", "engine"],
        vins: [vins[1]?.toLowerCase()],
        enabled: true,
      },
    });
    expect(narrowed.body.data.vins).toEqual([vins[1]]);
    expect(
      (await ledger.call("listCarControlRemindRules", { token: admin, query: { vin: vins[2] } })).body.data.total,
    ).toBe(1);
    expect((await ledger.call("listCarControlRemindRules", { token: tenant2, query: {} })).body.data.total).toBe(0);
    expect((await ledger.call("deleteCarControlRemindRule", { token: tenant2, body: { id: op.id } })).status).toBe(404);
    // The operator's rule deleted (gone from the list), then filed again as it was for the next test.
    const before = (await ledger.call("listCarControlRemindRules", { token: admin, query: {} })).body.data.total;
    const removed = await ledger.call("deleteCarControlRemindRule", { token: admin, body: { id: op.id } });
    expect(removed.status).toBe(200);
    expect((await ledger.call("listCarControlRemindRules", { token: admin, query: {} })).body.data.total).toBe(
      before - 1,
    );
    const again = await ledger.call("saveCarControlRemindRule", {
      token: admin,
      body: {
        accountId: op.accountId,
        channels: ["sms", "site"],
        results: ["failed", "expired"],
        groups: ["lock", "engine"],
        vins: [vins[1]],
        enabled: true,
      },
    });
    expect(again.status).toBe(200);
  });

  it("derives the reminders, sweeping a command past its TTL on read", async () => {
    const vin = vins[1] as string;
    const seeded = await read(admin, { vin });
    // admin: every result and group (3 commands); operator: the expired 车门锁 only.
    expect(seeded.list.map((r) => `${r.username}:${r.result}:${r.group}`).toSorted()).toEqual([
      "admin:cancelled:climate",
      "admin:expired:lock",
      "admin:failed:findCar",
      "operator:expired:lock",
    ]);
    const op = seeded.list.find((r) => r.username === "operator");
    expect([op?.delivered, op?.recorded]).toEqual([["site"], ["sms"]]);
    expect((await read(tenant2)).total).toBe(0);
    // A queued command past its TTL: the read expires it and reminds of it.
    const now = Date.now();
    await server.db
      .insertInto("gateway_command")
      .values({
        tenant_id: (
          await server.db.selectFrom("vehicle").select("tenant_id").where("vin", "=", vin).executeTakeFirstOrThrow()
        ).tenant_id,
        vin,
        kind: "remoteControl",
        params: JSON.stringify({ remote: { action: "engineStart", value: 10 } }),
        sender: "admin",
        state: "queued",
        created_at: now - 700_000,
        expires_at: now - 100_000,
        sent_at: null,
        wire_time: null,
        acknowledged_at: null,
        finished_at: null,
        reason: null,
        answer: null,
        answer_hex: null,
        request_hex: null,
      })
      .execute();
    const swept = await read(admin, { vin, result: "expired" });
    expect(swept.list.map((r) => `${r.username}:${r.group}`).toSorted()).toEqual([
      "admin:engine",
      "admin:lock",
      "operator:engine",
      "operator:lock",
    ]);
  });

  it("brings a reminder to 个人消息 of the accounts whose rule has 站内消息, and to no other", async () => {
    const vin = vins[1] as string;
    const messagesOf = async (token: string) =>
      (
        await ledger.call("listPersonalMessages", {
          token,
          query: { kind: "carControl", pageNum: 1, pageSize: 100 },
        })
      ).body.data as {
        list: {
          key: string;
          kind: string;
          read: boolean;
          alarm: unknown;
          export: unknown;
          command: { id: number; vin: string; action: string; result: string; reason: string | null };
        }[];
        total: number;
      };
    // The operator's rule (sms + site; vins[1]; failed/expired; lock and engine): the two expired commands above.
    const op = await messagesOf(operator);
    expect(op.list.map((m) => `${m.command.vin}:${m.command.action}:${m.command.result}`).toSorted()).toEqual([
      `${vin}:engineStart:expired`,
      `${vin}:lock:expired`,
    ]);
    expect(op.list.every((m) => m.kind === "carControl" && m.alarm === null && m.export === null && !m.read)).toBe(
      true,
    );
    // The same facts as 车控提醒 says were delivered to the operator's 站内消息.
    const reminders = (await read(admin, { vin })).list.filter(
      (r) => r.username === "operator" && r.delivered.includes("site"),
    );
    expect(op.total).toBe(reminders.length);
    // Admin's rule without 站内消息: 车控提醒 still lists its reminders, 个人消息 has none of them.
    const rules = (await ledger.call("listCarControlRemindRules", { token: admin, query: {} })).body.data.list as {
      id: number;
      username: string;
      accountId: number;
      channels: string[];
      results: string[];
      groups: string[];
      vins: string[];
      enabled: boolean;
    }[];
    const mine = rules.find((r) => r.username === "admin");
    if (!mine) throw new Error("the seed files a reminder rule for admin");
    const { id, accountId, results, groups, vins: ruleVins, enabled } = mine;
    const save = (channels: string[]) =>
      ledger.call("saveCarControlRemindRule", {
        token: admin,
        body: { id, accountId, channels, results, groups, vins: ruleVins, enabled },
      });
    expect((await save(["sms", "email"])).status).toBe(200);
    expect((await messagesOf(admin)).total).toBe(0);
    expect((await read(admin, { vin })).list.some((r) => r.username === "admin")).toBe(true);
    expect((await save(mine.channels)).status).toBe(200);
    expect((await messagesOf(admin)).total).toBeGreaterThan(0);
    // Marked read like any message; tenant 2 has none.
    const key = op.list[0]?.key as string;
    const marked = await ledger.call("markPersonalMessagesRead", { token: operator, body: { keys: [key] } });
    expect(marked.status).toBe(200);
    expect((await messagesOf(operator)).list.find((m) => m.key === key)?.read).toBe(true);
    expect((await messagesOf(tenant2)).total).toBe(0);
  });

  it("called every car-control-service operation with good and bad input", () => {
    ledger.expectCovered(CAR_CONTROL_OPS);
  });
});
