import type { ServiceModule } from "../../types";
import * as m0020 from "./0020_registers";
import { serveRegister } from "./register";
import { seedRegisters } from "./seed";
import { REGISTER_SERVICES } from "./services";

const served = REGISTER_SERVICES.map(serveRegister);

/**
 * tsp-bss's coded registers of base information (变速箱信息, 金融机构管理, 租赁机构管理,
 * 经济转速信息): one table each, every call served from @tsp/domain's declaration by
 * `serveRegister` (register.ts). The keyword searches getGearboxModel and getfinanceOrgList
 * (lookups/keywordSearch.ts) read these tables.
 */
export const tspBssRegisters: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0020_registers": m0020 },
  handlers: Object.assign({}, ...served.map((s) => s.handlers)),
  exporters: Object.assign({}, ...served.map((s) => s.exporters)),
  seed: (ctx) => seedRegisters(ctx),
};
