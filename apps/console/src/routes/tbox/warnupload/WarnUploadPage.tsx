import * as d from "@tsp/domain";
import { Badge, buttonClass, type Column, DataTable, Dialog, dateTimeColumn, enumColumn } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/multimedia";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import "../../../i18n/screens/multimedia";

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    start: d.timeFilter(),
    end: d.timeFilter(),
    source: d.choiceFilter(api.SAFETY_SOURCES),
    complete: d.choiceFilter(["yes", "no"]),
  }),
);

/** The call's filters from the screen's. */
function queryOf(f: v.InferOutput<typeof filters.schema>) {
  return {
    ...(f.vin ? { vin: f.vin } : {}),
    ...(f.start !== null ? { startTime: f.start } : {}),
    ...(f.end !== null ? { endTime: f.end } : {}),
    ...(f.source ? { source: f.source } : {}),
    ...(f.complete ? { complete: f.complete === "yes" } : {}),
  };
}

const TYPE_KEYS = {
  adas: [
    "media.safety.adas.1",
    "media.safety.adas.2",
    "media.safety.adas.3",
    "media.safety.adas.4",
    "media.safety.adas.5",
    "media.safety.adas.6",
    "media.safety.adas.7",
  ],
  dsm: ["media.safety.dsm.1", "media.safety.dsm.2", "media.safety.dsm.3", "media.safety.dsm.4", "media.safety.dsm.5"],
  bsd: ["media.safety.bsd.1", "media.safety.bsd.2", "media.safety.bsd.3"],
} as const;

/** The alarm's type as the standard names it, in the catalogue's words. */
function typeText(t: Translate, a: Pick<api.SafetyAlarm, "source" | "alarmType">): string {
  if (a.source === "tpms") return t("media.safety.tpms");
  const key = a.alarmType === null ? undefined : TYPE_KEYS[a.source][a.alarmType - 1];
  return key === undefined ? t("media.safety.otherType", { n: a.alarmType ?? "-" }) : t(key);
}

const FILE_TYPE_KEYS = [
  "media.safety.fileType.0",
  "media.safety.fileType.1",
  "media.safety.fileType.2",
  "media.safety.fileType.3",
  "media.safety.fileType.4",
] as const;

/** One alarm's files: name, type, size, state, resends, preview (images) and download of complete ones. */
function AttachmentsDialog({ alarm, title, onClose }: { alarm: api.SafetyAlarm; title: string; onClose: () => void }) {
  const t = useT();
  const [preview, setPreview] = useState<api.SafetyFile | undefined>();
  const states = catalogueEnum(t, "media.safety.state", ["complete", "incomplete"], {
    complete: "green",
    incomplete: "amber",
  });
  const columns: Column<api.SafetyFile>[] = [
    {
      key: "name",
      title: t("media.safety.fileName"),
      render: (f) => <span style={{ wordBreak: "break-all" }}>{f.name}</span>,
    },
    {
      key: "fileType",
      title: t("media.safety.fileType"),
      width: 80,
      render: (f) => {
        const key = f.fileType === null ? undefined : FILE_TYPE_KEYS[f.fileType];
        return key === undefined ? "" : t(key);
      },
    },
    { key: "size", title: t("media.size"), width: 90, render: (f) => `${(f.size / 1024).toFixed(1)} KB` },
    enumColumn<api.SafetyFile>("state", t("media.safety.state"), states.badges),
    { key: "resends", title: t("media.safety.resends"), width: 80 },
    {
      key: "actions",
      title: "",
      width: 150,
      render: (f) =>
        f.url === null ? null : (
          <span style={{ display: "inline-flex", gap: 8 }}>
            {f.fileType === 0 && (
              <button
                type="button"
                className={buttonClass("link")}
                onClick={() => setPreview(f)}
                aria-label={t("media.safety.previewOf", { name: f.name })}
              >
                {t("media.preview")}
              </button>
            )}
            <a
              className={buttonClass("link")}
              href={f.url}
              download={f.name}
              aria-label={t("media.safety.downloadOf", { name: f.name })}
            >
              {t("media.download")}
            </a>
          </span>
        ),
    },
  ];
  return (
    <Dialog open title={title} onClose={onClose} width={860}>
      <p style={{ marginTop: 0 }}>
        {t("media.safety.alarmNumber")}: <code>{alarm.alarmNumber}</code>
      </p>
      {alarm.files.length === 0 ? (
        <p>{t("media.safety.noFiles")}</p>
      ) : (
        <DataTable label={title} columns={columns} rows={alarm.files} rowKey={(f) => f.name} />
      )}
      {preview?.url && (
        <figure style={{ margin: "12px 0 0" }}>
          <img src={preview.url} alt={preview.name} style={{ maxWidth: "100%", display: "block" }} />
          <figcaption style={{ marginTop: 4 }}>{preview.name}</figcaption>
        </figure>
      )}
    </Dialog>
  );
}

