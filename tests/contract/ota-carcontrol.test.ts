import { startSimVehicle } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { postFile } from "./business-sheets";
import { signIn } from "./support/contract";
import { OTA_OPS } from "./support/owners";

/**
 * OTA升级 and 车辆版本信息 (tsp-ota): a package from an uploaded file, a campaign run on a
 * simulated GB/T 32960 terminal through a port-0 gateway to 升级成功 (0x82 upgrade accepted, the
 * versions read back by 0x80), the new firmware in the version journal; guards and tenants.
 */
const engine = testEngine();
let server: TestServer;
const ledger = new CallLedger(() => server.url);
let admin: string;
let other: string;
let vin: string;
let offlineVin: string;
let gateway: Gateway;
let terminal: GbtTerminal;

const PACKAGE = {
  name: "T-BOX固件1.3",
  vehicleModel: "EV-1",
  makerCode: "TSP1",
  hardwareVersion: "HW1.0",
  firmwareVersion: "FW1.3",
};

async function upload(name: string, text: string): Promise<string> {
  const res = await postFile(
    server.url,
    "uploadBoxEvFile",
    "/tsp-ota/v1/web/boxEv/ftp",
    { name, bytes: Buffer.from(text) },
    admin,
  );
  expect(res.status).toBe(200);
  return res.body.data as string;
}

