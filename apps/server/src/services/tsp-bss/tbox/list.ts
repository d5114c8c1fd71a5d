import { numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { filteredTboxes, selectRecord, toRecord } from "./queries";

/** listTboxes: a numbered page of the caller's terminals by serial. */
export const listTboxes = defineHandler<"listTboxes">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const page = await numberedPage(
    filteredTboxes(ctx.db, must(principal).tenantIds, filter),
    { pageNum, pageSize },
    { order: ["t.sn"] },
    selectRecord,
  );
  return { list: page.list.map(toRecord), total: page.total };
});
