import { startSimVehicle } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { TERMINAL_PARAM_OPS } from "./support/owners";

/**
 * 终端参数设置 (tsp-command paramTemplates): a template saved, edited (change log, 409 on a stale
 * save), applied to three vehicles through a port-0 gateway — one terminal takes the 0x81, one
 * answers 错误, one is offline and expires — then 重试失败 brings both to success; export, guards,
 * tenants. The offline vehicle's TTL is moved into the past rather than waited for.
 */
const engine = testEngine();
let server: TestServer;
const ledger = new CallLedger(() => server.url);
let admin: string;
let other: string;
let vins: string[];
let gateway: Gateway;
const terminals: GbtTerminal[] = [];
let failing = true;

const TEMPLATE = {
  name: "上报周期15秒",
  protocol: "gbt32960" as const,
  params: [
    { id: 0x09, value: 45 },
    { id: 0x02, value: 15 },
  ],
  remark: "路试",
};

async function online(vin: string, behaviour = {}): Promise<GbtTerminal> {
  const t = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: gateway.host, port: gateway.port }, behaviour);
  await t.report({ ...startSimVehicle(0, Date.now(), createRng(1).next), linkDown: false });
  terminals.push(t);
  return t;
}

/** Vehicles whose command is still under way (queued, sent or acknowledged). */
const under = (p: { queued: number; sent: number; acknowledged: number }) => p.queued + p.sent + p.acknowledged;

