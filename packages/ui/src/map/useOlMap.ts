import { defaults as defaultControls } from "ol/control/defaults";
import ScaleLine from "ol/control/ScaleLine";
import { defaults as defaultInteractions } from "ol/interaction/defaults";
import OlMap from "ol/Map";
import View from "ol/View";
import { type RefObject, useEffect, useState } from "react";
import { baseLayers, type TileConfig, toView } from "./basemap";
import type { LngLat } from "./coords";
import "ol/ol.css";

/**
 * An OpenLayers map with the offline basemap (and configured tiles), attached to `target`
 * while mounted. Centre, zoom and tiles are read once: the map outlives prop changes, later
 * moves go through the returned map. OpenLayers listens for keys on the target element,
 * which the widgets make focusable, so the arrow keys pan and +/− zoom.
 */
export function useOlMap(
  target: RefObject<HTMLDivElement | null>,
  { center, zoom, tiles }: { center: LngLat; zoom: number; tiles?: TileConfig | null },
): OlMap {
  const [map] = useState(
    () =>
      new OlMap({
        layers: baseLayers(tiles),
        view: new View({ center: toView(center, tiles?.coordSys), zoom, maxZoom: 18, minZoom: 3 }),
        controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true } }).extend([
          new ScaleLine(),
        ]),
        interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }),
      }),
  );
  useEffect(() => {
    map.setTarget(target.current ?? undefined);
    return () => map.setTarget(undefined);
  }, [map, target]);
  return map;
}
