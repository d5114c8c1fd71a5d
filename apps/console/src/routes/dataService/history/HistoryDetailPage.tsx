import { buttonClass, DetailList } from "@tsp/ui";
import { useEffect, useState } from "react";
import { getHistoryCollection, type HistoryCollectionDetail } from "../../../api/dataServiceFrames";
import { formatBytes, formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { Permitted } from "../../../permission/Permitted";
import { hashHref, useHashSearch } from "../../../routing/hashLocation";
import { saveCollection } from "./HistoryPage";

const STATUS_KEYS = [
  "ok",
  "bad-frame",
  "bad-body",
  "vin-unknown",
  "vin-duplicate",
  "encrypted",
  "unsupported",
] as const;
type FrameStatusKey = (typeof STATUS_KEYS)[number];
const isStatusKey = (s: string): s is FrameStatusKey => (STATUS_KEYS as readonly string[]).includes(s);

/**
 * 查看详情 (/dataService/history/detail?id, hidden): one collection — VIN, range, remark, who and
 * when, state, file — and what its range holds by the gateway's decode status; 下载 when done.
 * Read again every 2 s while the task runs.
 */
export default function HistoryDetailPage() {
  const t = useT();
  const id = Number(new URLSearchParams(useHashSearch()).get("id"));
  const valid = Number.isSafeInteger(id) && id > 0;
  const [loaded, setLoaded] = useState<{ id: number; task: HistoryCollectionDetail | null } | null>(null);
  useEffect(() => {
    if (!valid) return;
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      getHistoryCollection(id, ac.signal)
        .then((next) => {
          setLoaded({ id, task: next });
          if (next.status === "queued" || next.status === "running") timer = setTimeout(read, 2000);
        })
        .catch(() => {
          if (!ac.signal.aborted) setLoaded({ id, task: null }); // toasted by the shell
        });
    void read();
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, [id, valid]);
  const current = loaded?.id === id ? loaded : null;
  const task = current?.task ?? null;
  const failed = current !== null && current.task === null;
  const status = task ? t(`history.status.${task.status}`) : "";
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-medium text-gray-900">{t("history.detail.heading")}</h2>
        <div className="flex gap-2">
          {task?.status === "done" && (
            <Permitted op="downloadHistoryCollection">
              <button type="button" className={buttonClass("primary")} onClick={() => void saveCollection(task)}>
                {t("history.download")}
              </button>
            </Permitted>
          )}
          <a className={buttonClass("default")} href={hashHref("/dataService/history")}>
            {t("history.detail.back")}
          </a>
        </div>
      </div>
      {!valid || failed ? (
        <p className="rounded border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">
          {t("history.detail.none")}
        </p>
      ) : task ? (
        <>
          <section className="rounded border border-gray-200 bg-white p-4">
            <DetailList
              items={[
                { label: t("history.col.id"), value: String(task.id) },
                { label: t("history.col.vin"), value: task.vin },
                {
                  label: t("history.col.range"),
                  value: `${formatDateTime(task.startTime)} ~ ${formatDateTime(task.endTime)}`,
                },
                { label: t("history.col.status"), value: `${status}（${task.progress}%）` },
                { label: t("history.col.rows"), value: task.rowCount === null ? "" : String(task.rowCount) },
                { label: t("history.col.size"), value: formatBytes(task.size) },
                { label: t("history.detail.fileName"), value: task.fileName },
                { label: t("history.col.createdBy"), value: task.createdBy },
                { label: t("history.col.createdAt"), value: formatDateTime(task.createdAt) },
                {
                  label: t("history.detail.finishedAt"),
                  value: task.finishedAt ? formatDateTime(task.finishedAt) : "",
                },
                { label: t("history.col.remark"), value: task.remark },
                ...(task.failReason ? [{ label: t("history.detail.failReason"), value: task.failReason }] : []),
              ]}
            />
          </section>
          <section aria-label={t("history.detail.frames")} className="rounded border border-gray-200 bg-white p-4">
            <h3 className="mb-2 text-sm font-medium text-gray-700">{t("history.detail.frames")}</h3>
            <DetailList
              items={task.frames.map((f) => ({
                label: isStatusKey(f.status) ? t(`history.frameStatus.${f.status}`) : f.status,
                value: String(f.count),
              }))}
            />
          </section>
        </>
      ) : (
        <p role="status" className="text-sm text-gray-500">
          {t("app.loading")}
        </p>
      )}
    </div>
  );
}
