import { checkFence, encodeGeofence, type FenceInput, formatFenceWindow, MSG_FENCE_NAME_TAKEN } from "@tsp/domain";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../../db/schema";
import type { GeofenceTable } from "../../../gateway/geofence/tables";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { containsPattern, numberedPage } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import "../operate/tables";

export const MSG_FENCE_NOT_FOUND = "未找到该围栏";
const MSG_VIN_NOT_OURS = "车辆不存在或不属于本租户";
const MSG_GROUP_NOT_OURS = "车辆分组不存在或不属于本租户";

/** The fence if one of the caller's tenants holds it, else 404. */
export async function fenceOf(db: Kysely<Database>, tenantIds: readonly number[], id: number) {
  const fence = await db
    .selectFrom("geofence")
    .selectAll()
    .where("id", "=", id)
    .where("tenant_id", "in", [...tenantIds])
    .executeTakeFirst();
  if (!fence) throw notFound(MSG_FENCE_NOT_FOUND);
  return fence;
}

/** The body through @tsp/domain `checkFence` (400 with every field's reason), then the tenant's VINs and groups. */
async function checked(db: Kysely<Database>, tenantId: number, body: unknown): Promise<FenceInput> {
  const r = checkFence(body);
  if (!r.ok) {
    const failDetail = Object.entries(r.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const f = r.value;
  if (f.vins.length > 0) {
    const own = new Set(
      (
        await db
          .selectFrom("vehicle")
          .select("vin")
          .where("vin", "in", [...f.vins])
          .where("tenant_id", "=", tenantId)
          .execute()
      ).map((v) => v.vin),
    );
    const stranger = f.vins.find((vin) => !own.has(vin));
    if (stranger !== undefined)
      throw badRequest(`${MSG_VIN_NOT_OURS}：${stranger}`, [
        { field: "vins", msg: `${MSG_VIN_NOT_OURS}：${stranger}` },
      ]);
  }
  if (f.groupIds.length > 0) {
    const own = await db
      .selectFrom("operate_vehicle_group")
      .select("id")
      .where("id", "in", [...f.groupIds])
      .where("tenant_id", "=", tenantId)
      .execute();
    if (own.length !== f.groupIds.length)
      throw badRequest(MSG_GROUP_NOT_OURS, [{ field: "groupIds", msg: MSG_GROUP_NOT_OURS }]);
  }
  return f;
}

async function nameFree(db: Kysely<Database>, tenantId: number, name: string, except?: number) {
  const taken = await db
    .selectFrom("geofence")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("name", "=", name)
    .$if(except !== undefined, (q) => q.where("id", "<>", except as number))
    .executeTakeFirst();
  if (taken) throw conflict(MSG_FENCE_NAME_TAKEN);
}

function columnsOf(f: FenceInput) {
  const wire = encodeGeofence(f.shape);
  return {
    name: f.name,
    type: wire.type,
    position: wire.position,
    radius: wire.radius ?? null,
    rule: f.rule,
    window_start: f.window?.start ?? null,
    window_end: f.window?.end ?? null,
    speed_limit: f.speedLimit,
    level: f.level,
  };
}

async function writeBindings(db: Kysely<Database>, fenceId: number, f: FenceInput) {
  await db.deleteFrom("geofence_binding").where("fence_id", "=", fenceId).execute();
  const rows = [
    ...f.vins.map((vin) => ({ fence_id: fenceId, vin, group_id: null })),
    ...f.groupIds.map((g) => ({ fence_id: fenceId, vin: null, group_id: g })),
  ];
  if (rows.length > 0) await db.insertInto("geofence_binding").values(rows).execute();
}

/** The answer's form of fences: shape in the spec's encoding, bindings, owner and event count. */
async function toFences(db: Kysely<Database>, fences: readonly Selectable<GeofenceTable>[]) {
  if (fences.length === 0) return [];
  const ids = fences.map((f) => f.id);
  const [bindings, owners, counts] = await Promise.all([
    db
      .selectFrom("geofence_binding as b")
      .leftJoin("operate_vehicle_group as g", "g.id", "b.group_id")
      .select(["b.fence_id", "b.vin", "b.group_id", "g.name as group_name"])
      .where("b.fence_id", "in", ids)
      .orderBy("b.vin")
      .execute(),
    db
      .selectFrom("account")
      .select(["id", "username"])
      .where(
        "id",
        "in",
        fences.map((f) => f.owner_account_id),
      )
      .execute(),
    db
      .selectFrom("geofence_event")
      .select((eb) => ["fence_id", eb.fn.countAll<number>().as("n")])
      .where("fence_id", "in", ids)
      .groupBy("fence_id")
      .execute(),
  ]);
  return fences.map((f) => ({
    id: f.id,
    name: f.name,
    type: f.type === 2 ? (2 as const) : (1 as const),
    position: f.position,
    radius: f.radius,
    rule: f.rule,
    window: formatFenceWindow(
      f.window_start === null || f.window_end === null ? null : { start: f.window_start, end: f.window_end },
    ),
    speedLimit: f.speed_limit,
    level: f.level,
    vins: bindings.flatMap((b) => (b.fence_id === f.id && b.vin !== null ? [b.vin] : [])),
    groups: bindings.flatMap((b) =>
      b.fence_id === f.id && b.group_id !== null ? [{ id: b.group_id, name: b.group_name ?? String(b.group_id) }] : [],
    ),
    owner: owners.find((o) => o.id === f.owner_account_id)?.username ?? "",
    eventCount: Number(counts.find((c) => c.fence_id === f.id)?.n ?? 0),
    updatedBy: f.created_by,
    updatedAt: Number(f.updated_at),
  }));
}

async function fenceById(db: Kysely<Database>, id: number) {
  const [one] = await toFences(db, [
    await db.selectFrom("geofence").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
  ]);
  return one as NonNullable<typeof one>;
}

export const listEnclosures = defineHandler<"listEnclosures">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const q = ctx.db
    .selectFrom("geofence")
    .where("tenant_id", "in", [...p.tenantIds])
    .$if(!!query.name, (s) => s.where("name", "ilike", containsPattern(query.name ?? "")))
    .$if(!!query.vin, (s) =>
      s.where("id", "in", (eb) =>
        eb
          .selectFrom("geofence_binding")
          .select("fence_id")
          .where("vin", "ilike", containsPattern(query.vin ?? "")),
      ),
    );
  const page = await numberedPage(
    q,
    query,
    {
      order: [
        ["updated_at", "desc"],
        ["id", "desc"],
      ],
    },
    (s) => s.selectAll(),
  );
  return { list: await toFences(ctx.db, page.list), total: page.total };
});

