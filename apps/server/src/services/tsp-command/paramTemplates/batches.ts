import {
  BATCH_TTL_DEFAULT_S,
  BATCH_VEHICLE_STATE_LABELS,
  type BatchVehicleState,
  batchProgress,
  batchStateOf,
  batchVehiclesProblem,
  encodeParamSet,
  formatDateTimeText,
  type ParamEntry,
  paramSummary,
  RETRYABLE_STATES,
} from "@tsp/domain";
import type { Kysely, Selectable } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { expireCommands, queueCommand } from "../../../gateway/commands/store";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, numberedPage } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { inTenants } from "../../../platform/principal";
import { type DataOf, defineHandler } from "../../defineHandler";
import "../../../gateway/commands/tables";
import "../../tsp-bss/operate/tables";
import type { ParamBatchTable } from "./tables";
import { templateRow } from "./templates";

type Batch = DataOf<"applyParamTemplate">;
const refuse = (field: string, msg: string) => badRequest(msg, [{ field, msg }]);

/**
 * One retry at a time per database: two at once would both see a vehicle failed and queue two
 * commands for it. The reference server is one process (as OTA's progress chain).
 */
const chains = new WeakMap<object, Promise<unknown>>();
function serialised<T>(db: object, work: () => Promise<T>): Promise<T> {
  const next = (chains.get(db) ?? Promise.resolve()).then(work, work);
  chains.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

/** The command states a batch state filter stands for (a wake-up SMS waits as queued). */
const commandStatesOf = (s: BatchVehicleState): string[] => (s === "queued" ? ["queued", "smsSent"] : [s]);

async function toBatches(db: Kysely<Database>, rows: readonly Selectable<ParamBatchTable>[]): Promise<Batch[]> {
  const ids = rows.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .selectFrom("param_batch_vehicle as v")
          .innerJoin("gateway_command as c", "c.id", "v.command_id")
          .select(["v.batch_id", "c.state", (eb) => eb.fn.countAll<number>().as("n")])
          .where("v.batch_id", "in", ids)
          .groupBy(["v.batch_id", "c.state"])
          .execute();
  return rows.map((r) => {
    const progress = batchProgress(
      counts.filter((c) => c.batch_id === r.id).map((c) => ({ state: c.state, n: Number(c.n) })),
    );
    return {
      id: r.id,
      templateId: r.template_id,
      templateName: r.template_name,
      protocol: r.protocol,
      params: JSON.parse(r.params) as ParamEntry[],
      ttlSeconds: r.ttl_s,
      vehicleCount: Object.values(progress).reduce((a, b) => a + b, 0),
      progress,
      createdBy: r.created_by,
      createdAt: Number(r.created_at),
    };
  });
}

async function batchRow(db: Kysely<Database>, id: number, p: Pick<Principal, "tenantIds">) {
  const row = await db
    .selectFrom("param_batch")
    .selectAll()
    .where("id", "=", id)
    .where(inTenants("param_batch.tenant_id", p))
    .executeTakeFirst();
  if (!row) throw notFound("未找到该下发批次");
  return row;
}

async function batchOf(ctx: AppContext, id: number, p: Principal): Promise<Batch> {
  return (await toBatches(ctx.db, [await batchRow(ctx.db, id, p)]))[0] as Batch;
}

/** The listed VINs plus the group's members, each a vehicle of the caller's tenants, with its tenant. */
async function vehiclesOf(
  ctx: AppContext,
  body: { vins?: string[]; groupId?: number },
  p: Principal,
): Promise<{ vin: string; tenantId: number }[]> {
  const vins = new Set(body.vins ?? []);
  if (body.groupId !== undefined) {
    const group = await ctx.db
      .selectFrom("operate_vehicle_group")
      .select("id")
      .where("id", "=", body.groupId)
      .where(inTenants("operate_vehicle_group.tenant_id", p))
      .executeTakeFirst();
    if (!group) throw refuse("groupId", "未找到该车辆分组");
    const members = await ctx.db
      .selectFrom("operate_vehicle_group_member")
      .select("vin")
      .where("group_id", "=", group.id)
      .execute();
    for (const m of members) vins.add(m.vin);
  }
  const problem = batchVehiclesProblem(vins.size);
  if (problem) throw refuse("vins", problem);
  const known = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tenant_id"])
    .where("vin", "in", [...vins])
    .where(inTenants("vehicle.tenant_id", p))
    .execute();
  const tenantOf = new Map(known.map((k) => [k.vin, Number(k.tenant_id)]));
  const unknown = [...vins].filter((v) => !tenantOf.has(v));
  if (unknown.length > 0) {
    const msg = `未找到车辆：${unknown.slice(0, 5).join("、")}${unknown.length > 5 ? ` 等${unknown.length}辆` : ""}`;
    throw refuse("vins", msg);
  }
  return [...vins].toSorted().map((vin) => ({ vin, tenantId: tenantOf.get(vin) as number }));
}

/** applyParamTemplate: a batch with the template's values now, one 0x81 command per vehicle. */
export const applyParamTemplate = defineHandler<"applyParamTemplate">(async ({ body, principal }, ctx) => {
  const template = await templateRow(ctx.db, body.templateId, principal).catch(() => {
    throw refuse("templateId", "未找到该参数模板");
  });
  const params = JSON.parse(template.params) as ParamEntry[];
  const encoded = encodeParamSet({ collectedAt: ctx.now().getTime(), params });
  if (!encoded.ok) throw refuse("templateId", encoded.error.message);
  const targets = await vehiclesOf(ctx, body, principal);
  const ttl = body.ttlSeconds ?? BATCH_TTL_DEFAULT_S;
  const now = ctx.now().getTime();
  const batch = await ctx.db
    .insertInto("param_batch")
    .values({
      tenant_id: principal.tenantId,
      template_id: template.id,
      template_name: template.name,
      protocol: template.protocol,
      params: template.params,
      ttl_s: ttl,
      created_by: principal.username,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Each command is queued (and committed) before its row: the gateway may send it at once.
  for (const v of targets) {
    const cmd = await queueCommand(
      ctx.db,
      {
        tenantId: v.tenantId,
        vin: v.vin,
        kind: "paramSet",
        params: { params },
        sender: principal.username,
        ttlMs: ttl * 1000,
      },
      now,
    );
    await ctx.db
      .insertInto("param_batch_vehicle")
      .values({ batch_id: batch.id, vin: v.vin, command_id: cmd.id })
      .execute();
  }
  return batchOf(ctx, batch.id, principal);
});

/** listParamBatches: newest first, progress counted after the expiry sweep. */
export const listParamBatches = defineHandler<"listParamBatches">(async ({ query, principal }, ctx) => {
  await expireCommands(ctx.db, ctx.now().getTime());
  let q = ctx.db.selectFrom("param_batch").where(inTenants("param_batch.tenant_id", principal));
  if (query.keyword) q = q.where("template_name", "ilike", containsPattern(query.keyword));
  const page = await numberedPage(q, query, { order: [["id", "desc"]] }, (qb) => qb.selectAll());
  return { list: await toBatches(ctx.db, page.list), total: page.total };
});

function vehicles(db: Kysely<Database>, batchId: number, state: BatchVehicleState | undefined) {
  let q = db
    .selectFrom("param_batch_vehicle as v")
    .innerJoin("gateway_command as c", "c.id", "v.command_id")
    .where("v.batch_id", "=", batchId);
  if (state) q = q.where("c.state", "in", commandStatesOf(state) as never);
  return q;
}

const vehicleColumns = [
  "v.vin",
  "v.command_id",
  "v.attempts",
  "c.state",
  "c.reason",
  "c.sent_at",
  "c.finished_at",
] as const;
const nullable = (x: unknown) => (x === null || x === undefined ? null : Number(x));

/** listParamBatchVehicles: by VIN, the newest attempt's command of each. */
export const listParamBatchVehicles = defineHandler<"listParamBatchVehicles">(async ({ query, principal }, ctx) => {
  await batchRow(ctx.db, query.id, principal);
  await expireCommands(ctx.db, ctx.now().getTime());
  const page = await numberedPage(vehicles(ctx.db, query.id, query.state), query, { order: [["v.vin", "asc"]] }, (qb) =>
    qb.select(vehicleColumns),
  );
  return {
    list: page.list.map((r) => ({
      vin: r.vin,
      state: batchStateOf(r.state),
      commandId: Number(r.command_id),
      attempts: r.attempts,
      reason: r.reason,
      sentAt: nullable(r.sent_at),
      finishedAt: nullable(r.finished_at),
    })),
    total: page.total,
  };
});

/** retryParamBatch: a new command for each failed or expired vehicle; 409 when there is none. */
export const retryParamBatch = defineHandler<"retryParamBatch">(async ({ body, principal }, ctx) => {
  const row = await batchRow(ctx.db, body.id, principal);
  const now = ctx.now().getTime();
  const params = JSON.parse(row.params) as ParamEntry[];
  await serialised(ctx.db, async () => {
    await expireCommands(ctx.db, now);
    const failed = await ctx.db
      .selectFrom("param_batch_vehicle as v")
      .innerJoin("gateway_command as c", "c.id", "v.command_id")
      .select(["v.vin", "v.attempts", "c.tenant_id"])
      .where("v.batch_id", "=", row.id)
      .where("c.state", "in", RETRYABLE_STATES as never)
      .orderBy("v.vin")
      .execute();
    if (failed.length === 0) throw conflict("该批次没有失败或过期的车辆");
    for (const v of failed) {
      const cmd = await queueCommand(
        ctx.db,
        {
          tenantId: Number(v.tenant_id),
          vin: v.vin,
          kind: "paramSet",
          params: { params },
          sender: principal.username,
          ttlMs: row.ttl_s * 1000,
        },
        now,
      );
      await ctx.db
        .updateTable("param_batch_vehicle")
        .set({ command_id: cmd.id, attempts: v.attempts + 1 })
        .where("batch_id", "=", row.id)
        .where("vin", "=", v.vin)
        .execute();
    }
  });
  return batchOf(ctx, row.id, principal);
});

interface ExportFilter {
  id: number;
  state?: BatchVehicleState;
}
const BATCH = 500;

/** The batch's vehicles as rows of the export (the parameters sent on every row, for the file to stand alone). */
export const batchVehicleExporter: ExportSheet = {
  title: "终端参数下发",
  columns: [
    { header: "批次", key: "batch", width: 8 },
    { header: "模板", key: "template", width: 20 },
    { header: "VIN", key: "vin", width: 22 },
    { header: "状态", key: "state", width: 10 },
    { header: "次数", key: "attempts", width: 6 },
    { header: "原因", key: "reason", width: 30 },
    { header: "下发时间", key: "sentAt", width: 20 },
    { header: "完成时间", key: "finishedAt", width: 20 },
    { header: "参数", key: "params", width: 50 },
  ],
  total: (job, ctx) => {
    const f = job.params as unknown as ExportFilter;
    return countOf(vehicles(ctx.db, f.id, f.state));
  },
  async *rows(job, ctx) {
    const f = job.params as unknown as ExportFilter;
    const batch = await ctx.db.selectFrom("param_batch").selectAll().where("id", "=", f.id).executeTakeFirstOrThrow();
    const params = (JSON.parse(batch.params) as ParamEntry[]).map(paramSummary).join("；");
    for (let offset = 0; ; offset += BATCH) {
      const rows = await vehicles(ctx.db, f.id, f.state)
        .select(vehicleColumns)
        .orderBy("v.vin")
        .limit(BATCH)
        .offset(offset)
        .execute();
      yield rows.map((r) => ({
        batch: batch.id,
        template: batch.template_name,
        vin: r.vin,
        state: BATCH_VEHICLE_STATE_LABELS[batchStateOf(r.state)],
        attempts: r.attempts,
        reason: r.reason ?? "",
        sentAt: r.sent_at === null ? "" : formatDateTimeText(Number(r.sent_at)),
        finishedAt: r.finished_at === null ? "" : formatDateTimeText(Number(r.finished_at)),
        params,
      }));
      if (rows.length < BATCH) return;
    }
  },
};

/** exportParamBatchVehicles: an export task of the batch's vehicles under the state filter. */
export const exportParamBatchVehicles = defineHandler<"exportParamBatchVehicles">(async ({ query, principal }, ctx) => {
  await batchRow(ctx.db, query.id, principal);
  await expireCommands(ctx.db, ctx.now().getTime());
  const params: ExportFilter = { id: query.id, ...(query.state ? { state: query.state } : {}) };
  return ok(await ctx.exports.submit(principal, "exportParamBatchVehicles", { ...params }), EXPORT_SUBMITTED_MSG);
});
