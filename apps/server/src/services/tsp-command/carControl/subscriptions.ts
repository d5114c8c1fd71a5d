import {
  checkRecord,
  EXPIRING_DAYS,
  formatDateTimeText,
  parseDay,
  REMOTE_GROUP_LABELS,
  type RemoteGroup,
  remoteServiceProblem,
  renewedEnd,
  SUBSCRIPTION_STATE_LABELS,
  type SubscriptionState,
  subscriptionPeriod,
  subscriptionState,
} from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import * as v from "valibot";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { ApiError, badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, numberedPage } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { inTenants } from "../../../platform/principal";
import { type DataOf, defineHandler } from "../../defineHandler";
import { actorOf } from "../../tsp-bss/actor";
import "./tables";

type Subscription = DataOf<"addCarControlSubscription">;
const DAY = 86_400_000;

export interface SubscriptionFilter {
  vin?: string;
  packageId?: number;
  state?: SubscriptionState;
}

/** The SQL of the domain's `subscriptionState` at `now` for one state. */
function stateSql(state: SubscriptionState, now: number) {
  const soon = now + EXPIRING_DAYS * DAY;
  switch (state) {
    case "stopped":
      return sql<boolean>`s.stopped_at is not null`;
    case "pending":
      return sql<boolean>`s.stopped_at is null and s.valid_from > ${now}`;
    case "expired":
      return sql<boolean>`s.stopped_at is null and s.valid_from <= ${now} and s.valid_to <= ${now}`;
    case "expiring":
      return sql<boolean>`s.stopped_at is null and s.valid_from <= ${now} and s.valid_to > ${now} and s.valid_to <= ${soon}`;
    case "active":
      return sql<boolean>`s.stopped_at is null and s.valid_from <= ${now} and s.valid_to > ${soon}`;
  }
}

/** Subscriptions of the tenants under the filter, joined to their package and vehicle. */
function filtered(db: Kysely<Database>, tenantIds: readonly number[], f: SubscriptionFilter, now: number) {
  let q = db
    .selectFrom("ccs_subscription as s")
    .innerJoin("ccs_package as p", "p.id", "s.package_id")
    .leftJoin("vehicle as veh", "veh.vin", "s.vin")
    .where(inTenants("s.tenant_id", { tenantIds }));
  if (f.vin) q = q.where("s.vin", "ilike", containsPattern(f.vin));
  if (f.packageId !== undefined) q = q.where("s.package_id", "=", f.packageId);
  if (f.state) q = q.where(stateSql(f.state, now));
  return q;
}

const columns = (q: ReturnType<typeof filtered>) =>
  q.select([
    "s.id",
    "s.vin",
    "veh.plate as plate_no",
    "s.package_id",
    "p.name as package_name",
    "p.groups",
    "s.valid_from",
    "s.valid_to",
    "s.stopped_at",
    "s.stopped_by",
    "s.updated_by",
    "s.updated_at",
  ]);
type Row = Awaited<ReturnType<ReturnType<typeof columns>["executeTakeFirstOrThrow"]>>;

function toSubscription(r: Row, now: number): Subscription {
  const s = {
    validFrom: Number(r.valid_from),
    validTo: Number(r.valid_to),
    stoppedAt: r.stopped_at === null ? null : Number(r.stopped_at),
  };
  return {
    id: r.id,
    vin: r.vin,
    plateNo: r.plate_no ?? null,
    packageId: r.package_id,
    packageName: r.package_name,
    groups: r.groups,
    ...s,
    state: subscriptionState(s, now),
    stoppedBy: r.stopped_by,
    updatedBy: r.updated_by,
    updatedAt: Number(r.updated_at),
  };
}

export const listCarControlSubscriptions = defineHandler<"listCarControlSubscriptions">(
  async ({ query, principal }, ctx) => {
    const now = ctx.now().getTime();
    const page = await numberedPage(
      filtered(ctx.db, principal.tenantIds, query, now),
      query,
      {
        order: [
          ["s.valid_to", "asc"],
          ["s.vin", "asc"],
        ],
      },
      columns,
    );
    return { list: page.list.map((r) => toSubscription(r, now)), total: page.total };
  },
);

async function subscriptionOf(ctx: AppContext, p: Principal, id: number): Promise<Subscription> {
  const row = await columns(filtered(ctx.db, p.tenantIds, {}, 0).where("s.id", "=", id)).executeTakeFirst();
  if (!row) throw notFound("未找到该车控服务订阅");
  return toSubscription(row, ctx.now().getTime());
}

