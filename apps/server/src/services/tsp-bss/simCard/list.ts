import { numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { filteredSimCards, selectRecord, toRecord } from "./queries";

/** The list's sort keys (openapi SimCardSortField), each a column. */
export const SIM_CARD_SORTABLE = {
  iccid: "sc.iccid",
  msisdn: "sc.msisdn",
  status: "sc.status",
  activationDate: "sc.activation_date",
  expiryDate: "sc.expiry_date",
  monthUsageMb: "sc.month_usage_mb",
  updatedAt: "sc.updated_at",
} as const;

/** listSimCards: a numbered page of the caller's cards, filtered and sorted by a whitelisted column (ties by ICCID). */
export const listSimCards = defineHandler<"listSimCards">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, sortBy, desc, ...filter } = query;
  const page = await numberedPage(
    filteredSimCards(ctx.db, must(principal).tenantIds, filter),
    { pageNum, pageSize, sortBy, desc },
    { order: ["sc.iccid"], sortable: SIM_CARD_SORTABLE },
    selectRecord,
  );
  return { list: page.list.map(toRecord), total: page.total };
});
