import { numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { mayEditCatalogue } from "../vehicleModel/platformTenant";
import { CATALOGUE_ORDER } from "../vehicleModel/queries";
import { filteredAbilities, readAbility, selectAbility, toAbilities } from "./queries";

/** listModelAbilities: a numbered page of models with the services each supports. */
export const listModelAbilities = defineHandler<"listModelAbilities">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const editable = await mayEditCatalogue(ctx.db, must(principal));
  const page = await numberedPage(
    filteredAbilities(ctx.db, filter),
    { pageNum, pageSize },
    CATALOGUE_ORDER,
    selectAbility,
  );
  return { list: await toAbilities(ctx.db, page.list, editable), total: page.total };
});

/** getModelAbility: one model's abilities. */
export const getModelAbility = defineHandler<"getModelAbility">(async ({ query, principal }, ctx) =>
  readAbility(ctx.db, query.modelId, await mayEditCatalogue(ctx.db, must(principal))),
);
