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
import {
  cancelCommand,
  claimDue,
  claimNext,
  expireCommands,
  type NewCommand,
  queueCommand,
  recordRequests,
} from "./store";

const engine = testEngine();

/** A promise resolved from outside. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let settle: (() => void) | undefined;
  const promise = new Promise<void>((r) => {
    settle = r;
  });
  return { promise, resolve: () => settle?.() };
}
const VINS = Array.from({ length: 7 }, (_, i) => `LCMDTEST00000000${i + 1}`);
/** VINs never connected: the bulk claim is driven by hand. */
const BULK = Array.from({ length: 3 }, (_, i) => `LCMDBULK00000000${i + 1}`);

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

  it("a command queued in this process goes out at once, without waiting for the poll (the queued signal)", async () => {
    const slow = await startGateway(db, { port: 0, flushMs: 20, commandPollMs: 600_000 });
    const vin = VINS[6] as string;
    const terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: slow.host, port: slow.port }, {});
    terminals.push(terminal);
    const random = createRng(7).next;
    await terminal.report({ ...startSimVehicle(6, Date.now(), random), linkDown: false });
    try {
      const c = await queue(vin, "paramQuery", { ids: [0x02] });
      // The poll of this gateway is 10 minutes away: only the signal can have sent it.
      await expect.poll(async () => (await command(c.id)).state, { timeout: 3000 }).toBe("success");
    } finally {
      await terminal.close(Date.now()).catch(() => undefined);
      await slow.close();
    }
  });

  it("the bulk claim: the oldest command of each VIN in one statement, one in flight per VIN, never a non-GB/T kind", async () => {
    const [a, b, c] = BULK as [string, string, string];
    const a1 = await queue(a, "paramQuery", { ids: [0x02] });
    const a2 = await queue(a, "paramSet", { params: [{ id: 0x02, value: 20 }] });
    const b1 = await queue(b, "terminalControl", { control: { command: "reset" } });
    await queue(c, "wakeUp", {});
    await queue(c, "cameraShoot", {});
    const now = Date.now();
    const first = await claimDue(db, [a, b, c], now);
    expect(first.map((r) => r.id)).toEqual([a1.id, b1.id]);
    expect(first.every((r) => r.state === "sent" && r.sent_at === now && (r.wire_time as number) % 1000 === 0)).toBe(
      true,
    );
    expect(await events(a1.id)).toEqual(["queued", "sent"]);
    // a1 is in flight: a2 waits; b has nothing more; c's kinds are not this dispatcher's.
    expect(await claimDue(db, [a, b, c], now + 10)).toEqual([]);
    await recordRequests(db, [{ id: a1.id, hex: "232380FE" }]);
    expect((await command(a1.id)).request_hex).toBe("232380FE");
    // a1 answered: a2 goes next, with a later wire time than a1's.
    await db.updateTable("gateway_command").set({ state: "success" }).where("id", "=", a1.id).execute();
    const second = await claimDue(db, [a], now + 20);
    expect(second.map((r) => r.id)).toEqual([a2.id]);
    expect(second[0]?.wire_time).toBeGreaterThan(first[0]?.wire_time as number);
    expect((await command(a2.id)).state).toBe("sent");
  });

  it.skipIf(engine.kind !== "postgres")(
    "the bulk claim skips a VIN whose oldest command another claimer holds (SKIP LOCKED) and never sends its next one first",
    async () => {
      const vin = "LCMDLOCK000000001";
      const other = "LCMDLOCK000000002";
      const x1 = await queue(vin, "paramQuery", { ids: [0x02] });
      await queue(vin, "paramQuery", { ids: [0x05] });
      const y1 = await queue(other, "paramQuery", { ids: [0x02] });
      const held = deferred();
      const isLocked = deferred();
      const holder = db.transaction().execute(async (tx) => {
        await tx.selectFrom("gateway_command").select("id").where("id", "=", x1.id).forUpdate().execute();
        isLocked.resolve();
        await held.promise;
      });
      await isLocked.promise;
      const claimed = await claimDue(db, [vin, other], Date.now());
      held.resolve();
      await holder;
      expect(claimed.map((r) => r.id)).toEqual([y1.id]);
    },
  );

  it("the sweep expires queued commands of offline vehicles at their TTL (clock passed in)", async () => {
    // A VIN never connected (VINS[5] is online by now: the queued signal would send it at once).
    const c = await queue("LCMDSWEEP00000001", "paramQuery", { ids: [0x02] }, 10_000);
    expect(await expireCommands(db, c.created_at + 9_999)).toBe(0);
    expect((await command(c.id)).state).not.toBe("expired");
    expect(await expireCommands(db, c.created_at + 10_000)).toBeGreaterThanOrEqual(1);
    expect((await command(c.id)).reason).toMatch(/超过有效期/);
  });
});
