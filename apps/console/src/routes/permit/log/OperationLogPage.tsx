import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, type Column, DetailList, Dialog, dateTimeColumn, enumColumn } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import {
  exportOperationLogs,
  getOperationLog,
  listOperationLogs,
  type OperationLogDetail,
  type OperationLogFilters,
  type OperationLogRow,
} from "../../../api/permitLog";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import "../../../i18n/screens/permitTenantsLog";

/**
 * 操作日志 (/permit/log): every change made through the API, as the server recorded it — search
 * by person, operation, target, result and time (the last 7 days when no range is chosen, at
 * most 93 days, the server's rule), pages, 详情 with the redacted parameters, 导出 as an export
 * task. Read-only: the log has no edit or delete.
 */
const filters = d.filterCodec(
  v.object({
    person: d.textFilter(50),
    operation: d.textFilter(50),
    target: d.textFilter(100),
    result: d.choiceFilter(["", ...d.LOG_RESULTS]),
    start: d.timeFilter(),
    end: d.timeFilter(),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
type Row = OperationLogRow & { result: d.LogResult };

const query = (f: Filters): OperationLogFilters => ({
  ...(f.person ? { person: f.person } : {}),
  ...(f.operation ? { operation: f.operation } : {}),
  ...(f.target ? { target: f.target } : {}),
  ...(f.result ? { result: f.result as d.LogResult } : {}),
  ...(f.start !== null ? { startTime: f.start } : {}),
  ...(f.end !== null ? { endTime: f.end } : {}),
});

/** 详情: the entry read again with its long fields. */
function DetailButton({ row }: { row: Row }) {
  const t = useT();
  const [entry, setEntry] = useState<OperationLogDetail | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={async () => setEntry(await getOperationLog(row.id))}
      >
        {t("opLog.detail")}
      </button>
      <Dialog open={entry !== null} title={t("opLog.detailTitle")} width={820} onClose={() => setEntry(null)}>
        {entry && (
          <div className="space-y-4">
            <DetailList
              items={[
                { label: t("opLog.col.at"), value: formatDateTime(entry.at) },
                { label: t("opLog.col.person"), value: `${entry.realName}（${entry.username}）` },
                { label: t("opLog.d.tenant"), value: String(entry.tenantId) },
                { label: t("opLog.col.operation"), value: entry.operation },
                { label: t("opLog.d.operationId"), value: entry.operationId },
                { label: t("opLog.col.target"), value: entry.target },
                {
                  label: t("opLog.col.result"),
                  value: t(entry.success ? "opLog.result.success" : "opLog.result.failure"),
                },
                { label: t("opLog.col.msg"), value: entry.msg },
                { label: t("opLog.d.request"), value: `${entry.method} ${entry.path}` },
                { label: t("opLog.d.status"), value: String(entry.status) },
                { label: t("opLog.col.ip"), value: entry.ip },
                { label: t("opLog.col.duration"), value: t("opLog.duration", { ms: entry.durationMs }) },
                { label: t("opLog.d.userAgent"), value: entry.userAgent },
              ]}
            />
            <div>
              <h3 className="mb-1 text-sm font-medium text-slate-700">{t("opLog.d.params")}</h3>
              <pre
                data-testid="oplog-params"
                className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded border border-gray-200 bg-gray-50 p-3 text-xs text-gray-800"
              >
                {pretty(entry.params)}
              </pre>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

/** The stored JSON indented for reading (a summary cut at its maximum is shown as stored). */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function columns(t: Translate): Column<Row>[] {
  const results = catalogueEnum(t, "opLog.result", d.LOG_RESULTS, { success: "green", failure: "red" });
  const person = (r: Row) => `${r.realName}（${r.username}）`;
  return [
    dateTimeColumn<Row>("at", t("opLog.col.at")),
    { key: "username", title: t("opLog.col.person"), width: 160, render: person, text: person },
    { key: "operation", title: t("opLog.col.operation"), width: 180 },
    // Plain columns, not the kit's ellipsis cell: its accessible name cuts text at 40 characters,
    // which axe reads as a label that does not match the visible text (a message or a VIN list is longer).
    { key: "target", title: t("opLog.col.target"), width: 220 },
    enumColumn<Row>("result", t("opLog.col.result"), results.badges, 80),
    { key: "msg", title: t("opLog.col.msg"), width: 240 },
    { key: "ip", title: t("opLog.col.ip"), width: 120 },
    actionsColumn<Row>(t("kit.actions"), (row) => <DetailButton row={row} />, 90),
  ];
}

export default function OperationLogPage() {
  const t = useT();
  const results = catalogueEnum(t, "opLog.result", d.LOG_RESULTS);
  return (
    <ListPage
      screen="operationLog"
      title={t("opLog.heading")}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f, pageNum, pageSize, signal }) => {
        const page = await listOperationLogs({ ...query(f), pageNum, pageSize }, signal);
        return {
          ...page,
          list: page.list.map((r): Row => ({ ...r, result: r.success ? "success" : "failure" })),
        };
      }}
      exportAs={{ op: "exportOperationLogs", run: (f) => exportOperationLogs(query(f)) }}
      search={[
        { kind: "text", key: "person", label: t("opLog.person"), placeholder: t("opLog.personPlaceholder") },
        {
          kind: "text",
          key: "operation",
          label: t("opLog.operation"),
          placeholder: t("opLog.operationPlaceholder"),
        },
        { kind: "text", key: "target", label: t("opLog.target"), placeholder: t("opLog.targetPlaceholder") },
        { kind: "choice", key: "result", label: t("opLog.result"), options: results.options },
        {
          kind: "dateTimeRange",
          keys: ["start", "end"],
          label: t("opLog.range"),
          quick: true,
          maxDays: d.LOG_MAX_DAYS,
        },
      ]}
      hint={t("opLog.hint")}
      emptyText={t("opLog.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns(t)}
    />
  );
}
