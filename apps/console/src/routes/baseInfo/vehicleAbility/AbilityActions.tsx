import { ApiError } from "@tsp/sdk";
import { buttonClass, Dialog, type SelectOption, useToast } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/vehicleModels";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { DetailButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

/** A service code by its catalogue name (the code itself when the catalogue lacks it). */
export const serviceName = (services: readonly SelectOption[], code: string) =>
  services.find((s) => s.value === code)?.label ?? code;

/** The server's refusal as one line under the dialog's controls (the shell toasts it too). */
const refusalOf = (error: unknown) => (error instanceof ApiError ? error.msg : null);

/**
 * 详情, 配置能力 and 复制到… of one model. The checklist reads the model's list fresh and sends
 * it back whole with the version it read (409 when someone saved meanwhile); the server applies
 * @tsp/domain's `checkModelAbilities` (e.g. GB/T 32960 only for new-energy models) and its
 * reason shows in the dialog, which keeps the ticks. A copy replaces the targets' lists, all or none.
 */
export function AbilityActions({
  row,
  services,
  models,
}: {
  row: api.ModelAbility;
  services: readonly SelectOption[];
  models: readonly SelectOption[];
}) {
  const t = useT();
  const can = useCan();
  const details = () => [
    { label: t("vmodel.oem"), value: row.oemName },
    { label: t("vmodel.brand"), value: row.brandName },
    { label: t("vmodel.series"), value: row.seriesName },
    { label: t("vmodel.powerType"), value: row.powerType ? t(`vmodel.power.${row.powerType}`) : "" },
    { label: t("vmodel.emissionStage"), value: row.emissionStage ? t(`vmodel.stage.${row.emissionStage}`) : "" },
    {
      label: t("vability.services"),
      value: row.services.map((c) => serviceName(services, c)).join("、") || t("vability.none"),
    },
    {
      label: t("vability.updatedBy"),
      value: `${row.updateName ?? ""} ${row.updatedAt > 0 ? formatDateTime(row.updatedAt) : ""}`.trim(),
    },
  ];
  const editable = row.editable && can("updateModelAbility");
  return (
    <>
      <DetailButton title={row.modelName} items={details} />
      {editable && <ChecklistButton row={row} services={services} />}
      {editable && <CopyButton row={row} models={models} />}
    </>
  );
}

function ChecklistButton({ row, services }: { row: api.ModelAbility; services: readonly SelectOption[] }) {
  const t = useT();
  const toast = useToast();
  const reload = useListReload();
  const [draft, setDraft] = useState<{ ticked: Set<string>; updatedAt: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const open = () =>
    api
      .getModelAbility(row.modelId)
      .then((fresh) => {
        setRefusal(null);
        setDraft({ ticked: new Set(fresh.services), updatedAt: fresh.updatedAt });
      })
      .catch(() => {});
  const toggle = (code: string) =>
    setDraft((d) => {
      if (!d) return d;
      const ticked = new Set(d.ticked);
      if (!ticked.delete(code)) ticked.add(code);
      return { ...d, ticked };
    });
  const save = async () => {
    if (!draft || saving) return;
    setSaving(true);
    try {
      await api.updateModelAbility({ modelId: row.modelId, services: [...draft.ticked], updatedAt: draft.updatedAt });
      toast.success(t("kit.saved"));
      setDraft(null);
      reload();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSaving(false);
    }
  };
  // Codes the model has that the caller's catalogue does not list still show, so nothing is dropped unseen.
  const offered = [
    ...services,
    ...[...(draft?.ticked ?? [])]
      .filter((c) => !services.some((s) => s.value === c))
      .map((c) => ({ value: c, label: c })),
  ];
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => void open()}>
        {t("vability.edit")}
      </button>
      {draft && (
        <Dialog
          open
          title={t("vability.editTitle", { model: row.modelName })}
          width={560}
          onClose={() => setDraft(null)}
          onConfirm={() => void save()}
          confirmDisabled={saving}
        >
          <fieldset>
            <legend className="mb-2 text-sm text-gray-600">{t("vability.services")}</legend>
            <div className="grid grid-cols-2 gap-2">
              {offered.map((s) => (
                <label key={s.value} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={draft.ticked.has(s.value)} onChange={() => toggle(s.value)} />
                  <span>{s.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {refusal && (
            <p role="alert" className="mt-3 text-sm text-red-600">
              {refusal}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}

function CopyButton({ row, models }: { row: api.ModelAbility; models: readonly SelectOption[] }) {
  const t = useT();
  const toast = useToast();
  const reload = useListReload();
  const [targets, setTargets] = useState<Set<string> | null>(null);
  const [filter, setFilter] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const candidates = models.filter((m) => m.value !== String(row.modelId) && m.label.includes(filter.trim()));
  const toggle = (id: string) =>
    setTargets((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const copy = async () => {
    if (!targets || targets.size === 0 || saving) return;
    setSaving(true);
    try {
      const { copied } = await api.copyModelAbility({ fromModelId: row.modelId, toModelIds: [...targets].map(Number) });
      toast.success(t("vability.copied", { count: copied }));
      setTargets(null);
      reload();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() => {
          setRefusal(null);
          setFilter("");
          setTargets(new Set());
        }}
      >
        {t("vability.copy")}
      </button>
      {targets && (
        <Dialog
          open
          title={t("vability.copyTitle", { model: row.modelName })}
          width={640}
          onClose={() => setTargets(null)}
          onConfirm={() => void copy()}
          confirmDisabled={saving || targets.size === 0}
        >
          <p className="mb-2 text-sm text-gray-600">{t("vability.copyHint")}</p>
          <input
            aria-label={t("vmodel.modelName")}
            className="mb-2 h-8 w-full rounded border border-gray-300 px-2 text-sm"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <fieldset className="max-h-72 overflow-y-auto">
            <legend className="sr-only">{t("vability.copyTargets")}</legend>
            {candidates.map((m) => (
              <label key={m.value} className="flex items-center gap-2 py-0.5 text-sm">
                <input type="checkbox" checked={targets.has(m.value)} onChange={() => toggle(m.value)} />
                <span>{m.label}</span>
              </label>
            ))}
          </fieldset>
          {refusal && (
            <p role="alert" className="mt-3 text-sm text-red-600">
              {refusal}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
