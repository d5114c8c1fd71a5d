import { chinaDay, type SaleEdit } from "@tsp/domain";
import type { Insertable } from "kysely";
import type { Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { creditCode } from "../seed/identifiers";
import { COMPANIES, person } from "../seed/people";
import type { VehicleSaleTable } from "./tables";
import "../tables";

const DAY = 24 * 3600 * 1000;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const REGIONS = ["440305", "440106", "310115", "110105", "320506", "330106"];

/** A resident ID number (GB 11643) of someone born 1965–2000 in one of the regions, with its check character. */
function idCard(rng: Rng): string {
  const birth = new Date(Date.UTC(rng.int(1965, 2000), rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 10);
  const body = `${rng.pick(REGIONS)}${birth.replaceAll("-", "")}${String(rng.int(1, 999)).padStart(3, "0")}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body.charAt(i)) * (ID_WEIGHTS[i] as number);
  return body + "10X98765432".charAt(sum % 11);
}

/**
 * Retail sales of the vehicles tsp-bss marked sold (about 70%): a selling dealer and, for
 * most, a pick-up point of the vehicle's tenant; individuals (private NEV buyers) and
 * companies (fleets, mostly 营运) with valid certificates; invoice and price; a history entry
 * per sale. Only `rng` and `ctx.now` vary it.
 */
export async function seedVehicleSales(ctx: SeedContext, rng: Rng): Promise<void> {
  const now = ctx.now.getTime();
  const sold = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tenant_id"])
    .where("sold", "=", true)
    .orderBy("vin")
    .execute();
  const dealers = await ctx.db.selectFrom("bss_dealer").select(["code", "tenant_id"]).orderBy("code").execute();
  const pickups = await ctx.db
    .selectFrom("bss_option")
    .select(["code", "tenant_id"])
    .where("kind", "=", "getPickup")
    .orderBy("code")
    .execute();
  const sales: Insertable<VehicleSaleTable>[] = [];
  const logs: {
    tenant_id: number;
    vin: string;
    action: "record";
    reason: null;
    snapshot: string;
    at: number;
    by: string;
    by_name: string;
  }[] = [];
  for (const v of sold) {
    const own = dealers.filter((d) => d.tenant_id === v.tenant_id);
    if (own.length === 0) continue;
    const points = pickups.filter((p) => p.tenant_id === v.tenant_id || p.tenant_id === null);
    const company = rng.next() < 0.45;
    const at = now - rng.int(5, 700) * DAY;
    const e: SaleEdit = {
      vin: v.vin,
      dealerCode: rng.pick(own).code,
      pickupCode: points.length > 0 && rng.next() < 0.8 ? rng.pick(points).code : null,
      buyerType: company ? "company" : "person",
      buyerName: company ? rng.pick(COMPANIES) : person(rng),
      buyerPhone: `1${rng.pick(["38", "39", "58", "86", "77"])}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
      buyerIdNo: company ? creditCode(rng, rng.pick(REGIONS)) : idCard(rng),
      saleDate: chinaDay(at),
      invoiceNo:
        rng.next() < 0.6
          ? String(rng.int(1, 99_999_999)).padStart(8, "0")
          : `25${String(rng.int(0, 999_999_999)).padStart(9, "0")}${String(rng.int(0, 999_999_999)).padStart(9, "0")}`,
      price: Math.round(rng.int(120_000, 900_000) / 100) * 100,
      use: company
        ? rng.next() < 0.8
          ? "operating"
          : "nonOperating"
        : rng.next() < 0.15
          ? "operating"
          : "nonOperating",
      remark: null,
    };
    sales.push({
      vin: e.vin,
      tenant_id: v.tenant_id,
      dealer_code: e.dealerCode,
      pickup_code: e.pickupCode,
      buyer_type: e.buyerType,
      buyer_name: e.buyerName,
      buyer_phone: e.buyerPhone,
      buyer_id_no: e.buyerIdNo,
      sale_date: e.saleDate,
      invoice_no: e.invoiceNo,
      price: e.price,
      use_type: e.use,
      remark: null,
      updated_at: at + 3_600_000,
      update_by: "admin",
      update_name: "系统管理员",
    });
    logs.push({
      tenant_id: v.tenant_id,
      vin: e.vin,
      action: "record",
      reason: null,
      snapshot: JSON.stringify(e),
      at: at + 3_600_000,
      by: "admin",
      by_name: "系统管理员",
    });
  }
  for (let i = 0; i < sales.length; i += 500) {
    await ctx.db
      .insertInto("bss_vehicle_sale")
      .values(sales.slice(i, i + 500))
      .execute();
    await ctx.db
      .insertInto("bss_vehicle_sale_log")
      .values(logs.slice(i, i + 500))
      .execute();
  }
  // A vehicle marked sold without a dealer to have sold it is unsold: the sale register is the truth.
  const recorded = new Set(sales.map((s) => s.vin));
  const unsold = sold.filter((v) => !recorded.has(v.vin)).map((v) => v.vin);
  if (unsold.length > 0) await ctx.db.updateTable("vehicle").set({ sold: false }).where("vin", "in", unsold).execute();
}
