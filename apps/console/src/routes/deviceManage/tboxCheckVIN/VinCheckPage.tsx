import * as d from "@tsp/domain";
import { dateTimeColumn, ellipsisColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/deviceManage";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import "../../../i18n/screens/deviceManage";

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    reason: d.choiceFilter(d.VIN_CHECK_REASONS),
    start: d.timeFilter(),
    end: d.timeFilter(),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

/** The call's filters, or null until a range is chosen. */
function vinCheckQuery(f: Filters): api.VinCheckFilters | null {
  if (f.start === null || f.end === null || f.start > f.end) return null;
  return {
    startTime: f.start,
    endTime: f.end,
    ...(f.vin ? { vin: f.vin } : {}),
    ...(f.reason ? { reason: f.reason as d.VinCheckReason } : {}),
  };
}
const required = (f: Filters) => {
  const q = vinCheckQuery(f);
  if (q === null) throw new Error("the VIN check list was asked without a range");
  return q;
};
type Row = api.VinCheckFailure;

/**
 * VIN校验失败记录 (/deviceManage/tboxCheckVIN): logins the gateway refused (VIN not on file, VIN
 * logged in on another connection) or accepted with an ICCID other than the filed one, one row
 * per VIN, reason and card with the first and last time and the count; by VIN, reason and
 * login time; export.
 */
export default function VinCheckPage() {
  const t = useT();
  const reasons = catalogueEnum(t, "vinCheck.reason", d.VIN_CHECK_REASONS, {
    "vin-unknown": "red",
    "vin-duplicate": "amber",
    "iccid-mismatch": "blue",
  });
  return (
    <ListPage
      screen="tboxCheckVIN"
      title={t("vinCheck.heading")}
      filters={filters}
      paging="numbered"
      ready={(f) => vinCheckQuery(f) !== null}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listVinCheckFailures({ ...required(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportVinCheckFailures", run: (f) => api.exportVinCheckFailures(required(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("vinCheck.vin") },
        {
          kind: "dateTimeRange",
          keys: ["start", "end"],
          label: t("vinCheck.range"),
          quick: true,
          maxDays: 92,
          required: true,
        },
        { kind: "choice", key: "reason", label: t("vinCheck.reason"), options: reasons.options },
      ]}
      hint={t("vinCheck.hint")}
      emptyText={t("vinCheck.noRows")}
      rowKey={(row) => `${row.vin}-${row.reason}-${row.iccid ?? ""}`}
      columns={[
        { key: "vin", title: t("vinCheck.vin"), width: 180 },
        enumColumn<Row>("reason", t("vinCheck.reason"), reasons.badges, 130),
        { key: "iccid", title: t("vinCheck.iccid"), width: 190, render: (r: Row) => r.iccid ?? "" },
        { key: "filedIccid", title: t("vinCheck.filedIccid"), width: 190, render: (r: Row) => r.filedIccid ?? "" },
        { key: "tboxSn", title: t("vinCheck.tboxSn"), width: 150, render: (r: Row) => r.tboxSn ?? "" },
        { key: "peer", title: t("vinCheck.peer"), width: 150 },
        dateTimeColumn<Row>("firstAt", t("vinCheck.firstAt")),
        dateTimeColumn<Row>("lastAt", t("vinCheck.lastAt")),
        { key: "count", title: t("vinCheck.count"), width: 70, align: "right" },
        ellipsisColumn<Row>("detail", t("vinCheck.detail")),
      ]}
    />
  );
}