export const createEnclosure = defineHandler<"createEnclosure">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const f = await checked(ctx.db, p.tenantId, body);
  await nameFree(ctx.db, p.tenantId, f.name);
  const actor = await actorOf(p, ctx);
  const now = ctx.now().getTime();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto("geofence")
      .values({
        tenant_id: p.tenantId,
        owner_account_id: p.accountId,
        ...columnsOf(f),
        created_by: actor.updateName,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeBindings(trx, made.id, f);
    return made.id;
  });
  return ok(await fenceById(ctx.db, id), "围栏已创建");
});

export const updateEnclosure = defineHandler<"updateEnclosure">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const fence = await fenceOf(ctx.db, p.tenantIds, body.id);
  const f = await checked(ctx.db, fence.tenant_id, body);
  await nameFree(ctx.db, fence.tenant_id, f.name, fence.id);
  const actor = await actorOf(p, ctx);
  const cols = columnsOf(f);
  const moved = cols.type !== fence.type || cols.position !== fence.position || cols.radius !== fence.radius;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("geofence")
      .set({ ...cols, created_by: actor.updateName, updated_at: ctx.now().getTime() })
      .where("id", "=", fence.id)
      .execute();
    await writeBindings(trx, fence.id, f);
    // A new shape restarts the watch: the next position places each vehicle again.
    if (moved) await trx.deleteFrom("geofence_state").where("fence_id", "=", fence.id).execute();
  });
  return ok(await fenceById(ctx.db, fence.id), "围栏已保存");
});

export const deleteEnclosure = defineHandler<"deleteEnclosure">(async ({ body, principal }, ctx) => {
  const fence = await fenceOf(ctx.db, must(principal).tenantIds, body.id);
  await ctx.db.deleteFrom("geofence").where("id", "=", fence.id).execute();
  return ok(null, "围栏已删除");
});

export type { Principal };
