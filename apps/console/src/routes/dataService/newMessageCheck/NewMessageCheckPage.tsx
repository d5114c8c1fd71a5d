import { FRAME_CHECK_RULES } from "@tsp/domain";
import { actionsColumn, type Column, dateTimeColumn, ellipsisColumn, enumColumn } from "@tsp/ui";
import type { FrameCheckRow as Row } from "../../../api/dataServiceFrames";
import * as api from "../../../api/dataServiceFrames";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { hashHref } from "../../../routing/hashLocation";
import { type CheckFilters, checkFilters, checkQuery, detailPath, requireCheckQuery } from "./checkFilters";
import { RuleCounts } from "./RuleCounts";
import "../../../i18n/screens/dataServiceFrames";

const isReady = (f: Parameters<typeof checkQuery>[0]) => checkQuery(f) !== null;
const hex = (n: number | null) => (n === null ? "—" : `0x${n.toString(16).toUpperCase().padStart(2, "0")}`);

/**
 * 新能源报文检查 (/dataService/newMessageCheck): the frames the gateway stored as failing a check
 * of the standard (bad check code, structure, data unit, unknown or duplicate VIN, encrypted,
 * unsupported command) by VIN, receipt range and rule, with the counts per rule above the
 * table; 故障详情 opens one frame beside its decoding. Cursor pages as the journals; export.
 */
/** The counts per rule above the list; a count picked becomes the rule filter. */
const ruleCounts = (list: { filters: CheckFilters; search: (filters: CheckFilters) => void }) => {
  const q = checkQuery(list.filters);
  return (
    <RuleCounts
      query={q && { ...(q.vin ? { vin: q.vin } : {}), startTime: q.startTime, endTime: q.endTime }}
      rule={list.filters.rule}
      onPick={(rule) => list.search({ ...list.filters, rule })}
    />
  );
};

export default function NewMessageCheckPage() {
  const t = useT();
  const rules = catalogueEnum(t, "frameCheck.rule", FRAME_CHECK_RULES, {
    "check-code": "red",
    structure: "red",
    "bad-body": "amber",
    "vin-unknown": "amber",
    "vin-duplicate": "amber",
    encrypted: "blue",
    unsupported: "gray",
  });
  const columns: readonly Column<Row>[] = [
    dateTimeColumn<Row>("receivedAt", t("frameCheck.col.receivedAt")),
    { key: "vin", title: t("frameCheck.col.vin"), width: 180 },
    { key: "command", title: t("frameCheck.col.command"), width: 70, render: (r) => hex(r.command) },
    enumColumn<Row>("rule", t("frameCheck.col.rule"), rules.badges, 120),
    ellipsisColumn<Row>("reason", t("frameCheck.col.reason")),
    { key: "peer", title: t("frameCheck.col.peer"), width: 150 },
    { key: "length", title: t("frameCheck.col.length"), width: 84, align: "right" },
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => (
        <a
          href={hashHref(detailPath(row.id, row.receivedAt))}
          className="text-sm text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
        >
          {t("frameCheck.open")}
        </a>
      ),
      90,
    ),
  ];
  return (
    <ListPage
      screen="newMessageCheck"
      title={t("frameCheck.heading")}
      filters={checkFilters}
      paging="cursor"
      ready={isReady}
      load={({ filters, pageSize, rowKey, signal }) =>
        api.getFrameChecks(requireCheckQuery(filters), pageSize, rowKey, signal)
      }
      exportAs={{ op: "exportFrameChecks", run: (f) => api.exportFrameChecks(requireCheckQuery(f)) }}
      search={[
        { kind: "vin", key: "vin", label: t("frameCheck.vin"), placeholder: t("frameCheck.vinPlaceholder") },
        {
          kind: "dateTimeRange",
          keys: ["start", "end"],
          label: t("frameCheck.range"),
          quick: true,
          maxDays: 31,
          required: true,
        },
        { kind: "choice", key: "rule", label: t("frameCheck.rule"), options: rules.options },
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
      titleExtra={ruleCounts}
      hint={t("frameCheck.hint")}
      emptyText={t("frameCheck.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns}
    />
  );
}
