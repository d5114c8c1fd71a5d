import * as d from "@tsp/domain";
import { Dialog, inputClass, type SelectOption, TreeCheck, type TreeCheckRow } from "@tsp/ui";
import { useId, useMemo, useState } from "react";
import type { PermitMenu } from "../../../api/permitAccounts";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";

/**
 * A role's form: code (new roles only), name, data scope, and its menus and buttons ticked on
 * the menu tree (ticking a branch ticks all below it; the server grants the ancestors of every
 * ticked node too). Checked by the domain's schema first; the server's refusal shows above the
 * fields and the draft stays.
 */
export function RoleDialog({
  title,
  menus,
  initial,
  isNew,
  onSave,
  onClose,
}: {
  title: string;
  menus: readonly PermitMenu[];
  initial: d.PermitRoleEdit;
  isNew: boolean;
  onSave: (edit: d.PermitRoleEdit) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set(initial.menuIds));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const nodes = useMemo(() => menus.map((m) => ({ ...m, id: m.menuId })), [menus]);
  const rows: TreeCheckRow[] = useMemo(
    () =>
      d.permitMenuRows(nodes).map((m) => ({
        id: m.id,
        parentId: m.parentId,
        depth: m.depth,
        label: m.title,
        ...(m.kind === "button" ? { hint: m.api } : {}),
      })),
    [nodes],
  );
  const scopes: SelectOption[] = d.PERMIT_DATA_SCOPES.map((s) => ({ value: s, label: t(`permitRole.dataScope.${s}`) }));
  const save = async () => {
    if (saving) return;
    const checked = d.checkRecord(d.PermitRoleEditSchema, { ...draft, menuIds: [...ticked] });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      await onSave(checked.value);
    } catch (error) {
      setErrors(refusalByField(error) ?? {});
    } finally {
      setSaving(false);
    }
  };
  const field = (key: "code" | "name", label: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm text-gray-600">
        * {label}
      </label>
      <input
        id={`${id}-${key}`}
        className={inputClass("w-full", !!errors[key])}
        disabled={key === "code" && !isNew}
        maxLength={32}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-msg`}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
      <span id={`${id}-${key}-msg`} role={errors[key] ? "alert" : undefined} className="min-h-4 text-xs text-red-600">
        {errors[key] ?? ""}
      </span>
    </div>
  );
  return (
    <Dialog open title={title} width={760} onClose={onClose} onConfirm={() => void save()} confirmDisabled={saving}>
      <div className="flex flex-col gap-2">
        {(errors[""] || errors.menuIds) && (
          <p role="alert" className="text-sm text-red-600">
            {errors[""] ?? errors.menuIds}
          </p>
        )}
        <div className="grid grid-cols-1 gap-x-6 sm:grid-cols-3">
          {field("code", t("permitRole.code"))}
          {field("name", t("permitRole.name"))}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-scope`} className="text-sm text-gray-600">
              * {t("permitRole.dataScope")}
            </label>
            <select
              id={`${id}-scope`}
              className={inputClass("w-full")}
              value={draft.dataScope}
              onChange={(e) => setDraft({ ...draft, dataScope: e.target.value as d.PermitDataScope })}
            >
              {scopes.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TreeCheck
          label={t("permitRole.tree")}
          rows={rows}
          stateOf={(menuId) => d.permitTickState(nodes, ticked, menuId)}
          onToggle={(menuId) => setTicked((now) => d.permitToggleTick(nodes, now, menuId))}
          expandText={t("permitRole.expand")}
          collapseText={t("permitRole.collapse")}
        />
      </div>
    </Dialog>
  );
}
