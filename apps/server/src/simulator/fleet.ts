import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SimFleetVehicle } from "./terminal";
import "../services/tsp-bss/tbox/tables";
import "../services/tsp-bss/baseInfoRest/tables";
import "../services/tsp-jsatl/tables";

/** Which standard the simulated vehicles speak: each its T-BOX's (`mixed`), or all one. */
export type SimProtocol = "mixed" | "gbt32960" | "jt808" | "hj1239";

/** A JT/T 808 T-BOX's phone number (its SIM's), made from the VIN: 11 digits starting 14. */
export function phoneOf(vin: string): string {
  let h = 0;
  for (const c of vin) h = (h * 31 + c.charCodeAt(0)) % 1_000_000_000;
  return `14${String(h).padStart(9, "0")}`;
}

/** A row of the registers a fleet vehicle is made from. */
export interface FleetRow {
  readonly vin: string;
  readonly iccid: string | null;
  readonly tboxProtocol: string | null;
  readonly terminalId: string | null;
  readonly safetyPhone: string | null;
  readonly safetyTerminalId: string | null;
}

/**
 * The simulated vehicles from the registers' rows, in VIN order: a vehicle whose T-BOX speaks
 * JT/T 808 (`bss_tbox.protocol`, with its terminal id) is a 2019 terminal, one with only an
 * active-safety terminal (`jsatl_terminal`, phone and 7-character id) a 2013 one when JT/T 808
 * is asked for; every other one a GB/T 32960 T-BOX. When more vehicles are asked for than the
 * registers hold, the rest get made-up VINs (LSIMU…) the gateway refuses (VIN unknown): load
 * without a console view.
 */
export function fleetFrom(rows: readonly FleetRow[], count: number, protocol: SimProtocol): SimFleetVehicle[] {
  const out: SimFleetVehicle[] = [];
  for (const r of rows) {
    if (out.length >= count) break;
    const tbox808 = r.tboxProtocol === "JTT808" && r.terminalId !== null;
    // The diesel (国六) trucks' T-BOXes speak HJ 1239 (bss_tbox.protocol 'HJ1239').
    const tbox1239 = r.tboxProtocol === "HJ1239";
    const safety808 = r.safetyPhone !== null && r.safetyTerminalId !== null;
    const iccid = r.iccid ?? undefined;
    const gbt: SimFleetVehicle = { vin: r.vin, protocol: "gbt32960", ...(iccid ? { iccid } : {}) };
    if (protocol === "hj1239" || (protocol === "mixed" && tbox1239)) {
      out.push({ ...gbt, protocol: "hj1239" });
    } else if (protocol === "gbt32960" || (protocol === "mixed" && !tbox808)) {
      out.push(gbt);
    } else if (tbox808) {
      out.push({ vin: r.vin, protocol: "jt808", terminalId: r.terminalId ?? "", phone: phoneOf(r.vin), edition: 2019 });
    } else if (protocol === "jt808" && safety808) {
      out.push({
        vin: r.vin,
        protocol: "jt808",
        terminalId: r.safetyTerminalId ?? "",
        phone: r.safetyPhone ?? "",
        edition: 2013,
        activeSafety: true,
      });
    }
  }
  for (let i = 0; out.length < count; i++) {
    const vin = `LSIMU${String(i).padStart(12, "0")}`;
    out.push(
      protocol === "jt808"
        ? { vin, protocol: "jt808", terminalId: `SIM${String(i).padStart(7, "0")}`, phone: phoneOf(vin), edition: 2019 }
        : { vin, protocol: protocol === "hj1239" ? "hj1239" : "gbt32960" },
    );
  }
  return out;
}

/** The registers' rows from the database (the server's own simulator, or DATABASE_URL). */
export async function fleetRowsFromDatabase(db: Kysely<Database>): Promise<FleetRow[]> {
  const rows = await db
    .selectFrom("vehicle as v")
    .leftJoin("bss_tbox as t", "t.sn", "v.tbox_sn")
    .leftJoin("jsatl_terminal as j", "j.vin", "v.vin")
    .select([
      "v.vin",
      "v.iccid",
      "t.protocol as tboxProtocol",
      "t.terminal_id as terminalId",
      "j.terminal_phone as safetyPhone",
      "j.terminal_id as safetyTerminalId",
    ])
    .orderBy("v.vin")
    .execute();
  return rows.map((r) => ({
    vin: r.vin,
    iccid: r.iccid ?? null,
    tboxProtocol: r.tboxProtocol ?? null,
    terminalId: r.terminalId ?? null,
    safetyPhone: r.safetyPhone ?? null,
    safetyTerminalId: r.safetyTerminalId ?? null,
  }));
}

/** A machine of 机械信息 with a fitted supervision terminal: its PIN and the terminal's card. */
export interface MachineRow {
  readonly pin: string;
  readonly iccid: string | null;
}

/**
 * Simulated non-road machines: the first `count` machines of 机械信息 that carry a supervision
 * terminal (监管终端管理's PIN binding), in PIN order, each an HJ 1322 terminal — the same bytes
 * as HJ 1239 (architecture.md "HJ 1239 codec") on the HJ 1239 port, reporting its PIN where a
 * truck reports its VIN; the gateway knows it from 机械信息 (gateway/machines.ts). They move by
 * the same motion model as the trucks (a working-field model is not written yet).
 */
export function machinesFrom(rows: readonly MachineRow[], count: number): SimFleetVehicle[] {
  return rows
    .slice(0, count)
    .map((r) => ({ vin: r.pin, protocol: "hj1239" as const, ...(r.iccid ? { iccid: r.iccid } : {}) }));
}

/** The machines with a fitted terminal from the database (one row per PIN). */
export async function machineRowsFromDatabase(db: Kysely<Database>): Promise<MachineRow[]> {
  const rows = await db
    .selectFrom("bss_black_box as b")
    .innerJoin("bss_machinery_info as m", (j) =>
      j.onRef("m.tenant_id", "=", "b.tenant_id").onRef("m.vin", "=", "b.machinery_pin"),
    )
    .select(["m.vin as pin", "b.iccid"])
    .orderBy("m.vin")
    .execute();
  const byPin = new Map<string, MachineRow>();
  for (const r of rows) if (!byPin.has(r.pin)) byPin.set(r.pin, { pin: r.pin, iccid: r.iccid });
  return [...byPin.values()];
}
