import { modelSupportsService } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { servicesOf } from "./queries";

/**
 * Whether the vehicle `vin` offers `service` (a code of the service catalogue or a key of
 * @tsp/domain's MODEL_SERVICES): its catalogue model's ability list, by the domain's rule. A
 * vehicle without a model, or of a model without abilities, offers nothing. For the slices
 * that offer commands per vehicle (remote commands, issue 17).
 */
export async function vehicleSupportsService(db: Kysely<Database>, vin: string, service: string): Promise<boolean> {
  const v = await db.selectFrom("vehicle").select("model_id").where("vin", "=", vin).executeTakeFirst();
  if (!v || v.model_id === null) return false;
  return modelSupportsService((await servicesOf(db, [v.model_id])).get(v.model_id) ?? [], service);
}
