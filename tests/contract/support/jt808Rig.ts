import { startSimVehicle } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";
import type { Gateway } from "../../../apps/server/src/gateway/gatewayServer";
import "../../../apps/server/src/services/tsp-jsatl/tables";
import { createRng } from "../../../apps/server/src/seed/rng";
import { Jt808Terminal } from "../../../apps/server/src/simulator/jt808Terminal";

/**
 * What the contract suites of the JT/T 808 screens (multimedia, 苏标 attachments, 终端控制,
 * TBOX注册状态查询) share: the demo tenant's active-safety terminal, and a simulated JT/T 808
 * terminal connected to a test gateway.
 */

/** The first (by VIN) active-safety (苏标) terminal of the demo tenant T0001. */
export async function firstSafetyTerminal(db: Kysely<Database>) {
  const t = await db
    .selectFrom("jsatl_terminal as j")
    .innerJoin("tenant", "tenant.id", "j.tenant_id")
    .select(["j.vin", "j.terminal_phone", "j.terminal_id"])
    .where("tenant.code", "=", "T0001")
    .orderBy("j.vin")
    .executeTakeFirstOrThrow();
  return { vin: t.vin, phone: t.terminal_phone, terminalId: t.terminal_id };
}

/**
 * A simulated JT/T 808 terminal on the gateway's JT/T 808 port, after its first location report:
 * by then it has registered (or authenticated) and is online. `rngSeed` fixes its drive.
 */
export async function connectJt808Terminal(
  gateway: Gateway,
  t: { vin: string; terminalId: string; phone: string; edition: 2013 | 2019 },
  rngSeed: number,
): Promise<Jt808Terminal> {
  const terminal = new Jt808Terminal(
    { vin: t.vin, protocol: "jt808", terminalId: t.terminalId, phone: t.phone, edition: t.edition },
    { host: gateway.host, port: gateway.port, jt808Port: gateway.jt808Port as number },
  );
  await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(rngSeed).next), linkDown: false });
  return terminal;
}

/**
 * The demo tenant T0001's first JT/T 808 vehicle with a registered T-BOX (by T-BOX serial), and
 * its first vehicle that is neither JT/T 808 nor 苏标 (a GB/T 32960 one: the JT/T 808 calls
 * must refuse it). What the 终端控制 / 车辆控制 and 终端参数 suites send to.
 */
export async function jt808CommandTargets(db: Kysely<Database>) {
  const t0001 = db.selectFrom("tenant").select("id").where("code", "=", "T0001");
  const b = await db
    .selectFrom("bss_tbox as t")
    .innerJoin("vehicle as v", "v.tbox_sn", "t.sn")
    .select(["v.vin", "t.terminal_id"])
    .where("t.protocol", "=", "JTT808")
    .where("t.state", "!=", "deregistered")
    .where("t.tenant_id", "in", t0001)
    .orderBy("t.sn")
    .executeTakeFirstOrThrow();
  const g = await db
    .selectFrom("vehicle as v")
    .leftJoin("bss_tbox as t", "t.sn", "v.tbox_sn")
    .leftJoin("jsatl_terminal as j", "j.vin", "v.vin")
    .select("v.vin")
    .where("v.tenant_id", "in", t0001)
    .where((e) => e.or([e("t.protocol", "is", null), e("t.protocol", "!=", "JTT808")]))
    .where("j.vin", "is", null)
    .orderBy("v.vin")
    .executeTakeFirstOrThrow();
  return { bound: { vin: b.vin, terminalId: b.terminal_id as string }, gbtVin: g.vin };
}
