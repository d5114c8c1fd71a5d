import type { Kysely } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { numberedPage, where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { type BodyOf, defineHandler } from "../../defineHandler";
import type { NerGroup } from "../tables";
import { type GroupOp, perGroup } from "./groups";

type LogQuery = BodyOf<"getNerVehicleInfoLog">;

/** The change log of one vehicle's group, optionally of one account (updateBy). */
export function changeLogQuery(
  db: Kysely<Database>,
  tenants: Pick<Principal, "tenantIds">,
  filter: { vin: string; group: NerGroup; updateName?: string | undefined },
) {
  return where(db.selectFrom("ner_change_log"), {
    tenant: ["ner_change_log.tenant_id", tenants],
    filters: (f) => [f.exact("vin", filter.vin), f.exact("grp", filter.group), f.exact("update_by", filter.updateName)],
  });
}

/** The columns of a ChangeLogEntry. */
export const changeLogColumns = (q: ReturnType<typeof changeLogQuery>) =>
  q.select(["id", "vin", "grp", "changes", "update_by", "update_name", "update_time"]);

/** A stored change log row as openapi ChangeLogEntry. */
export function toEntry(r: {
  id: number;
  vin: string;
  grp: NerGroup;
  changes: unknown;
  update_by: string;
  update_name: string;
  update_time: unknown;
}) {
  return {
    id: Number(r.id),
    vin: r.vin,
    group: r.grp,
    changes: typeof r.changes === "string" ? JSON.parse(r.changes) : r.changes,
    updateBy: r.update_by,
    updateName: r.update_name,
    updateTime: Number(r.update_time),
  };
}

/** getNer<Group>InfoLog: a numbered page of one vehicle's changes, newest first (business-areas.md §7 "change logs"). */
const logPage = (group: NerGroup, { body, principal }: { body: LogQuery; principal: Principal }, ctx: AppContext) =>
  numberedPage(
    changeLogQuery(ctx.db, principal, { vin: body.vin, group, updateName: body.updateName }),
    body,
    { order: [["id", "desc"]] },
    changeLogColumns,
    toEntry,
  );

/** getNer<Group>Log by group: one query and answer shape, so one typed handler serves all four. */
export const changeLogHandlers = perGroup("getNer", "Log", (group) =>
  defineHandler<GroupOp<"getNer", "Log">>((input, ctx) => logPage(group, input, ctx)),
);
