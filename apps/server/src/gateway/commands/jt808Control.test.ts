import { startSimVehicle } from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import type { Database } from "../../db/schema";
import { createRng } from "../../seed/rng";
import { Jt808Terminal } from "../../simulator/jt808Terminal";
import { testEngine } from "../../testing/testServer";
import { type Gateway, startGateway } from "../gatewayServer";
import { addTenantVehicles, openTestDatabase } from "../testDatabase";
import { queueCommand } from "./store";
import type { CommandKind } from "./tables";

const engine = testEngine();
const VIN = "LJ808CT0000000001";
const PHONE = "013912340077";

/**
 * JT/T 808 0x8105 终端控制 and 0x8500 车辆控制 on the command model (issue 17): queued, sent by
 * the gateway's JT/T 808 sender, answered by the simulated 2019 terminal (0x0001 / 0x0500) and
 * matched by serial.
 */
describe.skipIf(engine.skip)(`JT/T 808 terminal and vehicle control through the gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;
  let terminal: Jt808Terminal;
  let tenantId: number;

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    tenantId = await addTenantVehicles(db, { code: "CT", name: "终端控制测试租户" }, [VIN]);
    await db
      .insertInto("jsatl_terminal")
      .values({
        vin: VIN,
        tenant_id: tenantId,
        terminal_phone: PHONE,
        terminal_id: "CT00001",
        online: false,
        last_location_time: null,
      })
      .execute();
    gateway = await startGateway(db, { port: 0, jt808Port: 0, flushMs: 20, commandPollMs: 100 });
    terminal = new Jt808Terminal(
      { vin: VIN, protocol: "jt808", terminalId: "CT00001", phone: PHONE, edition: 2019 },
      { host: "127.0.0.1", port: gateway.port, jt808Port: gateway.jt808Port as number },
    );
    await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(9).next), linkDown: false });
    expect(terminal.counts.answered, "registered and authenticated").toBe(2);
  });

  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await opened?.close();
  });

  const queue = (kind: CommandKind, params: unknown) =>
    queueCommand(db, { tenantId, vin: VIN, kind, params, sender: "admin", ttlMs: 60_000 }, Date.now());
  const commandOf = (id: number) =>
    db.selectFrom("gateway_command").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const finished = async (id: number) => {
    await expect.poll(async () => (await commandOf(id)).state, { timeout: 8000 }).toBe("success");
    return commandOf(id);
  };

  it("终端复位 and 连接指定服务器: 0x8105 goes out with its word and parameters, the terminal's 0x0001 makes it a success", async () => {
    const reset = await queue("jt808TerminalControl", { control: { command: "reset" } });
    const connect = await queue("jt808TerminalControl", {
      control: {
        command: "connectServer",
        connection: 0,
        authCode: "AUTH9",
        apn: "CMNET",
        user: "",
        password: "",
        address: "10.1.2.3",
        tcpPort: 7611,
        limitMinutes: 10,
      },
    });
    const r = await finished(reset.id);
    // 2019 header: 81 05, attributes 0x4001 (version flag, 1-byte body), version 1, phone BCD[10], serial; body 04.
    expect(r.request_hex).toMatch(/^7E81054001/);
    expect(r.request_hex).toMatch(/04[0-9A-F]{2}7E$/);
    expect(r.answer_hex).toMatch(/^7E0001/);
    const c = await finished(connect.id);
    const body = Buffer.from("0;AUTH9;CMNET;;;10.1.2.3;7611;;10").toString("hex").toUpperCase();
    expect(c.request_hex).toContain(`02${body}`);
    expect(Number(c.sent_at)).toBeGreaterThanOrEqual(Number(r.finished_at));
    expect(terminal.control.lastControl).toBe("connectServer");
  });

  it("车门加锁 then 解锁: 0x8500 (2019 list, type 0x0001) answered 0x0500 whose location shows the door-lock bit", async () => {
    const lock = await queue("jt808VehicleControl", { vehicle: { controls: [{ type: "door", action: "lock" }] } });
    const locked = await finished(lock.id);
    expect(locked.request_hex).toContain("0001000100");
    expect(locked.answer_hex).toMatch(/^7E0500/);
    expect(JSON.parse(locked.answer as string)).toMatchObject({ doorLocked: true });
    expect(terminal.control.doorLocked).toBe(true);
    const unlock = await queue("jt808VehicleControl", { vehicle: { controls: [{ type: "door", action: "unlock" }] } });
    const unlocked = await finished(unlock.id);
    expect(unlocked.request_hex).toContain("0001000101");
    expect(JSON.parse(unlocked.answer as string)).toMatchObject({ doorLocked: false });
    const events = await db
      .selectFrom("gateway_command_event")
      .select("state")
      .where("command_id", "=", unlock.id)
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.state)).toEqual(["queued", "sent", "acknowledged", "success"]);
  });

  it("parameters the standard cannot carry fail the command with the encoder's Chinese reason, nothing sent", async () => {
    const bad = await queue("jt808VehicleControl", { vehicle: { controls: [{ type: "oem", id: 2, value: 1 }] } });
    await expect.poll(async () => (await commandOf(bad.id)).state, { timeout: 8000 }).toBe("failed");
    const row = await commandOf(bad.id);
    expect(row.reason).toBe("自定义控制类型ID应为0xF001–0xFFFF");
    expect(row.request_hex).toBeNull();
  });
});
