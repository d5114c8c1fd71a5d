import { type SimVehicle, startSimVehicle, stepSimVehicle } from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import type { Database } from "../../db/schema";
import { createRng } from "../../seed/rng";
import { type CommandBehaviour, GbtTerminal } from "../../simulator/gbtTerminal";
import { testEngine } from "../../testing/testServer";
import { type Gateway, startGateway } from "../gatewayServer";
import { addTenantVehicles, openTestDatabase } from "../testDatabase";
import { cancelCommand, claimNext, expireCommands, type NewCommand, queueCommand } from "./store";

const engine = testEngine();
const VINS = Array.from({ length: 6 }, (_, i) => `LCMDTEST00000000${i + 1}`);

describe.skipIf(engine.skip)(`remote commands through the gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;
  let tenantId: number;
  const terminals: GbtTerminal[] = [];

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    tenantId = await addTenantVehicles(db, { code: "CM", name: "命令测试" }, VINS);
    gateway = await startGateway(db, { port: 0, flushMs: 20, commandPollMs: 50 });
  });

  afterAll(async () => {
    for (const t of terminals) await t.close(Date.now()).catch(() => undefined);
    await gateway?.close();
    await opened?.close();
  });

  const queue = (vin: string, kind: NewCommand["kind"], params: unknown, ttlMs = 60_000) =>
    queueCommand(db, { tenantId, vin, kind, params, sender: "tester", ttlMs }, Date.now());
  const command = (id: number) =>
    db.selectFrom("gateway_command").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const events = async (id: number) =>
    (
      await db.selectFrom("gateway_command_event").select("state").where("command_id", "=", id).orderBy("id").execute()
    ).map((e) => e.state);
  /** A terminal online: logged in by its first report. */
  async function online(index: number, behaviour: CommandBehaviour = {}) {
    const vin = VINS[index] as string;
    const terminal = new GbtTerminal(
      { vin, protocol: "gbt32960" },
      { host: gateway.host, port: gateway.port },
      behaviour,
    );
    terminals.push(terminal);
    const random = createRng(index + 1).next;
    let s: SimVehicle = { ...startSimVehicle(index, Date.now(), random), linkDown: false };
    const step = async (at: number) => {
      s = { ...stepSimVehicle(s, at, random), linkDown: false };
      await terminal.report(s);
    };
    await step(Date.now());
    return { vin, terminal, step };
  }

  it("queries a terminal's parameters: queued → sent → acknowledged → success, the answer decoded", async () => {
    const { vin } = await online(0);
    const c = await queue(vin, "paramQuery", { ids: [0x02, 0x05, 0x07] });
    await expect.poll(async () => (await command(c.id)).state, { timeout: 5000 }).toBe("success");
    const row = await command(c.id);
    expect(JSON.parse(row.answer as string)).toEqual({
      params: [
        { id: 0x02, value: 10 },
        { id: 0x04, value: 9 },
        { id: 0x05, value: "127.0.0.1" },
        { id: 0x07, value: "HW1.0" },
      ],
    });
    expect(await events(c.id)).toEqual(["queued", "sent", "acknowledged", "success"]);
    expect(Number(row.wire_time) % 1000).toBe(0);
    // The answer frame is in the journal too (the journal is written in batches: wait for it).
    await expect
      .poll(
        async () =>
          (await db.selectFrom("gateway_frame").select("command").where("vin", "=", vin).execute()).map(
            (f) => f.command,
          ),
        { timeout: 10_000 },
      )
      .toContain(0x80);
  });

  it("sets the report period: the terminal answers success and then reports that far apart", async () => {
    const { vin, terminal, step } = await online(1);
    const c = await queue(vin, "paramSet", { params: [{ id: 0x02, value: 30 }] });
    await expect.poll(async () => (await command(c.id)).state, { timeout: 5000 }).toBe("success");
    expect(terminal.reportPeriodMs).toBe(30_000);
    expect(terminal.params.get(0x02)).toBe(30);
    const t0 = Date.now() + 60_000;
    const before = terminal.counts.sent;
    const since = Date.now();
    // Twelve samples 10 s apart → one report every 30 s: four.
    for (let k = 0; k < 12; k++) await step(t0 + k * 10_000);
    expect(terminal.counts.sent - before).toBe(12);
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom("gateway_frame")
              .select("id")
              .where("vin", "=", vin)
              .where("command", "=", 0x02)
              .where("received_at", ">", since)
              .execute()
          ).length,
        { timeout: 3000 },
      )
      .toBe(4);
  });

  it("a terminal that never answers: the command expires at its TTL and says why", async () => {
    const { vin } = await online(2, { silentRate: 1 });
    const c = await queue(vin, "terminalControl", { control: { command: "reset" } }, 800);
    await expect.poll(async () => (await command(c.id)).state, { timeout: 5000 }).toBe("expired");
    const row = await command(c.id);
    expect(row.reason).toBe("超过有效期未收到终端应答");
    expect(await events(c.id)).toEqual(["queued", "sent", "expired"]);
  });

  it("a terminal answering 错误: failed with the terminal's reason", async () => {
    const { vin } = await online(3, { failRate: 1 });
    const c = await queue(vin, "paramSet", { params: [{ id: 0x09, value: 30 }] });
    await expect.poll(async () => (await command(c.id)).state, { timeout: 5000 }).toBe("failed");
    expect((await command(c.id)).reason).toBe("终端应答“错误”");
  });

  it("a reconnecting terminal gets what queued while it was away, in order, one at a time; a cancelled one never goes", async () => {
    const vin = VINS[4] as string;
    const a = await queue(vin, "paramQuery", { ids: [0x09] });
    const b = await queue(vin, "paramSet", { params: [{ id: 0x09, value: 90 }] });
    const x = await queue(vin, "terminalControl", { control: { command: "shutdown" } });
    const c = await queue(vin, "paramQuery", { ids: [0x09] });
    expect(await cancelCommand(db, x.id, [tenantId], "tester", Date.now())).toBe(true);
    expect(await cancelCommand(db, x.id, [tenantId], "tester", Date.now())).toBe(false);
    await online(4);
    await expect
      .poll(
        async () => (await Promise.all([a, b, x, c].map((r) => command(r.id)))).map((r) => `${r.state}:${r.reason}`),
        {
          timeout: 8000,
        },
      )
      .toEqual(["success:null", "success:null", "cancelled:tester撤销", "success:null"]);
    const rows = await Promise.all([a, b, c].map((r) => command(r.id)));
    expect(rows.map((r) => r.state)).toEqual(["success", "success", "success"]);
    const sent = rows.map((r) => Number(r.sent_at));
    expect(sent).toEqual(sent.toSorted((p, q) => p - q));
    // Each sent after the previous one finished; the query after the set reads the new value.
    expect(Number(rows[1]?.sent_at)).toBeGreaterThanOrEqual(Number(rows[0]?.finished_at));
    expect(JSON.parse(rows[0]?.answer as string).params).toEqual([{ id: 9, value: 60 }]);
    expect(JSON.parse(rows[2]?.answer as string).params).toEqual([{ id: 9, value: 90 }]);
    expect((await command(x.id)).state).toBe("cancelled");
    expect((await command(x.id)).sent_at).toBeNull();
  });

  it("a command claimed as sent by a process that died before answering is never sent again: it expires", async () => {
    const vin = VINS[5] as string;
    const c = await queue(vin, "paramQuery", { ids: [0x02] }, 1500);
    // The dead process's claim: sent, with its wire time, but the bytes never left.
    const claimed = await claimNext(db, vin, Date.now());
    expect(claimed?.id).toBe(c.id);
    await online(5);
    await new Promise((r) => setTimeout(r, 400));
    expect((await command(c.id)).state).toBe("sent");
    expect(
      (await db.selectFrom("gateway_frame").select("command").where("vin", "=", vin).execute()).map((f) => f.command),
    ).not.toContain(0x80);
    await expect.poll(async () => (await command(c.id)).state, { timeout: 5000 }).toBe("expired");
  });

  it("the sweep expires queued commands of offline vehicles at their TTL (clock passed in)", async () => {
    const c = await queue(VINS[5] as string, "paramQuery", { ids: [0x02] }, 10_000);
    expect(await expireCommands(db, c.created_at + 9_999)).toBe(0);
    expect((await command(c.id)).state).not.toBe("expired");
    expect(await expireCommands(db, c.created_at + 10_000)).toBeGreaterThanOrEqual(1);
    expect((await command(c.id)).reason).toMatch(/超过有效期/);
  });
});
