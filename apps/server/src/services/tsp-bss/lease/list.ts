import { chinaDay } from "@tsp/domain";
import { numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { filteredLeases, selectLease, toLease } from "./queries";

/** listLeaseContracts: a numbered page of the caller's contracts, latest start first (ties by number). */
export const listLeaseContracts = defineHandler<"listLeaseContracts">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const today = chinaDay(ctx.now().getTime());
  const page = await numberedPage(
    filteredLeases(ctx.db, must(principal).tenantIds, filter, today),
    { pageNum, pageSize },
    { order: [["c.start_date", "desc"], "c.contract_no"] },
    selectLease(must(principal).tenantIds),
  );
  return { list: page.list.map((r) => toLease(r, today)), total: page.total };
});
