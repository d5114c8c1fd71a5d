import * as d from "@tsp/domain";
import { buttonClass, ConfirmDialog, useToast } from "@tsp/ui";
import { useRef, useState } from "react";
import * as api from "../../../api/tboxRegister";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { DeleteButton, DetailButton, EditButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { PickDialog } from "./PickDialog";
import { type TboxChoices, tboxFormFields } from "./TboxForm";

/** The label of a choice, or the value itself when the list does not have it. */
const label = (options: readonly { value: string; label: string }[], v: string | null) =>
  options.find((o) => o.value === v)?.label ?? v;

/**
 * 详情, 编辑, 绑定车辆 / 解绑 and 删除 of one terminal. The edit starts from the terminal as it
 * is now (read again) and sends back its `updatedAt`, so a change meanwhile is refused (409);
 * delete shows only for a terminal on no vehicle (the server refuses it anyway).
 */
export function TboxActions({ row, choices }: { row: api.TboxRecord; choices: TboxChoices }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [binding, setBinding] = useState(false);
  const [unbinding, setUnbinding] = useState(false);
  const [busy, setBusy] = useState(false);
  const opened = useRef(row.updatedAt);
  const details = () => [
    { label: t("tbox.sn"), value: row.sn },
    { label: t("tbox.model"), value: row.modelName },
    { label: t("tbox.provider"), value: row.providerName },
    { label: t("tbox.protocol"), value: label(choices.protocols, row.protocol) },
    { label: t("tbox.hardwareVersion"), value: row.hardwareVersion },
    { label: t("tbox.firmwareVersion"), value: row.firmwareVersion },
    { label: t("tbox.imei"), value: row.imei },
    { label: t("tbox.iccid"), value: row.iccid },
    { label: t("tbox.terminalId"), value: row.terminalId },
    { label: t("tbox.authCode"), value: row.authCode },
    { label: t("tbox.state"), value: label(choices.states, row.state) },
    { label: t("tbox.productionDate"), value: row.productionDate },
    { label: t("tbox.vin"), value: row.vin },
    { label: t("tbox.plateNo"), value: row.plateNo },
    { label: t("tbox.remark"), value: row.remark },
    { label: t("tbox.updatedBy"), value: `${row.updateName ?? ""} ${formatDateTime(row.updatedAt)}`.trim() },
  ];
  return (
    <>
      <DetailButton title={row.sn} items={details} />
      <EditButton
        op="updateTbox"
        title={t("tbox.edit")}
        fields={tboxFormFields(t, choices, true)}
        schema={d.TboxEditSchema}
        initial={async () => {
          const now = await api.getTbox(row.sn);
          opened.current = now.updatedAt;
          return d.tboxEditOf(now);
        }}
        // The version of the terminal the form was opened on: a change since answers 409.
        save={(edit) => api.updateTbox({ ...edit, updatedAt: opened.current })}
      />
      {can("bindTbox") &&
        (row.vin === null ? (
          <button type="button" className={buttonClass("link")} onClick={() => setBinding(true)}>
            {t("tbox.bind")}
          </button>
        ) : (
          <button type="button" className={buttonClass("link")} onClick={() => setUnbinding(true)}>
            {t("tbox.unbind")}
          </button>
        ))}
      {row.vin === null && <DeleteButton op="deleteTbox" name={row.sn} remove={() => api.deleteTbox(row.sn)} />}
      {binding && (
        <PickDialog
          open
          title={t("tbox.bindTitle", { sn: row.sn })}
          label={t("tbox.bindPick")}
          confirmText={t("tbox.bindConfirm")}
          loader={(q, signal) => api.vehiclePage({ vin: q.keyWords, pageNum: q.pageNum, pageSize: q.pageSize }, signal)}
          onPick={async (vin) => {
            await api.bindTbox(row.sn, vin, row.updatedAt);
            toast.success(t("tbox.bound"));
            setBinding(false);
            reload();
          }}
          onClose={() => setBinding(false)}
        />
      )}
      <ConfirmDialog
        open={unbinding}
        title={t("tbox.unbindTitle")}
        confirmText={t("tbox.unbind")}
        busy={busy}
        onClose={() => setUnbinding(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await api.unbindTbox(row.sn, row.updatedAt);
            toast.success(t("tbox.unbound"));
            setUnbinding(false);
            reload();
          } catch {
            // Toasted by the shell.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t("tbox.unbindAsk", { sn: row.sn, vin: row.vin ?? "" })}
      </ConfirmDialog>
    </>
  );
}
