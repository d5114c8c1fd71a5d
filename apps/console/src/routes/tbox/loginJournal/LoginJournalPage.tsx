import { Dialog, dateTimeColumn, ListScreen, SearchForm, Segmented } from "@tsp/ui";
import { useState } from "react";
import { exportJournal, getJournalPage } from "../../../api/tbox";
import type { JournalRow } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { useListController } from "../../../kit/useListController";
import { FrameWithSim } from "./FrameWithSim";
import { journalFields, journalFilters, journalQuery, requireJournalQuery } from "./journalFilters";

/**
 * 登录登出日志 (/tbox/loginJournal, platform-shell.md §2 "Vehicle login journal screen"): VIN and
 * time range, the hint before a query, VIN / time / raw message, row-key cursor paging with
 * back, export behind its permission, and — beyond the spec — the decoded GB/T 32960 frame of
 * a clicked message. The logout journal is the same screen with 登出日志 chosen.
 */
export default function LoginJournalPage() {
  const t = useT();
  const list = useListController({
    screen: "journal",
    filters: journalFilters,
    paging: "cursor",
    ready: (f) => journalQuery(f) !== null,
    load: ({ filters, pageSize, rowKey, signal }) =>
      getJournalPage(
        filters.kind,
        journalQuery(filters) as NonNullable<ReturnType<typeof journalQuery>>,
        pageSize,
        rowKey,
        signal,
      ),
  });
  const [frame, setFrame] = useState<JournalRow | null>(null);
  const { kind } = list.filters;
  const heading = t(kind === "login" ? "journal.login.heading" : "journal.logout.heading");
  const content = (row: JournalRow) => (
    <button
      type="button"
      title={row.content}
      onClick={() => setFrame(row)}
      className="block w-full truncate text-left font-mono text-xs text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
    >
      {row.content}
    </button>
  );
  return (
    <ListScreen
      title={heading}
      titleExtra={
        <Segmented
          legend={t("journal.kind")}
          value={kind}
          options={[
            { value: "login", label: t("journal.kind.login") },
            { value: "logout", label: t("journal.kind.logout") },
          ]}
          onChange={(next) => list.search({ ...list.filters, kind: next === "logout" ? "logout" : "login" })}
        />
      }
      search={
        <SearchForm
          key={list.formKey}
          fields={journalFields(t)}
          values={list.filters}
          defaults={{ ...journalFilters.defaults, kind }}
          ready={(f) => journalQuery(f) !== null}
          onSearch={list.search}
          renderActions={(draft, runnable) => (
            <ExportButton
              op={kind === "login" ? "exportLoginLog" : "exportLogoutLog"}
              disabled={!runnable}
              run={async () => exportJournal(kind, requireJournalQuery(draft))}
            />
          )}
        />
      }
      searched={list.searched}
      hint={t("journal.emptyHint")}
      columns={[
        { key: "vin", title: t("journal.col.vin"), width: 200 },
        dateTimeColumn<JournalRow>(
          "time",
          t(kind === "login" ? "journal.col.loginTime" : "journal.col.logoutTime"),
          190,
        ),
        { key: "content", title: t("journal.col.content"), render: content },
      ]}
      rows={list.rows}
      rowKey={(row, i) => `${row.vin}-${row.time}-${i}`}
      loading={list.loading}
      emptyText={t("journal.noRows")}
      paging={list.paging}
    >
      <Dialog open={frame !== null} title={t("frame.title")} onClose={() => setFrame(null)} width={1040}>
        {frame && <FrameWithSim row={frame} checkSim={kind === "login"} />}
      </Dialog>
    </ListScreen>
  );
}
