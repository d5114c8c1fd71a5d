import type { AppContext } from "../../../context";
import { numberedPage, type PageRequest, where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import "../tables";

/** The tenant's SIM cards by ICCID substring, paged; `unboundOnly` keeps the free ones. */
function simPage(
  query: PageRequest & { iccid?: string | undefined },
  principal: Principal,
  ctx: AppContext,
  unboundOnly: boolean,
) {
  const q = where(ctx.db.selectFrom("bss_sim_card"), {
    tenant: ["bss_sim_card.tenant_id", principal],
    filters: (f) => [f.contains("iccid", query.iccid), f.isNull("vin", unboundOnly)],
  });
  return numberedPage(q, query, { order: ["iccid"] }, (s) => s.select(["iccid", "msisdn", "carrier", "vin"]));
}

/** findUnBoundIccid: SIM cards free to bind. */
export const findUnBoundIccid = defineHandler<"findUnBoundIccid">(({ query, principal }, ctx) =>
  simPage(query, principal, ctx, true),
);

/** findAllIccid: every SIM card of the tenant, bound or not. */
export const findAllIccid = defineHandler<"findAllIccid">(({ query, principal }, ctx) =>
  simPage(query, principal, ctx, false),
);

/** findIccidList: the ICCID picker — ICCIDs with the vehicle each is bound to. */
export const findIccidList = defineHandler<"findIccidList">(async ({ query, principal }, ctx) => {
  const page = await simPage(query, principal, ctx, false);
  return { list: page.list.map((r) => ({ iccid: r.iccid, vin: r.vin })), total: page.total };
});
