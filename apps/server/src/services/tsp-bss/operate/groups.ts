import {
  checkRecord,
  MSG_GROUP_MEMBER_EXISTS,
  MSG_GROUP_NAME_TAKEN,
  MSG_GROUP_NOT_IN_TENANT,
  msgGroupInUse,
  normalizeVin,
  VehicleGroupNameSchema,
  vinProblem,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, keysetBatches, numberedPage } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { chinaDateTime } from "../tbox/sheet";
import "./tables";

export const MSG_GROUP_NOT_FOUND = "未找到该分组";
const MSG_VIN_REPEATED = "重复的VIN";

/** The group if one of the caller's tenants holds it, else 404. */
export async function groupOf(db: Kysely<Database>, tenantIds: readonly number[], id: number) {
  const group = await db
    .selectFrom("operate_vehicle_group")
    .selectAll()
    .where("id", "=", id)
    .where("tenant_id", "in", [...tenantIds])
    .executeTakeFirst();
  if (!group) throw notFound(MSG_GROUP_NOT_FOUND);
  return group;
}

function nameOf(body: unknown): string {
  const r = checkRecord(VehicleGroupNameSchema, body);
  if (r.ok) return r.value.name;
  const msg = r.errors.name ?? Object.values(r.errors)[0] ?? "";
  throw badRequest(msg, [{ field: "name", msg }]);
}

const groups = (db: Kysely<Database>) =>
  db
    .selectFrom("operate_vehicle_group as g")
    .select([
      "g.id",
      "g.name",
      "g.created_by",
      "g.created_at",
      (eb) =>
        eb
          .selectFrom("operate_vehicle_group_member as m")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("m.group_id", "=", "g.id")
          .as("member_count"),
    ]);
type GroupRow = Awaited<ReturnType<ReturnType<typeof groups>["execute"]>>[number];
const toGroup = (g: GroupRow) => ({
  id: g.id,
  name: g.name,
  memberCount: Number(g.member_count ?? 0),
  createdBy: g.created_by,
  createdAt: Number(g.created_at),
});

async function groupById(db: Kysely<Database>, id: number) {
  return toGroup(await groups(db).where("g.id", "=", id).executeTakeFirstOrThrow());
}

export const listVehicleGroups = defineHandler<"listVehicleGroups">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const q = groups(ctx.db)
    .where("g.tenant_id", "in", [...p.tenantIds])
    .$if(!!query.name, (s) => s.where("g.name", "ilike", containsPattern(query.name ?? "")));
  const page = await numberedPage(q, query, { order: ["g.name", "g.id"] }, (s) => s);
  return { list: page.list.map(toGroup), total: page.total };
});

async function nameFree(db: Kysely<Database>, tenantId: number, name: string, except?: number) {
  const taken = await db
    .selectFrom("operate_vehicle_group")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("name", "=", name)
    .$if(except !== undefined, (q) => q.where("id", "<>", except as number))
    .executeTakeFirst();
  if (taken) throw conflict(MSG_GROUP_NAME_TAKEN);
}

export const createVehicleGroup = defineHandler<"createVehicleGroup">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const name = nameOf(body);
  await nameFree(ctx.db, p.tenantId, name);
  const actor = await actorOf(p, ctx);
  const made = await ctx.db
    .insertInto("operate_vehicle_group")
    .values({ tenant_id: p.tenantId, name, created_by: actor.updateName, created_at: ctx.now().getTime() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return ok(await groupById(ctx.db, made.id), "分组已创建");
});

export const renameVehicleGroup = defineHandler<"renameVehicleGroup">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const name = nameOf({ name: body.name });
  const group = await groupOf(ctx.db, p.tenantIds, body.id);
  await nameFree(ctx.db, group.tenant_id, name, group.id);
  await ctx.db.updateTable("operate_vehicle_group").set({ name }).where("id", "=", group.id).execute();
  return ok(await groupById(ctx.db, group.id), "分组已重命名");
});

export const deleteVehicleGroup = defineHandler<"deleteVehicleGroup">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const group = await groupOf(ctx.db, p.tenantIds, body.id);
  const users = await countOf(ctx.db.selectFrom("personal_message_setting").where("group_id", "=", group.id));
  if (users > 0) throw conflict(msgGroupInUse(users));
  await ctx.db.deleteFrom("operate_vehicle_group").where("id", "=", group.id).execute();
  return ok(null, "分组已删除");
});

const members = (db: Kysely<Database>, groupId: number, vin?: string) =>
  db
    .selectFrom("operate_vehicle_group_member")
    .where("group_id", "=", groupId)
    .$if(!!vin, (q) => q.where("vin", "ilike", containsPattern(vin ?? "")));

export const listVehicleGroupMembers = defineHandler<"listVehicleGroupMembers">(async ({ query, principal }, ctx) => {
  const group = await groupOf(ctx.db, must(principal).tenantIds, query.groupId);
  const page = await numberedPage(
    members(ctx.db, group.id, query.vin),
    query,
    { order: [["added_at", "desc"], "vin"] },
    (q) => q.select(["vin", "added_by", "added_at"]),
  );
  return {
    list: page.list.map((m) => ({ vin: m.vin, addedBy: m.added_by, addedAt: Number(m.added_at) })),
    total: page.total,
  };
});

