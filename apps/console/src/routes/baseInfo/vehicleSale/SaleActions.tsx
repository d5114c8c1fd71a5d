import * as d from "@tsp/domain";
import { buttonClass, DetailList, Dialog, FormDialog, useToast } from "@tsp/ui";
import { useRef, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/vehicleSales";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { EditButton, refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { type SaleChoices, saleFormFields } from "./SaleForm";

/** The undo form: the VIN shown, the reason required (@tsp/domain SaleUndoSchema). */
const UndoSchema = v.object({ vin: v.string(), reason: d.SaleUndoSchema.entries.reason });

/** The label of a choice, or the value itself when the list does not have it. */
const label = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((o) => o.value === value)?.label ?? value;

/**
 * 详情 (the sale in full with its history), 编辑 (from the sale as it is now, 409 when changed
 * since) and 撤销销售 (a reason required; the history keeps it) of one sale.
 */
export function SaleActions({ row, choices }: { row: api.SaleRecord; choices: SaleChoices }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [detail, setDetail] = useState<api.SaleDetail | null>(null);
  const [undoing, setUndoing] = useState(false);
  const opened = useRef(row.updatedAt);
  const items = (s: api.SaleDetail) => [
    { label: t("sale.vin"), value: s.vin },
    { label: t("sale.plateNo"), value: s.plateNo },
    { label: t("sale.dealerCode"), value: s.dealerName },
    { label: t("sale.pickupCode"), value: s.pickupName },
    { label: t("sale.buyerType"), value: label(choices.buyerTypes, s.buyerType) },
    { label: t("sale.buyerName"), value: s.buyerName },
    { label: t("sale.buyerPhone"), value: s.buyerPhone },
    { label: t("sale.buyerIdNo"), value: s.buyerIdNo },
    { label: t("sale.saleDate"), value: s.saleDate },
    { label: t("sale.invoiceNo"), value: s.invoiceNo },
    { label: t("sale.price"), value: s.price.toLocaleString("zh-CN", { minimumFractionDigits: 2 }) },
    { label: t("sale.use"), value: label(choices.uses, s.use) },
    { label: t("sale.remark"), value: s.remark },
    { label: t("sale.updatedBy"), value: `${s.updateName ?? ""} ${formatDateTime(s.updatedAt)}`.trim() },
  ];
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() =>
          void api.getVehicleSale(row.vin).then(setDetail, () => {
            // Toasted by the shell.
          })
        }
      >
        {t("kit.detail")}
      </button>
      <Dialog open={detail !== null} title={row.vin} width={760} onClose={() => setDetail(null)}>
        {detail && (
          <>
            <DetailList items={items(detail)} />
            <h3 className="mt-4 mb-1 text-sm font-medium text-gray-700">{t("sale.history")}</h3>
            <ul className="text-sm text-gray-700">
              {detail.history.map((h) => (
                <li key={`${h.at}-${h.action}`} className="flex gap-3 border-t border-gray-100 py-1">
                  <span className="w-36 text-gray-500">{formatDateTime(h.at)}</span>
                  <span className="w-12">{t(`sale.history.${h.action}` as MessageKey)}</span>
                  <span className="w-24">{h.byName}</span>
                  <span className="flex-1">{h.reason ?? ""}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
      <EditButton
        op="updateVehicleSale"
        title={t("sale.edit")}
        fields={saleFormFields(t, choices)}
        schema={d.SaleEditSchema}
        initial={async () => {
          const now = await api.getVehicleSale(row.vin);
          opened.current = now.updatedAt;
          return d.saleEditOf(now);
        }}
        save={(edit) => api.updateVehicleSale({ ...edit, updatedAt: opened.current })}
      />
      {can("undoVehicleSale") && (
        <button type="button" className={buttonClass("link", "text-red-600")} onClick={() => setUndoing(true)}>
          {t("sale.undo")}
        </button>
      )}
      {undoing && (
        <FormDialog
          open
          title={t("sale.undoTitle", { vin: row.vin })}
          fields={[
            { key: "vin", kind: "text", label: t("sale.vin"), readOnly: true },
            {
              key: "reason",
              kind: "textarea",
              label: t("sale.undoReason"),
              required: true,
              maxLength: 200,
              placeholder: t("sale.undoHint"),
            },
          ]}
          initial={{ vin: row.vin, reason: "" }}
          schema={UndoSchema}
          onClose={() => setUndoing(false)}
          onSubmit={async (values) => {
            try {
              await api.undoVehicleSale(row.vin, values.reason, row.updatedAt);
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("sale.undone"));
            setUndoing(false);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}
