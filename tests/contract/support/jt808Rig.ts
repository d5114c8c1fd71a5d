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
