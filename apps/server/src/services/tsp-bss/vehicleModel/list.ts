import { numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { mayEditCatalogue } from "./platformTenant";
import { CATALOGUE_ORDER, filteredModels, readModel, selectModel, toModel } from "./queries";

/** listCatalogueModels: a numbered page of the catalogue's models in brand-tree order. */
export const listCatalogueModels = defineHandler<"listCatalogueModels">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const { pageNum, pageSize, ...filter } = query;
  const editable = await mayEditCatalogue(ctx.db, p);
  return numberedPage(
    filteredModels(ctx.db, p, filter),
    { pageNum, pageSize },
    CATALOGUE_ORDER,
    (q) => selectModel(q, p),
    (r) => toModel(r, editable),
  );
});

/** getCatalogueModel: one model. */
export const getCatalogueModel = defineHandler<"getCatalogueModel">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  return readModel(ctx.db, p, query.modelId, await mayEditCatalogue(ctx.db, p));
});
