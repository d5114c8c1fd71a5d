import { choiceFilter, filterCodec, isVin, textFilter, timeFilter } from "@tsp/domain";
import { actionsColumn, type Column, dateTimeColumn } from "@tsp/ui";
import * as v from "valibot";
import type { TripQuery } from "../../../api/tboxTrips";
import * as api from "../../../api/tboxTrips";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { hashHref } from "../../../routing/hashLocation";
import { coordinateText } from "../journal/ReportDetail";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const filters = filterCodec(
  v.object({
    vin: textFilter(17),
    start: timeFilter(),
    end: timeFilter(),
    order: choiceFilter(["desc", "asc"], "desc"),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
/** A trip with its VIN (for 查看轨迹). */
type Row = api.Trip & { vin: string };

/** The call's query, or null until a valid VIN and range are there. */
function tripQuery(f: Filters): TripQuery | null {
  if (!isVin(f.vin) || f.start === null || f.end === null || f.start > f.end) return null;
  return { vin: f.vin, startTime: f.start, endTime: f.end, reportTimeDesc: f.order === "desc" };
}
function requireQuery(f: Filters): TripQuery {
  const q = tripQuery(f);
  if (q === null) throw new Error("trips were asked without a VIN and range");
  return q;
}

const number = (n: number, unit: string) => `${n} ${unit}`;

/**
 * 行程数据报文 (/tbox/travalData): a vehicle's trips derived from its reported positions (a stop
 * of five minutes or a silence of ten ends one) — start and end with their places, distance,
 * duration, top and average speed, SOC used — paged by start time; 查看轨迹 opens the trip in
 * 机械轨迹查询; export.
 */
export default function TravalDataPage() {
  const t = useT();
  const columns: readonly Column<Row>[] = [
    dateTimeColumn<Row>("startTime", t("trips.col.start")),
    dateTimeColumn<Row>("endTime", t("trips.col.end")),
    {
      key: "startPlace",
      title: t("trips.col.startPlace"),
      width: 190,
      render: (r) => `${coordinateText(r.startLongitude)}, ${coordinateText(r.startLatitude)}`,
    },
    {
      key: "endPlace",
      title: t("trips.col.endPlace"),
      width: 190,
      render: (r) => `${coordinateText(r.endLongitude)}, ${coordinateText(r.endLatitude)}`,
    },
    {
      key: "distanceKm",
      title: t("trips.col.distance"),
      width: 100,
      align: "right",
      render: (r) => number(r.distanceKm, "km"),
    },
    {
      key: "durationMinutes",
      title: t("trips.col.duration"),
      width: 100,
      align: "right",
      render: (r) => number(r.durationMinutes, "min"),
    },
    {
      key: "maxSpeed",
      title: t("trips.col.maxSpeed"),
      width: 100,
      align: "right",
      render: (r) => number(r.maxSpeed, "km/h"),
    },
    {
      key: "avgSpeed",
      title: t("trips.col.avgSpeed"),
      width: 100,
      align: "right",
      render: (r) => number(r.avgSpeed, "km/h"),
    },
    {
      key: "socUsed",
      title: t("trips.col.socUsed"),
      width: 90,
      align: "right",
      render: (r) => (r.socUsed === null ? "—" : number(r.socUsed, "%")),
    },
    { key: "points", title: t("trips.col.points"), width: 80, align: "right" },
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => (
        <a
          href={hashHref(`/operate/tripQuery?vin=${row.vin}&start=${row.startTime}&end=${row.endTime}`)}
          className="text-sm text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
        >
          {t("trips.track")}
        </a>
      ),
      90,
    ),
  ];
  return (
    <ListPage
      screen="travalData"
      title={t("trips.heading")}
      filters={filters}
      paging="cursor"
      ready={(f) => tripQuery(f) !== null}
      load={async ({ filters: f, pageSize, rowKey, signal }) => {
        const q = requireQuery(f);
        const page = await api.getTrips(q, pageSize, rowKey, signal);
        // The trip's VIN rides along for 查看轨迹.
        return { ...page, list: page.list.map((r) => ({ ...r, vin: q.vin })) };
      }}
      exportAs={{ op: "exportTripData", run: (f) => api.exportTrips(requireQuery(f)) }}
      search={[
        { kind: "vin", key: "vin", label: t("journal.vin"), placeholder: t("journal.vinPlaceholder"), required: true },
        {
          kind: "dateTimeRange",
          keys: ["start", "end"],
          label: t("journal.range"),
          quick: true,
          maxDays: 31,
          required: true,
        },
        {
          kind: "choice",
          key: "order",
          label: t("trips.order"),
          showAll: false,
          options: [
            { value: "desc", label: t("trips.order.desc") },
            { value: "asc", label: t("trips.order.asc") },
          ],
        },
      ]}
      hint={t("journal.emptyHint")}
      emptyText={t("trips.noRows")}
      rowKey={(row) => String(row.startTime)}
      columns={columns}
    />
  );
}
