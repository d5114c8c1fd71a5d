import { checkNerEdit, nerNewIccidProblem } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { NerGroup } from "../tables";
import "../tables";

/** The seed writes credit codes with it (the check character lives in @tsp/domain, one copy). */
export { creditCodeCheckChar } from "@tsp/domain";

/** Why a group record is refused: the reason (Chinese) and the field it is about. */
export interface GroupProblem {
  field: string;
  msg: string;
}

/**
 * Every reason a group record that passed openapi's Edit schema is refused, in order: first
 * @tsp/domain's rules between fields (`checkNerEdit`: the GB 32100 check character, an
 * operating unit with a credit code, pack codes = packs, peak ≥ rated power, motor codes ≤
 * motors — the same messages the console's form shows), then what only the database knows:
 * a T-BOX serial belongs to one vehicle; an ICCID to one SIM card of this tenant bound to at
 * most this vehicle; a card new to the register is in China's 8986 range. Empty when none.
 */
export async function groupProblems(
  db: Kysely<Database>,
  group: NerGroup,
  vin: string,
  tenantId: number,
  edit: Record<string, unknown>,
): Promise<GroupProblem[]> {
  const checked = checkNerEdit(group, edit);
  if (!checked.ok) return checked.error;
  if (group !== "terminalInfo") return [];
  const sn = String(edit.tboxSn);
  const other = await db
    .selectFrom("vehicle")
    .select("vin")
    .where("tbox_sn", "=", sn)
    .where("vin", "<>", vin)
    .executeTakeFirst();
  if (other) return [{ field: "tboxSn", msg: "终端序列号已被其他车辆使用" }];
  const iccid = String(edit.iccid);
  const sim = await db
    .selectFrom("bss_sim_card")
    .select(["tenant_id", "vin"])
    .where("iccid", "=", iccid)
    .executeTakeFirst();
  // A card of another tenant (even a parent's or a sub-tenant's) is not this vehicle's to take.
  if (sim && sim.tenant_id !== tenantId) return [{ field: "iccid", msg: "ICCID已被其他单位使用" }];
  if (sim && sim.vin !== null && sim.vin !== vin) return [{ field: "iccid", msg: "ICCID已绑定其他车辆" }];
  const range = sim ? null : nerNewIccidProblem(iccid);
  return range ? [{ field: "iccid", msg: range }] : [];
}

/** The first reason of {@link groupProblems} (an import row's reason), or null when the record passes. */
export async function groupProblem(
  db: Kysely<Database>,
  group: NerGroup,
  vin: string,
  tenantId: number,
  edit: Record<string, unknown>,
): Promise<string | null> {
  return (await groupProblems(db, group, vin, tenantId, edit))[0]?.msg ?? null;
}
