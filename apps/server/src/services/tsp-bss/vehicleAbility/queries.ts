import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import { inTenants, type Principal } from "../../../platform/principal";
import type { DataOf, QueryOf } from "../../defineHandler";
import { MSG_MODEL_NOT_FOUND, modelTree, treeFiltered } from "../vehicleModel/queries";
import "../tables";
import "../vehicleModel/tables";
import "./tables";

/** A model's abilities as the contract answers them. */
export type ModelAbilityRecord = DataOf<"getModelAbility">;
/** The list's filters (the export takes exactly these). */
export type AbilityFilter = QueryOf<"exportModelAbilities">;

/** The service catalogue kind the abilities take their codes from (GET /tsp-bss/search/getServiceList). */
export const SERVICE_CATALOGUE = "getServiceList";

/** Models matching the filters; `serviceCode` keeps those supporting it. */
export function filteredAbilities(db: Kysely<Database>, f: AbilityFilter) {
  const { serviceCode, ...tree } = f;
  return where(treeFiltered(modelTree(db), tree), {
    filters: () => [
      serviceCode
        ? sql<SqlBool>`exists (select 1 from bss_model_ability a where a.model_id = m.id and a.service_code = ${serviceCode})`
        : undefined,
    ],
  });
}

/** Selects a model's side of openapi ModelAbility (its services are read per page). */
export function selectAbility(q: ReturnType<typeof modelTree>) {
  return q.select([
    "m.id as model_id",
    "m.name as model_name",
    "s.name as series_name",
    "b.name as brand_name",
    "o.name as oem_name",
    "m.power_type",
    "m.emission_stage",
    "m.ability_updated_at",
    "m.ability_update_name",
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectAbility>["executeTakeFirstOrThrow"]>>;

/** The services of the models, by model id (codes sorted). */
export async function servicesOf(db: Kysely<Database>, modelIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(modelIds.map((id) => [id, []]));
  if (modelIds.length === 0) return out;
  const rows = await db
    .selectFrom("bss_model_ability")
    .select(["model_id", "service_code"])
    .where("model_id", "in", modelIds)
    .orderBy("model_id")
    .orderBy("service_code")
    .execute();
  for (const r of rows) out.get(r.model_id)?.push(r.service_code);
  return out;
}

/** Rows as openapi ModelAbility, with their services. */
export async function toAbilities(db: Kysely<Database>, rows: readonly Row[], editable: boolean) {
  const services = await servicesOf(
    db,
    rows.map((r) => r.model_id),
  );
  return rows.map(
    (r): ModelAbilityRecord => ({
      modelId: r.model_id,
      modelName: r.model_name,
      seriesName: r.series_name,
      brandName: r.brand_name,
      oemName: r.oem_name,
      powerType: r.power_type,
      emissionStage: r.emission_stage,
      services: services.get(r.model_id) ?? [],
      editable,
      updatedAt: Number(r.ability_updated_at),
      updateName: r.ability_update_name,
    }),
  );
}

/** One model's abilities, or 404 车型不存在. */
export async function readAbility(db: Kysely<Database>, modelId: number, editable: boolean) {
  const row = await selectAbility(modelTree(db)).where("m.id", "=", modelId).executeTakeFirst();
  if (!row) throw notFound(MSG_MODEL_NOT_FOUND);
  const [record] = await toAbilities(db, [row], editable);
  return record as ModelAbilityRecord;
}

/**
 * The service catalogue the caller sees (shared entries and its tenants'), code → name: the
 * codes an ability list may hold, and the names the sheets write.
 */
export async function serviceCatalogue(db: Kysely<Database>, p: Pick<Principal, "tenantIds">) {
  const rows = await db
    .selectFrom("bss_option")
    .select(["code", "name"])
    .where("kind", "=", SERVICE_CATALOGUE)
    .where((eb) => eb.or([eb("tenant_id", "is", null), inTenants("bss_option.tenant_id", p)]))
    .orderBy(["sort", "code"])
    .execute();
  return new Map(rows.map((r) => [r.code, r.name]));
}
