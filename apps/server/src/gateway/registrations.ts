import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { GatewayRegistrationTable } from "./commands/tables";
import "./commands/tables";

type Registration = Omit<GatewayRegistrationTable, "id">;

/**
 * Writes one register / authenticate message or login / logout and its result to
 * `gateway_registration` (TBOX注册状态查询's history). Awaited before the frame's answer so an
 * answered message is in the history; a failed write never reaches the terminal (the frame
 * journal still holds the frame).
 */
export async function recordRegistration(db: Kysely<Database>, row: Registration): Promise<void> {
  await db
    .insertInto("gateway_registration")
    .values(row)
    .execute()
    .catch(() => undefined);
}
