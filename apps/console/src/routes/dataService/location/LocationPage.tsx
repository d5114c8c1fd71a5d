import { choiceFilter, filterCodec, isVin, textFilter, timeFilter } from "@tsp/domain";
import { dateTimeColumn, ListScreen, SearchForm, TrackMap } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import type { LocationRow as Row } from "../../../api/dataServiceFrames";
import * as api from "../../../api/dataServiceFrames";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { useListController } from "../../../kit/useListController";
import "../../../i18n/screens/dataServiceFrames";

const filters = filterCodec(
  v.object({
    vin: textFilter(17),
    start: timeFilter(),
    end: timeFilter(),
    order: choiceFilter(["desc", "asc"], "desc"),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

/** The calls' query, or null until a VIN and a range are there. */
function locationQuery(f: Filters) {
  if (!isVin(f.vin) || f.start === null || f.end === null || f.start > f.end) return null;
  return { vin: f.vin, startTime: f.start, endTime: f.end, reportTimeDesc: f.order === "desc" };
}
function requireQuery(f: Filters) {
  const q = locationQuery(f);
  if (q === null) throw new Error("positions asked without a VIN and range");
  return q;
}

const num = (n: number | null, digits: number) => (n === null ? "—" : n.toFixed(digits));

/** The route of the searched VIN and range on the map, with how many points it holds. */
function Route({ query }: { query: { vin: string; startTime: number; endTime: number } }) {
  const t = useT();
  const { vin, startTime, endTime } = query;
  const key = `${vin}|${startTime}|${endTime}`;
  const [loaded, setLoaded] = useState<{ key: string; track: api.LocationTrack } | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    api
      .getLocationTrack({ vin, startTime, endTime }, ac.signal)
      .then((track) => setLoaded({ key: `${vin}|${startTime}|${endTime}`, track }))
      .catch(() => {}); // toasted by the shell
    return () => ac.abort();
  }, [vin, startTime, endTime]);
  // A route of an earlier search is not shown while this one loads.
  const track = loaded?.key === key ? loaded.track : null;
  if (!track) return null;
  const points = track.points.map((p) => ({ lng: p.longitude, lat: p.latitude }));
  return (
    <section aria-label={t("location.map")} className="flex w-full flex-col gap-1">
      <p className="text-xs text-gray-600">
        {track.total === 0
          ? t("location.trackEmpty")
          : track.thinned
            ? t("location.trackThinned", { total: track.total, shown: points.length })
            : t("location.trackCount", { total: track.total })}
        {" · "}
        {t("location.coordNote")}
      </p>
      {points.length > 0 && <TrackMap points={points} label={t("location.mapLabel", { vin })} height={320} />}
    </section>
  );
}

/**
 * 位置数据查询 (/dataService/location): the positions a vehicle reported over a range, decoded from
 * the frames the gateway stored (GB/T 32960 real-time and re-sent units, JT/T 808 0x0200 and
 * 0x0704), in a cursor-paged table, the route on the map (WGS-84 in, the map converts) and export.
 */
export default function LocationPage() {
  const t = useT();
  const list = useListController({
    screen: "location",
    filters,
    paging: "cursor",
    ready: (f) => locationQuery(f) !== null,
    load: ({ filters: f, pageSize, rowKey, signal }) => api.getLocations(requireQuery(f), pageSize, rowKey, signal),
  });
  const query = locationQuery(list.filters);
  const yesNo = (b: boolean) => (b ? t("location.yes") : t("location.no"));
  return (
    <ListScreen
      title={t("location.heading")}
      search={
        <SearchForm
          key={list.formKey}
          fields={[
            {
              kind: "vin",
              key: "vin",
              label: t("location.vin"),
              placeholder: t("location.vinPlaceholder"),
              required: true,
            },
            {
              kind: "dateTimeRange",
              keys: ["start", "end"],
              label: t("location.range"),
              quick: true,
              maxDays: 31,
              required: true,
            },
            {
              kind: "choice",
              key: "order",
              label: t("frameCheck.order"),
              showAll: false,
              options: [
                { value: "desc", label: t("frameCheck.order.desc") },
                { value: "asc", label: t("frameCheck.order.asc") },
              ],
            },
          ]}
          values={list.filters}
          defaults={filters.defaults}
          ready={(f) => locationQuery(f as Filters) !== null}
          onSearch={list.search}
          renderActions={(draft, runnable) => (
            <ExportButton
              op="exportLocations"
              disabled={!runnable}
              run={async () => api.exportLocations(requireQuery(draft as Filters))}
            />
          )}
        />
      }
      searched={list.searched}
      hint={t("location.hint")}
      toolbar={query && <Route query={query} />}
      columns={[
        dateTimeColumn<Row>("collectedAt", t("location.col.collectedAt")),
        dateTimeColumn<Row>("receivedAt", t("location.col.receivedAt")),
        {
          key: "protocol",
          title: t("location.col.protocol"),
          width: 100,
          render: (r) => t(`location.protocol.${r.protocol}`),
        },
        { key: "resent", title: t("location.col.resent"), width: 60, render: (r) => yesNo(r.resent) },
        {
          key: "fixValid",
          title: t("location.col.fix"),
          width: 84,
          render: (r) => (r.fixValid ? t("location.fixValid") : t("location.fixInvalid")),
        },
        {
          key: "longitude",
          title: t("location.col.longitude"),
          width: 110,
          align: "right",
          render: (r) => num(r.longitude, 6),
        },
        {
          key: "latitude",
          title: t("location.col.latitude"),
          width: 100,
          align: "right",
          render: (r) => num(r.latitude, 6),
        },
        {
          key: "speedKmh",
          title: t("location.col.speed"),
          width: 96,
          align: "right",
          render: (r) => num(r.speedKmh, 1),
        },
        {
          key: "mileageKm",
          title: t("location.col.mileage"),
          width: 110,
          align: "right",
          render: (r) => num(r.mileageKm, 1),
        },
        { key: "soc", title: t("location.col.soc"), width: 72, align: "right", render: (r) => num(r.soc, 0) },
      ]}
      rows={list.rows}
      rowKey={(row, i) => `${row.frameId}-${i}`}
      loading={list.loading}
      emptyText={t("location.noRows")}
      paging={list.paging}
    />
  );
}
