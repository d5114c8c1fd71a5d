import { dateTimeColumn, Segmented } from "@tsp/ui";
import { exportJournal, getJournalPage } from "../../../api/tbox";
import type { JournalRow } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { CursorJournal } from "../journal/CursorJournal";
import { FrameWithSim } from "./FrameWithSim";
import { type JournalFilters, journalFields, journalFilters, journalQuery } from "./journalFilters";

/** The decoded login or logout frame; a login's ICCID is checked against the vehicle's SIM. */
function LoginFrame({ row, filters }: { row: JournalRow; filters: JournalFilters }) {
  return <FrameWithSim row={row} checkSim={filters.kind === "login"} />;
}

/**
 * 登录登出日志 (/tbox/loginJournal, platform-shell.md §2 "Vehicle login journal screen"): VIN and
 * time range, the hint before a query, VIN / time / raw message, row-key cursor paging with
 * back, export behind its permission, and — beyond the spec — the decoded GB/T 32960 frame of
 * a clicked message. The logout journal is the same screen with 登出日志 chosen. A declaration
 * of the TBOX cursor journal (`../journal/CursorJournal`).
 */
export default function LoginJournalPage() {
  const t = useT();
  return (
    <CursorJournal
      screen="journal"
      title={(f) => t(f.kind === "login" ? "journal.login.heading" : "journal.logout.heading")}
      renderTitleExtra={(list) => (
        <Segmented
          legend={t("journal.kind")}
          value={list.filters.kind}
          options={[
            { value: "login", label: t("journal.kind.login") },
            { value: "logout", label: t("journal.kind.logout") },
          ]}
          onChange={(next) => list.search({ ...list.filters, kind: next === "logout" ? "logout" : "login" })}
        />
      )}
      filters={journalFilters}
      fields={journalFields(t)}
      // 重置 keeps the chosen journal.
      resetTo={(f) => ({ ...journalFilters.defaults, kind: f.kind })}
      query={journalQuery}
      load={(q, f, pageSize, rowKey, signal) => getJournalPage(f.kind, q, pageSize, rowKey, signal)}
      exportAs={(f) => ({
        op: f.kind === "login" ? "exportLoginLog" : "exportLogoutLog",
        run: (q) => exportJournal(f.kind, q),
      })}
      columns={(f) => [
        { key: "vin", title: t("journal.col.vin"), width: 200 },
        dateTimeColumn<JournalRow>(
          "time",
          t(f.kind === "login" ? "journal.col.loginTime" : "journal.col.logoutTime"),
          190,
        ),
      ]}
      rowKey={(row, i) => `${row.vin}-${row.time}-${i}`}
      content={(row) => row.content}
      Detail={LoginFrame}
    />
  );
}
