import { maskSaleIdNo, type SaleEdit } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { DataOf, QueryOf } from "../../defineHandler";
import "../tables";
import "./tables";

export type SaleRecord = DataOf<"listVehicleSales">["list"][number];
export type SaleFilter = QueryOf<"exportVehicleSales">;
export const MSG_SALE_RANGE_REVERSED = "结束日期不能早于开始日期";

/** Sales with their vehicle, dealer and pick-up point names (dealers read by code only). */
export function saleBase(db: Kysely<Database>) {
  return db
    .selectFrom("bss_vehicle_sale as s")
    .innerJoin("vehicle as v", "v.vin", "s.vin")
    .leftJoin("bss_dealer as d", "d.code", "s.dealer_code")
    .leftJoin("bss_option as pk", (j) => j.onRef("pk.code", "=", "s.pickup_code").on("pk.kind", "=", "getPickup"));
}
type Base = ReturnType<typeof saleBase>;

export function filteredSales(db: Kysely<Database>, tenantIds: readonly number[], f: SaleFilter): Base {
  if (f.saleDateStart && f.saleDateEnd && f.saleDateStart > f.saleDateEnd)
    throw badRequest(MSG_SALE_RANGE_REVERSED, [{ field: "saleDateEnd", msg: MSG_SALE_RANGE_REVERSED }]);
  return where(saleBase(db), {
    tenant: ["s.tenant_id", { tenantIds }],
    filters: (x) => [
      x.contains("s.vin", f.vin),
      x.exact("s.dealer_code", f.dealerCode),
      x.exact("s.pickup_code", f.pickupCode),
      x.contains("s.buyer_name", f.buyerName),
      x.exact("s.buyer_type", f.buyerType),
      x.exact("s.use_type", f.use),
      x.contains("s.invoice_no", f.invoiceNo),
      f.saleDateStart ? sql<SqlBool>`s.sale_date >= ${f.saleDateStart}` : undefined,
      f.saleDateEnd ? sql<SqlBool>`s.sale_date <= ${f.saleDateEnd}` : undefined,
    ],
  });
}

export function selectRecord(q: Base) {
  return q.select([
    "s.vin",
    "v.plate",
    "s.dealer_code",
    "d.name as dealer_name",
    "s.pickup_code",
    "pk.name as pickup_name",
    "s.buyer_type",
    "s.buyer_name",
    "s.buyer_phone",
    "s.buyer_id_no",
    "s.sale_date",
    "s.invoice_no",
    "s.price",
    "s.use_type",
    "s.remark",
    "s.updated_at",
    "s.update_name",
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRecord>["executeTakeFirstOrThrow"]>>;

/** A sale as the list answers it: the buyer's certificate masked (the detail shows it whole to an editor). */
export function toRecord(r: Row, whole = false): SaleRecord {
  return {
    vin: r.vin,
    plateNo: r.plate ?? null,
    dealerCode: r.dealer_code,
    dealerName: r.dealer_name ?? r.dealer_code,
    pickupCode: r.pickup_code,
    pickupName: r.pickup_name ?? r.pickup_code,
    buyerType: r.buyer_type,
    buyerName: r.buyer_name,
    buyerPhone: r.buyer_phone,
    buyerIdNo: whole ? r.buyer_id_no : maskSaleIdNo(r.buyer_id_no),
    saleDate: r.sale_date,
    invoiceNo: r.invoice_no,
    price: Number(r.price),
    use: r.use_type,
    remark: r.remark,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

export async function readSale(db: Kysely<Database>, tenantIds: readonly number[], vin: string, whole = false) {
  const row = await selectRecord(filteredSales(db, tenantIds, {}))
    .where("s.vin", "=", vin)
    .executeTakeFirst();
  if (!row) throw notFound("实销记录不存在");
  return toRecord(row, whole);
}

export const columnsOf = (e: SaleEdit) => ({
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
  remark: e.remark,
});
