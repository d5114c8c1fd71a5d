import { MSG_ALARM_ALREADY_CLOSED, MSG_ALARM_NOT_OPEN, MSG_ALARM_NOTE, MSG_GROUP_NAME_TAKEN } from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { OPERATE_ALARM_OPS } from "./support/owners";

/**
 * Contract of 故障报警, 车辆分组 and 个人消息 (issue 18): the fleet's alarm episodes with their
 * handling (filters, counts by level, 确认, 关闭 with a note, one way only), groups (create,
 * rename, members with a per-VIN report, the sheet import with a per-row report, export, a
 * delete refused while a message setting uses the group) and the account's messages (level-3
 * alarms by default, the setting's level and group, finished exports, read marks, mark all) —
 * tenant isolation throughout and nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);
const DAY = 86_400_000;

interface Alarm {
  id: number;
  vin: string;
  level: number | null;
  endedAt: number | null;
  state: string;
  closeNote: string | null;
  acknowledgedBy: string | null;
}

async function alarms(token: string, query: Record<string, unknown> = {}) {
  const res = await ledger.call("listOperateAlarms", { token, query: { pageSize: 200, ...query } });
  expect(res.status).toBe(200);
  return res.body.data as {
    list: Alarm[];
    total: number;
    levelCounts: { level1: number; level2: number; level3: number; none: number };
  };
}

describe.skipIf(engine.skip)(`故障报警, 车辆分组, 个人消息 (${engine.kind})`, () => {
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
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    for (const id of OPERATE_ALARM_OPS) {
      const op = operation(id);
      const res = op.requestBody?.content["multipart/form-data"]
        ? await postFile(server.url, id, op.path, { name: "a.xlsx", bytes: Buffer.from("x") }, undefined, {
            groupId: "1",
          })
        : await ledger.call(id, {});
      expect(res.status, id).toBe(401);
    }
  });

  it("lists the tenant's episodes with their handling, counts by level, filters", async () => {
    const all = await alarms(admin);
    expect(all.total).toBeGreaterThan(5);
    // The seed: level-3 alarms this morning, two still on; yesterday's handled in part.
    const l3 = await alarms(admin, { level: 3 });
    expect(l3.list.length).toBe(all.levelCounts.level3);
    expect(l3.list.every((a) => a.level === 3)).toBe(true);
    expect(l3.list.filter((a) => a.endedAt === null).length).toBeGreaterThanOrEqual(2);
    expect(l3.levelCounts).toEqual(all.levelCounts);
    expect(all.levelCounts.level1 + all.levelCounts.level2 + all.levelCounts.level3 + all.levelCounts.none).toBe(
      all.total,
    );
    expect(new Set(all.list.map((a) => a.state))).toEqual(new Set(["open", "acknowledged", "closed"]));
    const closed = await alarms(admin, { state: "closed" });
    expect(closed.list.every((a) => a.state === "closed" && (a.closeNote ?? "").length >= 2)).toBe(true);
    const ongoing = await alarms(admin, { ongoing: true });
    expect(ongoing.list.every((a) => a.endedAt === null)).toBe(true);
    const vin = l3.list[0]?.vin as string;
    expect((await alarms(admin, { vin: vin.slice(-6) })).list.every((a) => a.vin === vin)).toBe(true);
    // Another tenant sees none of them.
    const theirs = await alarms(tenant2);
    expect(theirs.list.some((a) => all.list.some((b) => b.id === a.id))).toBe(false);
    // Bad input: a reversed range, a range over 93 days, an unknown state — 400.
    const now = Date.now();
    const reversed = await ledger.call("listOperateAlarms", {
      token: admin,
      query: { startTime: now, endTime: now - DAY },
    });
    expect([reversed.status, reversed.body.msg]).toEqual([400, "开始时间不能晚于结束时间"]);
    const wide = await ledger.call("listOperateAlarms", {
      token: admin,
      query: { startTime: now - 94 * DAY, endTime: now },
    });
    expect(wide.body.msg).toBe("时间范围不能超过93天");
    expect((await ledger.call("listOperateAlarms", { token: admin, query: { state: "done" } })).status).toBe(400);
  });

  it("acknowledges, closes with a note, one way only, under permissions and tenants", async () => {
    const open = (await alarms(admin, { state: "open", level: 3 })).list[0] as Alarm;
    const before = await snapshot();
    expect((await ledger.call("acknowledgeOperateAlarm", { token: tenant2, body: { id: open.id } })).status).toBe(404);
    const noNote = await ledger.call("closeOperateAlarm", { token: admin, body: { id: open.id, note: " x " } });
    expect([noNote.status, noNote.body.msg]).toEqual([400, MSG_ALARM_NOTE]);
    expect(
      (await ledger.call("closeOperateAlarm", { token: admin, body: { id: 999_999_999, note: "已处理完毕" } })).status,
    ).toBe(404);
    expect(differences(before, await snapshot())).toEqual([]);
    const ack = await ledger.call("acknowledgeOperateAlarm", {
      token: operator,
      body: { id: open.id, note: "联系司机中" },
    });
    expect(ack.status).toBe(200);
    expect(ack.body.data).toMatchObject({ id: open.id, state: "acknowledged", acknowledgeNote: "联系司机中" });
    expect(ack.body.data.acknowledgedBy).toBeTruthy();
    const twice = await ledger.call("acknowledgeOperateAlarm", { token: admin, body: { id: open.id } });
    expect([twice.status, twice.body.msg]).toEqual([409, MSG_ALARM_NOT_OPEN]);
    const close = await ledger.call("closeOperateAlarm", {
      token: admin,
      body: { id: open.id, note: "  冷却系统检修完成  " },
    });
    expect(close.body.data).toMatchObject({
      state: "closed",
      closeNote: "冷却系统检修完成",
      acknowledgeNote: "联系司机中",
    });
    const again = await ledger.call("closeOperateAlarm", { token: admin, body: { id: open.id, note: "再次关闭" } });
    expect([again.status, again.body.msg]).toEqual([409, MSG_ALARM_ALREADY_CLOSED]);
    // Closing straight from 未处理 (a false alarm).
    const other = (await alarms(admin, { state: "open" })).list[0] as Alarm;
    const direct = await ledger.call("closeOperateAlarm", {
      token: admin,
      body: { id: other.id, note: "误报，传感器松动" },
    });
    expect(direct.body.data.state).toBe("closed");
    expect((await alarms(admin, { state: "closed" })).list.map((a) => a.id)).toEqual(
      expect.arrayContaining([open.id, other.id]),
    );
  });

  it("exports the filtered episodes as a task (admin only)", async () => {
    const exp = await ledger.call("exportOperateAlarms", { token: admin, query: { level: 3 } });
    expect(exp.status).toBe(200);
    expect((await ledger.call("exportOperateAlarms", { token: operator, query: {} })).status).toBe(403);
    expect((await ledger.call("exportOperateAlarms", { token: admin, query: { level: 4 } })).status).toBe(400);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.slice(0, 7)).toEqual(["VIN", "报警", "协议", "等级", "开始时间", "结束时间", "处理状态"]);
    expect(rows.length - 1).toBe((await alarms(admin, { level: 3 })).total);
    expect(rows.slice(1).every((r) => r[3] === 3)).toBe(true);
    expect(rows.slice(1).some((r) => r[5] === "持续中")).toBe(true);
    expect(rows.slice(1).some((r) => r[6] === "已关闭")).toBe(true);
  });

  it("keeps groups: create, rename, members with a report, import, export, filter, delete", async () => {
    // Vehicles with alarm episodes (the frames seed's), so the group filter has something to show.
    const vins = [...new Set((await alarms(admin)).list.map((a) => a.vin))];
    expect(vins.length).toBeGreaterThanOrEqual(4);
    const foreign = (await server.db.selectFrom("vehicle").select("vin").where("tenant_id", "<>", 1).executeTakeFirst())
      ?.vin as string;
    const seeded = (await ledger.call("listVehicleGroups", { token: admin, query: {} })).body.data;
    expect(seeded.list.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(["华东干线车队", "冷链配送"]),
    );
    expect((await ledger.call("listVehicleGroups", { token: tenant2, query: {} })).body.data.list).toHaveLength(1);
    const before = await snapshot();
    expect((await ledger.call("createVehicleGroup", { token: admin, body: { name: "  " } })).status).toBe(400);
    const taken = await ledger.call("createVehicleGroup", { token: admin, body: { name: "冷链配送" } });
    expect([taken.status, taken.body.msg]).toEqual([409, MSG_GROUP_NAME_TAKEN]);
    expect(differences(before, await snapshot())).toEqual([]);
    const made = await ledger.call("createVehicleGroup", { token: admin, body: { name: "测试分组" } });
    const id = made.body.data.id as number;
    expect(made.body.data).toMatchObject({ name: "测试分组", memberCount: 0 });
    expect((await ledger.call("renameVehicleGroup", { token: tenant2, body: { id, name: "x" } })).status).toBe(404);
    expect(
      (await ledger.call("renameVehicleGroup", { token: admin, body: { id, name: "苏南试点" } })).body.data.name,
    ).toBe("苏南试点");
    const add = await ledger.call("addVehicleGroupMembers", {
      token: admin,
      body: { groupId: id, vins: [vins[0], vins[1], vins[0], "BAD", foreign] },
    });
    expect(add.body.data.added).toEqual([vins[0], vins[1]]);
    expect(add.body.data.refused.map((r: { msg: string }) => r.msg)).toEqual([
      "重复的VIN",
      expect.stringContaining("VIN"),
      "该车辆不属于本租户",
    ]);
    expect(
      (await ledger.call("addVehicleGroupMembers", { token: admin, body: { groupId: id, vins: [] } })).status,
    ).toBe(400);
    const again = await ledger.call("addVehicleGroupMembers", { token: admin, body: { groupId: id, vins: [vins[1]] } });
    expect(again.body.data.refused[0].msg).toBe("已在分组中");
    // The import: a per-row report; the good rows are kept.
    const tpl = await ledger.call("downloadVehicleGroupTemplate", { token: admin });
    expect((await sheetRows(Buffer.from(tpl.bytes)))[0]).toEqual(["VIN"]);
    const sheet = await xlsxOf(["VIN"], [[vins[2]], ["LNOTAVIN"], [vins[0]], [vins[3]]]);
    const imported = await postFile(
      server.url,
      "importVehicleGroupMembers",
      "/tsp-bss/operate/group/members/import",
      { name: "g.xlsx", bytes: sheet },
      admin,
      { groupId: String(id) },
    );
    ledger.record("importVehicleGroupMembers", imported.status);
    expect(imported.body.data).toMatchObject({ all: 4, success: 2, failed: 2 });
    expect(imported.body.data.rows.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    const bad = await postFile(
      server.url,
      "importVehicleGroupMembers",
      "/tsp-bss/operate/group/members/import",
      { name: "g.xlsx", bytes: Buffer.from("not a sheet") },
      admin,
      { groupId: String(id) },
    );
    ledger.record("importVehicleGroupMembers", bad.status);
    expect(bad.status).toBe(400);
    const members = await ledger.call("listVehicleGroupMembers", { token: admin, query: { groupId: id } });
    expect(members.body.data.total).toBe(4);
    expect((await ledger.call("listVehicleGroupMembers", { token: tenant2, query: { groupId: id } })).status).toBe(404);
    const removed = await ledger.call("removeVehicleGroupMembers", {
      token: admin,
      body: { groupId: id, vins: [vins[3]] },
    });
    expect(removed.body.data.removed).toBe(1);
    expect((await ledger.call("removeVehicleGroupMembers", { token: admin, body: { groupId: id } })).status).toBe(400);
    // The group as the alarm filter: only its vehicles' episodes.
    const inGroup = await alarms(admin, { groupId: id, startTime: Date.now() - 7 * DAY, endTime: Date.now() });
    expect(inGroup.total).toBeGreaterThan(0);
    expect(inGroup.list.every((a) => [vins[0], vins[1], vins[2]].includes(a.vin))).toBe(true);
    expect((await alarms(tenant2, { groupId: id })).total).toBe(0);
    // Export of the members.
    const exp = await ledger.call("exportVehicleGroupMembers", { token: admin, query: { groupId: id } });
    expect((await ledger.call("exportVehicleGroupMembers", { token: operator, query: { groupId: id } })).status).toBe(
      403,
    );
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows.slice(1).map((r) => r[1])).toEqual([vins[0], vins[1], vins[2]].toSorted());
    // A group a message setting uses is not deleted; free again, it is.
    await ledger.call("setMessageSetting", { token: operator, body: { minLevel: 2, groupId: id } });
    const inUse = await ledger.call("deleteVehicleGroup", { token: admin, body: { id } });
    expect([inUse.status, inUse.body.msg]).toEqual([409, "该分组正被 1 个账号的消息通知设置使用，请先修改设置再删除"]);
    await ledger.call("setMessageSetting", { token: operator, body: { minLevel: 3, groupId: null } });
    expect((await ledger.call("deleteVehicleGroup", { token: tenant2, body: { id } })).status).toBe(404);
    expect((await ledger.call("deleteVehicleGroup", { token: admin, body: { id } })).status).toBe(200);
    expect((await ledger.call("deleteVehicleGroup", { token: admin, body: { id } })).status).toBe(404);
  });

  it("derives messages: level-3 alarms, finished exports, read marks, mark all, the setting", async () => {
    const list = async (token: string, query: Record<string, unknown> = {}) =>
      (await ledger.call("listPersonalMessages", { token, query: { pageSize: 100, ...query } })).body.data;
    const mine = await list(admin);
    const alarmsOf = mine.list.filter((m: { kind: string }) => m.kind === "alarm");
    expect(alarmsOf.length).toBeGreaterThanOrEqual(3);
    expect(alarmsOf.every((m: { alarm: { level: number } }) => m.alarm.level === 3)).toBe(true);
    // The admin's exports of the tests above finished: messages of their own.
    expect(mine.list.some((m: { kind: string; export: { status: string } }) => m.kind === "export")).toBe(true);
    expect(mine.unread).toBe(mine.total);
    // Tenant 2 has no level-3 alarms and no exports.
    expect((await list(tenant2)).total).toBe(0);
    const key = alarmsOf[0].key as string;
    expect((await ledger.call("markPersonalMessagesRead", { token: admin, body: { keys: ["bell:1"] } })).status).toBe(
      400,
    );
    expect((await ledger.call("markPersonalMessagesRead", { token: admin, body: {} })).status).toBe(400);
    // Another tenant's key marks nothing.
    await ledger.call("markPersonalMessagesRead", { token: tenant2, body: { keys: [key] } });
    expect((await ledger.call("countUnreadMessages", { token: admin })).body.data.unread).toBe(mine.unread);
    const read = await ledger.call("markPersonalMessagesRead", { token: admin, body: { keys: [key] } });
    expect(read.body.data.unread).toBe(mine.unread - 1);
    expect((await list(admin, { unread: true })).list.some((m: { key: string }) => m.key === key)).toBe(false);
    expect((await list(admin, { kind: "export" })).list.every((m: { kind: string }) => m.kind === "export")).toBe(true);
    // The setting: level 1 shows more; a foreign group answers 404.
    expect((await ledger.call("getMessageSetting", { token: admin })).body.data).toEqual({
      minLevel: 3,
      groupId: null,
      groupName: null,
    });
    const wider = await ledger.call("setMessageSetting", { token: admin, body: { minLevel: 1, groupId: null } });
    expect(wider.body.data.minLevel).toBe(1);
    expect((await list(admin)).total).toBeGreaterThan(mine.total);
    expect(
      (await ledger.call("setMessageSetting", { token: admin, body: { minLevel: 5, groupId: null } })).status,
    ).toBe(400);
    const theirGroup = (await ledger.call("listVehicleGroups", { token: tenant2, query: {} })).body.data.list[0].id;
    expect(
      (await ledger.call("setMessageSetting", { token: admin, body: { minLevel: 1, groupId: theirGroup } })).status,
    ).toBe(404);
    const all = await ledger.call("markPersonalMessagesRead", { token: admin, body: { all: true } });
    expect(all.body.data.unread).toBe(0);
    ledger.expectCovered(OPERATE_ALARM_OPS);
  });
});
