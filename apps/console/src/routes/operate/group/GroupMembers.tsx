import { buttonClass, Dialog, FormDialog, useToast } from "@tsp/ui";
import { useCallback, useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/operate";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { ImportButton } from "../../../kit/ImportButton";
import { useListReload } from "../../../kit/ListPage";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

/** Most members the dialog lists at once (the export has them all). */
const SHOWN = 100;
const VinsSchema = v.object({ vins: v.pipe(v.array(v.string()), v.minLength(1, "请输入VIN"), v.maxLength(100)) });

/**
 * 车辆 of a group: its VINs (newest first) with who added them, 添加车辆 (a VIN a line; the
 * server's per-VIN report is shown), 移除 per VIN, 导入车辆 (template, per-row report), 导出车辆.
 */
export function GroupMembers({ group, onClose }: { group: api.VehicleGroup; onClose: () => void }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reloadGroups = useListReload();
  const [page, setPage] = useState<{ list: api.VehicleGroupMember[]; total: number } | null>(null);
  const [adding, setAdding] = useState(false);
  const [refused, setRefused] = useState<{ vin: string; msg: string }[]>([]);
  const load = useCallback(() => {
    void api.listGroupMembers(group.id, 1, SHOWN).then(setPage, () => {
      // Toasted by the shell.
    });
  }, [group.id]);
  useEffect(load, [load]);
  const changed = () => {
    load();
    reloadGroups();
  };
  const editable = can("addVehicleGroupMembers");
  return (
    <Dialog open title={t("group.membersTitle", { name: group.name })} width={760} onClose={onClose}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {editable && (
          <button type="button" className={buttonClass("primary")} onClick={() => setAdding(true)}>
            {t("group.addVins")}
          </button>
        )}
        <ImportButton
          {...api.groupImport(group.id)}
          title={t("group.import")}
          fillHint={t("group.importHint")}
          onImported={changed}
        />
        <ExportButton
          op="exportVehicleGroupMembers"
          label={t("group.export")}
          run={() => api.exportGroupMembers(group.id)}
        />
        <span className="ml-auto text-sm text-gray-600">{t("group.total", { n: page?.total ?? 0 })}</span>
      </div>
      {refused.length > 0 && (
        <div role="status" className="mb-3 rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-800">
          {t("group.refused")}
          <ul>
            {refused.map((r) => (
              <li key={`${r.vin}-${r.msg}`}>{`${r.vin}：${r.msg}`}</li>
            ))}
          </ul>
        </div>
      )}
      {page && page.list.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">{t("group.noMembers")}</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="group-members">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-2 py-1">
                VIN
              </th>
              <th scope="col" className="px-2 py-1">
                {t("group.addedBy")}
              </th>
              <th scope="col" className="px-2 py-1">
                {t("group.addedAt")}
              </th>
              <th scope="col" className="px-2 py-1">
                {t("kit.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {page?.list.map((m) => (
              <tr key={m.vin} className="border-t border-gray-100">
                <td className="px-2 py-1 font-mono">{m.vin}</td>
                <td className="px-2 py-1">{m.addedBy}</td>
                <td className="px-2 py-1">{formatDateTime(m.addedAt)}</td>
                <td className="px-2 py-1">
                  {editable && (
                    <button
                      type="button"
                      className={buttonClass("link", "text-red-600")}
                      aria-label={`${t("group.remove")} ${m.vin}`}
                      onClick={async () => {
                        await api.removeGroupMembers(group.id, [m.vin]);
                        toast.success(t("group.removed"));
                        changed();
                      }}
                    >
                      {t("group.remove")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {adding && (
        <FormDialog
          open
          title={t("group.addVins")}
          fields={[{ key: "vins", kind: "lines", label: t("group.vins"), required: true }]}
          initial={{ vins: [] as string[] }}
          schema={VinsSchema}
          onClose={() => setAdding(false)}
          onSubmit={async (values) => {
            try {
              const report = await api.addGroupMembers(group.id, values.vins);
              setRefused(report.refused);
              toast.success(t("group.added", { n: report.added.length }));
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            setAdding(false);
            changed();
            return null;
          }}
        />
      )}
    </Dialog>
  );
}