describe.skipIf(engine.skip)(`终端参数设置 (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({
      seed: { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 1 } },
    });
    ({ token: admin } = await signIn(server.url, "admin", "Admin@123456"));
    ({ token: other } = await signIn(server.url, "tenant2admin", "Admin@123456"));
    const rows = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select("vin")
      .where("tenant.code", "=", "T0001")
      .orderBy("vin")
      .execute();
    vins = rows.map((r) => r.vin).slice(0, 3);
    gateway = await startGateway(server.db, { port: 0, flushMs: 20, commandPollMs: 50 });
    await online(vins[0] as string);
    await online(vins[1] as string, { random: () => (failing ? 0 : 1), failRate: 1 });
  }, 120_000);
  afterAll(async () => {
    for (const t of terminals) await t.close(Date.now());
    await gateway?.close();
    await server?.stop();
  });

  it("keeps templates with a change log: create, edit, a stale save refused, seeded ones listed", async () => {
    const seeded = await ledger.call("listParamTemplates", { token: admin, query: { keyword: "上报" } });
    expect(seeded.body.data.list.map((t: { name: string }) => t.name)).toEqual([
      "路试高频上报（10秒）",
      "标准上报周期（30秒）",
    ]);
    const created = await ledger.call("createParamTemplate", { token: admin, body: TEMPLATE });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: "上报周期15秒",
      params: [
        { id: 0x02, value: 15 },
        { id: 0x09, value: 45 },
      ],
      createdBy: "admin",
    });
    const t = created.body.data;
    const taken = await ledger.call("createParamTemplate", { token: admin, body: TEMPLATE });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe("模板名称已存在");
    const edited = await ledger.call("updateParamTemplate", {
      token: admin,
      body: {
        ...TEMPLATE,
        id: t.id,
        updateTime: t.updateTime,
        params: [
          { id: 0x02, value: 20 },
          { id: 0x09, value: 45 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const stale = await ledger.call("updateParamTemplate", {
      token: admin,
      body: { ...TEMPLATE, id: t.id, updateTime: t.updateTime },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/已被admin修改/);
    const log = await ledger.call("listParamTemplateLog", { token: admin, query: { id: t.id } });
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual(["update", "create"]);
    expect(log.body.data[0].changes).toEqual([{ field: "正常时信息上报时间周期", before: "15 s", after: "20 s" }]);
    const bad = await ledger.call("createParamTemplate", {
      token: admin,
      body: {
        ...TEMPLATE,
        name: "坏模板",
        params: [
          { id: 0x02, value: 0 },
          { id: 0x08, value: "FW1.0" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("正常时信息上报时间周期应为1–600s的整数");
    expect(bad.body.data.failDetail[1]).toEqual({ field: "params[1].value", msg: "固件版本为只读参数，不能设置" });
    expect(
      (await ledger.call("listParamTemplates", { token: admin, query: { keyword: "坏模板" } })).body.data.total,
    ).toBe(0);
  });

  it("applies a template to three vehicles: success, failed, expired; 重试失败 brings them to success", async () => {
    const [a, b, c] = vins as [string, string, string];
    const t = (await ledger.call("listParamTemplates", { token: admin, query: { keyword: "15秒" } })).body.data.list[0];
    const applied = await ledger.call("applyParamTemplate", {
      token: admin,
      body: { templateId: t.id, vins: [c, a, b], ttlSeconds: 600 },
    });
    expect(applied.status).toBe(200);
    // Every vehicle has its command; an online vehicle's may already be sent or even answered
    // (the gateway's dispatcher wakes on the queue), the offline one's waits.
    expect(applied.body.data).toMatchObject({ templateName: "上报周期15秒", vehicleCount: 3 });
    expect(applied.body.data.progress).toMatchObject({ expired: 0, cancelled: 0 });
    expect(under(applied.body.data.progress)).toBeGreaterThanOrEqual(1);
    const id = applied.body.data.id as number;
    const progress = async () =>
      (await ledger.call("listParamBatches", { token: admin, query: {} })).body.data.list.find(
        (x: { id: number }) => x.id === id,
      ).progress;
    await expect.poll(async () => (await progress()).success, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await progress()).failed, { timeout: 15_000 }).toBe(1);
    expect(terminals[0]?.params.get(0x02)).toBe(20);
    // The offline vehicle's TTL runs out (moved, rather than waited for): the next read sweeps it.
    await server.db
      .updateTable("gateway_command")
      .set({ expires_at: Date.now() - 1 })
      .where("vin", "=", c)
      .where("state", "=", "queued")
      .execute();
    expect(await progress()).toMatchObject({ success: 1, failed: 1, expired: 1, queued: 0 });
    const expired = await ledger.call("listParamBatchVehicles", { token: admin, query: { id, state: "expired" } });
    expect(expired.body.data.list).toEqual([
      expect.objectContaining({ vin: c, attempts: 1, reason: "超过有效期仍未下发（车辆未在线）" }),
    ]);

    failing = false;
    await online(c);
    const retried = await ledger.call("retryParamBatch", { token: admin, body: { id } });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ vehicleCount: 3, progress: { failed: 0, expired: 0, cancelled: 0 } });
    expect(retried.body.data.progress.success + under(retried.body.data.progress)).toBe(3);
    await expect.poll(async () => (await progress()).success, { timeout: 15_000 }).toBe(3);
    const all = await ledger.call("listParamBatchVehicles", { token: admin, query: { id } });
    expect(all.body.data.list.map((v: { vin: string; attempts: number }) => [v.vin, v.attempts])).toEqual(
      [a, b, c].toSorted().map((v) => [v, v === a ? 1 : 2]),
    );
    expect(terminals[2]?.params.get(0x09)).toBe(45);
    const none = await ledger.call("retryParamBatch", { token: admin, body: { id } });
    expect(none.status).toBe(409);
    expect(none.body.msg).toBe("该批次没有失败或过期的车辆");
    const exported = await ledger.call("exportParamBatchVehicles", { token: admin, query: { id } });
    expect(exported.status).toBe(200);
    expect(exported.body.data.taskId).toBeTruthy();
    const sets = await ledger.call("listCommands", { token: admin, query: { vin: b, kind: "paramSet" } });
    expect(sets.body.data.list.map((x: { state: string }) => x.state)).toEqual(["success", "failed"]);
  }, 60_000);

  it("refuses bad input in Chinese and changes nothing; another tenant sees nothing", async () => {
    const t = (await ledger.call("listParamTemplates", { token: admin, query: { keyword: "15秒" } })).body.data.list[0];
    const unknown = await ledger.call("applyParamTemplate", {
      token: admin,
      body: { templateId: t.id, vins: ["LGXCE4CB2S0000123"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe("未找到车辆：LGXCE4CB2S0000123");
    const empty = await ledger.call("applyParamTemplate", { token: admin, body: { templateId: t.id } });
    expect(empty.body.msg).toBe("请选择下发车辆（VIN或车辆分组）");
    const group = await ledger.call("applyParamTemplate", { token: admin, body: { templateId: t.id, groupId: 99999 } });
    expect(group.body.msg).toBe("未找到该车辆分组");
    expect((await ledger.call("listParamBatches", { token: admin, query: {} })).body.data.total).toBe(1);
    expect((await ledger.call("listParamTemplates", { token: admin, query: { protocol: "jt808" } })).status).toBe(400);
    expect((await ledger.call("listParamTemplateLog", { token: admin, query: { id: 0 } })).status).toBe(400);
    expect(
      (await ledger.call("listParamBatchVehicles", { token: admin, query: { id: 1, state: "done" } })).status,
    ).toBe(400);
    expect((await ledger.call("exportParamBatchVehicles", { token: admin, query: { id: 99999 } })).status).toBe(404);
    expect((await ledger.call("retryParamBatch", { token: admin, body: {} })).status).toBe(400);
    expect((await ledger.call("deleteParamTemplate", { token: admin, body: { id: "x" } })).status).toBe(400);
    expect((await ledger.call("listParamBatches", { token: admin, query: { pageSize: 0 } })).status).toBe(400);

    // Tenant T0002 sees only its own template, no batch, and cannot touch T0001's.
    const mine = await ledger.call("listParamTemplates", { token: other, query: {} });
    expect(mine.body.data.list.map((x: { name: string }) => x.name)).toEqual(["抽样监测开启"]);
    expect((await ledger.call("listParamBatches", { token: other, query: {} })).body.data.total).toBe(0);
    expect((await ledger.call("listParamBatchVehicles", { token: other, query: { id: 1 } })).status).toBe(404);
    expect((await ledger.call("listParamTemplateLog", { token: other, query: { id: t.id } })).body.data).toEqual([]);
    expect((await ledger.call("deleteParamTemplate", { token: other, body: { id: t.id } })).status).toBe(404);
    const foreign = await ledger.call("applyParamTemplate", {
      token: other,
      body: { templateId: t.id, vins: [vins[0]] },
    });
    expect(foreign.body.msg).toBe("未找到该参数模板");

    // Deleted: the log keeps it, the batch keeps its copy.
    expect((await ledger.call("deleteParamTemplate", { token: admin, body: { id: t.id } })).status).toBe(200);
    const log = await ledger.call("listParamTemplateLog", { token: admin, query: { id: t.id } });
    expect(log.body.data[0]).toMatchObject({ action: "delete", by: "admin" });
    const batches = await ledger.call("listParamBatches", { token: admin, query: { keyword: "15秒" } });
    expect(batches.body.data.list[0]).toMatchObject({ templateId: null, templateName: "上报周期15秒" });
    const gone = await ledger.call("updateParamTemplate", {
      token: admin,
      body: { ...TEMPLATE, id: t.id, updateTime: t.updateTime },
    });
    expect(gone.status).toBe(404);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(TERMINAL_PARAM_OPS);
  });
});
