import { PAGE_SIZES } from "@tsp/domain";
import type { PermittedOperation } from "@tsp/sdk";
import { type Column, CursorPager, DataTable, Dialog, inputClass, useRememberedPageSize } from "@tsp/ui";
import { useEffect, useState } from "react";
import { getBoundIccid, type JournalKind } from "../../../api/tbox";
import type { JournalRow } from "../../../api/types";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { navigateHash, useHashPath, useHashSearch } from "../../../routing/hashLocation";
import { FrameDetail } from "./FrameDetail";
import { JournalSearchForm } from "./JournalSearchForm";
import { formatJournalAddress, type JournalAddress, parseJournalAddress } from "./journalAddress";
import { useJournalPages } from "./useJournalPages";

/** The export operation per journal; its x-permission guards the export button. */
export const EXPORT_OPERATION: Record<JournalKind, PermittedOperation> = {
  login: "exportLoginLog",
  logout: "exportLogoutLog",
};

/** The remembered page size of the journals (spec §9 "the chosen size is stored locally"). */
const PAGE_SIZE_KEY = "tsp-console-journal-page-size";

/**
 * 登录登出日志 (/tbox/loginJournal, platform-shell.md §2 "Vehicle login journal screen"): a
 * 17-character VIN and a time range, the empty hint before a query, the table VIN / time /
 * raw message, row-key cursor paging with back, page size remembered, export behind its
 * permission, and — beyond the spec — the decoded GB/T 32960 frame of a clicked message.
 * The logout journal is the same screen with 登出日志 chosen (the route table has one entry,
 * "login/logout log"). The query lives in the address.
 */
export default function LoginJournalPage() {
  const t = useT();
  const [path] = useHashPath();
  const search = useHashSearch();
  const address = parseJournalAddress(search);
  const [rememberedSize, rememberSize] = useRememberedPageSize(PAGE_SIZE_KEY);
  const pageSize = address.size ?? rememberedSize;
  const [runToken, setRunToken] = useState(0);
  const pages = useJournalPages(address, pageSize, runToken);
  const [frame, setFrame] = useState<JournalRow | null>(null);

  const go = (next: JournalAddress) => {
    const query = formatJournalAddress(next);
    if (query === search) setRunToken((n) => n + 1);
    else navigateHash(`${path}?${query}`);
  };
  const kinds: JournalKind[] = ["login", "logout"];
  const timeTitle = address.kind === "login" ? t("journal.col.loginTime") : t("journal.col.logoutTime");
  const columns: Column<JournalRow>[] = [
    { key: "vin", title: t("journal.col.vin"), width: 200 },
    { key: "time", title: timeTitle, width: 190, render: (row) => formatDateTime(row.time) },
    {
      key: "content",
      title: t("journal.col.content"),
      render: (row) => (
        <button
          type="button"
          title={row.content}
          onClick={() => setFrame(row)}
          className="block w-full truncate text-left font-mono text-xs text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
        >
          {row.content}
        </button>
      ),
    },
  ];
  const heading = address.kind === "login" ? t("journal.login.heading") : t("journal.logout.heading");

  return (
    <section aria-labelledby="journal-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h1 id="journal-heading" className="text-base font-medium text-gray-800">
          {heading}
        </h1>
        <fieldset className="flex rounded border border-gray-300 bg-white p-0.5">
          <legend className="sr-only">{t("journal.kind")}</legend>
          {kinds.map((kind) => (
            <label
              key={kind}
              className={
                address.kind === kind
                  ? "cursor-pointer rounded bg-blue-600 px-3 py-1 text-xs text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600/40"
                  : "cursor-pointer rounded px-3 py-1 text-xs text-gray-600 hover:text-blue-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600/40"
              }
            >
              <input
                type="radio"
                name="journal-kind"
                className="sr-only"
                checked={address.kind === kind}
                onChange={() => go({ ...address, kind })}
              />
              {t(kind === "login" ? "journal.kind.login" : "journal.kind.logout")}
            </label>
          ))}
        </fieldset>
      </div>
      <JournalSearchForm key={search} address={address} exportOp={EXPORT_OPERATION[address.kind]} onQuery={go} />
      {pages.searched ? (
        <section aria-labelledby="journal-result" className="flex flex-col gap-2">
          <h2 id="journal-result" className="text-sm font-medium text-gray-700">
            {t("journal.result")}
          </h2>
          <DataTable
            label={heading}
            columns={columns}
            rows={pages.rows}
            rowKey={(row, i) => `${row.vin}-${row.time}-${i}`}
            loading={pages.loading}
            emptyText={t("journal.noRows")}
            height={520}
            footer={
              <div className="flex items-center justify-end gap-3">
                <label className="flex items-center gap-2 text-sm text-gray-600">
                  {t("journal.pageSize")}
                  <select
                    className={inputClass("w-20")}
                    value={pageSize}
                    onChange={(e) => {
                      const size = Number(e.target.value);
                      rememberSize(size);
                      go({ ...address, size });
                    }}
                  >
                    {PAGE_SIZES.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
                <CursorPager
                  page={pages.page}
                  nextKey={pages.nextKey}
                  canGoBack={pages.canGoBack}
                  onNext={pages.next}
                  onBack={pages.back}
                  disabled={pages.loading}
                />
              </div>
            }
          />
        </section>
      ) : (
        <p className="rounded-md border border-dashed border-gray-300 bg-white p-10 text-center text-sm text-gray-500">
          {t("journal.emptyHint")}
        </p>
      )}
      <Dialog open={frame !== null} title={t("frame.title")} onClose={() => setFrame(null)} width={1040}>
        {frame && <FrameWithSim row={frame} checkSim={address.kind === "login"} />}
      </Dialog>
    </section>
  );
}

/**
 * The decoded frame of a login row with the ICCID checked against the SIM bound to the vehicle
 * in master data (read once per opened frame; a logout frame carries no ICCID).
 */
function FrameWithSim({ row, checkSim }: { row: JournalRow; checkSim: boolean }) {
  const [bound, setBound] = useState<{ vin: string; iccid: string | null } | null>(null);
  useEffect(() => {
    if (!checkSim) return;
    const ac = new AbortController();
    getBoundIccid(row.vin, ac.signal)
      .then((iccid) => setBound({ vin: row.vin, iccid }))
      .catch(() => {}); // toasted by the shell; the frame still shows
    return () => ac.abort();
  }, [row.vin, checkSim]);
  return <FrameDetail content={row.content} boundIccid={bound?.vin === row.vin ? bound.iccid : undefined} />;
}
