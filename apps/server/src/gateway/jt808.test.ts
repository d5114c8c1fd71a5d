import { type AddressInfo, createServer } from "node:net";
import {
  bytesToHex,
  encodeJt808Body,
  encodeJt808Frame,
  encodeJt808Message,
  framePositions,
  type Jt808Body,
  type Jt808Location,
  type Jt808Message,
  splitJt808Message,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { testEngine } from "../testing/testServer";
import { type Gateway, startGateway } from "./gatewayServer";
import { JT808_RESULT } from "./jt808Server";
import { REGISTER_RESULT } from "./jt808Terminals";
import { jt808Vector } from "./jt808Vectors";
import { TestJt808Terminal } from "./testClient";
import { addTenantVehicles, openTestDatabase } from "./testDatabase";

const engine = testEngine();

/** Vehicles of the test tenant and how their terminals are filed. */
const V_SMALLCHI = "LJ808SC0000000001"; // active-safety terminal, phone of SmallChi's location frame
const V_YEZHIHAO = "LJ808YZ0000000002"; // active-safety terminal, phone of yezhihao's 2019 frames
const V_TBOX = "LJ808TB0000000003"; // T-BOX register: terminal id T000001YX, filed code
const V_SIM = "LJ808SM0000000004"; // T-BOX register: a terminal for the sub-package and robustness tests
const FILED_CODE = "ABCDEF0123456789";

const header = (phone: string, serial: number, edition: 2013 | 2019 = 2019) =>
  edition === 2019
    ? { edition, protocolVersion: 1, encryption: 0, phone, serial }
    : { edition, encryption: 0, phone, serial };

function frame(h: ReturnType<typeof header>, body: Jt808Body): Uint8Array {
  const r = encodeJt808Message(h, body);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const register = (phone: string, terminalId: string, serial: number, edition: 2013 | 2019 = 2019) =>
  frame(header(phone, serial, edition), {
    kind: "register",
    register: { province: 31, city: 115, maker: "TSPSM", model: "SIM-808", terminalId, plateColor: 0, plate: "" },
  });
const authenticate = (phone: string, authCode: string, serial: number, edition: 2013 | 2019 = 2019) =>
  frame(header(phone, serial, edition), { kind: "authentication", authentication: { authCode } });

/** A location the tests make: fixed (status bit 1), with an odometer item. */
const located = (time: number, lon: number, lat: number, speed: number, mileage: number): Jt808Location => ({
  alarm: 0,
  status: 0x02,
  latitude: Math.round(lat * 1e6),
  longitude: Math.round(lon * 1e6),
  altitude: 12,
  speed: Math.round(speed * 10),
  direction: 90,
  time,
  items: [{ kind: "mileage", value: Math.round(mileage * 10) }],
});

const beat = (serial: number) => frame(header("13800000004", serial), { kind: "heartbeat" });

function expectGeneral(a: Jt808Message | undefined, serial: number, messageId: number, result: number): void {
  expect(a?.body).toEqual({ kind: "platformResponse", response: { serial, messageId, result } });
}

describe.skipIf(engine.skip)(`JT/T 808 gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;
  let port: number;

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    const tenantId = await addTenantVehicles(db, { code: "J8", name: "JT808测试租户" }, [
      V_SMALLCHI,
      V_YEZHIHAO,
      V_TBOX,
      V_SIM,
    ]);
    await db.updateTable("vehicle").set({ tbox_sn: "YX00000001" }).where("vin", "=", V_TBOX).execute();
    await db.updateTable("vehicle").set({ tbox_sn: "YX00000004" }).where("vin", "=", V_SIM).execute();
    const tbox = (sn: string, terminalId: string, authCode: string | null) => ({
      sn,
      tenant_id: tenantId,
      model: "YX-T808-4G",
      provider: "YAXON",
      protocol: "JTT808" as const,
      terminal_id: terminalId,
      auth_code: authCode,
      state: "activated" as const,
    });
    await db
      .insertInto("bss_tbox")
      .values([
        tbox("YX00000001", "T000001YX", FILED_CODE),
        tbox("YX00000002", "T000002YX", null), // in stock: bound to no vehicle
        tbox("YX00000004", "T000004YX", null),
      ])
      .execute();
    await db
      .insertInto("jsatl_terminal")
      .values([
        {
          vin: V_SMALLCHI,
          tenant_id: tenantId,
          terminal_phone: "040021682087",
          terminal_id: "CHI1230",
          online: false,
          last_location_time: null,
        },
        {
          vin: V_YEZHIHAO,
          tenant_id: tenantId,
          terminal_phone: "017299841738",
          terminal_id: "7654321",
          online: false,
          last_location_time: null,
        },
      ])
      .execute();
    gateway = await startGateway(db, {
      port: 0,
      jt808Port: 0,
      flushMs: 20,
      partialFrameTimeoutMs: 400,
      idleTimeoutMs: 5000,
    });
    port = gateway.jt808Port as number;
  });

  afterAll(async () => {
    await gateway?.close();
    await opened?.close();
  });

  const rowsOf = (bytes: Uint8Array) =>
    db.selectFrom("gateway_frame").selectAll().where("raw_hex", "=", bytesToHex(bytes)).execute();
  const stateOf = (vin: string) =>
    db.selectFrom("gateway_vehicle_state").selectAll().where("vin", "=", vin).executeTakeFirst();

  it("listens for JT/T 808 on a port of its own beside GB/T 32960", () => {
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(gateway.port);
  });

  it("Done when: location reports of two independent implementations land in the journal as they encoded them", async () => {
    // SmallChi/JT808 (2013): its JT808_0x0200Test.cs Test6 frame, phone 040021682087.
    const sc = await TestJt808Terminal.open(port);
    const reg = await sc.send(register("040021682087", "CHI1230", 1, 2013));
    expect(reg.body.kind).toBe("registerResponse");
    const scCode = reg.body.kind === "registerResponse" ? reg.body.response.authCode : undefined;
    expect(reg.body).toMatchObject({ response: { serial: 1, result: REGISTER_RESULT.success } });
    expectGeneral(await sc.send(authenticate("040021682087", scCode ?? "", 2, 2013)), 2, 0x0102, 0);
    const smallChi = jt808Vector("LOCATION_ITEMS");
    expectGeneral(await sc.send(smallChi), 0x1d0c, 0x0200, JT808_RESULT.success);
    sc.end();

    // yezhihao/jt808-server (2019): its 0x0200 with every item and its 0x0704 of three re-sent ones.
    const yz = await TestJt808Terminal.open(port);
    const yzReg = await yz.send(register("00000000017299841738", "09876543210987654321", 7));
    const yzCode = yzReg.body.kind === "registerResponse" ? yzReg.body.response.authCode : undefined;
    expect(yzCode).toMatch(/^[0-9A-F]{16}$/);
    expectGeneral(await yz.send(authenticate("00000000017299841738", yzCode ?? "", 8)), 8, 0x0102, 0);
    const yzLocation = jt808Vector("YZ_LOCATION_2019");
    const yzBatch = jt808Vector("YZ_BATCH_2019");
    expectGeneral(await yz.send(yzLocation), 0xffff, 0x0200, JT808_RESULT.success);
    expectGeneral(await yz.send(yzBatch), 0xffff, 0x0704, JT808_RESULT.success);
    // Every answer came from the phone and edition it answers.
    expect(yz.answers.map((a) => [a.header.phone, a.header.edition])).toEqual(
      Array.from({ length: 4 }, () => ["00000000017299841738", 2019]),
    );
    yz.end();

    // Journaled byte for byte, for the vehicle of the terminal's phone, read as the implementations wrote them.
    const [scRow] = await rowsOf(smallChi);
    expect([scRow?.vin, scRow?.command, scRow?.edition, scRow?.status]).toEqual([V_SMALLCHI, 0x0200, 2013, "ok"]);
    expect(framePositions(scRow?.raw_hex ?? "")).toEqual([
      {
        protocol: "jt808",
        collectedAt: Date.UTC(2018, 8, 16, 2, 35, 37), // 2018-09-16 10:35:37 GMT+8
        resent: false,
        fixValid: true,
        longitude: 113.792664,
        latitude: 22.76875,
        speedKmh: 0,
        mileageKm: 0x54c7d / 10,
        soc: null,
      },
    ]);
    const [yzRow] = await rowsOf(yzLocation);
    expect([yzRow?.vin, yzRow?.command, yzRow?.edition, yzRow?.status]).toEqual([V_YEZHIHAO, 0x0200, 2019, "ok"]);
    // yezhihao's bean: status 0x800 (bit 1 clear: no fix), speed 3 (0.3 km/h), mileage 11 (1.1 km), 2020-07-07 19:23:59 GMT+8.
    const yzTime = Date.UTC(2020, 6, 7, 11, 23, 59);
    expect(framePositions(yzRow?.raw_hex ?? "")).toEqual([
      {
        protocol: "jt808",
        collectedAt: yzTime,
        resent: false,
        fixValid: false,
        longitude: null,
        latitude: null,
        speedKmh: 0.3,
        mileageKm: 1.1,
        soc: null,
      },
    ]);
    const [batchRow] = await rowsOf(yzBatch);
    expect([batchRow?.command, batchRow?.status]).toEqual([0x0704, "ok"]);
    expect(framePositions(batchRow?.raw_hex ?? "").map((p) => [p.collectedAt, p.resent, p.speedKmh])).toEqual(
      Array.from({ length: 3 }, () => [yzTime, true, 0.3]),
    );

    // The latest state: SmallChi's fixed position; yezhihao's report without a fix keeps no coordinates.
    const scState = await stateOf(V_SMALLCHI);
    expect([scState?.longitude, scState?.latitude, scState?.speed_kmh, scState?.mileage_km]).toEqual([
      113.792664,
      22.76875,
      0,
      0x54c7d / 10,
    ]);
    const yzState = await stateOf(V_YEZHIHAO);
    expect([Number(yzState?.last_report_at), yzState?.longitude, yzState?.speed_kmh, yzState?.mileage_km]).toEqual([
      yzTime,
      null,
      0.3,
      1.1,
    ]);
  });

  it("registers a T-BOX of the register with its filed code; refuses unbound (2) and unknown (4) terminals", async () => {
    const t = await TestJt808Terminal.open(port);
    const ok = await t.send(register("13800000001", "T000001YX", 1));
    expect(ok.body).toEqual({
      kind: "registerResponse",
      response: { serial: 1, result: REGISTER_RESULT.success, authCode: FILED_CODE },
    });
    const stock = await t.send(register("13800000002", "T000002YX", 2));
    expect(stock.body).toEqual({
      kind: "registerResponse",
      response: { serial: 2, result: REGISTER_RESULT.noVehicle },
    });
    const unknown = await t.send(register("13800000009", "T999999XX", 3));
    expect(unknown.body).toEqual({
      kind: "registerResponse",
      response: { serial: 3, result: REGISTER_RESULT.noTerminal },
    });
    // SmallChi's own 2013 register frame (phone 000123456789, terminal CHI1230 filed nowhere).
    const theirs = await t.send(jt808Vector("REGISTER_2013"));
    expect(theirs.body).toMatchObject({ kind: "registerResponse", response: { result: REGISTER_RESULT.noTerminal } });
    const [refused] = await rowsOf(jt808Vector("REGISTER_2013"));
    expect([refused?.vin, refused?.status, refused?.reason]).toEqual([
      null,
      "vin-unknown",
      "终端手机号“000123456789”、终端ID“CHI1230”不在T-BOX档案中",
    ]);
    const binding = await db.selectFrom("gateway_jt808_terminal").selectAll().where("vin", "=", V_TBOX).execute();
    expect(binding.map((b) => [b.phone, b.terminal_id, b.auth_code])).toEqual([
      ["13800000001", "T000001YX", FILED_CODE],
    ]);
    t.end();
  });

  it("answers 失败 before authentication and to a wrong code, changing no latest state", async () => {
    const t = await TestJt808Terminal.open(port);
    // yezhihao's heartbeat before any authentication.
    const refusedBeat = await t.send(jt808Vector("YZ_HEARTBEAT_2013"));
    expectGeneral(refusedBeat, 1, 0x0002, JT808_RESULT.failure);
    const early = located(Date.UTC(2026, 0, 1), 121.47, 31.23, 40, 100);
    expectGeneral(await t.send(frame(header("13800000001", 5), { kind: "location", location: early })), 5, 0x0200, 1);
    expectGeneral(await t.send(authenticate("13800000001", "WRONG", 6)), 6, 0x0102, JT808_RESULT.failure);
    // SmallChi's 2013 authentication of a phone never registered.
    expectGeneral(await t.send(jt808Vector("AUTHENTICATION_2013")), 12345, 0x0102, JT808_RESULT.failure);
    const rows = await db
      .selectFrom("gateway_frame")
      .select(["vin", "status", "reason"])
      .where("raw_hex", "in", [
        bytesToHex(jt808Vector("YZ_HEARTBEAT_2013")),
        bytesToHex(authenticate("13800000001", "WRONG", 6)),
      ])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        vin: null,
        status: "vin-unknown",
        reason: "终端“123456789012”未鉴权（应先发送终端鉴权0x0102），平台不确认其车辆",
      },
      { vin: V_TBOX, status: "vin-unknown", reason: "鉴权码与注册时下发的不一致" },
    ]);
    expect(await stateOf(V_TBOX)).toBeUndefined();
    // The right code (registered on another connection) is accepted; the vehicle is online.
    expectGeneral(await t.send(authenticate("13800000001", FILED_CODE, 7)), 7, 0x0102, JT808_RESULT.success);
    expectGeneral(await t.send(frame(header("13800000001", 8), { kind: "heartbeat" })), 8, 0x0002, 0);
    expect((await stateOf(V_TBOX))?.online).toBe(true);
    t.end();
    // The connection's end takes the vehicle offline.
    await expect.poll(async () => (await stateOf(V_TBOX))?.online, { timeout: 3000 }).toBe(false);
  });

  it("a JT/T 808 port in use fails the start and leaves the GB/T 32960 port free", async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const p = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    await expect(startGateway(db, { port: free, jt808Port: port })).rejects.toThrow(/EADDRINUSE/);
    const again = await startGateway(db, { port: free });
    expect(again.port).toBe(free);
    await again.close();
  });

  it("refuses a second connection's authentication for a vehicle online on another (VIN重复)", async () => {
    const first = await TestJt808Terminal.open(port);
    expectGeneral(await first.send(authenticate("13800000001", FILED_CODE, 1)), 1, 0x0102, 0);
    const second = await TestJt808Terminal.open(port);
    const twin = authenticate("13800000001", FILED_CODE, 2);
    expectGeneral(await second.send(twin), 2, 0x0102, JT808_RESULT.failure);
    const [row] = await rowsOf(twin);
    expect([row?.vin, row?.status]).toEqual([V_TBOX, "vin-duplicate"]);
    // Once the first connection is gone, the vehicle's terminal gets in again.
    first.end();
    await expect
      .poll(async () => {
        const a = await second.send(authenticate("13800000001", FILED_CODE, 3));
        return a.body.kind === "platformResponse" ? a.body.response.result : -1;
      })
      .toBe(0);
    second.end();
  });

  it("reassembles a sub-packaged batch: each package answered and journaled, the state from the whole", async () => {
    const t = await TestJt808Terminal.open(port);
    const reg = await t.send(register("13800000004", "T000004YX", 1));
    const code = reg.body.kind === "registerResponse" ? (reg.body.response.authCode ?? "") : "";
    await t.send(authenticate("13800000004", code, 2));
    const t0 = Date.UTC(2026, 10, 20, 2, 0, 0);
    const locations = Array.from({ length: 12 }, (_, i) =>
      located(t0 + i * 30_000, 120.1 + i * 0.001, 30.2 + i * 0.001, 50 + i, 2000 + i),
    );
    const body = encodeJt808Body({ kind: "batchLocation", batch: { type: 0, locations } }, 2019);
    if (!body.ok) throw new Error(body.error.message);
    const split = splitJt808Message(
      { header: { ...header("13800000004", 10), messageId: 0x0704 }, body: body.value.body },
      100,
    );
    if (!split.ok) throw new Error(split.error.message);
    expect(split.value.length).toBeGreaterThan(2);
    const frames = split.value.map((f) => {
      const r = encodeJt808Frame(f);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    });
    // The last package first: the message is whole when every place is filled, in any order.
    const order = [...frames.slice(1), frames[0] as Uint8Array];
    await t.write(Uint8Array.from(order.flatMap((f) => [...f])));
    const answers = await t.waitAnswers(2 + frames.length);
    expect(answers.slice(2).map((a) => (a.body.kind === "platformResponse" ? a.body.response.result : -1))).toEqual(
      frames.map(() => 0),
    );
    for (const f of frames)
      expect((await rowsOf(f)).map((r) => [r.vin, r.command, r.status])).toEqual([[V_SIM, 0x0704, "ok"]]);
    const last = locations.at(-1) as Jt808Location;
    const state = await stateOf(V_SIM);
    expect([
      Number(state?.last_report_at),
      state?.longitude,
      state?.latitude,
      state?.speed_kmh,
      state?.mileage_km,
    ]).toEqual([last.time, last.longitude / 1e6, last.latitude / 1e6, last.speed / 10, 2011]);
    t.end();
  });

  it("drops a wrong check code, garbage and a truncated frame, keeps serving; closes a slow-loris", async () => {
    const t = await TestJt808Terminal.open(port);
    const reg = await t.send(register("13800000004", "T000004YX", 1));
    const code = reg.body.kind === "registerResponse" ? (reg.body.response.authCode ?? "") : "";
    await t.send(authenticate("13800000004", code, 2));
    const bad = beat(3);
    bad[8] = (bad[8] as number) ^ 0x10; // a phone digit flipped in transit: the check code no longer matches
    const truncated = beat(4).subarray(0, 10); // no closing flag: swallows the next frame's opening flag
    const garbage = Uint8Array.from([0x23, 0x23, 0x00, 0xff, 0x10, 0x20]);
    await t.write(Uint8Array.from([...bad, ...garbage, ...truncated, ...beat(5), ...beat(6), ...beat(7)]));
    const answers = await t.waitAnswers(4, 3000);
    // beat(5) went with the truncated frame (JT/T 808 frames end at the next flag); 6 and 7 are answered.
    expect(answers.slice(2).map((a) => (a.body.kind === "platformResponse" ? a.body.response.serial : -1))).toEqual([
      6, 7,
    ]);
    const [badRow] = await rowsOf(bad);
    expect([badRow?.status, badRow?.reason?.slice(0, 5)]).toEqual(["bad-frame", "校验码错误"]);

    // A frame trickled byte by byte never finishes: the gateway closes that connection only.
    const loris = await TestJt808Terminal.open(port);
    const slow = beat(9);
    let closed = false;
    for (const b of slow.subarray(0, 12)) {
      if (loris.closed) break;
      await loris.write(Uint8Array.of(b)).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 60));
    }
    closed = await loris.waitClosed(2000);
    expect(closed).toBe(true);
    expectGeneral(await t.send(beat(10)), 10, 0x0002, 0);
    t.end();
  });
});
