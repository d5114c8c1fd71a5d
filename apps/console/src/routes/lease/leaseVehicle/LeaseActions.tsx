import * as d from "@tsp/domain";
import { buttonClass, DetailList, Dialog, FormDialog, useToast } from "@tsp/ui";
import { useRef, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/lease";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { DeleteButton, EditButton, refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { type LeaseChoices, leaseFormFields } from "./LeaseForm";

/** The return form: the contract shown, the day and the reason (@tsp/domain LeaseReturnSchema). */
const ReturnSchema = v.object({ contractNo: v.string(), ...d.LeaseReturnSchema.entries });
/** The renewal form (@tsp/domain LeaseRenewSchema). */
const RenewSchema = v.object({ contractNo: v.string(), ...d.LeaseRenewSchema.entries });

const label = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((o) => o.value === value)?.label ?? value;
const money = (n: number) => n.toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 详情 (the contract in full with its history), 编辑 (from the contract as it is now; 409 when
 * changed since), 续租, 退租 (date and reason) and 删除 (a contract not started) of one contract.
 * What a state forbids is not offered (the server refuses it too).
 */
export function LeaseActions({ row, choices }: { row: api.LeaseRecord; choices: LeaseChoices }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [detail, setDetail] = useState<api.LeaseDetail | null>(null);
  const [returning, setReturning] = useState<string | null>(null);
  const [renewing, setRenewing] = useState(false);
  const opened = useRef(row.updatedAt);
  const open = row.state !== "returned" && row.renewedTo === null;
  const items = (c: api.LeaseDetail) => [
    { label: t("lease.contractNo"), value: c.contractNo },
    { label: t("lease.state"), value: t(`lease.state.${c.state}` as MessageKey) },
    { label: t("lease.vin"), value: c.vin },
    { label: t("lease.plateNo"), value: c.plateNo },
    { label: t("lease.leaseOrgCode"), value: c.leaseOrgName },
    { label: t("lease.lesseeType"), value: label(choices.lesseeTypes, c.lesseeType) },
    { label: t("lease.lesseeName"), value: c.lesseeName },
    { label: t("lease.lesseePhone"), value: c.lesseePhone },
    { label: t("lease.lesseeIdNo"), value: c.lesseeIdNo },
    { label: t("lease.term"), value: `${c.startDate} ~ ${c.endDate}` },
    { label: t("lease.monthlyRent"), value: money(c.monthlyRent) },
    { label: t("lease.deposit"), value: money(c.deposit) },
    { label: t("lease.returnDate"), value: c.returnDate },
    { label: t("lease.returnReason"), value: c.returnReason },
    { label: t("lease.renewedFrom"), value: c.renewedFrom },
    { label: t("lease.renewedTo"), value: c.renewedTo },
    { label: t("lease.remark"), value: c.remark },
    { label: t("lease.updatedBy"), value: `${c.updateName ?? ""} ${formatDateTime(c.updatedAt)}`.trim() },
  ];
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() =>
          void api.getLeaseContract(row.contractNo).then(setDetail, () => {
            // Toasted by the shell.
          })
        }
      >
        {t("kit.detail")}
      </button>
      <Dialog open={detail !== null} title={row.contractNo} width={760} onClose={() => setDetail(null)}>
        {detail && (
          <>
            <DetailList items={items(detail)} />
            <h3 className="mt-4 mb-1 text-sm font-medium text-gray-700">{t("lease.history")}</h3>
            <ul className="text-sm text-gray-700">
              {detail.history.map((h) => (
                <li key={`${h.at}-${h.action}`} className="flex gap-3 border-t border-gray-100 py-1">
                  <span className="w-36 text-gray-500">{formatDateTime(h.at)}</span>
                  <span className="w-12">{t(`lease.history.${h.action}` as MessageKey)}</span>
                  <span className="w-24">{h.byName}</span>
                  <span className="flex-1">{h.reason ?? ""}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
      {open && (
        <EditButton
          op="updateLeaseContract"
          title={t("lease.edit")}
          fields={leaseFormFields(t, choices, true)}
          schema={d.LeaseContractEditSchema}
          initial={async () => {
            const now = await api.getLeaseContract(row.contractNo);
            opened.current = now.updatedAt;
            return d.leaseEditOf(now);
          }}
          save={(edit) => api.updateLeaseContract({ ...edit, updatedAt: opened.current })}
        />
      )}
      {open && can("renewLeaseContract") && (
        <button type="button" className={buttonClass("link")} onClick={() => setRenewing(true)}>
          {t("lease.renew")}
        </button>
      )}
      {open && row.state !== "pending" && can("returnLeaseContract") && (
        <button
          type="button"
          className={buttonClass("link", "text-red-600")}
          onClick={() => setReturning(d.chinaDay(Date.now()))}
        >
          {t("lease.return")}
        </button>
      )}
      {row.state === "pending" && (
        <DeleteButton
          op="deleteLeaseContract"
          name={row.contractNo}
          remove={() => api.deleteLeaseContract(row.contractNo, row.updatedAt)}
        />
      )}
      {renewing && (
        <FormDialog
          open
          title={t("lease.renewTitle", { contractNo: row.contractNo })}
          fields={[
            { key: "contractNo", kind: "text", label: t("lease.contractNo"), readOnly: true },
            { key: "newContractNo", kind: "text", label: t("lease.newContractNo"), required: true, maxLength: 32 },
            { key: "endDate", kind: "date", label: t("lease.renewEnd"), required: true },
            { key: "monthlyRent", kind: "number", label: t("lease.monthlyRent"), required: true },
            { key: "deposit", kind: "number", label: t("lease.deposit"), required: true },
          ]}
          initial={{
            contractNo: row.contractNo,
            newContractNo: "",
            endDate: d.leaseAddMonths(row.endDate, 12),
            monthlyRent: row.monthlyRent,
            deposit: 0,
          }}
          schema={RenewSchema}
          onClose={() => setRenewing(false)}
          onSubmit={async (values) => {
            try {
              const next = await api.renewLeaseContract({ ...values, updatedAt: row.updatedAt });
              toast.success(t("lease.renewed", { contractNo: next.contractNo }));
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            setRenewing(false);
            reload();
            return null;
          }}
        />
      )}
      {returning !== null && (
        <FormDialog
          open
          title={t("lease.returnTitle", { contractNo: row.contractNo })}
          fields={[
            { key: "contractNo", kind: "text", label: t("lease.contractNo"), readOnly: true },
            { key: "returnDate", kind: "date", label: t("lease.returnDate"), required: true },
            {
              key: "reason",
              kind: "textarea",
              label: t("lease.returnReason"),
              required: true,
              maxLength: 200,
              placeholder: t("lease.returnHint"),
            },
          ]}
          initial={{ contractNo: row.contractNo, returnDate: returning, reason: "" }}
          schema={ReturnSchema}
          onClose={() => setReturning(null)}
          onSubmit={async (values) => {
            try {
              await api.returnLeaseContract({ ...values, updatedAt: row.updatedAt });
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("lease.returned"));
            setReturning(null);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}
