import { chinaDay, luhnCheckDigit, type TboxProtocol, type TboxState } from "@tsp/domain";
import type { Insertable } from "kysely";
import type { Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import type { TboxTable } from "./tables";
import "../simCard/tables";

const DAY = 24 * 3600 * 1000;
/** Per provider (the serial prefixes of tsp-bss's vehicle seed): its catalogue model and the protocols its terminals speak. */
const BY_PREFIX: Record<string, { provider: string; model: string; protocols: readonly TboxProtocol[] }> = {
  HW: { provider: "HUAWEI", model: "HW-TBOX-M5", protocols: ["GBT32960", "GBT32960", "HJ1239"] },
  YX: { provider: "YAXON", model: "YX-T808-4G", protocols: ["JTT808", "JTT808", "GBT32960"] },
  QT: { provider: "QUECTEL", model: "QT-AG35-T", protocols: ["GBT32960", "HJ1239"] },
  NV: { provider: "NAVINFO", model: "NV-TB200", protocols: ["GBT32960", "JTT808"] },
};
const PREFIXES = Object.keys(BY_PREFIX);
/** Stock terminals per tenant: a factory delivery not yet fitted (most unregistered, a few registered on the bench or retired). */
const STOCK_PER_TENANT = 12;
const STOCK_STATES: readonly TboxState[] = [
  "unregistered",
  "unregistered",
  "unregistered",
  "registered",
  "deregistered",
];
const SEEDER = { update_by: "admin", update_name: "系统管理员" };

const imeiOf = (n: number) => {
  const body = `86${String(100_000_000_000 + n).slice(-12)}`;
  return body + luhnCheckDigit(body);
};
const authCodeOf = (rng: Rng) => Array.from({ length: 16 }, () => "0123456789ABCDEF".charAt(rng.int(0, 15))).join("");

/**
 * The T-BOX register from tsp-bss's vehicles: every vehicle's terminal (its serial and card as
 * the vehicle row has them, activated) and a stock of unfitted terminals per tenant, some with
 * a free test-period or active card from the SIM register. Only `rng` and `ctx.now` vary it.
 */
export async function seedTboxes(ctx: SeedContext, rng: Rng): Promise<void> {
  const now = ctx.now.getTime();
  const vehicles = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tenant_id", "tbox_sn", "iccid"])
    .where("tbox_sn", "is not", null)
    .orderBy("vin")
    .execute();
  const rows: Insertable<TboxTable>[] = [];
  let n = 0;
  const terminal = (sn: string, tenant: number, prefix: string, state: TboxState, iccid: string | null) => {
    const kind = BY_PREFIX[prefix] ?? (BY_PREFIX.HW as (typeof BY_PREFIX)[string]);
    const protocol = rng.pick(kind.protocols);
    const is808 = protocol === "JTT808";
    const touched = rng.next() < 0.3;
    rows.push({
      sn,
      tenant_id: tenant,
      model: kind.model,
      provider: kind.provider,
      protocol,
      hardware_version:
        protocol === "GBT32960" ? `H${rng.int(1, 3)}.${rng.int(0, 9)}` : `HW${rng.int(1, 3)}.${rng.int(0, 9)}.0`,
      firmware_version:
        protocol === "GBT32960"
          ? `V${rng.int(1, 3)}.${rng.int(10, 99)}`
          : `FW${rng.int(1, 5)}.${rng.int(0, 20)}.${rng.int(0, 9)}`,
      imei: imeiOf(n++),
      // The login of GB/T 32960 and HJ 1239 carries the card: a registered terminal of theirs has one.
      iccid: iccid,
      terminal_id: is808 ? `T${String(1_000_000 + n).slice(-6)}${prefix}` : null,
      auth_code: is808 && state !== "unregistered" ? authCodeOf(rng) : null,
      state,
      production_date: chinaDay(now - rng.int(30, 900) * DAY),
      remark: state === "deregistered" ? rng.pick(["返厂维修后报废", "车辆报废，终端注销"]) : null,
      updated_at: touched ? now - rng.int(1, 90) * DAY : 0,
      update_by: touched ? SEEDER.update_by : null,
      update_name: touched ? SEEDER.update_name : null,
    });
  };
  for (const v of vehicles)
    terminal(v.tbox_sn as string, v.tenant_id, (v.tbox_sn as string).slice(0, 2), "activated", v.iccid);
  const tenants = [...new Set(vehicles.map((v) => v.tenant_id))].toSorted((a, b) => a - b);
  for (const tenant of tenants) {
    // Free cards a bench-registered terminal may carry (test period or active, on no vehicle).
    const spare = await ctx.db
      .selectFrom("bss_sim_card")
      .select("iccid")
      .where("tenant_id", "=", tenant)
      .where("vin", "is", null)
      .where("status", "in", ["testing", "active"])
      .orderBy("iccid")
      .execute();
    for (let i = 0; i < STOCK_PER_TENANT; i++) {
      const prefix = PREFIXES[i % PREFIXES.length] as string;
      const state = STOCK_STATES[i % STOCK_STATES.length] as TboxState;
      const card = state === "registered" ? (spare.shift()?.iccid ?? null) : null;
      // A registered terminal without a card can only be a JT/T 808 one; it stays unregistered otherwise.
      terminal(
        `${prefix}S${tenant}${String(9_000 + i).padStart(6, "0")}`,
        tenant,
        prefix,
        card || state !== "registered" ? state : "unregistered",
        card,
      );
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto("bss_tbox")
      .values(rows.slice(i, i + 500))
      .execute();
}
