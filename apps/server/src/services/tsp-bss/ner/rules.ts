import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { NerGroup } from "../tables";
import "../tables";

const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100 check character of the first 17 characters of a unified social credit code. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CHARS.indexOf(first17.charAt(i));
    if (v < 0) return null;
    sum += v * (CREDIT_WEIGHTS[i] as number);
  }
  return CREDIT_CHARS.charAt((31 - (sum % 31)) % 31);
}

/** Carrier of a Chinese ICCID (8986 + issuer digits, ITU-T E.118), or null outside the 8986 range. */
export function carrierOfIccid(iccid: string): "CMCC" | "CUCC" | "CTCC" | null {
  if (!iccid.startsWith("8986")) return null;
  const issuer = iccid.slice(4, 6);
  if (["00", "02", "04", "07", "08", "13"].includes(issuer)) return "CMCC";
  if (["01", "06", "09", "10"].includes(issuer)) return "CUCC";
  if (["03", "05", "11"].includes(issuer)) return "CTCC";
  return null;
}

/**
 * Rules of a group record the JSON schema cannot say; answers the reason (Chinese) or null.
 * Terminal records are checked against other vehicles: a T-BOX serial belongs to one
 * vehicle, an ICCID to one SIM card bound to at most one vehicle of the same tenant.
 */
export async function groupProblem(
  db: Kysely<Database>,
  group: NerGroup,
  vin: string,
  tenantId: number,
  edit: Record<string, unknown>,
): Promise<string | null> {
  if (group === "vehicleInfo") {
    const code = edit.creditCode;
    if (typeof code === "string" && creditCodeCheckChar(code.slice(0, 17)) !== code.charAt(17))
      return "统一社会信用代码校验位不正确";
    if (typeof code === "string" && !edit.creditName) return "填写统一社会信用代码时须填写运营单位";
  }
  if (group === "batteryInfo") {
    const codes = edit.packCodes as unknown[];
    if (codes.length > 0 && codes.length !== edit.packCount) return "子系统编码数量应等于可充电储能子系统数";
  }
  if (group === "driveInfo") {
    if (Number(edit.peakPower) < Number(edit.ratedPower)) return "峰值功率不能小于额定功率";
    if ((edit.motorCodes as unknown[]).length > Number(edit.motorCount)) return "电机编码数量不能超过电机数量";
  }
  if (group === "terminalInfo") {
    const sn = String(edit.tboxSn);
    const other = await db
      .selectFrom("vehicle")
      .select("vin")
      .where("tbox_sn", "=", sn)
      .where("vin", "<>", vin)
      .executeTakeFirst();
    if (other) return "终端序列号已被其他车辆使用";
    const iccid = String(edit.iccid);
    const sim = await db
      .selectFrom("bss_sim_card")
      .select(["tenant_id", "vin"])
      .where("iccid", "=", iccid)
      .executeTakeFirst();
    // A card of another tenant (even a parent's or a sub-tenant's) is not this vehicle's to take.
    if (sim && sim.tenant_id !== tenantId) return "ICCID已被其他单位使用";
    if (sim && sim.vin !== null && sim.vin !== vin) return "ICCID已绑定其他车辆";
    if (!sim && carrierOfIccid(iccid) === null) return "ICCID不属于中国运营商号段（8986）";
  }
  return null;
}
