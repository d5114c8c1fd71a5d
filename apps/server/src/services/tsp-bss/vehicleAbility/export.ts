import { chinaDateTime, EMISSION_STAGE_LABELS, POWER_TYPE_LABELS } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { ABILITY_COLUMNS } from "./columns";
import { type AbilityFilter, filteredAbilities, selectAbility, serviceCatalogue, toAbilities } from "./queries";

/**
 * The 车型能力 export: the template's columns (model id, name, services by name — a filled
 * template the import takes back), then the brand tree, the drivetrain, the codes and the
 * last change; the models of the list's filters in its order.
 */
export const modelAbilityExporter: ExportSheet = {
  title: "车型能力",
  columns: [
    ...ABILITY_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width })),
    { header: "厂商", key: "oemName", width: 26 },
    { header: "品牌", key: "brandName", width: 12 },
    { header: "车系", key: "seriesName", width: 14 },
    { header: "动力类型", key: "powerType", width: 14 },
    { header: "排放阶段", key: "emissionStage", width: 14 },
    { header: "服务编码", key: "codes", width: 40 },
    { header: "修改人", key: "updateName", width: 12 },
    { header: "修改时间", key: "updatedAt", width: 20 },
  ],
  total: (job, ctx) => countOf(filteredAbilities(ctx.db, job.params as AbilityFilter)),
  async *rows(job, ctx) {
    const names = await serviceCatalogue(ctx.db, job);
    const rows = await selectAbility(filteredAbilities(ctx.db, job.params as AbilityFilter))
      .orderBy("b.id")
      .orderBy("s.id")
      .orderBy("m.id") // the list's order (CATALOGUE_ORDER)
      .execute();
    yield (await toAbilities(ctx.db, rows, false)).map((r) => ({
      modelId: r.modelId,
      modelName: r.modelName,
      services: r.services.map((c) => names.get(c) ?? c).join("、"),
      oemName: r.oemName,
      brandName: r.brandName,
      seriesName: r.seriesName,
      powerType: r.powerType ? POWER_TYPE_LABELS[r.powerType] : "",
      emissionStage: r.emissionStage ? EMISSION_STAGE_LABELS[r.emissionStage] : "",
      codes: r.services.join("、"),
      updateName: r.updateName ?? "",
      updatedAt: r.updatedAt > 0 ? chinaDateTime(r.updatedAt) : "",
    }));
  },
};

/** exportModelAbilities: queues the export of the list's filters. */
export const exportModelAbilities = defineHandler<"exportModelAbilities">(async ({ query, principal }, ctx) => {
  const task = await ctx.exports.submit(must(principal), "exportModelAbilities", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
