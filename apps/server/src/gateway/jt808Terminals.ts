import { randomBytes } from "node:crypto";
import type { Jt808Register } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import "../services/tsp-bss/tbox/tables";
import "../services/tsp-jsatl/tables";
import "./tables";

/** 0x8100 results the gateway gives (JT/T 808 表: 0 成功, 2 数据库中无该车辆, 4 数据库中无该终端). */
export const REGISTER_RESULT = { success: 0, noVehicle: 2, noTerminal: 4 } as const;

/** The header's phone as the registers compare it: digits, leading zeros trimmed (2013 pads to 12, 2019 to 20). */
export const phoneKey = (phone: string): string => phone.replace(/^0+/, "");

export type RegisterOutcome =
  | { readonly result: typeof REGISTER_RESULT.success; readonly vin: string; readonly authCode: string }
  | { readonly result: typeof REGISTER_RESULT.noVehicle | typeof REGISTER_RESULT.noTerminal; readonly reason: string };

/**
 * Registers a terminal (0x0100) against the platform's registers. The terminal is known when
 * - its register's terminal id is a T-BOX of the T-BOX register (`bss_tbox.terminal_id`, not
 *   deregistered); the vehicle is the one whose `tbox_sn` binds that T-BOX (none bound: result
 *   2 无该车辆) and the code is the one the register holds (`bss_tbox.auth_code`), or
 * - its header phone is an active-safety terminal's (`jsatl_terminal.terminal_phone`), which
 *   names the vehicle;
 * else result 4 (无该终端). A code is made (16 hex digits) when the register holds none, and a
 * terminal registering again under the same phone keeps its code. The binding is written to
 * `gateway_jt808_terminal` (one row per phone and per VIN: a re-registration under a new
 * phone moves the vehicle to it).
 */
export async function registerJt808Terminal(
  db: Kysely<Database>,
  phone: string,
  register: Jt808Register,
  edition: 2013 | 2019,
  now: number,
): Promise<RegisterOutcome> {
  const key = phoneKey(phone);
  const tbox = await db
    .selectFrom("bss_tbox as t")
    .leftJoin("vehicle as v", "v.tbox_sn", "t.sn")
    .select(["t.sn", "t.auth_code", "v.vin"])
    .where("t.terminal_id", "=", register.terminalId)
    .where("t.protocol", "=", "JTT808")
    .where("t.state", "!=", "deregistered")
    .executeTakeFirst();
  let vin: string | null;
  let filedCode: string | null = null;
  if (tbox) {
    if (!tbox.vin) {
      return {
        result: REGISTER_RESULT.noVehicle,
        reason: `终端“${register.terminalId}”（T-BOX ${tbox.sn}）未绑定车辆`,
      };
    }
    vin = tbox.vin;
    filedCode = tbox.auth_code;
  } else {
    const safety = await db
      .selectFrom("jsatl_terminal")
      .select("vin")
      .where(sql<string>`ltrim(terminal_phone, '0')`, "=", key)
      .executeTakeFirst();
    vin = safety?.vin ?? null;
  }
  if (vin === null) {
    return {
      result: REGISTER_RESULT.noTerminal,
      reason: `终端手机号“${phone}”、终端ID“${register.terminalId}”不在T-BOX档案中`,
    };
  }
  const earlier = await db
    .selectFrom("gateway_jt808_terminal")
    .select("auth_code")
    .where("phone", "=", key)
    .executeTakeFirst();
  const authCode = filedCode ?? earlier?.auth_code ?? randomBytes(8).toString("hex").toUpperCase();
  const row = { phone: key, vin, terminal_id: register.terminalId, auth_code: authCode, edition, registered_at: now };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("gateway_jt808_terminal").where("vin", "=", vin).where("phone", "!=", key).execute();
    await trx
      .insertInto("gateway_jt808_terminal")
      .values(row)
      .onConflict((oc) =>
        oc.column("phone").doUpdateSet({
          vin,
          terminal_id: row.terminal_id,
          auth_code: authCode,
          edition,
          registered_at: now,
        }),
      )
      .execute();
  });
  return { result: REGISTER_RESULT.success, vin, authCode };
}

/** The vehicle a registered phone reports for and its code, or undefined before registration. */
export async function registeredJt808Terminal(
  db: Kysely<Database>,
  phone: string,
): Promise<{ readonly vin: string; readonly authCode: string; readonly terminalId: string } | undefined> {
  const row = await db
    .selectFrom("gateway_jt808_terminal")
    .select(["vin", "auth_code", "terminal_id"])
    .where("phone", "=", phoneKey(phone))
    .executeTakeFirst();
  return row ? { vin: row.vin, authCode: row.auth_code, terminalId: row.terminal_id } : undefined;
}
