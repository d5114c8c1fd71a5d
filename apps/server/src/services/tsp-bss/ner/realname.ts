import { type SqlBool, sql } from "kysely";
import { numberedPage, where } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import "../tables";

type RealnameStatus = DataOf<"getRealnameVinList">["list"][number]["status"];
/** A card without a real-name record is unauthenticated. */
const status = sql<RealnameStatus>`coalesce(rn.status, 'unauthenticated')`;

/**
 * getRealnameVinList: the tenant's vehicles with the real-name state of their bound SIM card
 * (/auth/index).
 */
export const getRealnameVinList = defineHandler<"getRealnameVinList">(async ({ query, principal }, ctx) => {
  const q = where(
    ctx.db
      .selectFrom("vehicle as v")
      .innerJoin("bss_sim_card as sc", "sc.vin", "v.vin")
      .leftJoin("bss_realname as rn", "rn.iccid", "sc.iccid"),
    {
      tenant: ["v.tenant_id", principal],
      filters: (f) => [
        f.contains("v.vin", query.vin),
        query.status ? sql<SqlBool>`${status} = ${query.status}` : undefined,
      ],
    },
  );
  const columns = (s: typeof q) =>
    s.select(["v.vin", "sc.iccid", "sc.msisdn", "rn.owner_name", "rn.owner_type", "rn.auth_time", status.as("status")]);
  return numberedPage(q, query, { order: ["v.vin"] }, columns, (r) => ({
    vin: r.vin,
    iccid: r.iccid,
    msisdn: r.msisdn,
    ownerName: r.owner_name ?? null,
    ownerType: r.owner_type ?? null,
    status: r.status,
    authTime: r.auth_time === null || r.auth_time === undefined ? null : Number(r.auth_time),
  }));
});
