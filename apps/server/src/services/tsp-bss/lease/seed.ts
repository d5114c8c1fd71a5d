import { chinaDay, type LeaseLesseeType, leaseAddDays, leaseAddMonths } from "@tsp/domain";
import type { Insertable } from "kysely";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { creditCode } from "../seed/identifiers";
import { COMPANIES, person } from "../seed/people";
import type { LeaseContractLogTable, LeaseContractTable } from "./tables";
import "../registers/tables";

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const REGIONS = ["440305", "440106", "310115", "510116", "420112", "370114"];
const RETURN_REASONS = ["租期内提前退租，车辆验收完好", "承租人业务调整，协商解除合同", "车辆事故后协商退租"];
const LESSEE_COMPANIES = [...COMPANIES, "前海速运物流有限公司", "粤通冷链配送有限公司", "蓉城货的出行服务有限公司"];

/** A resident ID number (GB 11643) with its check character. */
function idCard(rng: Rng): string {
  const birth = `${rng.int(1970, 1999)}${String(rng.int(1, 12)).padStart(2, "0")}${String(rng.int(1, 28)).padStart(2, "0")}`;
  const body = `${rng.pick(REGIONS)}${birth}${String(rng.int(1, 999)).padStart(3, "0")}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body.charAt(i)) * (ID_WEIGHTS[i] as number);
  return body + "10X98765432".charAt(sum % 11);
}

/**
 * Lease contracts of the demo tenant's vehicles (about 60 %, the rest stay free to be let),
 * in every state: on lease, returned (with a reason), past the end and not returned, a renewal
 * chain (the old contract renewed, the new one on lease) and one not started. Monthly rents of
 * light commercial EVs and trucks; organisations of the tenant in cooperation. Only its PRNG and
 * `ctx.now` vary it (its own fixed seed); the isolation tenant has none.
 */
export async function seedLeaseContracts(ctx: SeedContext): Promise<void> {
  // A PRNG of its own: the shared one and every other module's demo data stay as they were.
  const rng = createRng(30_2026);
  const today = chinaDay(ctx.now.getTime());
  const nowMs = ctx.now.getTime();
  const [demo] = ctx.tenantIds as [number];
  const vehicles = await ctx.db
    .selectFrom("vehicle")
    .select("vin")
    .where("tenant_id", "=", demo)
    .orderBy("vin")
    .execute();
  const orgs = await ctx.db
    .selectFrom("bss_lease_org")
    .select("code")
    .where("tenant_id", "=", demo)
    .where("status", "=", "active")
    .orderBy("code")
    .execute();
  if (orgs.length === 0) return;
  const contracts: Insertable<LeaseContractTable>[] = [];
  const logs: Insertable<LeaseContractLogTable>[] = [];
  let seq = 0;
  const add = (
    vin: string,
    startDate: string,
    months: number,
    over: Partial<Insertable<LeaseContractTable>> = {},
    lessee?: Pick<
      LeaseContractTable,
      "lessee_type" | "lessee_name" | "lessee_phone" | "lessee_id_no" | "lease_org_code"
    >,
  ) => {
    seq += 1;
    const type: LeaseLesseeType = rng.next() < 0.6 ? "company" : "person";
    const who = lessee ?? {
      lease_org_code: rng.pick(orgs).code,
      lessee_type: type,
      lessee_name:
        type === "company"
          ? `${rng.pick(["深圳市", "广州市", "成都市", "武汉市"])}${rng.pick(LESSEE_COMPANIES)}`
          : person(rng),
      lessee_phone: `1${rng.pick(["38", "39", "58", "86", "77"])}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
      lessee_id_no: type === "company" ? creditCode(rng, rng.pick(REGIONS)) : idCard(rng),
    };
    const row: Insertable<LeaseContractTable> = {
      tenant_id: demo,
      contract_no: `ZL${startDate.slice(0, 7).replace("-", "")}-${String(seq).padStart(4, "0")}`,
      vin,
      ...who,
      start_date: startDate,
      end_date: leaseAddDays(leaseAddMonths(startDate, months), -1),
      monthly_rent: Math.round(rng.int(2_800, 12_000) / 50) * 50,
      deposit: Math.round(rng.int(5_000, 30_000) / 1000) * 1000,
      remark: null,
      return_date: null,
      return_reason: null,
      renewed_from: null,
      renewed_to: null,
      updated_at: nowMs - rng.int(1, 30) * 86_400_000,
      update_by: "admin",
      update_name: "系统管理员",
      ...over,
    };
    contracts.push(row);
    logs.push({
      tenant_id: demo,
      contract_no: row.contract_no,
      action: "create",
      reason: null,
      snapshot: JSON.stringify({ contractNo: row.contract_no, vin }),
      at: Number(row.updated_at),
      by: "admin",
      by_name: "系统管理员",
    });
    return row;
  };
  vehicles.forEach((v, i) => {
    switch (i % 8) {
      case 0:
      case 4: // on lease
        add(v.vin, leaseAddDays(today, -rng.int(30, 300)), rng.pick([12, 24, 36]));
        break;
      case 1: {
        // returned early, then free
        const start = leaseAddDays(today, -rng.int(200, 400));
        const back = leaseAddDays(start, rng.int(60, 180));
        add(v.vin, start, 12, { return_date: back, return_reason: rng.pick(RETURN_REASONS) });
        logs.push({ ...(logs[logs.length - 1] as Insertable<LeaseContractLogTable>), action: "return" });
        break;
      }
      case 2: // past its end, not returned yet
        add(v.vin, leaseAddDays(today, -rng.int(380, 420)), 12);
        break;
      case 3: {
        // renewed: the old term over, the renewal on lease
        const old = add(v.vin, leaseAddDays(today, -rng.int(400, 500)), 12);
        const renewal = add(
          v.vin,
          leaseAddDays(old.end_date as string, 1),
          12,
          { renewed_from: old.contract_no },
          {
            lease_org_code: old.lease_org_code as string,
            lessee_type: old.lessee_type as LeaseLesseeType,
            lessee_name: old.lessee_name as string,
            lessee_phone: old.lessee_phone as string,
            lessee_id_no: old.lessee_id_no as string,
          },
        );
        old.renewed_to = renewal.contract_no;
        break;
      }
      case 5: // signed, not started
        add(v.vin, leaseAddDays(today, rng.int(7, 40)), 12);
        break;
      default:
        // free: a vehicle the operator can let (the browser test files one)
        break;
    }
  });
  for (let i = 0; i < contracts.length; i += 500) {
    await ctx.db
      .insertInto("bss_lease_contract")
      .values(contracts.slice(i, i + 500))
      .execute();
  }
  for (let i = 0; i < logs.length; i += 500) {
    await ctx.db
      .insertInto("bss_lease_contract_log")
      .values(logs.slice(i, i + 500))
      .execute();
  }
}
