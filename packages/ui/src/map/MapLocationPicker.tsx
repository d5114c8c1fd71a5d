import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import {
  MAP_PICKER_CHOSEN_ZOOM,
  MAP_PICKER_WIDTH,
  MAP_PICKER_ZOOM,
  type MapLocation,
  mapPickerProblem,
} from "@tsp/domain";
import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import { toLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { Circle as CircleStyle, Fill, Stroke, Style } from "ol/style";
import { useEffect, useMemo, useRef, useState } from "react";
import { Dialog } from "../dialog/Dialog";
import { useToast } from "../feedback/Toasts";
import { inputClass, optionClass, popoverListClass } from "../theme/classes";
import { CHINA_CENTER, type TileConfig, toView } from "./basemap";
import { fromDisplay, type LngLat } from "./coords";
import type { GeocodingProvider, Place } from "./geocoder";
import { provinceGeocoder } from "./provinceGeocoder";
import { useOlMap } from "./useOlMap";

/** Spec §8 message when a typed address or a point cannot be resolved. */
const MSG_GEOCODE_FAILED = "地理位置解析失败";

const markerStyle = new Style({
  image: new CircleStyle({
    radius: 7,
    fill: new Fill({ color: "#2563eb" }),
    stroke: new Stroke({ color: "#ffffff", width: 2 }),
  }),
});

/** Props of {@link MapLocationPicker}. */
export interface MapLocationPickerProps {
  open: boolean;
  onClose: () => void;
  onConfirm: (location: MapLocation) => void;
  /** Starting point (e.g. the record's current location). */
  value?: MapLocation | null;
  geocoder?: GeocodingProvider;
  tiles?: TileConfig | null;
  title?: string;
}

/**
 * Map location picker (700 px dialog on OpenLayers): type to get suggestions (autocomplete)
 * or press Enter to geocode the text; or click the map, or focus the map, move with the arrow
 * keys and press Enter to pick its centre. The point is reverse-geocoded into an address.
 * Confirm returns address, lng, lat; with nothing chosen it warns 请选择地址.
 */
export function MapLocationPicker({
  open,
  onClose,
  onConfirm,
  value,
  geocoder = provinceGeocoder,
  tiles,
  title = "选择位置",
}: MapLocationPickerProps) {
  const toast = useToast();
  const [chosen, setChosen] = useState<MapLocation | null>(value ?? null);
  const close = () => {
    setChosen(value ?? null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      title={title}
      width={MAP_PICKER_WIDTH}
      onClose={close}
      onConfirm={() => {
        const problem = mapPickerProblem(chosen ?? { address: "", lng: null, lat: null });
        if (problem || !chosen) {
          toast.warning(problem ?? "");
          return;
        }
        onConfirm(chosen);
        onClose();
      }}
    >
      {open && <PickerBody chosen={chosen} onChoose={setChosen} geocoder={geocoder} tiles={tiles} />}
    </Dialog>
  );
}

function PickerBody({
  chosen,
  onChoose,
  geocoder,
  tiles,
}: {
  chosen: MapLocation | null;
  onChoose: (l: MapLocation) => void;
  geocoder: GeocodingProvider;
  tiles?: TileConfig | null;
}) {
  const toast = useToast();
  const sys = tiles?.coordSys ?? "wgs84";
  const mapRef = useRef<HTMLDivElement>(null);
  const start = useMemo<LngLat>(
    () => (chosen?.lng != null && chosen.lat != null ? [chosen.lng, chosen.lat] : CHINA_CENTER),
    [chosen],
  );
  const map = useOlMap(mapRef, { center: start, zoom: MAP_PICKER_ZOOM, tiles });
  const source = useMemo(() => new VectorSource(), []);
  const [keyword, setKeyword] = useState("");
  const [suggestions, setSuggestions] = useState<Place[]>([]);

  // The marker layer lives as long as the map.
  useEffect(() => {
    const layer = new VectorLayer({ source, style: markerStyle, properties: { name: "marker" } });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, source]);

  // The marker follows the chosen point.
  useEffect(() => {
    source.clear();
    if (chosen?.lng != null && chosen.lat != null)
      source.addFeature(new Feature(new Point(toView([chosen.lng, chosen.lat], sys))));
  }, [chosen, source, sys]);

  const choose = (place: Place) => {
    onChoose({ address: place.address || place.name, lng: place.lng, lat: place.lat });
    map.getView().animate({ center: toView([place.lng, place.lat], sys), zoom: MAP_PICKER_CHOSEN_ZOOM, duration: 250 });
  };

  const pickPoint = async (p: LngLat) => {
    const lng = Math.round(p[0] * 1e6) / 1e6;
    const lat = Math.round(p[1] * 1e6) / 1e6;
    onChoose({ address: "", lng, lat });
    map?.getView().animate({
      center: toView([lng, lat], sys),
      zoom: Math.max(map.getView().getZoom() ?? 0, MAP_PICKER_CHOSEN_ZOOM),
      duration: 250,
    });
    try {
      const address = await geocoder.reverse(lng, lat);
      if (!address) throw new Error("no address");
      onChoose({ address, lng, lat });
    } catch {
      toast.warning(MSG_GEOCODE_FAILED);
    }
  };

  // Clicking the map picks the point under the pointer.
  useEffect(() => {
    const key = map.on("singleclick", (e) => {
      void pickPoint(fromDisplay(toLonLat(e.coordinate) as LngLat, sys));
    });
    return () => {
      map.un("singleclick", key.listener);
    };
  });

  // Suggestions while typing (autocomplete).
  useEffect(() => {
    const k = keyword.trim();
    if (!k) return;
    let live = true;
    const t = setTimeout(() => {
      geocoder
        .autocomplete(k)
        .then((list) => live && setSuggestions(list))
        .catch(() => live && setSuggestions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [keyword, geocoder]);

  const shown = keyword.trim() ? suggestions : [];

  const geocodeTyped = async () => {
    const k = keyword.trim();
    if (!k) return;
    try {
      const place = await geocoder.geocode(k);
      if (!place) throw new Error("not found");
      choose(place);
    } catch {
      toast.warning(MSG_GEOCODE_FAILED);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <Combobox<Place | null>
        value={null}
        onChange={(p) => {
          if (p) {
            choose(p);
            setKeyword("");
          }
        }}
      >
        <div className="relative">
          <ComboboxInput
            aria-label="搜索地址"
            placeholder="输入地址或地名，回车搜索"
            className={inputClass("w-full")}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onKeyDown={(e) => {
              // Enter with no suggestion highlighted geocodes the typed text.
              if (e.key === "Enter" && !shown.length) {
                e.preventDefault();
                void geocodeTyped();
              }
            }}
          />
        </div>
        <ComboboxOptions anchor="bottom start" className={popoverListClass} modal={false}>
          {shown.map((p) => (
            <ComboboxOption key={`${p.name}-${p.lng}-${p.lat}`} value={p} className={optionClass}>
              <span className="font-medium">{p.name}</span>
              {p.address !== p.name && <span className="ml-2 truncate text-xs text-gray-500">{p.address}</span>}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <div className="relative">
        <div
          ref={mapRef}
          role="application"
          aria-label="地图：方向键移动，+/− 缩放，回车选择地图中心"
          aria-roledescription="地图"
          className="peer h-[380px] w-full overflow-hidden rounded border border-gray-200 bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes arrow keys and Enter
          tabIndex={0}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            const c = map.getView().getCenter();
            if (c) void pickPoint(fromDisplay(toLonLat(c) as LngLat, sys));
          }}
        />
        {/* The keyboard's aim: the centre is what Enter picks. */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 hidden size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-blue-600 peer-focus-visible:block"
        />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-live="polite">
        <dt className="text-gray-500">地址</dt>
        <dd data-testid="picked-address">{chosen?.address || (chosen ? "（解析中或未知）" : "未选择")}</dd>
        <dt className="text-gray-500">经纬度</dt>
        <dd data-testid="picked-lnglat">{chosen ? `${chosen.lng}, ${chosen.lat}` : "-"}</dd>
      </dl>
    </div>
  );
}