/** The row's button: received/expected files, opening the alarm's attachments. */
function AttachmentsButton({ alarm }: { alarm: api.SafetyAlarm }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const title = t("media.safety.dialog", {
    vin: alarm.vin,
    type: typeText(t, alarm),
    time: d.formatDateTimeText(alarm.alarmAt),
  });
  const whole = alarm.filesReceived >= alarm.filesExpected;
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() => setOpen(true)}
        aria-label={t("media.safety.openOf", {
          vin: alarm.vin,
          type: typeText(t, alarm),
          time: d.formatDateTimeText(alarm.alarmAt),
        })}
      >
        <Badge tone={whole ? "green" : "amber"}>
          {t("media.safety.filesOf", { received: alarm.filesReceived, expected: alarm.filesExpected })}
        </Badge>{" "}
        {t("media.safety.open")}
      </button>
      {open && <AttachmentsDialog alarm={alarm} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * 报警附件上传 (/tbox/warnupload): the 苏标 active-safety alarms (ADAS/DSM/TPMS/BSD) the
 * terminals reported with attachments — by VIN, alarm time, source and completeness; per alarm
 * its type and level, position, 报警编号 and files received of expected, opening the files with
 * their state, preview and download (5-minute signed links of the private objects).
 */
export default function WarnUploadPage() {
  const t = useT();
  const sources = catalogueEnum(t, "media.safety.source", api.SAFETY_SOURCES, {
    adas: "blue",
    dsm: "amber",
    tpms: "gray",
    bsd: "gray",
  });
  const completeness = catalogueEnum(t, "media.safety.complete", ["yes", "no"]);
  return (
    <ListPage
      screen="warnupload"
      title={t("media.warn.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listSafetyAlarms({ ...queryOf(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportSafetyAlarms", run: (f) => api.exportSafetyAlarms(queryOf(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("media.vin") },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("media.safety.alarmAt"), quick: true },
        { kind: "choice", key: "source", label: t("media.safety.source"), options: sources.options },
        { kind: "choice", key: "complete", label: t("media.safety.complete"), options: completeness.options },
      ]}
      hint={t("media.safety.hint")}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "vin", title: t("media.vin"), width: 180 },
        { key: "plateNo", title: t("media.plate"), width: 100, render: (a) => a.plateNo ?? "" },
        dateTimeColumn<api.SafetyAlarm>("alarmAt", t("media.safety.alarmAt")),
        enumColumn<api.SafetyAlarm>("source", t("media.safety.source"), sources.badges),
        { key: "alarmType", title: t("media.safety.type"), width: 140, render: (a) => typeText(t, a) },
        {
          key: "level",
          title: t("media.safety.level"),
          width: 80,
          render: (a) => (a.level === null ? "" : t("media.safety.levelN", { n: a.level })),
        },
        {
          key: "position",
          title: t("media.position"),
          width: 170,
          render: (a) =>
            a.latitude === null || a.longitude === null ? "" : `${a.longitude.toFixed(5)}, ${a.latitude.toFixed(5)}`,
        },
        {
          key: "alarmNumber",
          title: t("media.safety.alarmNumber"),
          width: 150,
          render: (a) => <code title={a.alarmNumber}>{a.alarmNumber.slice(0, 12)}…</code>,
        },
        { key: "files", title: t("media.safety.files"), width: 170, render: (a) => <AttachmentsButton alarm={a} /> },
      ]}
    />
  );
}
