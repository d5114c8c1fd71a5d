import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import type { ChartProps } from "./chart/Chart";
import type { RichTextEditorProps } from "./editor/RichTextEditor";
import { LoadingOverlay } from "./feedback/LoadingOverlay";
import type { FleetMapProps } from "./map/FleetMap";
import type { GeofenceEditorProps } from "./map/GeofenceEditor";
import type { MapLocationPickerProps } from "./map/MapLocationPicker";
import type { TrackMapProps } from "./map/TrackMap";

/**
 * Heavy widgets as lazy chunks (OpenLayers, ApexCharts, Tiptap): the console's first screen
 * loads none of them; each downloads on first render, behind a small placeholder. Types are
 * imported as types only, so this file pulls in no heavy code.
 */
function Loading({ height = 120 }: { height?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className="flex items-center justify-center rounded border border-dashed border-gray-200 text-sm text-gray-500"
      style={{ height }}
    >
      加载中…
    </div>
  );
}

function withSuspense<P extends object>(Inner: ComponentType<P>, fallback: (p: P) => ReactNode) {
  const Wrapped = (props: P) => (
    <Suspense fallback={fallback(props)}>
      <Inner {...props} />
    </Suspense>
  );
  return Wrapped;
}

const ChartChunk = lazy(() => import("./chart/index").then((m) => ({ default: m.Chart })));
const EditorChunk = lazy(() => import("./editor/index").then((m) => ({ default: m.RichTextEditor })));
const GeofenceChunk = lazy(() => import("./map/index").then((m) => ({ default: m.GeofenceEditor })));
const PickerChunk = lazy(() => import("./map/index").then((m) => ({ default: m.MapLocationPicker })));
const FleetChunk = lazy(() => import("./map/index").then((m) => ({ default: m.FleetMap })));
const TrackChunk = lazy(() => import("./map/index").then((m) => ({ default: m.TrackMap })));

/** {@link import("./chart/Chart").Chart}, loaded on first use. */
export const Chart = withSuspense<ChartProps>(ChartChunk, (p) => <Loading height={p.height ?? 300} />);
/** {@link import("./editor/RichTextEditor").RichTextEditor}, loaded on first use. */
export const RichTextEditor = withSuspense<RichTextEditorProps>(EditorChunk, (p) => (
  <Loading height={(p.height ?? 240) + 40} />
));
/** {@link import("./map/GeofenceEditor").GeofenceEditor}, loaded on first use. */
export const GeofenceEditor = withSuspense<GeofenceEditorProps>(GeofenceChunk, (p) => (
  <Loading height={p.height ?? 420} />
));
/** {@link import("./map/MapLocationPicker").MapLocationPicker}, loaded when first opened. */
export const MapLocationPicker = withSuspense<MapLocationPickerProps>(PickerChunk, (p) =>
  p.open ? <LoadingOverlay show fullScreen text="地图加载中…" /> : null,
);

/** {@link import("./map/TrackMap").TrackMap}, loaded on first use. */
export const TrackMap = withSuspense<TrackMapProps>(TrackChunk, (p) => <Loading height={p.height ?? 360} />);

/** {@link import("./map/FleetMap").FleetMap}, loaded on first use. */
export const FleetMap = withSuspense<FleetMapProps>(FleetChunk, (p) => <Loading height={p.height ?? 520} />);

export type {
  ChartProps,
  FleetMapProps,
  GeofenceEditorProps,
  MapLocationPickerProps,
  RichTextEditorProps,
  TrackMapProps,
};
