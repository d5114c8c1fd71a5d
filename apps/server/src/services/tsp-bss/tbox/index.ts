import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0020 from "./0020_tbox";
import { bindTbox, createTbox, deleteTbox, getTbox, unbindTbox, updateTbox } from "./edit";
import { exportTboxes, tboxExporter } from "./export";
import { importTboxes } from "./importTboxes";
import { listTboxes } from "./list";
import { seedTboxes } from "./seed";
import { downloadTboxTemplate } from "./template";

const handlers = {
  listTboxes,
  getTbox,
  createTbox,
  updateTbox,
  deleteTbox,
  bindTbox,
  unbindTbox,
  exportTboxes,
  importTboxes,
  downloadTboxTemplate,
} satisfies HandlerTable;

/**
 * tsp-bss's T-BOX register (base info › TBOX数据, /baseInfo/tbox): list, detail, create, edit
 * with optimistic concurrency, bind / unbind to a vehicle, delete of an unbound terminal,
 * import with a per-row report, template and export from one column list. The binding lives
 * in `vehicle.tbox_sn` only; rules are @tsp/domain's `checkTboxEdit` plus the registers' (facts.ts).
 */
export const tspBssTbox: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0020_tbox": m0020 },
  handlers,
  exporters: { exportTboxes: tboxExporter },
  seed: seedTboxes,
};
