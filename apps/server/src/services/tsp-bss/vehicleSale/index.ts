import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0021 from "./0021_vehicle_sale";
import { createVehicleSale, getVehicleSale, undoVehicleSale, updateVehicleSale } from "./edit";
import { exportVehicleSales, saleExporter } from "./export";
import { importVehicleSales } from "./importSales";
import { listVehicleSales } from "./list";
import { seedVehicleSales } from "./seed";
import { downloadVehicleSaleTemplate } from "./template";

const handlers = {
  listVehicleSales,
  getVehicleSale,
  createVehicleSale,
  updateVehicleSale,
  undoVehicleSale,
  exportVehicleSales,
  importVehicleSales,
  downloadVehicleSaleTemplate,
} satisfies HandlerTable;

/**
 * tsp-bss's retail sales (base info › 实销车辆, /baseInfo/vehicleSale): list, detail with
 * history, record (a VIN once), edit with optimistic concurrency, a logged undo, import with
 * a per-row report, template and export. findUnSale reads this register.
 */
export const tspBssVehicleSale: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0021_vehicle_sale": m0021 },
  handlers,
  exporters: { exportVehicleSales: saleExporter },
  seed: seedVehicleSales,
};
