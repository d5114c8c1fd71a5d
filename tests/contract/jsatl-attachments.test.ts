import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { simulatedCameraPhoto } from "../../apps/server/src/simulator/cameraPhoto";
import type { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { connectJt808Terminal, firstSafetyTerminal } from "./support/jt808Rig";
import { JSATL_ATTACHMENT_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let other: string;
let gateway: Gateway;
let terminal: Jt808Terminal;
let vin: string;

interface SafetyFile {
  name: string;
  fileType: number | null;
  size: number;
  state: "complete" | "incomplete";
  resends: number;
  url: string | null;
}
interface SafetyAlarm {
  id: number;
  vin: string;
  source: string;
  alarmType: number | null;
  level: number | null;
  alarmNumber: string;
  filesExpected: number;
  filesReceived: number;
  files: SafetyFile[];
}

const list = async (token: string, query: Record<string, unknown>) =>
  (await ledger.call("listSafetyAlarms", { token, query: { pageNum: 1, pageSize: 50, ...query } })).body.data as {
    list: SafetyAlarm[];
    total: number;
  };

describe.skipIf(engine.skip)(`报警附件上传: 苏标 alarms and their attachments (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 4, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const t = await firstSafetyTerminal(server.db);
    vin = t.vin;
    gateway = await startGateway(server.db, {
      port: 0,
      jt808Port: 0,
      attachmentPort: 0,
      flushMs: 20,
      objects: server.ctx.objects,
    });
    terminal = await connectJt808Terminal(gateway, { ...t, edition: 2013 }, 4);
  }, 120_000);
  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await server?.stop();
  });

  it("a DSM alarm from a connected terminal arrives complete: two files, each with a signed link to its bytes", async () => {
    terminal.safety.dropRate = 0.5;
    expect(terminal.raiseAlarm("dsm", 2)).toBe(true);
    let alarm: SafetyAlarm | undefined;
    for (let i = 0; i < 150 && alarm === undefined; i++) {
      alarm = (await list(admin, { vin, source: "dsm", complete: true })).list.find(
        (a) => a.alarmType === 2 && a.files.length === 2 && a.filesReceived === 2 && a.alarmNumber.length === 32,
      );
      if (alarm === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    expect(alarm).toMatchObject({ vin, source: "dsm", alarmType: 2, filesExpected: 2, filesReceived: 2 });
    const photo = alarm?.files.find((f) => f.name.endsWith(".jpg"));
    expect(photo).toMatchObject({ fileType: 0, state: "complete", size: simulatedCameraPhoto().length });
    expect(photo?.name).toBe(`00_65_6502_0_${alarm?.alarmNumber}.jpg`);
    const img = await fetch(new URL(photo?.url as string, base));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await img.arrayBuffer())).toEqual(Buffer.from(simulatedCameraPhoto()));
    const unsigned = await fetch(new URL(String(photo?.url).split("?")[0] as string, base));
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
  });

  it("lists the seeded alarms: an incomplete file has no link, filters by completeness, source and time, tenants apart", async () => {
    const incomplete = await list(admin, { complete: false });
    expect(incomplete.total).toBeGreaterThan(0);
    for (const a of incomplete.list) expect(a.filesReceived).toBeLessThan(a.filesExpected);
    const partial = incomplete.list.find((a) => a.files.some((f) => f.state === "incomplete"));
    const missing = partial?.files.find((f) => f.state === "incomplete");
    expect(missing).toMatchObject({ url: null, resends: 1 });
    const complete = await list(admin, { complete: true });
    for (const a of complete.list) {
      expect(a.filesReceived).toBe(a.filesExpected);
      expect(a.files.every((f) => f.url !== null)).toBe(true);
    }
    const all = await list(admin, {});
    expect(all.total).toBe(incomplete.total + complete.total);
    const adas = await list(admin, { source: "adas" });
    expect(adas.list.every((a) => a.source === "adas")).toBe(true);
    expect(adas.total).toBeGreaterThan(0);
    const none = await list(admin, { startTime: 1_000, endTime: 2_000 });
    expect(none.total).toBe(0);
    const theirs = await list(other, {});
    const ids = new Set(all.list.map((a) => a.id));
    expect(theirs.list.some((a) => ids.has(a.id))).toBe(false);
    const reversed = await ledger.call("listSafetyAlarms", {
      token: admin,
      query: { startTime: 2_000, endTime: 1_000 },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe("结束时间不能早于开始时间");
    const badSource = await ledger.call("listSafetyAlarms", { token: admin, query: { source: "gps" } });
    expect(badSource.status).toBe(400);
    expect((await ledger.call("listSafetyAlarms", { token: "", query: {} })).status).toBe(401);
  });

  it("exports the list's filters as an .xlsx task in the export file list", async () => {
    const adas = await list(admin, { source: "adas" });
    const res = await ledger.call("exportSafetyAlarms", { token: admin, query: { source: "adas" } });
    expect(res.status).toBe(200);
    await server.ctx.exports.idle();
    const file = await fetch(new URL(`/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`, base), {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "VIN",
      "车牌号",
      "报警时间",
      "报警来源",
      "报警类型",
      "报警级别",
      "位置",
      "报警编号",
      "应收附件",
      "已收附件",
    ]);
    expect((sheet?.rowCount ?? 0) - 1).toBe(adas.total);
    const first = adas.list[0];
    const row = sheet?.getRow(2);
    expect(row?.getCell(1).value).toBe(first?.vin);
    expect(row?.getCell(4).value).toBe("ADAS 高级驾驶辅助");
    expect(row?.getCell(8).value).toBe(first?.alarmNumber);
    expect(row?.getCell(10).value).toBe(first?.filesReceived);
    const reversed = await ledger.call("exportSafetyAlarms", {
      token: admin,
      query: { startTime: 2_000, endTime: 1_000 },
    });
    expect(reversed.status).toBe(400);
    expect((await ledger.call("exportSafetyAlarms", { token: admin, query: { complete: "maybe" } })).status).toBe(400);
    expect((await ledger.call("exportSafetyAlarms", { token: "", query: {} })).status).toBe(401);
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(JSATL_ATTACHMENT_OPS);
  });
});
