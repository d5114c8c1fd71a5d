import { MODEL_SERVICES, type PowerType } from "@tsp/domain";
import type { SeedContext } from "../../types";
import { SERVICE_CATALOGUE } from "./queries";
import "./tables";

const S = MODEL_SERVICES;

/**
 * Services of the remote-command and reporting kind the catalogue adds to the shared service
 * list (GET /tsp-bss/search/getServiceList), after the seeded service packages; SVC-DIAG and
 * SVC-OTA are already there.
 */
export const ABILITY_SERVICES: readonly (readonly [string, string])[] = [
  [S.remoteLock, "远程锁车/解锁"],
  [S.speedLimit, "远程限速"],
  [S.hj1239Report, "国六（HJ 1239）排放数据上报"],
  [S.gbt32960Report, "GB/T 32960 新能源数据上报"],
  [S.video, "车载视频监控"],
];

/**
 * A model's seeded abilities, by what it is: every connected model can be diagnosed and locked;
 * cars and new-energy models update over the air; new-energy models report by GB/T 32960, 国六
 * engines by HJ 1239; trucks and buses (heavy: gross mass ≥ 12 t) take speed limits and carry
 * cameras. Farm machinery (non-road stages) only lock and diagnose. Every list passes the
 * domain's rules (seed.test checks).
 */
function abilitiesOf(m: { power_type: PowerType | null; emission_stage: string | null; gross_mass_kg: number | null }) {
  const out: string[] = [S.remoteLock, S.remoteDiagnosis];
  const heavy = (m.gross_mass_kg ?? 0) >= 12_000;
  const machinery = m.emission_stage === "NR3" || m.emission_stage === "NR4";
  if (machinery) return out;
  if (m.power_type !== "FUEL" && m.power_type !== "LNG") out.push(S.ota, S.gbt32960Report);
  if (m.emission_stage === "CN6A" || m.emission_stage === "CN6B") out.push(S.hj1239Report);
  if (heavy) out.push(S.speedLimit, S.video);
  return [...new Set(out)].toSorted();
}

/**
 * Abilities of the catalogue's models (fixed, no rng), the remote services added to the
 * service catalogue; one model is left without abilities — a model just added, not yet
 * configured — so the screen shows that case.
 */
export async function seedModelAbilities(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const existing = await db
    .selectFrom("bss_option")
    .select(["code", "sort"])
    .where("kind", "=", SERVICE_CATALOGUE)
    .execute();
  const have = new Set(existing.map((o) => o.code));
  const sort = Math.max(0, ...existing.map((o) => o.sort)) + 1;
  const add = ABILITY_SERVICES.filter(([code]) => !have.has(code));
  if (add.length > 0)
    await db
      .insertInto("bss_option")
      .values(add.map(([code, name], i) => ({ kind: SERVICE_CATALOGUE, code, name, tenant_id: null, sort: sort + i })))
      .execute();
  const models = await db
    .selectFrom("bss_model")
    .select(["id", "power_type", "emission_stage", "gross_mass_kg"])
    .orderBy("id")
    .execute();
  const rows = models
    .slice(0, -1)
    .flatMap((m) => abilitiesOf(m).map((service_code) => ({ model_id: m.id, service_code })));
  if (rows.length > 0) await db.insertInto("bss_model_ability").values(rows).execute();
}
