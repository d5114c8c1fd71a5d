import { filterCodec, isVin, textFilter, timeFilter } from "@tsp/domain";
import { type Column, dateTimeColumn } from "@tsp/ui";
import * as v from "valibot";
import type { ReliabilityQuery, ReliabilityDay as Row } from "../../../api/tboxTrips";
import * as api from "../../../api/tboxTrips";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import "../../../i18n/screens/tboxJournals3";

const filters = filterCodec(v.object({ vin: textFilter(17), start: timeFilter(), end: timeFilter() }));
type Filters = v.InferOutput<typeof filters.schema>;

/** The call's query, or null until a range is chosen (and a typed VIN is one). */
function statsQuery(f: Filters): ReliabilityQuery | null {
  if (f.start === null || f.end === null || f.start > f.end) return null;
  const vin = f.vin.trim();
  if (vin !== "" && !isVin(vin)) return null;
  return { startTime: f.start, endTime: f.end, ...(vin ? { vin } : {}) };
}
function requireQuery(f: Filters): ReliabilityQuery {
  const q = statsQuery(f);
  if (q === null) throw new Error("the statistics were asked without a range");
  return q;
}

/**
 * 农机可靠性试验补发数据统计 (/tbox/reliabilityTestRecord): per machine and day, the real-time and
 * re-sent (补发) frames the gateway accepted, the re-sent share, the first and last frame, and the
 * gaps between real-time frames (3–30 minutes) with the longest — counted in SQL over the frame
 * journal; one VIN or every machine of the tenants; export.
 */
export default function ReliabilityTestRecordPage() {
  const t = useT();
  const columns: readonly Column<Row>[] = [
    { key: "vin", title: t("reliability.col.vin"), width: 180 },
    { key: "day", title: t("reliability.col.day"), width: 110 },
    { key: "realtimeFrames", title: t("reliability.col.realtime"), width: 100, align: "right" },
    { key: "resentFrames", title: t("reliability.col.resent"), width: 100, align: "right" },
    {
      key: "resentRatio",
      title: t("reliability.col.ratio"),
      width: 90,
      align: "right",
      render: (r) => `${(r.resentRatio * 100).toFixed(2)}%`,
    },
    dateTimeColumn<Row>("firstAt", t("reliability.col.firstAt")),
    dateTimeColumn<Row>("lastAt", t("reliability.col.lastAt")),
    { key: "gaps", title: t("reliability.col.gaps"), width: 90, align: "right" },
    {
      key: "longestGapMinutes",
      title: t("reliability.col.longestGap"),
      width: 120,
      align: "right",
      render: (r) => (r.gaps === 0 ? "—" : `${r.longestGapMinutes} min`),
    },
  ];
  return (
    <ListPage
      screen="reliabilityTestRecord"
      title={t("reliability.heading")}
      filters={filters}
      paging="numbered"
      ready={(f) => statsQuery(f) !== null}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.getReliabilityStats(requireQuery(f), pageNum, pageSize, signal)
      }
      exportAs={{ op: "exportReliabilityStats", run: (f) => api.exportReliabilityStats(requireQuery(f)) }}
      search={[
        { kind: "vin", key: "vin", label: t("journal.vin"), placeholder: t("reliability.vinPlaceholder") },
        {
          kind: "dateTimeRange",
          keys: ["start", "end"],
          label: t("journal.range"),
          quick: true,
          maxDays: 31,
          required: true,
        },
      ]}
      hint={t("reliability.hint")}
      emptyText={t("reliability.noRows")}
      rowKey={(row) => `${row.vin}-${row.day}`}
      columns={columns}
    />
  );
}
