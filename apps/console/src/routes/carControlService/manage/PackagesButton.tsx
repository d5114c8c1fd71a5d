import * as d from "@tsp/domain";
import { buttonClass, type Column, DataTable, Dialog, type FormField } from "@tsp/ui";
import { useCallback, useState } from "react";
import type * as v from "valibot";
import * as api from "../../../api/carControl";
import { type Translate, useT } from "../../../i18n/i18n";
import { DeleteButton, EditButton } from "../../../kit/RowActions";

type Pkg = api.CarControlPackage;
type Draft = v.InferOutput<typeof d.CarControlPackageSchema>;

export const groupsText = (t: Translate, groups: readonly d.RemoteGroup[]) =>
  groups.map((g) => t(`ccs.group.${g}`)).join("、");

function fieldsOf(t: Translate): FormField[] {
  return [
    { key: "name", kind: "text", label: t("ccs.pkg.name"), required: true, maxLength: 30 },
    {
      key: "groups",
      kind: "checks",
      label: t("ccs.groups"),
      required: true,
      options: d.REMOTE_GROUPS.map((g) => ({ value: g, label: t(`ccs.group.${g}`) })),
    },
    { key: "validityMonths", kind: "number", label: t("ccs.pkg.months"), required: true },
    { key: "remark", kind: "text", label: t("ccs.pkg.remark"), maxLength: 100 },
  ];
}

const save = (id?: number) => (values: Draft) => api.savePackage({ ...values, ...(id ? { id } : {}) });

/** 服务包管理: the tenant's packages (services, validity, how many vehicles), 新增 / 编辑 / 删除 behind their permission. */
export function PackagesButton({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Pkg[] | null>(null);
  const load = useCallback(async () => {
    setRows((await api.listPackages({ pageNum: 1, pageSize: 100 })).list);
  }, []);
  // One after the other: the SDK aborts an identical GET still in flight (the page reads the same list for its select).
  const changed = () => {
    void load().then(onChanged, onChanged);
  };
  const columns: Column<Pkg>[] = [
    { key: "name", title: t("ccs.pkg.name"), width: 140 },
    { key: "groups", title: t("ccs.groups"), width: 240, render: (r) => groupsText(t, r.groups) },
    {
      key: "validityMonths",
      title: t("ccs.pkg.months"),
      width: 90,
      render: (r) => t("ccs.pkg.monthsOf", { months: r.validityMonths }),
    },
    { key: "vehicles", title: t("ccs.pkg.vehicles"), width: 80 },
    { key: "remark", title: t("ccs.pkg.remark"), width: 160, render: (r) => r.remark ?? "" },
    {
      key: "id",
      title: t("kit.actions"),
      width: 110,
      render: (r) => (
        <span className="flex gap-2">
          <EditButton
            op="saveCarControlPackage"
            title={t("ccs.pkg.editTitle", { name: r.name })}
            fields={fieldsOf(t)}
            initial={() => ({
              name: r.name,
              groups: r.groups,
              validityMonths: r.validityMonths,
              remark: r.remark ?? "",
            })}
            schema={d.CarControlPackageSchema}
            save={save(r.id)}
            onSaved={changed}
          />
          <DeleteButton
            op="deleteCarControlPackage"
            name={r.name}
            remove={() => api.deletePackage(r.id)}
            onDeleted={changed}
          />
        </span>
      ),
    },
  ];
  return (
    <>
      <button
        type="button"
        className={buttonClass("default")}
        onClick={() => {
          setOpen(true);
          setRows(null);
          void load().catch(() => setRows([]));
        }}
      >
        {t("ccs.packages")}
      </button>
      {open && (
        <Dialog open title={t("ccs.packagesTitle")} onClose={() => setOpen(false)} width={960}>
          <div className="mb-3 flex justify-end">
            <EditButton
              op="saveCarControlPackage"
              label={t("ccs.pkg.add")}
              title={t("ccs.pkg.addTitle")}
              fields={fieldsOf(t)}
              initial={() => ({ name: "", groups: ["lock", "findCar"], validityMonths: 12, remark: "" }) as Draft}
              schema={d.CarControlPackageSchema}
              save={save()}
              onSaved={changed}
            />
          </div>
          <DataTable
            label={t("ccs.packagesTitle")}
            columns={columns}
            rows={rows ?? []}
            loading={rows === null}
            rowKey={(r) => String(r.id)}
            height={320}
          />
        </Dialog>
      )}
    </>
  );
}
