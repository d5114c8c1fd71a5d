import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0010 from "./0010_model_catalogue";
import {
  deleteCatalogueBrand,
  deleteCatalogueSeries,
  listCatalogueBranches,
  saveCatalogueBrand,
  saveCatalogueSeries,
} from "./branches";
import { createCatalogueModel, deleteCatalogueModel, updateCatalogueModel } from "./edit";
import { catalogueModelExporter, exportCatalogueModels } from "./export";
import { getCatalogueModel, listCatalogueModels } from "./list";
import { seedModelCatalogue } from "./seed";

const handlers = {
  listCatalogueModels,
  getCatalogueModel,
  createCatalogueModel,
  updateCatalogueModel,
  deleteCatalogueModel,
  exportCatalogueModels,
  listCatalogueBranches,
  saveCatalogueBrand,
  deleteCatalogueBrand,
  saveCatalogueSeries,
  deleteCatalogueSeries,
} satisfies HandlerTable;

/**
 * tsp-bss's vehicle-model catalogue (base info › 车型信息, /baseInfo/vehicleInfo): the brand
 * tree's brands, series and models with the attributes an operator keeps per model — list,
 * detail, create, edit with optimistic concurrency, delete of unused rows, export. Shared
 * platform reference data (the lookups read it); only the platform tenant writes it. The rules
 * are @tsp/domain's (`checkCatalogueModelEdit`). Not the new-energy announcement models (ner/).
 */
export const tspBssModelCatalogue: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0010_model_catalogue": m0010 },
  handlers,
  exporters: { exportCatalogueModels: catalogueModelExporter },
  seed: (ctx) => seedModelCatalogue(ctx),
};
