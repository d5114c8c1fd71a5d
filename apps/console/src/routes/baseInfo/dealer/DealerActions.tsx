import type { SelectOption } from "@tsp/ui";
import { buttonClass } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/dealers";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { DeleteButton, DetailButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { DealerForm } from "./DealerForm";

/** The other dealers of the record's district (findDealerByRegion), for the detail. */
function Neighbours({ areaId, self }: { areaId: string; self: string }) {
  const t = useT();
  const [list, setList] = useState<api.DealerBrief[] | null>(null);
  useEffect(() => {
    let live = true;
    api.dealersInRegion(areaId).then(
      (page) => live && setList(page.list.filter((x) => x.dealerCode !== self)),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [areaId, self]);
  if (list === null) return <span>…</span>;
  if (list.length === 0) return <span>{t("dealer.noNeighbours")}</span>;
  return <span>{list.map((x) => `${x.dealerName}（${x.dealerCode}）`).join("、")}</span>;
}

/** A point as "lng, lat", or 未标注. */
export const pointText = (lng: number | null, lat: number | null, none: string) =>
  lng !== null && lat !== null ? `${lng.toFixed(6)}, ${lat.toFixed(6)}` : none;

/** The label of a choice's value (the value itself when unknown). */
const label = (options: readonly SelectOption[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/**
 * 详情, 编辑 and 删除 of one dealer. The edit reads the dealer afresh (its version) before the
 * form opens; the delete is refused by the server with what to do first (secondary dealers
 * under it, still open), which the shell toasts.
 */
export function DealerActions({
  row,
  kinds,
  statuses,
}: {
  row: api.DealerRecord;
  kinds: readonly SelectOption[];
  statuses: readonly SelectOption[];
}) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const [editing, setEditing] = useState<api.DealerRecord | null>(null);
  const details = () => [
    { label: t("dealer.code"), value: row.dealerCode },
    { label: t("dealer.name"), value: row.dealerName },
    { label: t("dealer.kind"), value: label(kinds, row.kind) },
    { label: t("dealer.parent"), value: row.parentName ? `${row.parentName}（${row.parentCode}）` : null },
    { label: t("outlet.region"), value: row.areaName },
    { label: t("outlet.address"), value: row.address },
    { label: t("outlet.location"), value: pointText(row.lng, row.lat, t("outlet.noLocation")) },
    { label: t("dealer.contactName"), value: row.contactName },
    { label: t("dealer.contactPhone"), value: row.contactPhone },
    { label: t("dealer.brands"), value: row.brandNames.join("、") },
    { label: t("outlet.status"), value: label(statuses, row.status) },
    { label: t("dealer.secondaryCount"), value: String(row.secondaryCount) },
    { label: t("outlet.updatedBy"), value: `${row.updateName ?? ""} ${formatDateTime(row.updatedAt)}`.trim() },
    { label: t("dealer.neighbours"), value: <Neighbours areaId={row.areaId} self={row.dealerCode} /> },
  ];
  return (
    <>
      <DetailButton title={row.dealerName} items={details} />
      {can("updateDealer") && (
        <button
          type="button"
          className={buttonClass("link")}
          onClick={() =>
            void api.getDealer(row.dealerCode).then(setEditing, () => {
              // Toasted by the shell.
            })
          }
        >
          {t("kit.edit")}
        </button>
      )}
      {editing && (
        <DealerForm
          record={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <DeleteButton op="deleteDealer" name={row.dealerName} remove={() => api.deleteDealer(row.dealerCode)} />
    </>
  );
}
