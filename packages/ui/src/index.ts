// @tsp/ui — the widget kit. Light widgets are exported here; heavy ones (map, chart, editor)
// through lazy wrappers in ./lazy so the console's first screen stays small.

export type { ChartKind, ChartSeries } from "./chart/chartData";
export { isChartEmpty } from "./chart/chartData";
export { DateRangePicker, type DateRangePickerProps } from "./date/DateRangePicker";
export { AddressDialog, MSG_ADDRESS_LOOKUP_FAILED, MSG_NO_LOCATION } from "./dialog/AddressDialog";
export { Dialog, type DialogProps } from "./dialog/Dialog";
export { useThrottledAction } from "./dialog/useThrottledAction";
export { countImages, sanitizeHtml } from "./editor/sanitize";
export { EmptyState } from "./feedback/EmptyState";
export { LoadingOverlay } from "./feedback/LoadingOverlay";
export { type Toast, ToastAnnouncer, type ToastApi, type ToastKind, ToastProvider, useToast } from "./feedback/Toasts";
export { type NumberRange, NumberRangeInput } from "./form/NumberRangeInput";
export { failedRowsSheet, REASON_HEADER, saveBlob } from "./importing/failedRowsSheet";
export { ImportDialog, type ImportDialogProps } from "./importing/ImportDialog";
export { ImportReportView } from "./importing/ImportReportView";
export type { ImportOptions, ImportReport, ImportRowResult } from "./importing/types";
export * from "./kit/index";
// Heavy widgets: lazy wrappers only (each is its own chunk).
export {
  Chart,
  type ChartProps,
  FleetMap,
  type FleetMapProps,
  GeofenceEditor,
  type GeofenceEditorProps,
  MapLocationPicker,
  type MapLocationPickerProps,
  RichTextEditor,
  type RichTextEditorProps,
  TrackMap,
  type TrackMapProps,
} from "./lazy";
export { CHINA_CENTER, type TileConfig } from "./map/config";
export {
  type CoordSys,
  fromDisplay,
  gcj02ToWgs84,
  type LngLat as LngLatPair,
  toDisplay,
  wgs84ToGcj02,
} from "./map/coords";
export type { FleetPoints } from "./map/FleetMap";
export {
  type GeocodingProvider,
  loadProvinceGeocoder,
  type Place,
  type PlaceLoaders,
  placesGeocoder,
  regionPlacesGeocoder,
} from "./map/geocoder";
export type { TrackPoint } from "./map/TrackMap";
export { CollapsiblePanel, SearchItem } from "./search/CollapsiblePanel";
export { DefaultSearchPanel, type DefaultSearchPanelProps } from "./search/DefaultSearchPanel";
export { TimeRangeInput } from "./search/TimeRangeInput";
export { type LookupItem, type LookupQuery, type LookupType, TwoPartSearch } from "./search/TwoPartSearch";
export { ChannelSelect } from "./select/ChannelSelect";
export { RemoteSelect, type RemoteSelectProps } from "./select/RemoteSelect";
export {
  type DealerQuery,
  DealerSelect,
  IccidSelect,
  type KeyWordsQuery,
  type KeywordQuery,
  KeywordSelect,
  type MachineryVinQuery,
  MachineryVinSelect,
  type MeinQuery,
  MeinSelect,
  type TboxSnQuery,
  TboxSnSelect,
  type VehicleDimFilters,
  type VinQuery,
  VinSelect,
} from "./select/selectors";
export { findPath, type TreeNode, TreeSelect, type TreeSelectProps } from "./select/TreeSelect";
export { type BrandCodes, BrandTreeSelect, brandNodes, RegionTreeSelect, regionNodes } from "./select/treeSelectors";
export { type RemotePage, SELECT_PAGE_SIZE, type SelectOption } from "./select/types";
export { CursorPager, type CursorPagerProps } from "./table/CursorPager";
export { DataTable, type DataTableProps } from "./table/DataTable";
export { EllipsisCell } from "./table/EllipsisCell";
export { NumberedPager, type NumberedPagerProps, pageWindow } from "./table/NumberedPager";
export { useRememberedPageSize } from "./table/pageSize";
export type { Column } from "./table/types";
export { TabStrip } from "./tabs/TabStrip";
export { buttonClass, inputClass } from "./theme/classes";
export { fileMd5 } from "./upload/md5";
export { browserMeasure, type MediaMeasure } from "./upload/measure";
export { type PreviewItem, PreviewOverlay } from "./upload/PreviewOverlay";
export * from "./upload/rules";
export type { UploadedFile, UploadFn, UploadKind, UploadOptions } from "./upload/types";
export { Uploader, type UploaderProps } from "./upload/Uploader";
