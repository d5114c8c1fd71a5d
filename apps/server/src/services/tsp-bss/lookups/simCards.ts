import { inTenants } from "../../../platform/principal";
import type { Handler, HandlerInput } from "../../types";
import { must } from "../actor";
import { containsPattern, limitOffset, textParam } from "../paging";
import "../tables";

/** The tenant's SIM cards by ICCID substring, paged; `unboundOnly` keeps the free ones. */
async function simPage({ query, principal }: HandlerInput, ctx: Parameters<Handler>[1], unboundOnly: boolean) {
  let q = ctx.db.selectFrom("bss_sim_card").where(inTenants("bss_sim_card.tenant_id", must(principal)));
  const iccid = textParam(query.iccid);
  if (iccid) q = q.where("iccid", "ilike", containsPattern(iccid));
  if (unboundOnly) q = q.where("vin", "is", null);
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  const count = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select(["iccid", "msisdn", "carrier", "vin"])
    .orderBy("iccid")
    .limit(limit)
    .offset(offset)
    .execute();
  return { list: rows, total: Number(count.n) };
}

/** findUnBoundIccid: SIM cards free to bind. */
export const findUnBoundIccid: Handler = (input, ctx) => simPage(input, ctx, true);

/** findAllIccid: every SIM card of the tenant, bound or not. */
export const findAllIccid: Handler = (input, ctx) => simPage(input, ctx, false);

/** findIccidList: the ICCID picker — ICCIDs with the vehicle each is bound to. */
export const findIccidList: Handler = async (input, ctx) => {
  const page = await simPage(input, ctx, false);
  return { list: page.list.map((r) => ({ iccid: r.iccid, vin: r.vin })), total: page.total };
};
