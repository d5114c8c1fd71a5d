import { otaPackageProblems } from "@tsp/domain";
import type { AppContext } from "../../context";
import { badRequest, conflict, notFound } from "../../http/envelope";
import { containsPattern, numberedPage } from "../../platform/listQuery";
import type { Principal } from "../../platform/principal";
import { type DataOf, defineHandler } from "../defineHandler";
import { OBJECT_PATH_PREFIX } from "../object-store/signing";
import "../object-store/tables";
import "./tables";
import type { Selectable } from "kysely";
import type { OtaPackageTable } from "./tables";

type Package = DataOf<"createOtaPackage">;

export function toPackage(r: Selectable<OtaPackageTable>): Package {
  return {
    id: r.id,
    name: r.name,
    vehicleModel: r.vehicle_model,
    makerCode: r.maker_code,
    hardwareVersion: r.hardware_version,
    firmwareVersion: r.firmware_version,
    fileUrl: r.file_url,
    fileSize: r.file_size,
    md5: r.md5,
    remark: r.remark,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
  };
}

/** A package of the caller's tenants, or 404. */
export async function packageOf(ctx: AppContext, id: number, p: Principal): Promise<Selectable<OtaPackageTable>> {
  const row = await ctx.db
    .selectFrom("ota_package")
    .selectAll()
    .where("id", "=", id)
    .where("tenant_id", "in", [...p.tenantIds, -1])
    .executeTakeFirst();
  if (!row) throw notFound("未找到该升级包");
  return row;
}

/** listOtaPackages: newest first; keyword over name, model and firmware version. */
export const listOtaPackages = defineHandler<"listOtaPackages">(async ({ query, principal }, ctx) => {
  let q = ctx.db.selectFrom("ota_package").where("tenant_id", "in", [...principal.tenantIds, -1]);
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    q = q.where((eb) =>
      eb.or([eb("name", "ilike", like), eb("vehicle_model", "ilike", like), eb("firmware_version", "ilike", like)]),
    );
  }
  const page = await numberedPage(q, query, { order: [["id", "desc"]] }, (qb) => qb.selectAll());
  return { list: page.list.map(toPackage), total: page.total };
});

/** createOtaPackage: the file must be in the object store (uploaded through boxEv/ftp); its size and MD5 come from there. */
export const createOtaPackage = defineHandler<"createOtaPackage">(async ({ body, principal }, ctx) => {
  const problems = otaPackageProblems(body);
  if (problems.length > 0) throw badRequest(problems[0]?.msg as string, problems);
  const key = body.fileUrl.slice(OBJECT_PATH_PREFIX.length);
  const file = await ctx.db
    .selectFrom("object_meta")
    .select(["size", "md5"])
    .where("object_key", "=", key)
    .executeTakeFirst();
  if (!body.fileUrl.startsWith(OBJECT_PATH_PREFIX) || !file)
    throw badRequest("未找到升级文件，请先上传", [{ field: "fileUrl", msg: "未找到升级文件，请先上传" }]);
  const row = await ctx.db
    .insertInto("ota_package")
    .values({
      tenant_id: principal.tenantId,
      name: body.name.trim(),
      vehicle_model: body.vehicleModel.trim(),
      maker_code: body.makerCode,
      hardware_version: body.hardwareVersion,
      firmware_version: body.firmwareVersion,
      file_url: body.fileUrl,
      file_size: Number(file.size),
      md5: file.md5,
      remark: body.remark?.trim() || null,
      created_by: principal.username,
      created_at: ctx.now().getTime(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPackage(row);
});

/** deleteOtaPackage: refused while a campaign names it. */
export const deleteOtaPackage = defineHandler<"deleteOtaPackage">(async ({ body, principal }, ctx) => {
  const row = await packageOf(ctx, body.id, principal);
  const used = await ctx.db
    .selectFrom("ota_campaign")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("package_id", "=", row.id)
    .executeTakeFirst();
  if (Number(used?.n ?? 0) > 0) throw conflict(`有${Number(used?.n)}个升级任务使用该升级包，不能删除`);
  await ctx.db.deleteFrom("ota_package").where("id", "=", row.id).execute();
  return null;
});
