import { sql } from "kysely";
import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { must } from "../actor";
import { containsPattern, limitOffset, textParam } from "../paging";
import "../tables";

/**
 * getRealnameVinList: the tenant's vehicles with the real-name state of their bound SIM card
 * (/auth/index); a card without a record is unauthenticated.
 */
export const getRealnameVinList: Handler = async ({ query, principal }, ctx) => {
  const status = sql<string>`coalesce(rn.status, 'unauthenticated')`;
  let q = ctx.db
    .selectFrom("vehicle as v")
    .innerJoin("bss_sim_card as sc", "sc.vin", "v.vin")
    .leftJoin("bss_realname as rn", "rn.iccid", "sc.iccid")
    .where(inTenants("v.tenant_id", must(principal)));
  const vin = textParam(query.vin);
  if (vin) q = q.where("v.vin", "ilike", containsPattern(vin));
  const wanted = textParam(query.status);
  if (wanted) q = q.where(sql<boolean>`${status} = ${wanted}`);
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  const count = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select(["v.vin", "sc.iccid", "sc.msisdn", "rn.owner_name", "rn.owner_type", "rn.auth_time", status.as("status")])
    .orderBy("v.vin")
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    list: rows.map((r) => ({
      vin: r.vin,
      iccid: r.iccid,
      msisdn: r.msisdn,
      ownerName: r.owner_name ?? null,
      ownerType: r.owner_type ?? null,
      status: r.status,
      authTime: r.auth_time === null || r.auth_time === undefined ? null : Number(r.auth_time),
    })),
    total: Number(count.n),
  };
};
