import { type Column, DataTable, DetailList } from "@tsp/ui";
import type { UdsDiagnosis } from "../../../api/uds";
import type { MessageKey, Translate } from "../../../i18n/i18n";
import { useT } from "../../../i18n/i18n";

type Dtc = NonNullable<NonNullable<UdsDiagnosis["result"]>["dtcs"]>[number];
const hex2 = (n: number) => `0x${n.toString(16).padStart(2, "0").toUpperCase()}`;

/** The decoded result in one line, for the list: the DTC codes, the identifier's value, the NRC … */
export function resultSummary(t: Translate, row: UdsDiagnosis): string {
  const r = row.result;
  if (!r) return row.reason ?? (row.state === "success" || row.state === "failed" ? "" : t("uds.waiting"));
  switch (r.kind) {
    case "negative":
      return t("uds.negative", { text: r.text ?? "" });
    case "dtcs":
      return r.dtcs?.length ? r.dtcs.map((x) => x.code).join("、") : t("uds.noDtc");
    case "cleared":
      return t("uds.cleared");
    case "did":
      return r.text ?? r.hex ?? "";
    case "session":
      return t("uds.sessionResult", { name: r.name ?? "", p2: r.p2Ms ?? 0, p2star: r.p2StarMs ?? 0 });
    default:
      return t("uds.resetResult", { name: r.name ?? "" });
  }
}

/**
 * One diagnosis decoded: the request and response bytes, then the DTCs as a table (code,
 * status byte, the set status bits) or the one-line result (an identifier's value, a negative
 * response with its NRC, the session's timings).
 */
export function UdsResultView({ row }: { row: UdsDiagnosis }) {
  const t = useT();
  const dtcs = row.result?.kind === "dtcs" ? (row.result.dtcs ?? []) : null;
  const columns: Column<Dtc>[] = [
    { key: "code", title: t("uds.dtcCode"), width: 110 },
    { key: "status", title: t("uds.dtcStatus"), width: 90, render: (d) => hex2(d.status) },
    { key: "statusBits", title: t("uds.dtcBits"), render: (d) => d.statusBits.join("、") },
  ];
  return (
    <div className="flex flex-col gap-3">
      <DetailList
        items={[
          { label: t("uds.request"), value: row.requestText },
          { label: t("uds.state"), value: t(`cmd.state.${row.state}` as MessageKey) },
          { label: t("uds.requestHex"), value: row.requestHex },
          { label: t("uds.responseHex"), value: row.responseHex ?? "" },
          { label: t("uds.result"), value: dtcs ? t("uds.dtcCount", { n: dtcs.length }) : resultSummary(t, row) },
          ...(row.reason && row.result?.kind !== "negative" ? [{ label: t("uds.reason"), value: row.reason }] : []),
        ]}
      />
      {dtcs && dtcs.length > 0 && (
        <DataTable
          label={t("uds.result")}
          columns={columns}
          rows={dtcs}
          loading={false}
          rowKey={(d) => d.code}
          height={260}
        />
      )}
    </div>
  );
}
