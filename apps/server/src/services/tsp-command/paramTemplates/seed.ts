import { type ParamEntry, templateChanges } from "@tsp/domain";
import type { SeedContext } from "../../types";
import "./tables";

const DAY = 86_400_000;

/** Templates an operator of a GB/T 32960 fleet keeps (values within the standard's ranges). */
const TEMPLATES: readonly { name: string; remark: string; params: ParamEntry[]; tenant: 0 | 1; days: number }[] = [
  {
    name: "标准上报周期（30秒）",
    remark: "出厂默认：正常30秒，报警1秒，心跳60秒",
    params: [
      { id: 0x01, value: 1000 },
      { id: 0x02, value: 30 },
      { id: 0x03, value: 1000 },
      { id: 0x09, value: 60 },
    ],
    tenant: 0,
    days: 40,
  },
  {
    name: "路试高频上报（10秒）",
    remark: "可靠性路试期间加密上报",
    params: [
      { id: 0x02, value: 10 },
      { id: 0x03, value: 500 },
      { id: 0x09, value: 30 },
    ],
    tenant: 0,
    days: 12,
  },
  {
    name: "切换备用平台",
    remark: "主平台维护时切到备用接入地址",
    params: [
      { id: 0x05, value: "backup.tsp.example.com" },
      { id: 0x06, value: 19006 },
      { id: 0x0a, value: 30 },
      { id: 0x0b, value: 30 },
    ],
    tenant: 0,
    days: 5,
  },
  {
    name: "抽样监测开启",
    remark: "配合公共平台抽检",
    params: [{ id: 0x10, value: 1 }],
    tenant: 1,
    days: 3,
  },
];

/** Fixed demo templates with their creation in the change log (no rng: nothing else shifts). */
export async function seedParamTemplates(ctx: SeedContext): Promise<void> {
  const now = ctx.now.getTime();
  for (const t of TEMPLATES) {
    const tenantId = ctx.tenantIds[t.tenant] as number;
    const at = now - t.days * DAY;
    const row = await ctx.db
      .insertInto("param_template")
      .values({
        tenant_id: tenantId,
        name: t.name,
        protocol: "gbt32960",
        params: JSON.stringify(t.params),
        remark: t.remark,
        created_by: "admin",
        created_at: at,
        updated_by: "admin",
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const changes = templateChanges(
      { name: "", protocol: "gbt32960", params: [], remark: null },
      { name: t.name, protocol: "gbt32960", params: t.params, remark: t.remark },
    );
    await ctx.db
      .insertInto("param_template_log")
      .values({
        template_id: row.id,
        tenant_id: tenantId,
        action: "create",
        changes: JSON.stringify(changes),
        by: "admin",
        at,
      })
      .execute();
  }
}
