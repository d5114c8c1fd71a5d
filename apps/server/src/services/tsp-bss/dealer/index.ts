import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0012 from "./0012_dealer_register";
import { createDealer, deleteDealer, getDealer, listDealers, updateDealer } from "./handlers";
import { seedDealers } from "./seed";
import { dealerExporter, downloadDealerTemplate, exportDealers, importDealers } from "./sheet";

const handlers = {
  listDealers,
  getDealer,
  createDealer,
  updateDealer,
  deleteDealer,
  exportDealers,
  importDealers,
  downloadDealerTemplate,
} satisfies HandlerTable;

/**
 * tsp-bss's dealer register (base info › 经销商信息, /baseInfo/dealer), a slice with its own
 * migration on `bss_dealer`, handlers, exporter and seed: list, detail, create, edit with
 * optimistic concurrency, delete of a closed dealer without secondary dealers, import with a
 * per-row report, template and export from one column list. The rules are @tsp/domain's
 * (`checkDealerEdit`) and the register's (`rules.ts`). The lookups (findList,
 * findDealerByRegion, getDealer/getSaleDealer/getSecondaryDealer) read the same table.
 */
export const tspBssDealer: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0012_dealer_register": m0012 },
  handlers,
  exporters: { exportDealers: dealerExporter },
  seed: seedDealers,
};
