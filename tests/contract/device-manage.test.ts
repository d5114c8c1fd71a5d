import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { sheetRows } from "./business-sheets";
import { signIn } from "./support/contract";
import { DEVICE_MANAGE_OPS } from "./support/owners";

/**
 * Contract of 设备管理: replacement records of the four kinds (list by kind and state, detail,
 * create checked against the master data, approval applying the replacement and the change log
 * in one transaction, rejection with its reason, export) and VIN校验失败记录 over the gateway's
 * journal — tenant isolation throughout, nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let tenant2: string;
const ledger = new CallLedger(() => server.url);
const DAY = 86_400_000;

interface Change {
  id: number;
  kind: string;
  vin: string;
  oldCode: string;
  newCode: string;
  state: string;
  reviewerName: string | null;
  reviewNote: string | null;
}

async function changes(kind: string, token = admin, query: Record<string, unknown> = {}): Promise<Change[]> {
  return (await ledger.call("listDeviceChanges", { token, query: { kind, pageSize: 100, ...query } })).body.data.list;
}

describe.skipIf(engine.skip)(`device management (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 16, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    for (const id of DEVICE_MANAGE_OPS) expect((await ledger.call(id, {})).status, id).toBe(401);
  });

  it("seeds every kind in every state, scoped to the tenant", async () => {
    for (const kind of ["tbox", "headUnit", "motor", "battery"]) {
      const all = await changes(kind);
      expect(new Set(all.map((c) => c.state)), kind).toEqual(new Set(["pending", "approved", "rejected"]));
      expect(all.every((c) => c.kind === kind)).toBe(true);
      const pending = await changes(kind, admin, { state: "pending" });
      expect(pending.every((c) => c.state === "pending")).toBe(true);
      expect(await changes(kind, tenant2)).toEqual([]);
    }
    const bad = await ledger.call("listDeviceChanges", { token: admin, query: { kind: "wheel" } });
    expect(bad.status).toBe(400);
    const one = (await changes("tbox"))[0] as Change;
    const detail = await ledger.call("getDeviceChange", { token: admin, query: { id: one.id } });
    expect(detail.body.data).toMatchObject({ id: one.id, vin: one.vin });
    expect((await ledger.call("getDeviceChange", { token: tenant2, query: { id: one.id } })).status).toBe(404);
    expect((await ledger.call("getDeviceChange", { token: admin, query: { id: 0 } })).status).toBe(400);
    expect((await ledger.call("getDeviceChange", { token: admin, query: { id: 999_999 } })).status).toBe(404);
  });

  it("refuses a replacement that does not fit the master data, saying why, writing nothing", async () => {
    const [a, b] = await server.db
      .selectFrom("vehicle")
      .select(["vin", "tbox_sn"])
      .where("tenant_id", "=", 1)
      .where("tbox_sn", "is not", null)
      .orderBy("vin", "desc")
      .limit(2)
      .execute();
    const before = await snapshot();
    const body = { kind: "tbox", vin: a?.vin, oldCode: "NOPE-0001", newCode: b?.tbox_sn, reason: "fault" };
    const wrongOld = await ledger.call("createDeviceChange", { token: admin, body });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.msg).toBe(`原T-BOX序列号“NOPE-0001”不是车辆${a?.vin}当前的T-BOX序列号（当前：${a?.tbox_sn}）`);
    const taken = await ledger.call("createDeviceChange", { token: admin, body: { ...body, oldCode: a?.tbox_sn } });
    expect(taken.body.msg).toBe(`新T-BOX序列号“${b?.tbox_sn}”已绑定车辆${b?.vin}，请先在原车辆上更换或解绑`);
    const unknown = await ledger.call("createDeviceChange", {
      token: admin,
      body: { ...body, oldCode: a?.tbox_sn, newCode: "ZZ-UNKNOWN-1" },
    });
    expect(unknown.body.msg).toBe("新T-BOX序列号“ZZ-UNKNOWN-1”不在TBOX数据中，请先登记");
    expect(unknown.body.data.failDetail[0].field).toBe("newCode");
    expect((await ledger.call("createDeviceChange", { token: admin, body: { ...body, reason: "x" } })).status).toBe(
      400,
    );
    expect((await ledger.call("createDeviceChange", { token: tenant2, body })).status).toBe(404);
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("approves a T-BOX replacement: binding, card, terminal states and change log in one go", async () => {
    const vehicle = await server.db
      .selectFrom("vehicle")
      .select(["vin", "tbox_sn"])
      .where("tenant_id", "=", 1)
      .where("tbox_sn", "is not", null)
      .where(
        "vin",
        "not in",
        (await changes("tbox", admin, { state: "pending" })).map((c) => c.vin),
      )
      .orderBy("vin", "desc")
      .executeTakeFirstOrThrow();
    const spare = await server.db
      .selectFrom("bss_tbox as t")
      .select(["t.sn", "t.iccid"])
      .where("t.tenant_id", "=", 1)
      .where("t.state", "=", "registered")
      .where("t.iccid", "is not", null)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("vehicle as v").select("v.vin").whereRef("v.tbox_sn", "=", "t.sn"))),
      )
      .where(
        "t.sn",
        "not in",
        (await changes("tbox")).map((c) => c.newCode),
      )
      .orderBy("t.sn")
      .executeTakeFirstOrThrow();
    const made = await ledger.call("createDeviceChange", {
      token: admin,
      body: {
        kind: "tbox",
        vin: vehicle.vin,
        oldCode: vehicle.tbox_sn,
        newCode: spare.sn,
        reason: "fault",
        remark: "终端故障",
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ state: "pending", applicantName: expect.any(String) });
    const twice = await ledger.call("createDeviceChange", {
      token: admin,
      body: { kind: "tbox", vin: vehicle.vin, oldCode: vehicle.tbox_sn, newCode: spare.sn, reason: "fault" },
    });
    expect(twice.status).toBe(409);
    const noReason = await ledger.call("reviewDeviceChange", {
      token: admin,
      body: { id: made.body.data.id, approve: false },
    });
    expect([noReason.status, noReason.body.msg]).toEqual([400, "请填写驳回原因"]);
    const ok = await ledger.call("reviewDeviceChange", {
      token: admin,
      body: { id: made.body.data.id, approve: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.state).toBe("approved");
    const after = await server.db
      .selectFrom("vehicle")
      .select(["tbox_sn", "iccid"])
      .where("vin", "=", vehicle.vin)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ tbox_sn: spare.sn, iccid: spare.iccid });
    const states = await server.db
      .selectFrom("bss_tbox")
      .select(["sn", "state"])
      .where("sn", "in", [spare.sn, vehicle.tbox_sn as string])
      .orderBy("sn")
      .execute();
    expect(Object.fromEntries(states.map((s) => [s.sn, s.state]))).toEqual({
      [spare.sn]: "activated",
      [vehicle.tbox_sn as string]: "registered",
    });
    const log = await server.db
      .selectFrom("ner_change_log")
      .select("changes")
      .where("vin", "=", vehicle.vin)
      .where("grp", "=", "terminalInfo")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const entry = (typeof log.changes === "string" ? JSON.parse(log.changes) : log.changes) as {
      field: string;
      before: unknown;
      after: unknown;
    }[];
    expect(entry.find((c) => c.field === "tboxSn")).toMatchObject({ before: vehicle.tbox_sn, after: spare.sn });
    const again = await ledger.call("reviewDeviceChange", {
      token: admin,
      body: { id: made.body.data.id, approve: true },
    });
    expect([again.status, again.body.msg]).toEqual([409, "该更换申请状态为已通过，只有待审批的申请可以审批"]);
  });

  it("re-checks at approval: a pending replacement whose old code moved on is refused and stays pending", async () => {
    const [pending] = await changes("motor", admin, { state: "pending" });
    expect(pending).toBeDefined();
    const p = pending as Change;
    // Someone edited the motor codes meanwhile: the old code is no longer on the vehicle.
    const rec = await server.db
      .selectFrom("ner_record")
      .select("data")
      .where("vin", "=", p.vin)
      .where("grp", "=", "driveInfo")
      .executeTakeFirstOrThrow();
    const doc = (typeof rec.data === "string" ? JSON.parse(rec.data) : rec.data) as { motorCodes: string[] };
    const moved = { ...doc, motorCodes: doc.motorCodes.map((c) => (c === p.oldCode ? "TZ99R000001" : c)) };
    await server.db
      .updateTable("ner_record")
      .set({ data: JSON.stringify(moved) })
      .where("vin", "=", p.vin)
      .where("grp", "=", "driveInfo")
      .execute();
    const before = await snapshot();
    const refused = await ledger.call("reviewDeviceChange", { token: admin, body: { id: p.id, approve: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(`原电机编码“${p.oldCode}”不是车辆${p.vin}当前的电机编码`);
    expect(differences(before, await snapshot())).toEqual([]);
    await server.db
      .updateTable("ner_record")
      .set({ data: JSON.stringify(doc) })
      .where("vin", "=", p.vin)
      .where("grp", "=", "driveInfo")
      .execute();
    const ok = await ledger.call("reviewDeviceChange", {
      token: admin,
      body: { id: p.id, approve: true, note: "同意" },
    });
    expect(ok.body.data).toMatchObject({ state: "approved", reviewNote: "同意" });
    const now = await server.db
      .selectFrom("ner_record")
      .select("data")
      .where("vin", "=", p.vin)
      .where("grp", "=", "driveInfo")
      .executeTakeFirstOrThrow();
    const codes = ((typeof now.data === "string" ? JSON.parse(now.data) : now.data) as { motorCodes: string[] })
      .motorCodes;
    expect(codes).toContain(p.newCode);
    expect(codes).not.toContain(p.oldCode);
  });

  it("applies head-unit and battery replacements, rejects with a reason", async () => {
    const [unit] = await changes("headUnit", admin, { state: "pending" });
    const u = unit as Change;
    expect((await ledger.call("reviewDeviceChange", { token: admin, body: { id: u.id, approve: true } })).status).toBe(
      200,
    );
    const bound = await server.db
      .selectFrom("bss_ecu")
      .select(["unit_sn", "bound_vin"])
      .where("unit_sn", "in", [u.oldCode, u.newCode])
      .orderBy("unit_sn")
      .execute();
    expect(Object.fromEntries(bound.map((b) => [b.unit_sn, b.bound_vin]))).toEqual({
      [u.oldCode]: null,
      [u.newCode]: u.vin,
    });
    const [pack] = await changes("battery", admin, { state: "pending" });
    const b = pack as Change;
    const rejected = await ledger.call("reviewDeviceChange", {
      token: admin,
      body: { id: b.id, approve: false, note: "编码不符" },
    });
    expect(rejected.body.data).toMatchObject({ state: "rejected", reviewNote: "编码不符" });
    expect(
      (await ledger.call("reviewDeviceChange", { token: tenant2, body: { id: b.id, approve: true } })).status,
    ).toBe(404);
  });

  it("exports one kind's records as an export task", async () => {
    const exp = await ledger.call("exportDeviceChanges", { token: admin, query: { kind: "tbox" } });
    expect(exp.status).toBe(200);
    expect((await ledger.call("exportDeviceChanges", { token: admin, query: {} })).status).toBe(400);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.slice(0, 5)).toEqual(["VIN", "车牌号", "更换类型", "原编码", "新编码"]);
    expect(rows.length).toBe((await changes("tbox")).length + 1);
    expect(rows.slice(1).every((r) => r[2] === "T-Box更换")).toBe(true);
  });

  it("lists logins that failed the VIN check: unknown VIN by the tenant's card, ICCID differing from the file", async () => {
    const range = { startTime: Date.now() - 7 * DAY, endTime: Date.now() };
    const res = await ledger.call("listVinCheckFailures", { token: admin, query: { ...range, pageSize: 100 } });
    expect(res.status).toBe(200);
    const list = res.body.data.list as {
      vin: string;
      reason: string;
      count: number;
      iccid: string;
      filedIccid: string | null;
    }[];
    const unknown = list.filter((r) => r.reason === "vin-unknown");
    expect(unknown.map((r) => r.count).toSorted()).toEqual([1, 2]);
    const mismatch = list.find((r) => r.reason === "iccid-mismatch");
    expect(mismatch?.filedIccid).not.toBeNull();
    expect(mismatch?.iccid).not.toBe(mismatch?.filedIccid);
    const onlyUnknown = await ledger.call("listVinCheckFailures", {
      token: admin,
      query: { ...range, reason: "vin-unknown" },
    });
    expect(onlyUnknown.body.data.total).toBe(2);
    const t2 = await ledger.call("listVinCheckFailures", {
      token: tenant2,
      query: { ...range, reason: "vin-unknown" },
    });
    expect(t2.body.data.total).toBe(0);
    const long = await ledger.call("listVinCheckFailures", {
      token: admin,
      query: { startTime: 0, endTime: Date.now() },
    });
    expect([long.status, long.body.msg]).toEqual([400, "时间范围不能超过92天"]);
    const exp = await ledger.call("exportVinCheckFailures", { token: admin, query: range });
    expect(
      (await ledger.call("exportVinCheckFailures", { token: admin, query: { ...range, reason: "x" } })).status,
    ).toBe(400);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.[1]).toBe("失败原因");
    expect(rows.length).toBe(res.body.data.total + 1);
    expect(rows.slice(1).some((r) => r[1] === "VIN未登记")).toBe(true);
  });

  it("called every operation with good and bad input", () => ledger.expectCovered(DEVICE_MANAGE_OPS));
});
