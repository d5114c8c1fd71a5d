import { type FaultCodeIndex, type FaultProtocol, faultCodeIndex } from "@tsp/domain";
import type { AppContext } from "../../../context";
import type { Principal } from "../../../platform/principal";
import "./tables";

/**
 * The fault-code dictionary a caller sees, as @tsp/domain's index: the journals build it once
 * per request and name each reported code with `nameFaultCode` / `faultCodeText`. A code kept
 * by the caller's own tenant wins over a sub-tenant's.
 */
export async function faultCodeIndexFor(db: AppContext["db"], p: Principal): Promise<FaultCodeIndex> {
  if (p.tenantIds.length === 0) return faultCodeIndex([]);
  const rows = await db
    .selectFrom("bss_fault_code")
    .select(["code", "protocol", "name_zh", "system", "level", "remedy", "tenant_id"])
    .where("tenant_id", "in", p.tenantIds)
    .execute();
  rows.sort((a, b) => Number(a.tenant_id === p.tenantId) - Number(b.tenant_id === p.tenantId));
  return faultCodeIndex(
    rows.map((r) => ({
      code: r.code,
      protocol: r.protocol as FaultProtocol,
      nameZh: r.name_zh,
      system: r.system,
      level: r.level,
      remedy: r.remedy,
    })),
  );
}
