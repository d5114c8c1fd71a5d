import { choiceFilter, filterCodec, isVin, textFilter, timeFilter } from "@tsp/domain";
import { buttonClass, DetailList, ListScreen, SearchForm, TrackMap, type TrackPoint } from "@tsp/ui";
import { useMemo, useRef, useState, useSyncExternalStore } from "react";
import * as v from "valibot";
import * as api from "../../../api/track";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { useListController } from "../../../kit/useListController";
import { createPlaybackCursor, type PlaybackCursor, TrackPlayback } from "./TrackPlayback";
import "../../../i18n/screens/track";

const SPEED_LIMITS = ["60", "80", "100", "120"] as const;
const STOP_MINUTES = ["3", "5", "10", "30"] as const;

const filters = filterCodec(
  v.object({
    vin: textFilter(17),
    start: timeFilter(),
    end: timeFilter(),
    speedLimit: choiceFilter(SPEED_LIMITS, "80"),
    stopMinutes: choiceFilter(STOP_MINUTES, "5"),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

/** The call's query, or null until a VIN and a range are there. */
function trackQuery(f: Filters): api.TrackQuery | null {
  if (!isVin(f.vin) || f.start === null || f.end === null || f.start > f.end) return null;
  return {
    vin: f.vin,
    startTime: f.start,
    endTime: f.end,
    speedLimit: Number(f.speedLimit),
    stopMinutes: Number(f.stopMinutes),
  };
}
function requireQuery(f: Filters) {
  const q = trackQuery(f);
  if (q === null) throw new Error("track asked without a VIN and range");
  return q;
}

/** One row of the table under the map: a stop or a stretch over the limit. */
interface TrackEvent {
  kind: "stop" | "overspeed";
  from: number;
  to: number;
  index: number;
  maxKmh: number | null;
  lng: number;
  lat: number;
}

function eventsOf(track: api.VehicleTrack): TrackEvent[] {
  const s = track.summary;
  return [
    ...s.stops.map((x) => ({
      kind: "stop" as const,
      from: x.from,
      to: x.to,
      index: x.index,
      maxKmh: null,
      lng: x.lng,
      lat: x.lat,
    })),
    ...s.overspeeds.map((o) => ({
      kind: "overspeed" as const,
      from: o.from,
      to: o.to,
      index: o.startIndex,
      maxKmh: o.maxKmh,
      lng: track.lng[o.startIndex] ?? 0,
      lat: track.lat[o.startIndex] ?? 0,
    })),
  ].toSorted((a, b) => a.from - b.from);
}

const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;
function duration(t: Translate, seconds: number) {
  const m = Math.round(seconds / 60);
  return m < 60 ? t("track.minutes", { m }) : t("track.hoursMinutes", { h: Math.floor(m / 60), m: m % 60 });
}

/** The figures of the track (analyseTrack's, computed by the server over every point). */
function Summary({ track }: { track: api.VehicleTrack }) {
  const t = useT();
  const s = track.summary;
  const kmh = (n: number | null) => (n === null ? t("track.none") : t("track.kmh", { v: n }));
  return (
    <section aria-label={t("track.summary")} className="rounded border border-gray-200 p-2">
      <DetailList
        items={[
          { label: t("track.points"), value: s.points },
          { label: t("track.distance"), value: t(`track.distance.${s.distanceSource}`, { km: s.distanceKm }) },
          { label: t("track.duration"), value: duration(t, s.durationSeconds) },
          { label: t("track.driving"), value: duration(t, s.drivingSeconds) },
          { label: t("track.maxSpeed"), value: kmh(s.maxSpeedKmh) },
          { label: t("track.avgSpeed"), value: kmh(s.avgSpeedKmh) },
          { label: t("track.stops"), value: t("track.count", { n: s.stops.length }) },
          { label: t("track.overspeeds"), value: t("track.count", { n: s.overspeeds.length }) },
        ]}
      />
    </section>
  );
}

/** The map and the playback bar: the only part that re-renders while the playback runs. */
function TrackReplay({
  track,
  points,
  marks,
  cursor,
}: {
  track: api.VehicleTrack;
  points: readonly TrackPoint[];
  marks: readonly { index: number; text: string }[];
  cursor: PlaybackCursor;
}) {
  const t = useT();
  const at = useSyncExternalStore(cursor.subscribe, cursor.get);
  const index = Math.min(at, track.at.length - 1);
  return (
    <>
      <TrackMap
        points={points}
        label={t("track.mapLabel", { vin: track.vin })}
        height={360}
        cursor={index}
        highlights={track.summary.overspeeds}
        marks={marks}
      />
      <TrackPlayback track={track} index={index} onIndex={cursor.set} />
    </>
  );
}

/**
 * 机械轨迹查询 (/operate/tripQuery): a vehicle's track over at most a day — the route on the map
 * with the stretches over the chosen speed limit in red and the stops marked P, the figures
 * (distance, driving time, top and average speed), playback at a chosen rate, the stops and
 * overspeeds in a table (回放至此 moves the playback there), and the export.
 */
export default function TripQueryPage() {
  const t = useT();
  const [loaded, setLoaded] = useState<{ key: string; track: api.VehicleTrack } | null>(null);
  // The playback position lives outside the page's state: a tick re-renders the map's marker and
  // the playback bar ({@link TrackReplay}), not the form, the figures and the table.
  const [cursor] = useState(createPlaybackCursor);
  // The last track read, so paging the events does not read a day of points again.
  const cache = useRef<{ key: string; track: api.VehicleTrack } | null>(null);
  const list = useListController({
    screen: "tripQuery",
    filters,
    paging: "numbered",
    ready: (f) => trackQuery(f) !== null,
    load: async ({ filters: f, pageNum, pageSize, signal }) => {
      const q = requireQuery(f);
      const key = JSON.stringify(q);
      let hit = cache.current?.key === key ? cache.current : null;
      if (!hit) {
        hit = { key, track: await api.getVehicleTrack(q, signal) };
        cache.current = hit;
        cursor.set(0);
      }
      setLoaded(hit);
      const events = eventsOf(hit.track);
      return { list: events.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: events.length };
    },
  });
  const query = trackQuery(list.filters);
  const track = query && loaded?.key === JSON.stringify(query) ? loaded.track : null;
  const points = useMemo(() => (track ? track.lng.map((lng, i) => ({ lng, lat: track.lat[i] ?? 0 })) : []), [track]);
  const marks = useMemo(() => track?.summary.stops.map((s) => ({ index: s.index, text: "P" })) ?? [], [track]);

  return (
    <ListScreen
      title={t("track.heading")}
      search={
        <SearchForm
          key={list.formKey}
          fields={[
            { kind: "vin", key: "vin", label: t("track.vin"), placeholder: t("track.vinPlaceholder"), required: true },
            {
              kind: "dateTimeRange",
              keys: ["start", "end"],
              label: t("track.range"),
              maxDays: 1,
              required: true,
            },
            {
              kind: "choice",
              key: "speedLimit",
              label: t("track.speedLimit"),
              showAll: false,
              options: SPEED_LIMITS.map((kmh) => ({ value: kmh, label: t("track.speedLimit.value", { kmh }) })),
            },
            {
              kind: "choice",
              key: "stopMinutes",
              label: t("track.stopMinutes"),
              showAll: false,
              options: STOP_MINUTES.map((minutes) => ({
                value: minutes,
                label: t("track.stopMinutes.value", { minutes }),
              })),
            },
          ]}
          values={list.filters}
          defaults={filters.defaults}
          ready={(f) => trackQuery(f as Filters) !== null}
          onSearch={list.search}
          renderActions={(draft, runnable) => (
            <ExportButton
              op="exportVehicleTrack"
              disabled={!runnable}
              run={async () => api.exportVehicleTrack(requireQuery(draft as Filters))}
            />
          )}
        />
      }
      searched={list.searched}
      hint={t("track.hint")}
      toolbar={
        track &&
        (track.at.length === 0 ? (
          <p className="text-sm text-gray-600">{t("track.empty")}</p>
        ) : (
          <div className="flex w-full flex-col gap-2">
            <Summary track={track} />
            <p className="text-xs text-gray-600">{t("track.coordNote")}</p>
            <TrackReplay track={track} points={points} marks={marks} cursor={cursor} />
          </div>
        ))
      }
      columns={[
        {
          key: "kind",
          title: t("track.col.kind"),
          width: 80,
          render: (r: TrackEvent) => (r.kind === "stop" ? t("track.state.stopped") : t("track.state.overspeed")),
        },
        { key: "from", title: t("track.col.from"), width: 170, render: (r: TrackEvent) => formatDateTime(r.from) },
        { key: "to", title: t("track.col.to"), width: 170, render: (r: TrackEvent) => formatDateTime(r.to) },
        {
          key: "minutes",
          title: t("track.col.minutes"),
          width: 110,
          align: "right",
          render: (r: TrackEvent) => minutesOf((r.to - r.from) / 1000),
        },
        {
          key: "maxKmh",
          title: t("track.col.maxKmh"),
          width: 140,
          align: "right",
          render: (r: TrackEvent) => r.maxKmh ?? t("track.none"),
        },
        {
          key: "place",
          title: t("track.col.place"),
          width: 190,
          render: (r: TrackEvent) => `${r.lng.toFixed(6)}, ${r.lat.toFixed(6)}`,
        },
        {
          key: "actions",
          title: t("track.col.actions"),
          width: 120,
          render: (r: TrackEvent) => (
            <button type="button" className={buttonClass("link")} onClick={() => cursor.set(r.index)}>
              {t("track.locate")}
            </button>
          ),
        },
      ]}
      rows={list.rows}
      rowKey={(r) => `${r.kind}-${r.from}`}
      loading={list.loading}
      emptyText={track && track.at.length > 0 ? t("track.noEvents") : t("track.empty")}
      paging={list.paging}
    />
  );
}
