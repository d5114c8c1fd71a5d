import { decodeFrame, decodeHj1239Message, decodeMessage, FRAME_CHECK_RULES, framePositions } from "@tsp/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { type Answer, signIn } from "./support/contract";
import { DATA_SERVICE_FRAME_OPS } from "./support/owners";
import { drivenVins } from "./support/seedDrives";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;
let other: string;
let gbVin: string;
let jtVin: string;
let foreignVin: string;
let range: { startTime: number; endTime: number };
const DAY = 24 * 3600 * 1000;

interface CheckRow {
  id: number;
  receivedAt: number;
  vin: string;
  rule: string;
  reason: string;
  command: number | null;
}

describe.skipIf(engine.skip)(`数据服务: the gateway's frame journal (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 4, journalPerVehicle: 2 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: operator } = await signIn(base, "operator", "Operator@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const vehicles = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vin", "tenant.code"])
      .orderBy("vehicle.vin")
      .execute();
    const frames = await server.db
      .selectFrom("gateway_frame")
      .select(["vin", "command", "raw_hex"])
      .where("status", "=", "ok")
      .execute();
    const jt = new Set(frames.filter((f) => f.raw_hex.startsWith("7E")).map((f) => f.vin));
    // Vehicles with the frames seed's trips (other seeds store lone frames — a login, an alarm, HJ 1239 data — for others).
    const driven = drivenVins(frames);
    const reporting = new Set([...driven.gbt32960, ...driven.jt808]);
    const mine = vehicles.filter((v) => v.code.startsWith("T0001") && reporting.has(v.vin));
    gbVin = mine.find((v) => !jt.has(v.vin))?.vin ?? "";
    jtVin = mine.find((v) => jt.has(v.vin))?.vin ?? "";
    foreignVin = vehicles.find((v) => v.code === "T0002")?.vin ?? "";
    const now = server.ctx.now().getTime();
    range = { startTime: now - 7 * DAY, endTime: now };
  }, 120_000);
  afterAll(() => server?.stop());

  it("seeds frames whose stored status and reason are what the decoders say of their bytes", async () => {
    const rows = await server.db.selectFrom("gateway_frame").selectAll().execute();
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      if (r.raw_hex.startsWith("7E")) {
        expect(framePositions(r.raw_hex).length).toBe(1);
        continue;
      }
      // HJ 1239 frames (燃油车国标数据) share the "##" start; the demo seed stores them without a
      // command, the gateway (and the forwarding seed, which writes what it would) with theirs.
      if (r.status === "ok" && (r.command === null || !decodeFrame(r.raw_hex).ok)) {
        const hj = decodeHj1239Message(r.raw_hex);
        expect(hj.ok).toBe(true);
        if (hj.ok) expect(hj.value.frame.vin).toBe(r.vin);
        continue;
      }
      const frame = decodeFrame(r.raw_hex);
      if (r.status === "bad-frame") expect(!frame.ok && frame.error.message).toBe(r.reason);
      else if (r.status === "bad-body")
        expect(((m) => !m.ok && m.error.message)(decodeMessage(r.raw_hex))).toBe(r.reason);
      else {
        expect(frame.ok).toBe(true);
        if (frame.ok) expect(frame.value.vin).toBe(r.vin);
      }
      if (r.status === "ok") expect(decodeMessage(r.raw_hex).ok).toBe(true);
    }
    // Ids follow arrival: the cursor's key is the receipt order.
    const ordered = [...rows].toSorted((a, b) => Number(a.id) - Number(b.id)).map((r) => Number(r.received_at));
    expect(ordered).toEqual([...ordered].toSorted((a, b) => a - b));
  });

  it("getFrameCheckList walks every failing frame of the tenants once, newest first; a rule narrows it", async () => {
    const seen: CheckRow[] = [];
    let rowKey: string | undefined;
    do {
      const res = await ledger.call("getFrameCheckList", { token: admin, query: { ...range, pageSize: 9, rowKey } });
      expect(res.status).toBe(200);
      const page = res.body.data as { list: CheckRow[]; nextKey: string | null };
      seen.push(...page.list);
      rowKey = page.nextKey ?? undefined;
    } while (rowKey);
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    const times = seen.map((r) => r.receivedAt);
    expect(times).toEqual([...times].toSorted((a, b) => b - a));
    expect(new Set(seen.map((r) => r.rule))).toEqual(new Set(FRAME_CHECK_RULES));
    expect(seen.some((r) => r.vin === foreignVin)).toBe(false);

    const counts = await ledger.call("getFrameCheckCounts", { token: admin, query: range });
    const c = counts.body.data as { received: number; passed: number; rules: { rule: string; count: number }[] };
    expect(c.rules.map((r) => r.rule)).toEqual([...FRAME_CHECK_RULES]);
    expect(c.rules.reduce((s, r) => s + r.count, 0)).toBe(seen.length);
    expect(c.received - c.passed).toBe(seen.length);

    const cc = await ledger.call("getFrameCheckList", {
      token: admin,
      query: { ...range, rule: "check-code", vin: gbVin, pageSize: 50 },
    });
    const ccRows = (cc.body.data as { list: CheckRow[] }).list;
    expect(ccRows.length).toBe(2);
    expect(ccRows.every((r) => r.rule === "check-code" && r.vin === gbVin && r.reason.startsWith("校验码错误"))).toBe(
      true,
    );
    const st = await ledger.call("getFrameCheckList", {
      token: admin,
      query: { ...range, rule: "structure", pageSize: 50 },
    });
    expect((st.body.data as { list: CheckRow[] }).list.every((r) => r.rule === "structure")).toBe(true);
  });

  it("getFrameCheckDetail gives the raw bytes of a visible frame; another tenant's frame is 404", async () => {
    const list = await ledger.call("getFrameCheckList", {
      token: admin,
      query: { ...range, vin: gbVin, rule: "bad-body" },
    });
    const row = (list.body.data as { list: CheckRow[] }).list[0] as CheckRow;
    const res = await ledger.call("getFrameCheckDetail", {
      token: admin,
      query: { id: row.id, receivedAt: row.receivedAt },
    });
    expect(res.status).toBe(200);
    const detail = res.body.data as CheckRow & { rawHex: string };
    expect(detail).toMatchObject({ id: row.id, vin: gbVin, rule: "bad-body" });
    const decoded = decodeMessage(detail.rawHex);
    expect(!decoded.ok && decoded.error.message).toBe(detail.reason);
    const hidden = await ledger.call("getFrameCheckDetail", {
      token: other,
      query: { id: row.id, receivedAt: row.receivedAt },
    });
    expect(hidden.status).toBe(404);
    const otherList = await ledger.call("getFrameCheckList", { token: other, query: { ...range, vin: gbVin } });
    expect((otherList.body.data as { list: unknown[] }).list).toEqual([]);
  });

  it("refuses bad input with a Chinese message and nothing else", async () => {
    const reversed = { startTime: range.endTime, endTime: range.startTime };
    for (const op of ["getFrameCheckList", "getFrameCheckCounts", "exportFrameChecks"]) {
      const res = await ledger.call(op, { token: admin, query: reversed });
      expect(res.status).toBe(400);
      expect((res.body as Answer).data.failDetail[0].msg).toBe("结束时间不能早于开始时间");
    }
    const long = await ledger.call("getFrameCheckList", { token: admin, query: { startTime: 0, endTime: 40 * DAY } });
    expect(long.body.data.failDetail[0].msg).toBe("查询时间跨度不能超过31天");
    const rule = await ledger.call("getFrameCheckList", { token: admin, query: { ...range, rule: "nope" } });
    expect(rule.status).toBe(400);
    const key = await ledger.call("getFrameCheckList", { token: admin, query: { ...range, rowKey: "forged.key" } });
    expect(key.status).toBe(400);
    expect((await ledger.call("getFrameCheckDetail", { token: admin, query: { id: "x", receivedAt: 1 } })).status).toBe(
      400,
    );
    for (const op of ["getLocationList", "getLocationTrack", "exportLocations"]) {
      const res = await ledger.call(op, { token: admin, query: { vin: "SHORT", ...range } });
      expect(res.status).toBe(400);
    }
    const loc = await ledger.call("getLocationList", { token: admin, query: { vin: gbVin, ...range, rowKey: "x.y" } });
    expect(loc.status).toBe(400);
  });

  it("getLocationList pages the positions of GB/T 32960 and JT/T 808 frames; the track is in collection order", async () => {
    for (const vin of [gbVin, jtVin]) {
      const rows: {
        frameId: number;
        protocol: string;
        fixValid: boolean;
        longitude: number | null;
        resent: boolean;
      }[] = [];
      let rowKey: string | undefined;
      do {
        const res = await ledger.call("getLocationList", {
          token: admin,
          query: { vin, ...range, pageSize: 25, rowKey },
        });
        expect(res.status).toBe(200);
        rows.push(...res.body.data.list);
        rowKey = res.body.data.nextKey ?? undefined;
      } while (rowKey);
      expect(rows.length).toBe(120);
      expect(new Set(rows.map((r) => r.protocol))).toEqual(new Set([vin === jtVin ? "jt808" : "gbt32960"]));
      expect(rows.every((r) => r.fixValid && r.longitude !== null && r.longitude > 117 && r.longitude < 123)).toBe(
        true,
      );
      expect(rows.filter((r) => r.resent).length).toBe(12);
      const track = await ledger.call("getLocationTrack", { token: admin, query: { vin, ...range } });
      const t = track.body.data as { points: { time: number }[]; total: number; thinned: boolean };
      expect(t).toMatchObject({ total: 120, thinned: false });
      const times = t.points.map((p) => p.time);
      expect(times).toEqual([...times].toSorted((a, b) => a - b));
    }
    const hidden = await ledger.call("getLocationList", { token: other, query: { vin: gbVin, ...range } });
    expect(hidden.body.data.list).toEqual([]);
  });

  it("exports failing frames and positions as tasks, behind their permissions", async () => {
    expect((await ledger.call("exportFrameChecks", { token: operator, query: range })).status).toBe(403);
    const a = await ledger.call("exportFrameChecks", { token: admin, query: { ...range, vin: gbVin } });
    expect(a.status).toBe(200);
    const b = await ledger.call("exportLocations", { token: admin, query: { vin: gbVin, ...range } });
    expect(b.status).toBe(200);
    await server.ctx.exports.idle();
    const tasks = await server.db.selectFrom("export_task").select(["kind", "status", "row_count"]).execute();
    expect(tasks.find((t) => t.kind === "exportFrameChecks")).toMatchObject({ status: "done", row_count: 8 });
    expect(tasks.find((t) => t.kind === "exportLocations")).toMatchObject({ status: "done", row_count: 120 });
  });

  it("a history collection writes the VIN's raw frames; the tenant lists, reads and downloads it", async () => {
    const bad = await ledger.call("createHistoryCollection", { token: admin, body: { vin: foreignVin, ...range } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.failDetail[0]).toMatchObject({ field: "vin", msg: "vin：未找到该VIN的车辆" });
    expect((await ledger.call("createHistoryCollection", { token: admin, body: { vin: gbVin } })).status).toBe(400);
    const created = await ledger.call("createHistoryCollection", {
      token: admin,
      body: { vin: gbVin, ...range, remark: "电池故障排查" },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ vin: gbVin, remark: "电池故障排查", createdBy: "admin" });
    await server.ctx.exports.idle();
    const list = await ledger.call("listHistoryCollections", {
      token: operator,
      query: { vin: gbVin.slice(-6), status: "done" },
    });
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await ledger.call("listHistoryCollections", { token: admin, query: { status: "lost" } })).status).toBe(400);
    const detail = await ledger.call("getHistoryCollection", { token: admin, query: { id } });
    expect(detail.body.data).toMatchObject({ status: "done", progress: 100, rowCount: 128 });
    expect(detail.body.data.frames.reduce((s: number, f: { count: number }) => s + f.count, 0)).toBe(128);
    expect((await ledger.call("getHistoryCollection", { token: other, query: { id } })).status).toBe(404);
    expect((await ledger.call("getHistoryCollection", { token: admin, query: { id: 0 } })).status).toBe(400);
    const file = await ledger.call("downloadHistoryCollection", { token: admin, path: { id: String(id) } });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(129);
    expect(sheet?.getRow(1).getCell(8).value).toBe("原始报文");
    expect((await ledger.call("downloadHistoryCollection", { token: other, path: { id: String(id) } })).status).toBe(
      404,
    );
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(DATA_SERVICE_FRAME_OPS);
  });
});
