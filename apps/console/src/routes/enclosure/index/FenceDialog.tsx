import * as d from "@tsp/domain";
import { Dialog, GeofenceEditor, inputClass, useToast } from "@tsp/ui";
import { useEffect, useId, useState } from "react";
import type * as api from "../../../api/enclosure";
import { listVehicleGroups, type VehicleGroup } from "../../../api/operate";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";

type Errors = Record<string, string>;

/**
 * 新建 / 编辑 of a fence: the shape drawn on `@tsp/ui`'s GeofenceEditor (or typed below it — the
 * keyboard path), rule, daily window, speed limit, level, and the vehicles and groups it watches.
 * Checked with @tsp/domain `checkFence` before sending (the server checks the same); a refusal
 * shows under its field and the draft stays.
 */
export function FenceDialog({
  fence,
  save,
  onClose,
  onSaved,
}: {
  fence: api.Enclosure | null;
  save: (body: api.EnclosureEdit) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const ids = useId();
  const [name, setName] = useState(fence?.name ?? "");
  const [shape, setShape] = useState<d.GeofenceWire | null>(
    fence ? { type: fence.type, position: fence.position, radius: fence.radius } : null,
  );
  const [rule, setRule] = useState<d.FenceRule>(fence?.rule ?? "both");
  const [window, setWindow] = useState(fence?.window ?? "");
  const [speed, setSpeed] = useState(fence?.speedLimit == null ? "" : String(fence.speedLimit));
  const [level, setLevel] = useState(fence?.level ?? 2);
  const [vins, setVins] = useState((fence?.vins ?? []).join("\n"));
  const [groupIds, setGroupIds] = useState<number[]>(fence?.groups.map((g) => g.id) ?? []);
  const [groups, setGroups] = useState<VehicleGroup[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    void listVehicleGroups({ pageNum: 1, pageSize: 100 }).then(
      (p) => setGroups(p.list),
      () => undefined,
    );
  }, []);

  const submit = async () => {
    if (shape === null) {
      setErrors({ position: t("fence.noShape") });
      return;
    }
    const body: api.EnclosureEdit = {
      name: name.trim(),
      type: shape.type === 2 ? 2 : 1,
      position: shape.position,
      radius: shape.type === 1 ? (shape.radius ?? null) : null,
      rule,
      window: window.trim(),
      speedLimit: speed.trim() === "" ? null : Number(speed),
      level,
      vins: vins
        .split(/[\s,，;；]+/)
        .map((v) => v.trim().toUpperCase())
        .filter((v) => v !== ""),
      groupIds,
    };
    const checked = d.checkFence(body);
    if (!checked.ok) {
      setErrors({ ...checked.errors });
      return;
    }
    try {
      await save(body);
    } catch (error) {
      const refusal = refusalByField(error);
      if (refusal) setErrors({ ...refusal });
      return;
    }
    toast.success(t("fence.saved"));
    onSaved();
  };

  const problem = (key: string) =>
    errors[key] ? (
      <span id={`${ids}-${key}`} role="alert" className="text-xs text-red-600">
        {errors[key]}
      </span>
    ) : null;
  const described = (key: string) => (errors[key] ? { "aria-describedby": `${ids}-${key}`, "aria-invalid": true } : {});
  const label = "flex flex-col gap-1 text-sm";
  return (
    <Dialog
      open
      width={880}
      title={fence ? t("fence.editTitle", { name: fence.name }) : t("fence.addTitle")}
      onClose={onClose}
      onConfirm={() => void submit()}
    >
      <div className="grid grid-cols-2 gap-3">
        <label className={label}>
          {t("fence.name")}
          <input
            className={inputClass()}
            value={name}
            maxLength={d.FENCE_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            {...described("name")}
          />
          {problem("name")}
        </label>
        <label className={label}>
          {t("fence.rule")}
          <select className={inputClass()} value={rule} onChange={(e) => setRule(e.target.value as d.FenceRule)}>
            {d.FENCE_RULES.map((r) => (
              <option key={r} value={r}>
                {t(`fence.rule.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          {t("fence.window")}
          <input
            className={inputClass()}
            value={window}
            placeholder={t("fence.windowHint")}
            onChange={(e) => setWindow(e.target.value)}
            {...described("window")}
          />
          {problem("window")}
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className={label}>
            {t("fence.speedLimit")}
            <input
              className={inputClass()}
              inputMode="numeric"
              value={speed}
              placeholder={t("fence.speedHint")}
              onChange={(e) => setSpeed(e.target.value)}
              {...described("speedLimit")}
            />
            {problem("speedLimit")}
          </label>
          <label className={label}>
            {t("fence.level")}
            <select className={inputClass()} value={level} onChange={(e) => setLevel(Number(e.target.value))}>
              {[1, 2, 3].map((l) => (
                <option key={l} value={l}>
                  {t(`alarm.level.${l}` as "alarm.level.1")}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <p className="my-2 text-xs text-gray-600">{t("fence.drawHint")}</p>
      <GeofenceEditor value={shape} onChange={setShape} height={320} />
      {problem("position")}
      {problem("radius")}
      <div className="mt-3 grid grid-cols-2 gap-3">
        <label className={label}>
          {t("fence.vins")}
          <textarea
            className={inputClass("h-24 font-mono")}
            value={vins}
            onChange={(e) => setVins(e.target.value)}
            {...described("bindings")}
          />
        </label>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend>{t("fence.groups")}</legend>
          {groups.length === 0 && <span className="text-xs text-gray-500">{t("fence.noGroups")}</span>}
          <div className="flex max-h-24 flex-col overflow-y-auto">
            {groups.map((g) => (
              <label key={g.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={groupIds.includes(g.id)}
                  onChange={(e) =>
                    setGroupIds(e.target.checked ? [...groupIds, g.id] : groupIds.filter((x) => x !== g.id))
                  }
                />
                {g.name}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {problem("bindings")}
      {problem("vins")}
      {problem("groupIds")}
      {problem("")}
    </Dialog>
  );
}
