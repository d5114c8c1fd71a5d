import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0013 from "./0013_service_station";
import {
  createServiceStation,
  deleteServiceStation,
  getServiceStation,
  listServiceStations,
  updateServiceStation,
} from "./handlers";
import { seedServiceStations } from "./seed";
import { downloadServiceStationTemplate, exportServiceStations, importServiceStations, stationExporter } from "./sheet";

const handlers = {
  listServiceStations,
  getServiceStation,
  createServiceStation,
  updateServiceStation,
  deleteServiceStation,
  exportServiceStations,
  importServiceStations,
  downloadServiceStationTemplate,
} satisfies HandlerTable;

/**
 * tsp-bss's service station register (base info › 服务站信息, /baseInfo/serviceStation): its
 * own table and migration, handlers, exporter and seed — list, detail, create, edit with
 * optimistic concurrency, delete of a closed station, import with a per-row report, template
 * and export from one column list. The keyword search getServiceStationList reads this table.
 */
export const tspBssServiceStation: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0013_service_station": m0013 },
  handlers,
  exporters: { exportServiceStations: stationExporter },
  seed: seedServiceStations,
};
