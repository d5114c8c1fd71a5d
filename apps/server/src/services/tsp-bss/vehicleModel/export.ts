import {
  chinaDateTime,
  EMISSION_STAGE_LABELS,
  FUEL_TYPE_LABELS,
  CATALOGUE_MODEL_FIELD_LABELS as L,
  POWER_TYPE_LABELS,
} from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { type CatalogueFilter, filteredModels, selectModel, toModel } from "./queries";

/** yyyy-MM-dd HH:mm:ss in China time, as the console shows change times. */

/**
 * The 车型信息 export: the brand tree, every attribute with its Chinese label, the caller's
 * vehicle count and the last change. The catalogue is tens to hundreds of models: one query
 * in the list's order.
 */
export const catalogueModelExporter: ExportSheet = {
  title: "车型信息",
  columns: [
    { header: "车型编号", key: "modelId", width: 10 },
    { header: "厂商", key: "oemName", width: 26 },
    { header: "品牌", key: "brandName", width: 12 },
    { header: "车系", key: "seriesName", width: 14 },
    { header: L.modelName, key: "modelName", width: 30 },
    { header: L.vehicleName, key: "vehicleName", width: 18 },
    { header: L.powerType, key: "powerType", width: 14 },
    { header: L.engineModel, key: "engineModel", width: 16 },
    { header: L.electricModel, key: "electricModel", width: 16 },
    { header: L.chassisModel, key: "chassisModel", width: 20 },
    { header: L.emissionStage, key: "emissionStage", width: 14 },
    { header: L.fuelType, key: "fuelType", width: 10 },
    { header: L.grossMassKg, key: "grossMassKg", width: 12 },
    { header: L.curbMassKg, key: "curbMassKg", width: 12 },
    { header: L.remark, key: "remark", width: 24 },
    { header: "本单位车辆数", key: "vehicleCount", width: 12 },
    { header: "修改人", key: "updateName", width: 12 },
    { header: "修改时间", key: "updatedAt", width: 20 },
  ],
  total: (job, ctx) => countOf(filteredModels(ctx.db, job, job.params as CatalogueFilter)),
  async *rows(job, ctx) {
    const rows = await selectModel(filteredModels(ctx.db, job, job.params as CatalogueFilter), job)
      .orderBy("b.id")
      .orderBy("s.id")
      .orderBy("m.id") // the list's order (CATALOGUE_ORDER)
      .execute();
    yield rows.map((row) => {
      const r = toModel(row, false);
      return {
        ...r,
        powerType: POWER_TYPE_LABELS[r.powerType],
        emissionStage: EMISSION_STAGE_LABELS[r.emissionStage],
        fuelType: r.fuelType ? FUEL_TYPE_LABELS[r.fuelType] : "",
        updatedAt: r.updatedAt > 0 ? chinaDateTime(r.updatedAt) : "",
      };
    });
  },
};

/** exportCatalogueModels: queues the export of the list's filters. */
export const exportCatalogueModels = defineHandler<"exportCatalogueModels">(async ({ query, principal }, ctx) => {
  const task = await ctx.exports.submit(must(principal), "exportCatalogueModels", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
