import { episodeDuration, tboxJournalEntries } from "@tsp/domain";
import { dateTimeColumn } from "@tsp/ui";
import { type AlarmEpisode, exportTboxJournal, getAlarmEpisodes } from "../../../api/tboxJournals";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { CursorJournal } from "../journal/CursorJournal";
import { ReportDetail } from "../journal/ReportDetail";
import { journalFields, journalFilters, journalQuery } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

/** The frame that started an episode, decoded beside its bytes (the journals' report detail). */
function EpisodeDetail({ row }: { row: AlarmEpisode }) {
  const [entry] = tboxJournalEntries(row.content);
  if (!entry) return null;
  const report = { ...entry, alarms: [...entry.alarms], items: [...entry.items], faults: [...entry.faults] };
  return (
    <ReportDetail row={{ ...report, frameId: row.id, receivedAt: row.receivedAt, command: 0, content: row.content }} />
  );
}

/**
 * 报警数据查询 (/tbox/warnsearch): a vehicle's alarm episodes from the gateway's decoded alarm
 * store — each alarm by the standard's name (GB/T 32960 通用报警标志, JT/T 808 报警标志) from the
 * first report carrying it to the first without it, with the highest level at its start; by
 * level, alarm and protocol; the frame that started it opens decoded beside its bytes.
 */
export default function WarnsearchPage() {
  const t = useT();
  return (
    <CursorJournal
      screen="tboxJournal.warnsearch"
      title={() => t("tboxJournal.warnsearch.heading")}
      filters={journalFilters}
      fields={journalFields(t, "warnsearch", true)}
      query={(f) => journalQuery("warnsearch", f)}
      load={(q, _f, pageSize, rowKey, signal) => getAlarmEpisodes(q, pageSize, rowKey, signal)}
      exportAs={() => ({ op: "exportWarnData", run: (q) => exportTboxJournal("warnsearch", q) })}
      columns={() => [
        { key: "name", title: t("tboxJournal.col.alarm"), width: 180 },
        {
          key: "protocol",
          title: t("tboxJournal.col.protocol"),
          width: 100,
          render: (r) => t(`tboxJournal.protocol.${r.protocol}`),
        },
        {
          key: "level",
          title: t("tboxJournal.col.alarmLevel"),
          width: 110,
          render: (r) => (r.level === null ? "—" : t("tboxJournal.level", { level: r.level })),
        },
        dateTimeColumn<AlarmEpisode>("startedAt", t("tboxJournal.col.startedAt")),
        {
          key: "endedAt",
          title: t("tboxJournal.col.endedAt"),
          width: 170,
          render: (r) => (r.endedAt === null ? t("tboxJournal.ongoing") : formatDateTime(r.endedAt)),
        },
        {
          key: "duration",
          title: t("tboxJournal.col.duration"),
          width: 110,
          render: (r) => (r.endedAt === null ? t("tboxJournal.ongoing") : episodeDuration(r.startedAt, r.endedAt)),
        },
      ]}
      rowKey={(row) => String(row.id)}
      content={(row) => row.content}
      Detail={EpisodeDetail}
    />
  );
}
