import { numberedPage, where } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import "../tbox/tables";
import "../vehicleSale/tables";
import { briefColumns, byDims, toBrief, type VehicleBaseQuery, type VehicleDims, vehicleBase } from "./vehicleBase";

/** A numbered page of VehicleBriefs, by VIN. */
const briefPage = (q: VehicleBaseQuery, page: { pageNum?: number; pageSize?: number }) =>
  numberedPage(q, page, { order: ["v.vin"] }, briefColumns, toBrief);

/** findVinListByDim: the VIN picker (platform-shell.md §7), paged; asks up to 10000 at once. */
export const findVinListByDim = defineHandler<"findVinListByDim">(async ({ query, principal }, ctx) =>
  briefPage(where(vehicleBase(ctx.db, principal), { filters: byDims(query) }), query),
);

/** findByVin: vehicles whose VIN contains `vin`, paged. */
export const findByVin = defineHandler<"findByVin">(async ({ query, principal }, ctx) =>
  briefPage(where(vehicleBase(ctx.db, principal), { filters: byDims({ vin: query.vin }) }), query),
);

/** getExistVinList: vehicles with an AEBS configuration, by VIN substring, paged. */
export const getExistVinList = defineHandler<"getExistVinList">(async ({ query, principal }, ctx) =>
  briefPage(
    where(vehicleBase(ctx.db, principal), {
      filters: (f) => [f.contains("v.vin", query.vin), f.exact("v.aebs", true)],
    }),
    query,
  ),
);

/**
 * findUnSale: vehicles without a retail sale (the sale register, base info › 实销车辆, is the
 * one source of "sold"), by VIN or plate, paged. Recording a sale takes the VIN out of it.
 */
export const findUnSale = defineHandler<"findUnSale">(async ({ query, principal }, ctx) =>
  briefPage(
    where(vehicleBase(ctx.db, principal), {
      filters: (f) => [f.keyword(["v.vin", "v.plate"], query.keyWords)],
    }).where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("bss_vehicle_sale as s").select("s.vin").whereRef("s.vin", "=", "v.vin"))),
    ),
    query,
  ),
);

/** A page of T-BOX serials (with their vehicle) of the tenant's vehicles matching the filters. */
const snPage = (q: VehicleBaseQuery, page: { pageNum?: number; pageSize?: number }) =>
  numberedPage(
    q.where("v.tbox_sn", "is not", null),
    page,
    { order: ["v.tbox_sn"] },
    (s) => s.select(["v.tbox_sn", "v.vin"]),
    (r) => ({ tboxSn: r.tbox_sn ?? "", vin: r.vin }),
  );

/** findSnListByDim: the T-BOX serial picker — `tboxSn` plus the VIN picker's fields. */
export const findSnListByDim = defineHandler<"findSnListByDim">(async ({ query, principal }, ctx) => {
  const dims: VehicleDims = query;
  const q = where(vehicleBase(ctx.db, principal), {
    filters: (f) => [...byDims(dims)(f), f.contains("v.tbox_sn", query.tboxSn)],
  });
  return snPage(q, query);
});

/**
 * fuzzyFindTboxSn: serial numbers containing `keyWords`, from the T-BOX register (base info ›
 * TBOX数据): every terminal of the caller's tenants, with the vehicle it is bound to or null.
 */
export const fuzzyFindTboxSn = defineHandler<"fuzzyFindTboxSn">(async ({ query, principal }, ctx) =>
  numberedPage(
    where(ctx.db.selectFrom("bss_tbox as t").leftJoin("vehicle as v", "v.tbox_sn", "t.sn"), {
      tenant: ["t.tenant_id", must(principal)],
      filters: (f) => [f.contains("t.sn", query.keyWords)],
    }),
    query,
    { order: ["t.sn"] },
    (s) => s.select(["t.sn", "v.vin"]),
    (r) => ({ tboxSn: r.sn, vin: r.vin ?? null }),
  ),
);

/** fuzzyFindPlates: plates containing `keyWords`, with their vehicle. */
export const fuzzyFindPlates = defineHandler<"fuzzyFindPlates">(async ({ query, principal }, ctx) => {
  const q = where(vehicleBase(ctx.db, principal), { filters: (f) => [f.contains("v.plate", query.keyWords)] });
  return numberedPage(
    q.where("v.plate", "is not", null),
    query,
    { order: ["v.plate"] },
    (s) => s.select(["v.plate", "v.vin"]),
    (r) => ({ plateNo: r.plate ?? "", vin: r.vin }),
  );
});
