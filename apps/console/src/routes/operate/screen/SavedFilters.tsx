import * as d from "@tsp/domain";
import { buttonClass, ConfirmDialog, FormDialog, inputClass, useToast } from "@tsp/ui";
import { useCallback, useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/fleet";
import { listVehicleGroups, type VehicleGroup } from "../../../api/operate";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { type FleetSearch, fleetQuery, fleetSearchOf } from "./fleetFilters";

const NameSchema = d.FleetFilterNameSchema;

/**
 * Beside 高级筛选's heading: the account's saved filters (pick one and it is searched), 保存条件
 * of the searched panel, 重命名 and 删除 of the picked one, and 放入分组 of the searched result.
 * Each write is absent without its operation's permission.
 */
export function SavedFilters({ searched, search }: { searched: FleetSearch; search: (f: FleetSearch) => void }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const [saved, setSaved] = useState<api.SavedFleetFilter[]>([]);
  const [picked, setPicked] = useState<number | null>(null);
  const [dialog, setDialog] = useState<"save" | "rename" | "delete" | "group" | null>(null);
  const reload = useCallback(() => {
    api
      .listSavedFilters()
      .then(setSaved)
      .catch(() => {});
  }, []);
  useEffect(reload, [reload]);
  const current = saved.find((s) => s.id === picked) ?? null;
  const filter = fleetQuery(searched);
  const close = () => setDialog(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor="fleet-saved">
        {t("fleet.savedPick")}
      </label>
      <select
        id="fleet-saved"
        className={inputClass("w-48")}
        value={picked ?? ""}
        onChange={(e) => {
          const id = e.target.value ? Number(e.target.value) : null;
          setPicked(id);
          const next = saved.find((s) => s.id === id);
          if (next) search(fleetSearchOf(next.filter));
        }}
      >
        <option value="">{t("fleet.saved")}</option>
        {saved.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      {can("renameFleetFilter") && current && (
        <button type="button" className={buttonClass("default")} onClick={() => setDialog("rename")}>
          {t("fleet.rename")}
        </button>
      )}
      {can("deleteFleetFilter") && current && (
        <button type="button" className={buttonClass("default")} onClick={() => setDialog("delete")}>
          {t("fleet.delete")}
        </button>
      )}
      {can("createFleetFilter") && (
        <button
          type="button"
          className={buttonClass("default")}
          disabled={d.isEmptyFleetFilter(filter)}
          onClick={() => setDialog("save")}
        >
          {t("fleet.save")}
        </button>
      )}
      {can("groupFleetScreen") && (
        <button type="button" className={buttonClass("primary")} onClick={() => setDialog("group")}>
          {t("fleet.toGroup")}
        </button>
      )}
      {dialog === "save" && (
        <FormDialog
          open
          title={t("fleet.saveTitle")}
          fields={[{ key: "name", kind: "text", label: t("fleet.name"), required: true, maxLength: 30 }]}
          initial={{ name: "" }}
          schema={NameSchema}
          onClose={close}
          onSubmit={async (values) => {
            try {
              const made = await api.saveFilter(values.name, filter);
              setPicked(made.id);
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("fleet.savedOk"));
            close();
            reload();
            return null;
          }}
        />
      )}
      {dialog === "rename" && current && (
        <FormDialog
          open
          title={t("fleet.renameTitle")}
          fields={[{ key: "name", kind: "text", label: t("fleet.name"), required: true, maxLength: 30 }]}
          initial={{ name: current.name }}
          schema={NameSchema}
          onClose={close}
          onSubmit={async (values) => {
            try {
              await api.renameFilter(current.id, values.name);
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("kit.saved"));
            close();
            reload();
            return null;
          }}
        />
      )}
      {dialog === "delete" && current && (
        <ConfirmDialog
          open
          title={t("fleet.delete")}
          onClose={close}
          onConfirm={async () => {
            try {
              await api.deleteFilter(current.id);
            } catch {
              return;
            }
            setPicked(null);
            close();
            reload();
          }}
        >
          {t("fleet.deleteConfirm", { name: current.name })}
        </ConfirmDialog>
      )}
      {dialog === "group" && <ToGroupDialog filter={filter} onClose={close} />}
    </div>
  );
}

/** 放入分组: the searched result added to a group of the tenant's, with how many were added. */
function ToGroupDialog({ filter, onClose }: { filter: api.FleetFilter; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const [groups, setGroups] = useState<VehicleGroup[] | null>(null);
  useEffect(() => {
    listVehicleGroups({ pageNum: 1, pageSize: 100 })
      .then((page) => setGroups(page.list))
      .catch(() => setGroups([]));
  }, []);
  if (groups === null) return null;
  if (groups.length === 0)
    return (
      <ConfirmDialog open title={t("fleet.toGroupTitle")} onClose={onClose} onConfirm={onClose}>
        {t("fleet.noGroups")}
      </ConfirmDialog>
    );
  return (
    <FormDialog
      open
      title={t("fleet.toGroupTitle")}
      fields={[
        {
          key: "groupId",
          kind: "select",
          label: t("fleet.group"),
          required: true,
          numeric: true,
          options: groups.map((g) => ({ value: String(g.id), label: `${g.name}（${g.memberCount}）` })),
        },
      ]}
      initial={{ groupId: groups[0]?.id ?? 0 }}
      schema={GroupPick}
      onClose={onClose}
      onSubmit={async (values) => {
        try {
          const r = await api.putFleetInGroup(values.groupId, filter);
          toast.success(t("fleet.toGroupDone", { matched: r.matched, added: r.added, already: r.alreadyMembers }));
        } catch (error) {
          return refusalByField(error) ?? {};
        }
        onClose();
        return null;
      }}
    />
  );
}

const GroupPick = v.object({ groupId: v.pipe(v.number(), v.minValue(1)) });