describe.skipIf(engine.skip)(`OTA and vehicle versions (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 1 } } });
    ({ token: admin } = await signIn(server.url, "admin", "Admin@123456"));
    ({ token: other } = await signIn(server.url, "tenant2admin", "Admin@123456"));
    const vins = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select("vin")
      .where("tenant.code", "=", "T0001")
      .orderBy("vin")
      .execute();
    vin = vins[0]?.vin ?? "";
    offlineVin = vins[1]?.vin ?? "";
    gateway = await startGateway(server.db, { port: 0, flushMs: 20, commandPollMs: 50 });
    terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: gateway.host, port: gateway.port });
    await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(1).next), linkDown: false });
  }, 120_000);
  afterAll(async () => {
    await terminal?.close(Date.now());
    await gateway?.close();
    await server?.stop();
  });

  it("runs a campaign to 升级成功: the terminal gets the 0x82 upgrade, the versions read back show the package's firmware", async () => {
    const fileUrl = await upload("tbox-fw13.bin", "firmware 1.3");
    const pkg = await ledger.call("createOtaPackage", { token: admin, body: { ...PACKAGE, fileUrl } });
    expect(pkg.status).toBe(200);
    expect(pkg.body.data).toMatchObject({ ...PACKAGE, fileUrl, fileSize: 12, createdBy: "admin" });
    expect(pkg.body.data.md5).toMatch(/^[0-9a-f]{32}$/);
    const listed = await ledger.call("listOtaPackages", { token: admin, query: { keyword: "fw1.3" } });
    expect(listed.body.data.list.map((p: { id: number }) => p.id)).toEqual([pkg.body.data.id]);

    const created = await ledger.call("createOtaCampaign", {
      token: admin,
      body: { name: "EV-1 固件1.3", packageId: pkg.body.data.id, vins: [vin], timeoutMin: 10 },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ state: "draft", vehicleCount: 1, firmwareVersion: "FW1.3" });
    const id = created.body.data.id as number;
    const started = await ledger.call("startOtaCampaign", { token: admin, body: { id } });
    expect(started.body.data).toMatchObject({ state: "running", progress: { queued: 1 } });

    const vehicles = async () =>
      (await ledger.call("listOtaCampaignVehicles", { token: admin, query: { id } })).body.data.list[0];
    await expect.poll(async () => (await vehicles()).state, { timeout: 15_000 }).toBe("success");
    expect(await vehicles()).toMatchObject({ vin, hardwareVersion: "HW1.0", firmwareVersion: "FW1.3", reason: null });
    expect(terminal.params.get(0x08)).toBe("FW1.3");
    const campaign = await ledger.call("listOtaCampaigns", { token: admin, query: { state: "finished" } });
    expect(campaign.body.data.list[0]).toMatchObject({ id, state: "finished", progress: { success: 1 } });

    const upgrade = await ledger.call("listCommands", { token: admin, query: { vin, kind: "terminalControl" } });
    expect(upgrade.body.data.list[0].params.control).toMatchObject({
      command: "upgrade",
      upgrade: { makerCode: "TSP1", firmwareVersion: "FW1.3", url: expect.stringMatching(new RegExp(`${fileUrl}$`)) },
    });

    const latest = await ledger.call("listVehicleVersions", { token: admin, query: { vin } });
    expect(latest.body.data.list).toEqual([
      expect.objectContaining({ vin, hardwareVersion: "HW1.0", firmwareVersion: "FW1.3", source: "ota" }),
    ]);
    const history = await ledger.call("listVehicleVersionHistory", { token: admin, query: { vin } });
    expect(history.body.data.map((v: { firmwareVersion: string }) => v.firmwareVersion)).toEqual([
      "FW1.3",
      "FW1.2",
      "FW1.1",
    ]);
    const exported = await ledger.call("exportVehicleVersions", { token: admin, query: { firmware: "FW1.3" } });
    expect(exported.status).toBe(200);
    expect(exported.body.data.taskId).toBeTruthy();

    expect((await ledger.call("startOtaCampaign", { token: admin, body: { id } })).status).toBe(409);
    const cancelDone = await ledger.call("cancelOtaCampaign", { token: admin, body: { id } });
    expect(cancelDone.status).toBe(409);
    expect(cancelDone.body.msg).toBe("任务已完成，不能取消");
    const inUse = await ledger.call("deleteOtaPackage", { token: admin, body: { id: pkg.body.data.id } });
    expect(inUse.status).toBe(409);
  }, 30_000);

  it("cancels a campaign whose vehicle is offline: its queued upgrade is called back", async () => {
    const fileUrl = await upload("tbox-fw14.bin", "firmware 1.4");
    const pkg = await ledger.call("createOtaPackage", {
      token: admin,
      body: { ...PACKAGE, name: "T-BOX固件1.4", firmwareVersion: "FW1.4", fileUrl },
    });
    const created = await ledger.call("createOtaCampaign", {
      token: admin,
      body: { name: "离线车辆", packageId: pkg.body.data.id, vins: [offlineVin] },
    });
    const id = created.body.data.id as number;
    await ledger.call("startOtaCampaign", { token: admin, body: { id } });
    const cancelled = await ledger.call("cancelOtaCampaign", { token: admin, body: { id } });
    expect(cancelled.body.data).toMatchObject({ state: "cancelled", progress: { cancelled: 1 } });
    const v = await ledger.call("listOtaCampaignVehicles", { token: admin, query: { id, state: "cancelled" } });
    expect(v.body.data.list[0]).toMatchObject({ vin: offlineVin, reason: "admin取消任务" });
  });

  it("refuses bad input with Chinese messages and changes nothing; another tenant sees nothing", async () => {
    const bad = await ledger.call("createOtaPackage", {
      token: admin,
      body: { ...PACKAGE, fileUrl: "/obs/missing.bin" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("未找到升级文件，请先上传");
    const badVersion = await ledger.call("createOtaPackage", {
      token: admin,
      body: { ...PACKAGE, firmwareVersion: "FW 13", fileUrl: "/obs/x.bin" },
    });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.data.failDetail[0].field).toMatch(/firmwareVersion/);
    const badMaker = await ledger.call("createOtaPackage", {
      token: admin,
      body: { ...PACKAGE, makerCode: "中文ID", fileUrl: "/obs/x.bin" },
    });
    expect(badMaker.body.data.failDetail[0]).toEqual({ field: "makerCode", msg: "终端制造商ID应为4个ASCII字符" });
    const pkgs = await ledger.call("listOtaPackages", { token: admin, query: {} });
    const unknown = await ledger.call("createOtaCampaign", {
      token: admin,
      body: { name: "x", packageId: pkgs.body.data.list[0].id, vins: ["LGXCE4CB2S0000123"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe("未找到车辆：LGXCE4CB2S0000123");
    const none = await ledger.call("createOtaCampaign", {
      token: admin,
      body: { name: "x", packageId: pkgs.body.data.list[0].id },
    });
    expect(none.body.msg).toBe("请选择升级车辆（VIN或车辆分组）");
    expect((await ledger.call("listOtaCampaigns", { token: admin, query: {} })).body.data.total).toBe(3);
    expect((await ledger.call("listOtaPackages", { token: admin, query: { keyword: "x".repeat(51) } })).status).toBe(
      400,
    );
    expect((await ledger.call("listOtaCampaigns", { token: admin, query: { state: "done" } })).status).toBe(400);
    expect((await ledger.call("listOtaCampaignVehicles", { token: admin, query: { id: 0 } })).status).toBe(400);
    expect((await ledger.call("startOtaCampaign", { token: admin, body: { id: 99999 } })).status).toBe(404);
    expect((await ledger.call("cancelOtaCampaign", { token: admin, body: {} })).status).toBe(400);
    expect((await ledger.call("listVehicleVersions", { token: admin, query: { vin: "X".repeat(18) } })).status).toBe(
      400,
    );
    expect((await ledger.call("listVehicleVersionHistory", { token: admin, query: { vin: "X" } })).status).toBe(400);
    expect((await ledger.call("exportVehicleVersions", { token: admin, query: { firmware: "FW1.3.1" } })).status).toBe(
      400,
    );

    // Tenant T0002 sees neither packages, campaigns nor T0001's versions.
    expect((await ledger.call("listOtaPackages", { token: other, query: {} })).body.data.total).toBe(0);
    expect((await ledger.call("listOtaCampaigns", { token: other, query: {} })).body.data.total).toBe(0);
    expect((await ledger.call("listVehicleVersions", { token: other, query: { vin } })).body.data.total).toBe(0);
    expect((await ledger.call("listVehicleVersionHistory", { token: other, query: { vin } })).body.data).toEqual([]);
    const foreignPkg = pkgs.body.data.list[0].id;
    expect((await ledger.call("deleteOtaPackage", { token: other, body: { id: foreignPkg } })).status).toBe(404);
    expect((await ledger.call("listOtaCampaignVehicles", { token: other, query: { id: 1 } })).status).toBe(404);
    const unused = await ledger.call("createOtaPackage", {
      token: admin,
      body: { ...PACKAGE, name: "未使用", fileUrl: pkgs.body.data.list[0].fileUrl },
    });
    expect((await ledger.call("deleteOtaPackage", { token: admin, body: { id: unused.body.data.id } })).status).toBe(
      200,
    );
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(OTA_OPS);
  });
});
