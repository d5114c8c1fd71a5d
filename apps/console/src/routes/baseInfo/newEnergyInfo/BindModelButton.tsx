import { buttonClass, DetailList, Dialog, type SelectOption, useToast } from "@tsp/ui";
import { useEffect, useId, useState } from "react";
import * as api from "../../../api/ner";
import type { VehicleModelParam } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { useCan } from "../../../permission/useCan";
import { modelItems } from "./modelItems";

/**
 * 绑定车型 (update/vehicleModel with vin and vehicleModelId): shows the model the vehicle is
 * bound to now (getVehicleModelByVin), offers the announcement models and the parameters of the
 * chosen one before saving; the change lands in the vehicle-info change log as 公告型号.
 */
export function BindModelButton({ vin, models }: { vin: string; models: readonly SelectOption[] }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const id = useId();
  const [current, setCurrent] = useState<VehicleModelParam | null | undefined>(undefined);
  const [chosen, setChosen] = useState("");
  const [loaded, setLoaded] = useState<VehicleModelParam | null>(null);
  const [busy, setBusy] = useState(false);
  // The parameters of the model chosen now (an answer for an earlier choice is not shown).
  const preview = chosen && loaded?.vehicleModelId === Number(chosen) ? loaded : null;
  useEffect(() => {
    if (!chosen) return;
    let live = true;
    api.vehicleModelParams(Number(chosen)).then(
      (p) => {
        if (live) setLoaded(p);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [chosen]);
  if (!can("updateNerVehicleModel")) return null;
  const open = () =>
    api.vehicleModelOf(vin).then(
      (m) => {
        setCurrent(m);
        setChosen(m ? String(m.vehicleModelId) : "");
      },
      () => {},
    );
  const close = () => setCurrent(undefined);
  const save = async () => {
    if (!chosen || busy) return;
    setBusy(true);
    try {
      await api.bindVehicleModel(vin, Number(chosen));
      toast.success(t("ner.bindSaved"));
      close();
      reload();
    } catch {
      // Toasted by the shell (e.g. the vehicle info not filled yet); the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => void open()}>
        {t("ner.bindModel")}
      </button>
      <Dialog
        open={current !== undefined}
        title={t("ner.bindTitle", { vin })}
        width={720}
        onClose={close}
        onConfirm={() => void save()}
        confirmDisabled={
          !chosen || busy || (current?.vehicleModelId !== undefined && String(current.vehicleModelId) === chosen)
        }
      >
        <p className="mb-3 text-sm text-gray-600">
          {t("ner.bindCurrent")}：{current ? `${current.vehicleModel}（${current.vehicleName}）` : t("ner.bindNone")}
        </p>
        <label htmlFor={id} className="mb-1 block text-sm text-gray-600">
          {t("ner.bindChoose")}
        </label>
        <select
          id={id}
          className="mb-4 h-8 w-full rounded border border-gray-300 px-2 text-sm"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
        >
          <option value="">—</option>
          {models.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
        {preview && <DetailList items={modelItems(t, preview)} />}
      </Dialog>
    </>
  );
}