/** Why a vehicle may not be subscribed (an answer per row of the import), or the written subscription. */
export async function subscribe(
  ctx: AppContext,
  p: Principal,
  input: { vin: string; packageId?: number; packageName?: string; startDay: number },
  updatedBy: string,
): Promise<{ ok: true; id: number } | { ok: false; status: 400 | 404 | 409; field: string; msg: string }> {
  const now = ctx.now().getTime();
  const vehicle = await ctx.db
    .selectFrom("vehicle")
    .select("tenant_id")
    .where("vin", "=", input.vin)
    .where(inTenants("vehicle.tenant_id", p))
    .executeTakeFirst();
  if (!vehicle) return { ok: false, status: 400, field: "vin", msg: "未找到该VIN的车辆" };
  let pq = ctx.db.selectFrom("ccs_package").select(["id", "validity_months"]).where(inTenants("tenant_id", p));
  pq =
    input.packageId !== undefined
      ? pq.where("id", "=", input.packageId)
      : pq.where("name", "=", input.packageName ?? "");
  const pkg = await pq.executeTakeFirst();
  if (!pkg)
    return input.packageId !== undefined
      ? { ok: false, status: 404, field: "packageId", msg: "服务包不存在" }
      : { ok: false, status: 400, field: "packageName", msg: `服务包“${input.packageName ?? ""}”不存在` };
  const current = await ctx.db
    .selectFrom("ccs_subscription")
    .select(["id", "valid_from", "valid_to", "stopped_at"])
    .where("vin", "=", input.vin)
    .executeTakeFirst();
  if (current) {
    const state = subscriptionState(
      {
        validFrom: Number(current.valid_from),
        validTo: Number(current.valid_to),
        stoppedAt: current.stopped_at === null ? null : Number(current.stopped_at),
      },
      now,
    );
    if (state !== "expired" && state !== "stopped")
      return {
        ok: false,
        status: 409,
        field: "vin",
        msg: `该车辆已有${SUBSCRIPTION_STATE_LABELS[state]}的车控服务，请续期或先停用`,
      };
  }
  const period = subscriptionPeriod(input.startDay, pkg.validity_months);
  const row = {
    tenant_id: vehicle.tenant_id,
    package_id: pkg.id,
    valid_from: period.validFrom,
    valid_to: period.validTo,
    stopped_at: null,
    stopped_by: null,
    updated_by: updatedBy,
    updated_at: now,
  };
  const saved = await ctx.db
    .insertInto("ccs_subscription")
    .values({ ...row, vin: input.vin })
    .onConflict((oc) => oc.column("vin").doUpdateSet(row))
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id: saved.id };
}

const StartDate = v.object({ startDate: v.optional(v.string()) });

/** addCarControlSubscription: from the start day (today when absent) for the package's months. */
export const addCarControlSubscription = defineHandler<"addCarControlSubscription">(
  async ({ body, principal }, ctx) => {
    const checked = checkRecord(StartDate, body);
    const text = checked.ok ? (checked.value.startDate ?? "").trim() : "";
    const startDay = text === "" ? ctx.now().getTime() : parseDay(text);
    if (startDay === null)
      throw badRequest("开始日期须为 yyyy-MM-dd 格式的日期", [
        { field: "startDate", msg: "开始日期须为 yyyy-MM-dd 格式的日期" },
      ]);
    const actor = await actorOf(principal, ctx);
    const r = await subscribe(ctx, principal, { vin: body.vin, packageId: body.packageId, startDay }, actor.updateName);
    if (!r.ok) throw new ApiError(r.status, r.msg, [{ field: r.field, msg: r.msg }]);
    return ok(await subscriptionOf(ctx, principal, r.id), "已开通");
  },
);

/** renewCarControlSubscription: the package's months after the end (or after today once ended). */
export const renewCarControlSubscription = defineHandler<"renewCarControlSubscription">(
  async ({ body, principal }, ctx) => {
    const now = ctx.now().getTime();
    const s = await subscriptionOf(ctx, principal, body.id);
    const pkg = await ctx.db
      .selectFrom("ccs_package")
      .select("validity_months")
      .where("id", "=", s.packageId)
      .executeTakeFirstOrThrow();
    const end = renewedEnd(s, pkg.validity_months, now);
    if (end === null) throw conflict("已停用的车控服务不能续期，请重新开通");
    const actor = await actorOf(principal, ctx);
    await ctx.db
      .updateTable("ccs_subscription")
      .set({ valid_to: end, updated_by: actor.updateName, updated_at: now })
      .where("id", "=", s.id)
      .execute();
    return ok(await subscriptionOf(ctx, principal, s.id), "已续期");
  },
);

