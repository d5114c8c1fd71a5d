import { MSG_CATALOGUE_READ_ONLY } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { forbidden } from "../../../http/envelope";
import type { Principal } from "../../../platform/principal";

/**
 * The platform tenant: the installation's first top-level tenant (the platform operator's,
 * created before any customer's; T0001 in the seed), as the announcement-model import decides
 * it. It keeps the shared vehicle-model catalogue and the models' abilities.
 */
export async function platformTenantId(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom("tenant")
    .select("id")
    .where("parent_id", "is", null)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Whether the caller may change the catalogue. The catalogue is platform reference data shared
 * by every tenant (the brand-tree lookups read it unfiltered), so one party — the platform
 * operator — keeps it; a customer tenant's write would change every other tenant's catalogue.
 */
export async function mayEditCatalogue(db: Kysely<Database>, p: Principal): Promise<boolean> {
  return p.tenantId === (await platformTenantId(db));
}

/** 403 车型库由平台运营方维护，当前单位只能查看 unless {@link mayEditCatalogue}. */
export async function mustEditCatalogue(db: Kysely<Database>, p: Principal): Promise<void> {
  if (!(await mayEditCatalogue(db, p))) throw forbidden(MSG_CATALOGUE_READ_ONLY);
}
