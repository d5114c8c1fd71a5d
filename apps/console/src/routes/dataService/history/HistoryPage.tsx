import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, type Column, dateTimeColumn, enumColumn, progressColumn, saveBlob } from "@tsp/ui";
import * as v from "valibot";
import type { HistoryCollection as Row } from "../../../api/dataServiceFrames";
import * as api from "../../../api/dataServiceFrames";
import { formatBytes, formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { Permitted } from "../../../permission/Permitted";
import { hashHref } from "../../../routing/hashLocation";
import { NewCollectionButton } from "./NewCollectionButton";
import "../../../i18n/screens/dataServiceFrames";

const STATUSES = ["queued", "running", "done", "failed"] as const;
const filters = d.filterCodec(v.object({ vin: d.textFilter(17), status: d.choiceFilter(["", ...STATUSES], "") }));
/** While a collection is queued or running, the list reads itself again this often. */
const POLL_MS = 2000;

/** Saves a done collection's file under its name (a failure was toasted by the shell). */
export async function saveCollection(row: { id: number; fileName: string }): Promise<void> {
  try {
    const file = await api.downloadHistoryCollection(row.id);
    saveBlob(file.blob, file.fileName ?? row.fileName);
  } catch {
    // Toasted by the shell.
  }
}

/** The hidden 查看详情 route of one collection. */
export const historyDetailPath = (id: number) => `/dataService/history/detail?id=${id}`;

/**
 * 历史数据采集 (/dataService/history): collections of a VIN's raw frames over a range — 新建采集,
 * the tenant's tasks with state and progress (read again while one runs), 查看详情, 下载 of a
 * done file. A collection runs on the export worker, so it is in the export file list too.
 */
/** 新建采集 above the list; a new collection reloads it. */
const newCollection = (list: { reload: () => void }) => <NewCollectionButton onCreated={list.reload} />;

export default function HistoryPage() {
  const t = useT();
  const statuses = catalogueEnum(t, "history.status", STATUSES, {
    queued: "gray",
    running: "blue",
    done: "green",
    failed: "red",
  });
  const columns: readonly Column<Row>[] = [
    { key: "id", title: t("history.col.id"), width: 64 },
    { key: "vin", title: t("history.col.vin"), width: 180 },
    {
      key: "startTime",
      title: t("history.col.range"),
      width: 300,
      render: (r) => `${formatDateTime(r.startTime)} ~ ${formatDateTime(r.endTime)}`,
    },
    enumColumn<Row>("status", t("history.col.status"), statuses.badges, 84, (r) => r.failReason),
    progressColumn<Row>("progress", t("history.col.progress"), (r) => `${r.vin} ${t("history.col.progress")}`),
    { key: "rowCount", title: t("history.col.rows"), width: 72, align: "right", render: (r) => r.rowCount ?? "" },
    { key: "size", title: t("history.col.size"), width: 80, align: "right", render: (r) => formatBytes(r.size) },
    { key: "createdBy", title: t("history.col.createdBy"), width: 90 },
    dateTimeColumn<Row>("createdAt", t("history.col.createdAt")),
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => (
        <>
          <a
            href={hashHref(historyDetailPath(row.id))}
            className="px-1 text-sm text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
          >
            {t("history.view")}
          </a>
          {row.status === "done" && (
            <Permitted op="downloadHistoryCollection">
              <button type="button" className={buttonClass("link")} onClick={() => void saveCollection(row)}>
                {t("history.download")}
              </button>
            </Permitted>
          )}
        </>
      ),
      140,
    ),
  ];
  return (
    <ListPage
      screen="history"
      title={t("history.heading")}
      filters={filters}
      paging="numbered"
      poll={(rows: readonly Row[]) =>
        rows.some((r) => r.status === "queued" || r.status === "running") ? POLL_MS : null
      }
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listHistoryCollections(
          { ...(f.vin ? { vin: f.vin } : {}), ...(f.status ? { status: f.status } : {}), pageNum, pageSize },
          signal,
        )
      }
      titleExtra={newCollection}
      search={[
        { kind: "text", key: "vin", label: t("history.vin") },
        { kind: "choice", key: "status", label: t("history.status"), options: statuses.options },
      ]}
      emptyText={t("history.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns}
    />
  );
}
