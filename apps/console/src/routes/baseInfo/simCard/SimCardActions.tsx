import * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import * as api from "../../../api/baseInfo";
import type { SimCardRecord } from "../../../api/types";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { DeleteButton, DetailButton, EditButton } from "../../../kit/RowActions";

/**
 * 编辑 and 删除 of one SIM card: the editable fields in the kit's form, checked by the domain's
 * schema (the server applies the same and the cross-field rules), sent with the `updatedAt`
 * that was read so a card changed meanwhile is refused (409) rather than overwritten.
 */
export function SimCardActions({
  row,
  carriers,
  statuses,
}: {
  row: SimCardRecord;
  carriers: readonly SelectOption[];
  statuses: readonly SelectOption[];
}) {
  const t = useT();
  const field = (key: keyof d.SimCardEdit, kind: FormField["kind"], more?: Partial<FormField>): FormField => ({
    key,
    kind,
    label: t(`sim.${key}`),
    ...more,
  });
  const form = [
    field("iccid", "text", { readOnly: true }),
    field("msisdn", "text"),
    field("carrier", "select", { options: carriers, required: true }),
    field("status", "select", { options: statuses, required: true }),
    field("activationDate", "date"),
    field("expiryDate", "date"),
    field("dataPlanMb", "number"),
    field("remark", "textarea"),
  ];
  // Each form field as shown: a choice by its label, the rest as it is.
  const shown = (f: FormField) => {
    const value = row[f.key as keyof d.SimCardEdit];
    return f.options?.find((o) => o.value === value)?.label ?? value;
  };
  const details = () => [
    ...form.map((f) => ({ label: f.label, value: shown(f) })),
    { label: t("sim.vin"), value: row.vin },
    { label: t("sim.plateNo"), value: row.plateNo },
    { label: t("sim.realname"), value: t(`sim.realname.${row.realnameStatus}`) },
    { label: t("sim.usage"), value: d.formatTrafficMb(row.monthUsageMb) },
    { label: t("sim.updatedBy"), value: `${row.updateName ?? ""} ${formatDateTime(row.updatedAt)}`.trim() },
  ];
  return (
    <>
      <DetailButton title={row.iccid} items={details} />
      <EditButton
        op="updateSimCard"
        title={t("sim.edit")}
        fields={form}
        schema={d.SimCardEditSchema}
        initial={() => d.simCardEditOf(row)}
        save={(edit) => api.updateSimCard({ ...edit, updatedAt: row.updatedAt })}
      />
      <DeleteButton op="deleteSimCard" name={row.iccid} remove={() => api.deleteSimCard(row.iccid)} />
    </>
  );
}
