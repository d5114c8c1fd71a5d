import { faultCodeIndex, nameFaults } from "@tsp/domain";
import type { AppContext } from "../../../context";
import "../../tsp-bss/dataService/tables";
import type { TboxJournalRow } from "./journalScan";

/**
 * 故障上报报文's rows with their GB/T 32960 codes named by 报文故障码管理 (the tenants'
 * 国标故障代码 entries, read once per page or export batch); the first of the caller's tenants
 * that keeps a code names it (its own before a sub-tenant's, as the dictionary screen does).
 */
export async function namedFaults(
  ctx: AppContext,
  tenantIds: readonly number[],
  rows: TboxJournalRow[],
): Promise<TboxJournalRow[]> {
  const codes = [...new Set(rows.flatMap((r) => r.faults.filter((f) => f.source !== "terminal").map((f) => f.code)))];
  if (codes.length === 0 || tenantIds.length === 0) return rows;
  const entries = await ctx.db
    .selectFrom("bss_fault_code")
    .select(["code", "protocol", "name_zh", "system", "level", "remedy", "tenant_id"])
    .where("tenant_id", "in", tenantIds)
    .where("protocol", "=", "gbFault")
    .where("code", "in", codes)
    .execute();
  // Later entries win in the index: the principal's first tenant last.
  entries.sort((a, b) => tenantIds.indexOf(b.tenant_id) - tenantIds.indexOf(a.tenant_id));
  const index = faultCodeIndex(
    entries.map((e) => ({
      code: e.code,
      protocol: "gbFault" as const,
      nameZh: e.name_zh,
      system: e.system,
      level: e.level,
      remedy: e.remedy,
    })),
  );
  return rows.map((r) => ({ ...r, faults: nameFaults(r.faults, index) }));
}
