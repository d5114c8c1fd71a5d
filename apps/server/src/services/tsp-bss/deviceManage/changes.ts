import {
  DEVICE_CHANGE_KIND_INFO,
  DEVICE_CHANGE_REASON_LABELS,
  DEVICE_CHANGE_STATE_LABELS,
  deviceChangeReviewProblem,
  formatDateTimeText,
  MSG_DEVICE_CHANGE_VEHICLE_NOT_FOUND,
  msgDeviceChangeNotPending,
} from "@tsp/domain";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches, numberedPage } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { applyChange, loadChangeFacts, refuse } from "./facts";
import { type DeviceChangeFilter, filteredChanges, mustHoldKind, readChange, selectChange, toChange } from "./queries";

/** listDeviceChanges: a numbered page of one kind's records, newest application first. */
export const listDeviceChanges = defineHandler<"listDeviceChanges">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const p = must(principal);
  return numberedPage(
    filteredChanges(ctx.db, p.tenantIds, filter),
    { pageNum, pageSize },
    {
      order: [
        ["c.applied_at", "desc"],
        ["c.id", "desc"],
      ],
    },
    selectChange,
    toChange,
  );
});

export const getDeviceChange = defineHandler<"getDeviceChange">(async ({ query, principal }, ctx) =>
  toChange(await readChange(ctx.db, must(principal).tenantIds, query.id)),
);

/**
 * createDeviceChange: a pending application, checked against the master data as it is now
 * (the same check runs again, locked, at approval). One pending application per vehicle and
 * kind (the partial unique index makes two concurrent ones impossible).
 */
export const createDeviceChange = defineHandler<"createDeviceChange">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  mustHoldKind(p, body.kind, "add");
  const vehicle = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tenant_id"])
    .where("vin", "=", body.vin)
    .where(inTenants("vehicle.tenant_id", p))
    .executeTakeFirst();
  if (!vehicle) throw notFound(MSG_DEVICE_CHANGE_VEHICLE_NOT_FOUND);
  const target = { ...body, tenantId: vehicle.tenant_id };
  refuse(await loadChangeFacts(ctx.db, target));
  const actor = await actorOf(p, ctx);
  const pending = await ctx.db
    .selectFrom("bss_device_change")
    .select("id")
    .where("vin", "=", body.vin)
    .where("kind", "=", body.kind)
    .where("state", "=", "pending")
    .executeTakeFirst();
  if (pending) throw conflict(`车辆${body.vin}已有待审批的${DEVICE_CHANGE_KIND_INFO[body.kind].title}申请，请先审批`);
  const row = await ctx.db
    .insertInto("bss_device_change")
    .values({
      tenant_id: vehicle.tenant_id,
      kind: body.kind,
      vin: body.vin,
      old_code: body.oldCode,
      new_code: body.newCode,
      reason: body.reason,
      remark: body.remark?.trim() || null,
      applied_by: actor.updateBy,
      applicant_name: actor.updateName,
      applied_at: ctx.now().getTime(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return ok(toChange(await readChange(ctx.db, p.tenantIds, row.id)), "已提交更换申请，待审批");
});

/**
 * reviewDeviceChange: 通过 applies the replacement — vehicle locked, the check re-run on what
 * the master data holds now, the master data and its change log written — and records the
 * decision, all in one transaction; a refused check throws before anything is written, so the
 * record stays pending. 驳回 records the decision with its reason only.
 */
export const reviewDeviceChange = defineHandler<"reviewDeviceChange">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const problem = deviceChangeReviewProblem(body.approve, body.note);
  if (problem) throw badRequest(problem, [{ field: "note", msg: problem }]);
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  const first = await readChange(ctx.db, p.tenantIds, body.id);
  mustHoldKind(p, first.kind, "review");
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom("vehicle").select("vin").where("vin", "=", first.vin).forUpdate().execute();
    const row = await trx
      .selectFrom("bss_device_change")
      .selectAll()
      .where("id", "=", body.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.state !== "pending") throw conflict(msgDeviceChangeNotPending(row.state));
    if (body.approve) {
      const target = {
        kind: row.kind,
        vin: row.vin,
        tenantId: row.tenant_id,
        oldCode: row.old_code,
        newCode: row.new_code,
      };
      refuse(await loadChangeFacts(trx, target));
      await applyChange(trx, target, actor, nowMs);
    }
    await trx
      .updateTable("bss_device_change")
      .set({
        state: body.approve ? "approved" : "rejected",
        reviewed_by: actor.updateBy,
        reviewer_name: actor.updateName,
        reviewed_at: nowMs,
        review_note: body.note?.trim() || null,
      })
      .where("id", "=", row.id)
      .execute();
  });
  return ok(toChange(await readChange(ctx.db, p.tenantIds, body.id)), body.approve ? "审批通过，已更新档案" : "已驳回");
});

const text = (ms: number | null) => (ms === null ? "" : formatDateTimeText(ms));

/** The export of one kind's records: the list's columns in Chinese. */
export const deviceChangeExporter: ExportSheet = {
  title: "设备更换记录",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "车牌号", key: "plateNo", width: 12 },
    { header: "更换类型", key: "kind", width: 14 },
    { header: "原编码", key: "oldCode", width: 24 },
    { header: "新编码", key: "newCode", width: 24 },
    { header: "更换原因", key: "reason", width: 12 },
    { header: "备注", key: "remark", width: 24 },
    { header: "申请人", key: "applicantName", width: 12 },
    { header: "申请时间", key: "appliedAt", width: 20 },
    { header: "审批状态", key: "state", width: 10 },
    { header: "审批人", key: "reviewerName", width: 12 },
    { header: "审批时间", key: "reviewedAt", width: 20 },
    { header: "审批意见", key: "reviewNote", width: 24 },
  ],
  total: (job, ctx) => countOf(filteredChanges(ctx.db, job.tenantIds, job.params as DeviceChangeFilter)),
  async *rows(job, ctx) {
    const batches = keysetBatches(
      filteredChanges(ctx.db, job.tenantIds, job.params as DeviceChangeFilter),
      { column: "c.id", batch: 500, keyOf: (r: { id: number }) => r.id },
      selectChange,
    );
    for await (const rows of batches)
      yield rows.map(toChange).map((r) => ({
        ...r,
        plateNo: r.plateNo ?? "",
        kind: DEVICE_CHANGE_KIND_INFO[r.kind].title,
        reason: DEVICE_CHANGE_REASON_LABELS[r.reason],
        remark: r.remark ?? "",
        appliedAt: text(r.appliedAt),
        state: DEVICE_CHANGE_STATE_LABELS[r.state],
        reviewerName: r.reviewerName ?? "",
        reviewedAt: text(r.reviewedAt),
        reviewNote: r.reviewNote ?? "",
      }));
  },
};

export const exportDeviceChanges = defineHandler<"exportDeviceChanges">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  mustHoldKind(p, query.kind, "export");
  return ok(await ctx.exports.submit(p, "exportDeviceChanges", { ...query }), EXPORT_SUBMITTED_MSG);
});
