import * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import * as api from "../../../api/baseInfo";
import type { SimCardRecord } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { DeleteButton, EditButton } from "../../../kit/RowActions";

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
  return (
    <>
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
