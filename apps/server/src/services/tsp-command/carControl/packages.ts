import { CarControlPackageSchema, checkRecord } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { containsPattern, numberedPage } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import { actorOf } from "../../tsp-bss/actor";
import "./tables";

type Package = DataOf<"saveCarControlPackage">;

/** The tenant's packages with how many subscriptions name each. */
const packages = (db: Kysely<Database>, tenantId: number) =>
  db
    .selectFrom("ccs_package as p")
    .where("p.tenant_id", "=", tenantId)
    .select((eb) => [
      "p.id",
      "p.name",
      "p.groups",
      "p.validity_months",
      "p.remark",
      "p.updated_by",
      "p.updated_at",
      eb
        .selectFrom("ccs_subscription as s")
        .whereRef("s.package_id", "=", "p.id")
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("vehicles"),
    ]);

type PackageRow = Awaited<ReturnType<ReturnType<typeof packages>["executeTakeFirstOrThrow"]>>;
const toPackage = (r: PackageRow): Package => ({
  id: r.id,
  name: r.name,
  groups: r.groups,
  validityMonths: r.validity_months,
  remark: r.remark,
  vehicles: Number(r.vehicles ?? 0),
  updatedBy: r.updated_by,
  updatedAt: Number(r.updated_at),
});

/** listCarControlPackages: by name. */
export const listCarControlPackages = defineHandler<"listCarControlPackages">(async ({ query, principal }, ctx) => {
  let q = ctx.db.selectFrom("ccs_package").where("tenant_id", "=", principal.tenantId);
  if (query.keyword) q = q.where("name", "ilike", containsPattern(query.keyword));
  const page = await numberedPage(q, query, { order: [["name", "asc"]] }, (qb) => qb.select("id"));
  if (page.list.length === 0) return { list: [], total: page.total };
  const rows = await packages(ctx.db, principal.tenantId)
    .where(
      "p.id",
      "in",
      page.list.map((r) => r.id),
    )
    .orderBy("p.name")
    .execute();
  return { list: rows.map(toPackage), total: page.total };
});

/** saveCarControlPackage: checked by the domain's schema; a name is the tenant's once. */
export const saveCarControlPackage = defineHandler<"saveCarControlPackage">(async ({ body, principal }, ctx) => {
  const { id, ...fields } = body;
  const r = checkRecord(CarControlPackageSchema, fields);
  if (!r.ok) {
    const failDetail = Object.entries(r.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const actor = await actorOf(principal, ctx);
  const row = {
    name: r.value.name,
    groups: [...new Set(r.value.groups)],
    validity_months: r.value.validityMonths,
    remark: r.value.remark === "" ? null : r.value.remark,
    updated_by: actor.updateName,
    updated_at: ctx.now().getTime(),
  };
  const taken = await ctx.db
    .selectFrom("ccs_package")
    .select("id")
    .where("tenant_id", "=", principal.tenantId)
    .where("name", "=", row.name)
    .executeTakeFirst();
  if (taken && taken.id !== id) throw conflict(`服务包“${row.name}”已存在`);
  let savedId: number;
  if (id === undefined) {
    savedId = (
      await ctx.db
        .insertInto("ccs_package")
        .values({ ...row, tenant_id: principal.tenantId })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  } else {
    const upd = await ctx.db
      .updateTable("ccs_package")
      .set(row)
      .where("id", "=", id)
      .where("tenant_id", "=", principal.tenantId)
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) === 0) throw notFound("服务包不存在");
    savedId = id;
  }
  return ok(
    toPackage(await packages(ctx.db, principal.tenantId).where("p.id", "=", savedId).executeTakeFirstOrThrow()),
    "已保存",
  );
});

/** deleteCarControlPackage: refused while a subscription names it. */
export const deleteCarControlPackage = defineHandler<"deleteCarControlPackage">(async ({ body, principal }, ctx) => {
  const pkg = await ctx.db
    .selectFrom("ccs_package")
    .select(["id", "name"])
    .where("id", "=", body.id)
    .where("tenant_id", "=", principal.tenantId)
    .executeTakeFirst();
  if (!pkg) throw notFound("服务包不存在");
  const used = await ctx.db
    .selectFrom("ccs_subscription")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("package_id", "=", pkg.id)
    .executeTakeFirst();
  if (Number(used?.n ?? 0) > 0) throw conflict(`服务包“${pkg.name}”有 ${Number(used?.n)} 辆车订阅，不能删除`);
  await ctx.db.deleteFrom("ccs_package").where("id", "=", pkg.id).execute();
  return ok(null, "已删除");
});
