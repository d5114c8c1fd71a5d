import * as d from "@tsp/domain";
import type { FormField } from "@tsp/ui";
import { useRef } from "react";
import * as api from "../../../api/vehicleModels";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { DeleteButton, DetailButton, EditButton } from "../../../kit/RowActions";

/**
 * 详情, 编辑 and 删除 of one model: the form checked by the domain's schema (the server applies
 * the same and the rules between fields), the edit read fresh and sent with the `updatedAt` it
 * read (409 when someone saved meanwhile). Edit and delete only where the caller keeps the
 * catalogue (the platform operator); a model in use is refused by the server with the count.
 */
export function ModelActions({ row, fields }: { row: api.CatalogueModel; fields: readonly FormField[] }) {
  const t = useT();
  // The version the edit form was opened on (read fresh), sent back with the save.
  const version = useRef(row.updatedAt);
  const shown = (f: FormField) => {
    const value = row[f.key as keyof api.CatalogueModel];
    return f.options?.find((o) => o.value === String(value))?.label ?? value;
  };
  const details = () => [
    { label: t("vmodel.modelId"), value: row.modelId },
    { label: t("vmodel.oem"), value: row.oemName },
    { label: t("vmodel.brand"), value: row.brandName },
    ...fields.map((f) => ({ label: f.label, value: shown(f) })),
    { label: t("vmodel.vehicleCount"), value: row.vehicleCount },
    {
      label: t("vmodel.updatedBy"),
      value: `${row.updateName ?? ""} ${row.updatedAt > 0 ? formatDateTime(row.updatedAt) : ""}`.trim(),
    },
  ];
  return (
    <>
      <DetailButton title={row.modelName} items={details} />
      {row.editable && (
        <>
          <EditButton
            op="updateCatalogueModel"
            title={t("vmodel.edit")}
            fields={fields}
            schema={d.CatalogueModelFormSchema}
            initial={async () => {
              const fresh = await api.getCatalogueModel(row.modelId);
              version.current = fresh.updatedAt;
              return { ...d.catalogueModelEditOf(fresh), seriesId: String(fresh.seriesId) } as never;
            }}
            save={(edit) =>
              api.updateCatalogueModel({
                ...(edit as d.CatalogueModelEdit),
                modelId: row.modelId,
                updatedAt: version.current,
              })
            }
          />
          <DeleteButton
            op="deleteCatalogueModel"
            name={row.modelName}
            remove={() => api.deleteCatalogueModel(row.modelId)}
          />
        </>
      )}
    </>
  );
}
