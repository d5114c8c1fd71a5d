// The map chunk: everything that pulls in OpenLayers. Import through ../lazy, not directly.
export { GEOFENCE_ZOOM, GeofenceEditor, type GeofenceEditorProps } from "./GeofenceEditor";
export {
  type MapLocation,
  MapLocationPicker,
  type MapLocationPickerProps,
  PICKER_CHOSEN_ZOOM,
  PICKER_WIDTH,
  PICKER_ZOOM,
} from "./MapLocationPicker";
export { provinceGeocoder } from "./provinceGeocoder";
