import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { enclosureEventExporter, exportEnclosureEvents, listEnclosureEvents } from "./events";
import { createEnclosure, deleteEnclosure, listEnclosures, updateEnclosure } from "./fences";
import { seedEnclosures } from "./seed";

const handlers = {
  listEnclosures,
  createEnclosure,
  updateEnclosure,
  deleteEnclosure,
  listEnclosureEvents,
  exportEnclosureEvents,
} satisfies HandlerTable;

/**
 * tsp-bss's 电子围栏 (/enclosure/index, issue 18): geofences of a tenant in the spec's encoding,
 * bound to vehicles or 车辆分组, and their events. The tables are the platform's (gateway
 * migration 0018_geofence) because the gateway's ingest writes the watch state, the events and
 * the alarm episodes (gateway/geofence/ingest.ts); rules from @tsp/domain `geofence/`.
 */
export const tspBssEnclosure: ServiceModule = {
  name: "tsp-bss",
  migrations: {},
  handlers,
  exporters: { exportEnclosureEvents: enclosureEventExporter },
  seed: seedEnclosures,
};