/** stopCarControlSubscription: now; the vehicle's remote-control commands are refused from here on. */
export const stopCarControlSubscription = defineHandler<"stopCarControlSubscription">(
  async ({ body, principal }, ctx) => {
    const now = ctx.now().getTime();
    const s = await subscriptionOf(ctx, principal, body.id);
    if (s.stoppedAt !== null) throw conflict("该车控服务已停用");
    const actor = await actorOf(principal, ctx);
    await ctx.db
      .updateTable("ccs_subscription")
      .set({ stopped_at: now, stopped_by: actor.updateName, updated_by: actor.updateName, updated_at: now })
      .where("id", "=", s.id)
      .where("stopped_at", "is", null)
      .execute();
    return ok(await subscriptionOf(ctx, principal, s.id), "已停用");
  },
);

/**
 * The enforcement of 车控服务 in the remote-control send path: why a command of `group` may not
 * go to the VIN now (its subscription with its package's groups, by the domain's rule), or undefined.
 */
export async function remoteServiceCheck(db: Kysely<Database>, vin: string, group: RemoteGroup, now: number) {
  const row = await db
    .selectFrom("ccs_subscription as s")
    .innerJoin("ccs_package as p", "p.id", "s.package_id")
    .select(["s.valid_from", "s.valid_to", "s.stopped_at", "p.groups"])
    .where("s.vin", "=", vin)
    .executeTakeFirst();
  const sub =
    row === undefined
      ? null
      : {
          validFrom: Number(row.valid_from),
          validTo: Number(row.valid_to),
          stoppedAt: row.stopped_at === null ? null : Number(row.stopped_at),
          groups: row.groups,
        };
  return remoteServiceProblem(sub, group, now);
}

const BATCH = 1000;
const dateText = (at: number) => formatDateTimeText(at).slice(0, 10);

export const subscriptionExporter: ExportSheet = {
  title: "车控服务订阅",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "车牌号", key: "plateNo", width: 12 },
    { header: "服务包", key: "packageName", width: 16 },
    { header: "车控服务", key: "groups", width: 30 },
    { header: "开始日期", key: "validFrom", width: 12 },
    { header: "到期日期", key: "validTo", width: 12 },
    { header: "状态", key: "state", width: 10 },
    { header: "停用人", key: "stoppedBy", width: 10 },
    { header: "更新人", key: "updatedBy", width: 10 },
  ],
  total: (job, ctx) =>
    countOf(
      filtered(ctx.db, job.tenantIds, job.params as SubscriptionFilter, Number((job.params as { now: number }).now)),
    ),
  async *rows(job, ctx) {
    const now = Number((job.params as { now: number }).now);
    for (let offset = 0; ; offset += BATCH) {
      const rows = await columns(filtered(ctx.db, job.tenantIds, job.params as SubscriptionFilter, now))
        .orderBy("s.valid_to")
        .orderBy("s.vin")
        .limit(BATCH)
        .offset(offset)
        .execute();
      yield rows.map((r) => {
        const s = toSubscription(r, now);
        return {
          vin: s.vin,
          plateNo: s.plateNo ?? "",
          packageName: s.packageName,
          groups: s.groups.map((g) => REMOTE_GROUP_LABELS[g]).join("、"),
          validFrom: dateText(s.validFrom),
          // The last day in force (the end is exclusive).
          validTo: dateText(s.validTo - 1),
          state: SUBSCRIPTION_STATE_LABELS[s.state],
          stoppedBy: s.stoppedBy ?? "",
          updatedBy: s.updatedBy,
        };
      });
      if (rows.length < BATCH) return;
    }
  },
};

/** exportCarControlSubscriptions: an export task of the list's filters, states at the time of submission. */
export const exportCarControlSubscriptions = defineHandler<"exportCarControlSubscriptions">(
  async ({ query, principal }, ctx) => {
    const params: SubscriptionFilter & { now: number } = { now: ctx.now().getTime() };
    if (query.vin) params.vin = query.vin;
    if (query.packageId !== undefined) params.packageId = query.packageId;
    if (query.state) params.state = query.state;
    return ok(
      await ctx.exports.submit(principal, "exportCarControlSubscriptions", { ...params }),
      EXPORT_SUBMITTED_MSG,
    );
  },
);
