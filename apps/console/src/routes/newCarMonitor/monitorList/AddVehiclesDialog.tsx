import * as d from "@tsp/domain";
import { ApiError } from "@tsp/sdk";
import { buttonClass, Dialog, inputClass, RemoteSelect, Segmented, type SelectOption, useToast } from "@tsp/ui";
import { useId, useState } from "react";
import * as api from "../../../api/monitor";
import type { MonitorInsertReport } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { typeOf } from "./selection";

/** What an add came to, line by line: VINs added, already there, refused (before sending or by the server). */
interface Outcome {
  added: readonly string[];
  already: readonly string[];
  refused: readonly string[];
}

/** The server's report, or its refusal of a request of which no VIN was known (400, one failDetail per VIN). */
function outcomeOf(report: MonitorInsertReport): Outcome {
  return { added: report.added, already: report.already, refused: report.refused.map((r) => `${r.vin}：${r.msg}`) };
}

/** 添加车辆: opens {@link AddVehiclesDialog}; after an add the list reloads. */
export function AddVehiclesButton({ types, initialType }: { types: readonly SelectOption[]; initialType: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("monitor.add")}
      </button>
      {open && <AddVehiclesDialog types={types} initialType={initialType} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Adds vehicles under one kind of watch: one VIN from the spec's VIN picker (findVinListByDim,
 * the tenant's vehicles, with plate and model to tell them apart), or a pasted list checked
 * with the domain's VIN rule as it is typed (refused lines named before anything is sent).
 * The server answers per VIN; the dialog shows which were added, already listed or refused.
 */
export function AddVehiclesDialog({
  types,
  initialType,
  onClose,
}: {
  types: readonly SelectOption[];
  initialType: string;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const reload = useListReload();
  const [type, setType] = useState(initialType);
  const [mode, setMode] = useState<"one" | "many">("one");
  const [picked, setPicked] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const checked = d.parseVinList(text);
  const vins = mode === "one" ? (picked ? [picked] : []) : checked.vins;
  const before = mode === "many" ? checked.refused.map((r) => `${r.vin}：${r.msg}`) : [];

  const send = async () => {
    if (outcome) return onClose();
    if (vins.length === 0) return setMissing(true);
    setBusy(true);
    try {
      const report = await api.insertMonitor(vins, typeOf(type));
      const out = outcomeOf(report);
      setOutcome({ ...out, refused: [...before, ...out.refused] });
      if (report.changed > 0) toast.success(t("monitor.added", { n: report.changed }));
      reload();
    } catch (error) {
      // No VIN was known: the refusal names each (the shell toasted its message too).
      if (error instanceof ApiError && error.status === 400 && error.failDetail.length > 0)
        setOutcome({ added: [], already: [], refused: [...before, ...error.failDetail.map((f) => f.msg ?? "")] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t("monitor.addTitle")}
      width={640}
      onClose={onClose}
      onConfirm={() => void send()}
      confirmText={outcome ? t("monitor.close") : t("monitor.addConfirm")}
      confirmDisabled={busy}
      // 完成 only closes: a press right after the add must not be swallowed by the 2 s throttle.
      throttleMs={outcome ? 0 : undefined}
    >
      {outcome ? (
        <OutcomeView outcome={outcome} />
      ) : (
        <div className="flex flex-col gap-4">
          <label className="flex items-center gap-3">
            <span className="w-20 text-gray-600">{t("monitor.type")}</span>
            <select className={inputClass("w-40")} value={type} onChange={(e) => setType(e.target.value)}>
              {types.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <div className="flex items-center gap-3">
            <span className="w-20 text-gray-600">{t("monitor.addMode")}</span>
            <Segmented
              legend={t("monitor.addMode")}
              options={[
                { value: "one", label: t("monitor.addOne") },
                { value: "many", label: t("monitor.addMany") },
              ]}
              value={mode}
              onChange={(m) => {
                setMode(m === "many" ? "many" : "one");
                setMissing(false);
              }}
            />
          </div>
          {mode === "one" ? (
            <div className="flex flex-col gap-1">
              <RemoteSelect
                label={t("monitor.pick")}
                placeholder={t("monitor.pick")}
                maxLength={d.VIN_LENGTH}
                makeQuery={(vin, pageNum, pageSize) => ({ vin: vin.trim().toUpperCase(), pageNum, pageSize })}
                loader={api.findVins}
                toOption={(r) => ({ value: r.vin, label: [r.vin, r.plateNo, r.modelName].filter(Boolean).join("  ") })}
                value={picked}
                onChange={(vin) => {
                  setPicked(vin);
                  setMissing(false);
                }}
                className="w-full"
              />
              <p className="text-xs text-gray-500">{t("monitor.pickHint")}</p>
            </div>
          ) : (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-paste`} className="text-gray-600">
                {t("monitor.paste")}
              </label>
              <textarea
                id={`${id}-paste`}
                className={inputClass("h-40 py-1 font-mono")}
                value={text}
                aria-describedby={`${id}-check`}
                onChange={(e) => {
                  setText(e.target.value);
                  setMissing(false);
                }}
                placeholder={t("monitor.pasteHint")}
              />
              <div id={`${id}-check`} className="text-xs text-gray-600" aria-live="polite">
                <p>{t("monitor.checked", { n: checked.vins.length })}</p>
                {before.length > 0 && (
                  <>
                    <p className="mt-1 text-red-600">{t("monitor.refusedHere")}</p>
                    <ul className="max-h-24 overflow-auto font-mono text-red-600">
                      {before.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            </div>
          )}
          {missing && (
            <p role="alert" className="text-xs text-red-600">
              {t("monitor.none")}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** One outcome's VINs under its heading (nothing when there are none). */
function OutcomeSection({ title, lines, tone }: { title: string; lines: readonly string[]; tone: string }) {
  if (lines.length === 0) return null;
  return (
    <section>
      <h3 className={`font-medium ${tone}`}>{title}</h3>
      <ul className="mt-1 max-h-32 overflow-auto font-mono text-xs text-gray-700">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** The result of an add, one section per outcome. */
function OutcomeView({ outcome }: { outcome: Outcome }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <h3 className="sr-only">{t("monitor.addDone")}</h3>
      <OutcomeSection
        title={t("monitor.added", { n: outcome.added.length })}
        lines={outcome.added}
        tone="text-green-700"
      />
      <OutcomeSection
        title={t("monitor.already", { n: outcome.already.length })}
        lines={outcome.already}
        tone="text-gray-700"
      />
      <OutcomeSection
        title={t("monitor.refused", { n: outcome.refused.length })}
        lines={outcome.refused}
        tone="text-red-600"
      />
    </div>
  );
}
