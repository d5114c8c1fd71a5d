import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0011 from "./0011_model_ability";
import { copyModelAbility, updateModelAbility } from "./edit";
import { exportModelAbilities, modelAbilityExporter } from "./export";
import { importModelAbilities } from "./importAbilities";
import { getModelAbility, listModelAbilities } from "./list";
import { seedModelAbilities } from "./seed";
import { downloadModelAbilityTemplate } from "./template";

const handlers = {
  listModelAbilities,
  getModelAbility,
  updateModelAbility,
  copyModelAbility,
  exportModelAbilities,
  importModelAbilities,
  downloadModelAbilityTemplate,
} satisfies HandlerTable;

/**
 * tsp-bss's model abilities (base info › 车型能力, /baseInfo/vehicleAbility): which remote
 * services and data each catalogue model supports — list, detail, checklist edit with
 * optimistic concurrency, copy to other models, export, import with a per-row report. The
 * rule is @tsp/domain's (`checkModelAbilities`, `modelSupportsService`); `supports.ts` answers
 * it per vehicle for other slices. Seeded after the catalogue (tspBssModelCatalogue).
 */
export const tspBssModelAbility: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0011_model_ability": m0011 },
  handlers,
  exporters: { exportModelAbilities: modelAbilityExporter },
  seed: (ctx) => seedModelAbilities(ctx),
};
