// Geofences and map pickers (platform-shell.md §3, §5, §9; business-areas.md §2).
export {
  decodeGeofence,
  encodeGeofence,
  formatLngLat,
  GEOFENCE_CIRCLE,
  GEOFENCE_MAP_CENTER,
  GEOFENCE_MAP_ZOOM,
  GEOFENCE_POLYGON,
  type Geofence,
  type GeofenceWire,
  type LngLat,
  MSG_GEOFENCE_RADIUS,
  MSG_GEOFENCE_TYPE,
  MSG_POLYGON_POINTS,
  POLYGON_MIN_POINTS,
  parseLngLat,
  radiusMetres,
} from "./geofence";
export {
  MAP_PICKER_CHOSEN_ZOOM,
  MAP_PICKER_WIDTH,
  MAP_PICKER_ZOOM,
  type MapLocation,
  MSG_CHOOSE_ADDRESS,
  mapPickerProblem,
} from "./mapPicker";
