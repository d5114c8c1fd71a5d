import { checkModelAbilities } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest } from "../../../http/envelope";
import type { Actor } from "../actor";
import "./tables";

/** What the rules need of a model, as read. */
export interface AbilityTarget {
  id: number;
  name: string;
  power_type: Parameters<typeof checkModelAbilities>[1]["powerType"];
  emission_stage: Parameters<typeof checkModelAbilities>[1]["emissionStage"];
  ability_updated_at: number | string;
}

/** The domain's check of one model's list: the stored form, or 400 with every reason (prefixed by the model when asked). */
export function checkedServices(
  services: readonly string[],
  target: AbilityTarget,
  catalogue: ReadonlySet<string>,
  named = false,
): string[] {
  const result = checkModelAbilities(
    services,
    { powerType: target.power_type, emissionStage: target.emission_stage },
    catalogue,
  );
  if (result.ok) return result.value;
  const reasons = result.error.map((msg) => (named ? `车型${target.name}：${msg}` : msg));
  throw badRequest(
    reasons[0] ?? "",
    reasons.map((msg) => ({ field: "services", msg })),
  );
}

/** Replaces a model's list and moves its ability version strictly past the old one (inside the caller's transaction). */
export async function writeServices(
  trx: Kysely<Database>,
  target: AbilityTarget,
  services: readonly string[],
  actor: Actor,
  nowMs: number,
): Promise<void> {
  await trx.deleteFrom("bss_model_ability").where("model_id", "=", target.id).execute();
  if (services.length > 0)
    await trx
      .insertInto("bss_model_ability")
      .values(services.map((service_code) => ({ model_id: target.id, service_code })))
      .execute();
  await trx
    .updateTable("bss_model")
    .set({
      ability_updated_at: Math.max(nowMs, Number(target.ability_updated_at) + 1),
      ability_update_name: actor.updateName,
    })
    .where("id", "=", target.id)
    .execute();
}

/** The models to write, locked, in id order (deadlock-free between two copies). */
export function lockedTargets(trx: Kysely<Database>, ids: readonly number[]) {
  return trx
    .selectFrom("bss_model")
    .select(["id", "name", "power_type", "emission_stage", "ability_updated_at"])
    .where("id", "in", ids)
    .orderBy("id")
    .forUpdate()
    .execute();
}
