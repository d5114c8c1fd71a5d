import { maskRealnameOwner } from "@tsp/domain";
import { type NotNull, type SqlBool, sql } from "kysely";
import { numberedPage, where } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import { vehicleBase } from "../lookups/vehicleBase";
import "../tables";

type RealnameStatus = DataOf<"getRealnameVinList">["list"][number]["status"];
/** A card without a real-name record is unauthenticated. */
const status = sql<RealnameStatus>`coalesce(rn.status, 'unauthenticated')`;

/**
 * getRealnameVinList: the tenant's vehicles with the real-name state of their bound SIM card
 * (/auth/index).
 */
export const getRealnameVinList = defineHandler<"getRealnameVinList">(async ({ query, principal }, ctx) => {
  // The tenant's vehicles with a bound card (vehicleBase joins the card) and its real-name record, if any.
  const cards = vehicleBase(ctx.db, principal).leftJoin("bss_realname as rn", "rn.iccid", "sc.iccid");
  const q = where(cards.where("sc.iccid", "is not", null), {
    filters: (f) => [
      f.contains("v.vin", query.vin),
      query.status ? sql<SqlBool>`${status} = ${query.status}` : undefined,
    ],
  });
  const columns = (s: typeof q) =>
    s
      .select(["v.vin", "sc.iccid", "sc.msisdn", "rn.owner_name", "rn.owner_type", "rn.auth_time", status.as("status")])
      .$narrowType<{ iccid: NotNull }>(); // only vehicles with a bound card (the where above)
  return numberedPage(q, query, { order: ["v.vin"] }, columns, (r) => ({
    vin: r.vin,
    iccid: r.iccid,
    msisdn: r.msisdn,
    // Stored whole for the reviewer; a list shows an individual masked (PIPL).
    ownerName: r.owner_name && r.owner_type ? maskRealnameOwner(r.owner_name, r.owner_type) : (r.owner_name ?? null),
    ownerType: r.owner_type ?? null,
    status: r.status,
    authTime: r.auth_time === null || r.auth_time === undefined ? null : Number(r.auth_time),
  }));
});
