// The map chunk: everything that pulls in OpenLayers. Import through ../lazy, not directly.
export { FleetMap, type FleetMapProps, type FleetPoints } from "./FleetMap";
export { GeofenceEditor, type GeofenceEditorProps } from "./GeofenceEditor";
export { MapLocationPicker, type MapLocationPickerProps } from "./MapLocationPicker";
export { provinceGeocoder } from "./provinceGeocoder";
export { TrackMap, type TrackMapProps, type TrackPoint } from "./TrackMap";
