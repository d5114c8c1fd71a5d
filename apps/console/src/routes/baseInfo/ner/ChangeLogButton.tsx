import { buttonClass, DataTable, Dialog, NumberedPager, type SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/ner";
import type { ChangeLogEntry, ChangeLogPage, NerGroup } from "../../../api/types";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";

const EXPORT_LOG_OPS = {
  vehicleInfo: "exportNerVehicleInfoLog",
  batteryInfo: "exportNerBatteryInfoLog",
  driveInfo: "exportNerDriveInfoLog",
  terminalInfo: "exportNerTerminalInfoLog",
} as const;

/** One changed field of a save, flattened for the table: who and when repeat on each of its lines. */
interface DiffLine {
  key: string;
  label: string;
  before: unknown;
  after: unknown;
  who: string;
  when: number;
  first: boolean;
}

/** A value as the log shows it: lists joined, empty as —. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === "" ? "—" : Array.isArray(value) ? value.join("、") : String(value);

const linesOf = (entries: readonly ChangeLogEntry[]): DiffLine[] =>
  entries.flatMap((e) =>
    e.changes.map((c, i) => ({
      key: `${e.id}-${c.field}`,
      label: c.label,
      before: c.before,
      after: c.after,
      who: e.updateName || e.updateBy,
      when: e.updateTime,
      first: i === 0,
    })),
  );

/**
 * 变更记录 of one group of a vehicle (business-areas.md §3 "each has a change log retrievable by
 * vin and an updating user"): every save as field, before → after, who and when, newest first,
 * ten saves a page; narrowed to one person's saves; exported with the same filter (a task in
 * the export file list) when the account may.
 */
export function ChangeLogButton({
  group,
  vin,
  people,
}: {
  group: NerGroup;
  vin: string;
  people: readonly SelectOption[];
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [person, setPerson] = useState("");
  const [pageNum, setPageNum] = useState(1);
  // The page answered for which request: loading while the shown one is not the one asked for.
  const [answer, setAnswer] = useState<{ key: string; page: ChangeLogPage | null } | null>(null);
  const key = `${group}|${vin}|${pageNum}|${person}`;
  const page = answer?.page ?? null;
  const loading = open && answer?.key !== key;
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const body = { vin, pageNum, pageSize: 10, ...(person ? { updateName: person } : {}) };
    api.changeLog(group, body, controller.signal).then(
      (found) => setAnswer({ key, page: found }),
      () => setAnswer({ key, page: null }),
    );
    return () => controller.abort();
  }, [open, key, group, vin, pageNum, person]);
  const title = t("ner.logTitle", { group: t(`ner.group.${group}`), vin });
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("ner.log")}
      </button>
      <Dialog open={open} title={title} width={860} onClose={() => setOpen(false)}>
        <div className="mb-3 flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-gray-600">
            {t("ner.logPerson")}
            <select
              className="h-8 rounded border border-gray-300 px-2"
              value={person}
              onChange={(e) => {
                setPerson(e.target.value);
                setPageNum(1);
              }}
            >
              <option value="">{t("kit.all")}</option>
              {people.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <span className="ml-auto">
            <ExportButton
              op={EXPORT_LOG_OPS[group]}
              label={t("ner.logExport")}
              run={() => api.exportGroupLog(group, vin, person || undefined)}
            />
          </span>
        </div>
        <DataTable<DiffLine>
          label={title}
          height={380}
          loading={loading}
          emptyText={t("ner.logEmpty")}
          rows={linesOf(page?.list ?? [])}
          rowKey={(l) => l.key}
          columns={[
            {
              key: "when",
              title: t("ner.logWhen"),
              width: 170,
              render: (l) => (l.first ? formatDateTime(l.when) : ""),
            },
            { key: "who", title: t("ner.logWho"), width: 110, render: (l) => (l.first ? l.who : "") },
            { key: "label", title: t("ner.logField"), width: 150 },
            {
              key: "before",
              title: t("ner.logBefore"),
              render: (l) => <del className="text-gray-500">{shown(l.before)}</del>,
            },
            {
              key: "after",
              title: t("ner.logAfter"),
              render: (l) => <ins className="font-medium text-emerald-700 no-underline">{shown(l.after)}</ins>,
            },
          ]}
          footer={
            page && page.total > 10 ? (
              <NumberedPager pageNum={pageNum} pageSize={10} total={page.total} onChange={(n) => setPageNum(n)} />
            ) : undefined
          }
        />
      </Dialog>
    </>
  );
}