/**
 * Adds VINs to a group, each added or refused with its reason (the VIN rule, a repeat, not a
 * vehicle of the group's tenant, already in the group); the good ones are added whatever the
 * others. Used by the add call and the import.
 */
export async function addMembers(
  ctx: AppContext,
  principal: Principal,
  groupId: number,
  raw: readonly string[],
): Promise<{ added: string[]; refused: { vin: string; msg: string; index: number }[] }> {
  const group = await groupOf(ctx.db, principal.tenantIds, groupId);
  const refused: { vin: string; msg: string; index: number }[] = [];
  const wanted: { vin: string; index: number }[] = [];
  raw.forEach((text, index) => {
    const vin = normalizeVin(String(text));
    const problem = vinProblem(vin);
    if (problem !== null) refused.push({ vin: String(text), msg: problem, index });
    else if (wanted.some((w) => w.vin === vin)) refused.push({ vin, msg: MSG_VIN_REPEATED, index });
    else wanted.push({ vin, index });
  });
  const vins = wanted.map((w) => w.vin);
  const [own, present] =
    vins.length === 0
      ? [new Set<string>(), new Set<string>()]
      : await Promise.all([
          ctx.db
            .selectFrom("vehicle")
            .select("vin")
            .where("vin", "in", vins)
            .where("tenant_id", "=", group.tenant_id)
            .execute()
            .then((r) => new Set(r.map((x) => x.vin))),
          members(ctx.db, group.id)
            .select("vin")
            .where("vin", "in", vins)
            .execute()
            .then((r) => new Set(r.map((x) => x.vin))),
        ]);
  const added: string[] = [];
  for (const w of wanted) {
    if (!own.has(w.vin)) refused.push({ vin: w.vin, msg: MSG_GROUP_NOT_IN_TENANT, index: w.index });
    else if (present.has(w.vin)) refused.push({ vin: w.vin, msg: MSG_GROUP_MEMBER_EXISTS, index: w.index });
    else added.push(w.vin);
  }
  if (added.length > 0) {
    const actor = await actorOf(principal, ctx);
    const at = ctx.now().getTime();
    await ctx.db
      .insertInto("operate_vehicle_group_member")
      .values(added.map((vin) => ({ group_id: group.id, vin, added_by: actor.updateName, added_at: at })))
      .onConflict((c) => c.columns(["group_id", "vin"]).doNothing())
      .execute();
  }
  refused.sort((a, b) => a.index - b.index);
  return { added, refused };
}

export const addVehicleGroupMembers = defineHandler<"addVehicleGroupMembers">(async ({ body, principal }, ctx) => {
  const report = await addMembers(ctx, must(principal), body.groupId, body.vins);
  return ok(
    { added: report.added, refused: report.refused.map(({ vin, msg }) => ({ vin, msg })) },
    `已添加 ${report.added.length} 辆`,
  );
});

export const removeVehicleGroupMembers = defineHandler<"removeVehicleGroupMembers">(
  async ({ body, principal }, ctx) => {
    const group = await groupOf(ctx.db, must(principal).tenantIds, body.groupId);
    const vins = body.vins.map((v) => normalizeVin(v));
    const done = await ctx.db
      .deleteFrom("operate_vehicle_group_member")
      .where("group_id", "=", group.id)
      .where("vin", "in", vins)
      .executeTakeFirst();
    return ok({ removed: Number(done.numDeletedRows) }, "已移除");
  },
);

export const memberExporter: ExportSheet = {
  title: "车辆分组",
  columns: [
    { header: "分组", key: "group", width: 20 },
    { header: "VIN", key: "vin", width: 20 },
    { header: "添加人", key: "addedBy", width: 12 },
    { header: "添加时间", key: "addedAt", width: 20 },
  ],
  total: (job, ctx) => countOf(members(ctx.db, Number(job.params.groupId))),
  async *rows(job, ctx) {
    const groupName = String(job.params.groupName ?? "");
    const walk = { column: "vin" as const, batch: 500, keyOf: (r: { vin: string }) => r.vin };
    for await (const rows of keysetBatches(members(ctx.db, Number(job.params.groupId)), walk, (q) =>
      q.select(["vin", "added_by", "added_at"]),
    ))
      yield rows.map((m) => ({
        group: groupName,
        vin: m.vin,
        addedBy: m.added_by,
        addedAt: chinaDateTime(Number(m.added_at)),
      }));
  },
};

export const exportVehicleGroupMembers = defineHandler<"exportVehicleGroupMembers">(
  async ({ query, principal }, ctx) => {
    const p = must(principal);
    const group = await groupOf(ctx.db, p.tenantIds, query.groupId);
    const task = await ctx.exports.submit(p, "exportVehicleGroupMembers", { groupId: group.id, groupName: group.name });
    return ok(task, EXPORT_SUBMITTED_MSG);
  },
);
