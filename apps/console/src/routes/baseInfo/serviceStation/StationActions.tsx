import { buttonClass, type SelectOption } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/dealers";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { DeleteButton, DetailButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { pointText } from "../dealer/DealerActions";
import { StationForm } from "./StationForm";

/** The label of a choice's value (the value itself when unknown). */
const label = (options: readonly SelectOption[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/** 详情, 编辑 and 删除 of one station (an open station's delete is refused by the server, saying to close it first). */
export function StationActions({
  row,
  levels,
  statuses,
}: {
  row: api.StationRecord;
  levels: readonly SelectOption[];
  statuses: readonly SelectOption[];
}) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const [editing, setEditing] = useState<api.StationRecord | null>(null);
  const details = () => [
    { label: t("station.code"), value: row.stationCode },
    { label: t("station.name"), value: row.stationName },
    { label: t("outlet.region"), value: row.areaName },
    { label: t("outlet.address"), value: row.address },
    { label: t("outlet.location"), value: pointText(row.lng, row.lat, t("outlet.noLocation")) },
    { label: t("station.contactName"), value: row.contactName },
    { label: t("station.phone"), value: row.servicePhone },
    { label: t("station.services"), value: row.serviceTypes.map((s) => t(`station.service.${s}`)).join("、") },
    { label: t("station.brands"), value: row.brandNames.join("、") },
    { label: t("station.level"), value: label(levels, row.level) },
    { label: t("outlet.status"), value: label(statuses, row.status) },
    { label: t("outlet.updatedBy"), value: `${row.updateName ?? ""} ${formatDateTime(row.updatedAt)}`.trim() },
  ];
  return (
    <>
      <DetailButton title={row.stationName} items={details} />
      {can("updateServiceStation") && (
        <button
          type="button"
          className={buttonClass("link")}
          onClick={() =>
            void api.getStation(row.stationCode).then(setEditing, () => {
              // Toasted by the shell.
            })
          }
        >
          {t("kit.edit")}
        </button>
      )}
      {editing && (
        <StationForm
          record={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <DeleteButton
        op="deleteServiceStation"
        name={row.stationName}
        remove={() => api.deleteStation(row.stationCode)}
      />
    </>
  );
}
