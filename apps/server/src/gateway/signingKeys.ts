import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import "../services/tsp-bss/baseInfoRest/tables";
import "../services/tsp-bss/notRoadFour/documentTables";

/**
 * A cached "the activated public key of this PIN's terminal" (终端远程激活): the supervision
 * terminal bound to the PIN in 监管终端管理 (`bss_black_box.machinery_pin`) whose activation is
 * `active` with a key (0x09 accepted, or 0x0B 密钥同步 since). null: not activated — its signed
 * frames are accepted unchecked. Same cache rule as the VINs (a key synced a moment ago is used
 * once the entry expires). Several tenants filing the same PIN: any active key of theirs (the
 * oldest terminal first, as the activation slice binds).
 */
export function signingKeys(
  db: Kysely<Database>,
  now: () => number,
  cacheMs: number,
): (pin: string) => Promise<string | null> {
  const known = new Map<string, { key: string | null; at: number }>();
  return async (pin) => {
    const cached = known.get(pin);
    if (cached && now() - cached.at < cacheMs) return cached.key;
    const row = await db
      .selectFrom("nr4_activation as a")
      .innerJoin("bss_black_box as b", (j) =>
        j.onRef("b.tenant_id", "=", "a.tenant_id").onRef("b.terminal_id", "=", "a.terminal_id"),
      )
      .select("a.public_key")
      .where("b.machinery_pin", "=", pin)
      .where("a.state", "=", "active")
      .where("a.public_key", "is not", null)
      .orderBy("a.tenant_id")
      .orderBy("a.terminal_id")
      .executeTakeFirst();
    const key = row?.public_key ?? null;
    known.set(pin, { key, at: now() });
    return key;
  };
}
