import { FRAME_CHECK_RULE_INFO, frameProtocol } from "@tsp/domain";
import { buttonClass, DetailList } from "@tsp/ui";
import { useEffect, useState } from "react";
import { type FrameCheckDetail, getFrameCheckDetail } from "../../../api/dataServiceFrames";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { hashHref, useHashSearch } from "../../../routing/hashLocation";
import { FrameDetail } from "../../tbox/loginJournal/FrameDetail";
import "../../../i18n/screens/dataServiceFrames";

/**
 * The standard and edition: the one the gateway read, else what the start bytes announce (## 2016,
 * $$ 2025) of a frame it could not read; JT/T 808 frames start with 0x7E.
 */
function editionOf(frame: FrameCheckDetail): string {
  // HJ 1239 (燃油车国标数据) shares `##`; its byte 3 is a VIN character, not a response flag.
  if (frameProtocol(frame.rawHex) === "hj1239") return "HJ 1239";
  if (frame.rawHex.startsWith("7E")) return frame.edition === null ? "JT/T 808" : `JT/T 808-${frame.edition}`;
  const edition =
    frame.edition ?? (frame.rawHex.startsWith("2323") ? 2016 : frame.rawHex.startsWith("2424") ? 2025 : null);
  return edition === null ? "" : `GB/T 32960-${edition}`;
}

const hex = (n: number | null) => (n === null ? "—" : `0x${n.toString(16).toUpperCase().padStart(2, "0")}`);

/**
 * 故障详情 (/dataService/newMessageCheck/newMessageCheckDetail?id&at, hidden): one stored frame —
 * the check it failed named with the standard's clause and what the platform did, the gateway's
 * reason, then the raw bytes beside the decoding (the login journal's FrameDetail: a frame that
 * cannot be read shows the decoder's precise reason, a wrong check code the expected one).
 */
export default function NewMessageCheckDetailPage() {
  const t = useT();
  const params = new URLSearchParams(useHashSearch());
  const id = Number(params.get("id"));
  const at = Number(params.get("at"));
  const valid = Number.isSafeInteger(id) && id > 0 && Number.isSafeInteger(at) && at > 0;
  const key = `${id}|${at}`;
  const [loaded, setLoaded] = useState<{ key: string; frame: FrameCheckDetail | null } | null>(null);
  useEffect(() => {
    if (!valid) return;
    const ac = new AbortController();
    getFrameCheckDetail(id, at, ac.signal)
      .then((frame) => setLoaded({ key: `${id}|${at}`, frame }))
      .catch(() => {
        if (!ac.signal.aborted) setLoaded({ key: `${id}|${at}`, frame: null }); // toasted by the shell
      });
    return () => ac.abort();
  }, [id, at, valid]);
  const current = loaded?.key === key ? loaded : null;
  const frame = current?.frame ?? null;
  const failed = current !== null && current.frame === null;
  const info = frame ? FRAME_CHECK_RULE_INFO[frame.rule] : null;
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-medium text-gray-900">{t("frameCheck.detail.heading")}</h2>
        <a className={buttonClass("default")} href={hashHref("/dataService/newMessageCheck")}>
          {t("frameCheck.detail.back")}
        </a>
      </div>
      {!valid || failed ? (
        <p className="rounded border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">
          {t("frameCheck.detail.none")}
        </p>
      ) : frame && info ? (
        <>
          <section
            aria-label={t("frameCheck.detail.failed")}
            className="rounded border border-l-4 border-red-300 border-l-red-600 bg-white p-4 text-sm text-gray-800"
          >
            <p className="mb-2 text-base font-medium text-red-700">
              {t("frameCheck.detail.failed")}：{t(`frameCheck.rule.${frame.rule}`)}
            </p>
            <DetailList
              items={[
                { label: t("frameCheck.col.reason"), value: frame.reason },
                { label: t("frameCheck.detail.clause"), value: info.clause },
                { label: t("frameCheck.detail.handling"), value: info.handling },
              ]}
            />
          </section>
          <section className="rounded border border-gray-200 bg-white p-4">
            <DetailList
              items={[
                { label: t("frameCheck.col.vin"), value: frame.vin },
                { label: t("frameCheck.col.receivedAt"), value: formatDateTime(frame.receivedAt) },
                { label: t("frameCheck.col.command"), value: hex(frame.command) },
                { label: t("frameCheck.detail.edition"), value: editionOf(frame) },
                { label: t("frameCheck.col.peer"), value: frame.peer },
                { label: t("frameCheck.col.length"), value: String(frame.length) },
              ]}
            />
          </section>
          <section className="rounded border border-gray-200 bg-white p-4">
            <FrameDetail content={frame.rawHex} />
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
