import * as d from "@tsp/domain";
import * as v from "valibot";
import type { FleetFilter } from "../../../api/fleet";

/** The offline times offered (hours): the kit's search form offers choices, not free numbers. */
export const OFFLINE_HOURS = ["1", "6", "12", "24", "48", "72", "168", "720"] as const;

/** 高级筛选's search panel as it lives in the address (a copied link reproduces it). */
export const fleetFilters = d.filterCodec(
  v.object({
    codes: d.codesFilter(),
    plate: d.textFilter(16),
    vin: d.textFilter(17),
    online: d.choiceFilter(d.VEHICLE_ONLINE_STATES),
    socMin: d.countFilter(100),
    socMax: d.countFilter(100),
    offlineHours: d.choiceFilter(OFFLINE_HOURS),
    alarmLevel: d.choiceFilter(d.ALARM_LEVEL_CODES),
    speedMin: d.countFilter(d.FLEET_SPEED_MAX),
    speedMax: d.countFilter(d.FLEET_SPEED_MAX),
  }),
);
export type FleetSearch = v.InferOutput<typeof fleetFilters.schema>;

/** The panel as the calls take it (what is left empty is not sent). */
export function fleetQuery(f: FleetSearch): FleetFilter {
  const [brandId, seriesId, modelId] = f.codes.map(Number);
  const out: FleetFilter = {};
  if (brandId) out.brandId = brandId;
  if (seriesId) out.seriesId = seriesId;
  if (modelId) out.modelId = modelId;
  if (f.plate) out.plate = f.plate.trim();
  if (f.vin) out.vin = f.vin.trim().toUpperCase();
  if (f.online) out.online = f.online;
  if (f.socMin !== null) out.socMin = f.socMin;
  if (f.socMax !== null) out.socMax = f.socMax;
  if (f.offlineHours) out.offlineHours = Number(f.offlineHours);
  if (f.alarmLevel) out.alarmLevel = Number(f.alarmLevel);
  if (f.speedMin !== null) out.speedMin = f.speedMin;
  if (f.speedMax !== null) out.speedMax = f.speedMax;
  return out;
}

/** A saved filter back into the panel (an offline time not offered falls back to none). */
export function fleetSearchOf(f: FleetFilter): FleetSearch {
  const hours = String(f.offlineHours ?? "");
  return {
    ...fleetFilters.defaults,
    codes: [f.brandId, f.seriesId, f.modelId].filter((x) => x !== undefined).map(String),
    plate: f.plate ?? "",
    vin: f.vin ?? "",
    online: f.online ?? "",
    socMin: f.socMin ?? null,
    socMax: f.socMax ?? null,
    offlineHours: (OFFLINE_HOURS as readonly string[]).includes(hours) ? (hours as FleetSearch["offlineHours"]) : "",
    alarmLevel: f.alarmLevel === undefined ? "" : (String(f.alarmLevel) as FleetSearch["alarmLevel"]),
    speedMin: f.speedMin ?? null,
    speedMax: f.speedMax ?? null,
  };
}
