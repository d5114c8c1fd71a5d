import type { ServiceModule } from "../types";
import { exportSafetyAlarms, safetyAlarmExporter } from "./alarms/export";
import { listSafetyAlarms } from "./alarms/list";
import { ensureDemoMedia } from "./media/demoMedia";
import { exportMediaZip, mediaZipExporter } from "./media/export";
import { listMedia } from "./media/list";
import { sendCameraShoot } from "./media/shoot";
import * as m0001 from "./migrations/0001_terminals";
import { seedJsatl } from "./seed";
import "./tables";
import { findJsatlVehicleList } from "./vehicles";

/**
 * tsp-jsatl: vehicles with a JT/T 808 active-safety terminal (ADAS/DSM alarms, "苏标"), and the
 * multimedia of JT/T 808 terminals (issue 17 拍照/录像, 报警附件上传; issue 18 机械原始照片库): the
 * camera command, the uploaded photos (gateway/multimedia/ stores them) and their .zip export.
 */
export const tspJsatl: ServiceModule = {
  name: "tsp-jsatl",
  migrations: { "tsp-jsatl:0001_terminals": m0001 },
  handlers: { findJsatlVehicleList, sendCameraShoot, listMedia, exportMediaZip, listSafetyAlarms, exportSafetyAlarms },
  exporters: { exportMediaZip: mediaZipExporter, exportSafetyAlarms: safetyAlarmExporter },
  seed: seedJsatl,
  // The seed has no object store: the demo photos' bytes are put there at start.
  register: (_app, ctx) => ensureDemoMedia(ctx),
};
