import { ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { defineHandler } from "../../defineHandler";
import { chinaDate } from "../../tsp-hbase-proxy/exporters";
import { reliabilityQuery, reliabilityStats } from "./stats";

/** listMachineryReliability: the test's machines judged, the breakdown and the total. */
export const listMachineryReliability = defineHandler<"listMachineryReliability">(async ({ query, principal }, ctx) =>
  reliabilityStats(ctx, principal.tenantIds, reliabilityQuery(query)),
);

export const RELIABILITY_TEST_TITLE = "农机可靠性试验统计";

/** exportMachineryReliability: queues the .xlsx of the breakdown and the machines' verdicts. */
export const exportMachineryReliability = defineHandler<"exportMachineryReliability">(
  async ({ query, principal }, ctx) => {
    const q = reliabilityQuery(query);
    const name = `${RELIABILITY_TEST_TITLE}_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
    const task = await ctx.exports.submit(principal, "exportMachineryReliability", { ...q }, name);
    return ok(task, EXPORT_SUBMITTED_MSG);
  },
);
