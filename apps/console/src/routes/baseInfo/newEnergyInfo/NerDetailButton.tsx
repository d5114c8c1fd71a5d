import * as d from "@tsp/domain";
import { buttonClass, DetailList, Dialog } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/ner";
import type { NerGroupRecord, VehicleModelParam } from "../../../api/types";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { modelItems } from "./modelItems";

export type Filing = { model: VehicleModelParam | null; groups: (readonly [d.NerGroup, NerGroupRecord | null])[] };

/** A value as the detail shows it: lists joined, empty as —. */
const shown = (value: unknown) =>
  value === null || value === undefined ? null : Array.isArray(value) ? value.join("、") : String(value);

/**
 * 详情 of a vehicle's filing: the announcement model it is bound to and each of the four groups
 * as the server has them now (single/* calls), a group never filled said so, who saved each last.
 */
export function NerDetailButton({ vin }: { vin: string }) {
  const t = useT();
  const [filing, setFiling] = useState<Filing | null>(null);
  const open = async () => setFiling(await loadFiling(vin));
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => void open().catch(() => {})}>
        {t("ner.detail")}
      </button>
      <Dialog open={filing !== null} title={t("ner.detailTitle", { vin })} width={860} onClose={() => setFiling(null)}>
        {filing && <NerFilingView filing={filing} />}
      </Dialog>
    </>
  );
}

/** A vehicle's filing as it is now: the bound announcement model and each of the four groups. */
export async function loadFiling(vin: string): Promise<Filing> {
  const [model, ...groups] = await Promise.all([
    api.vehicleModelOf(vin),
    ...d.NER_GROUPS.map(async (g) => [g, await api.singleGroup(g, vin)] as const),
  ]);
  return { model: model as VehicleModelParam | null, groups: groups as Filing["groups"] };
}

/** The filing's sections (also 单车查询's master data, /operate/query). */
export function NerFilingView({ filing }: { filing: Filing }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-5">
      <section aria-label={t("ner.vehicleModel")}>
        <h3 className="mb-2 font-medium text-gray-800">{t("ner.vehicleModel")}</h3>
        {filing.model ? <DetailList items={modelItems(t, filing.model)} /> : <p>{t("ner.bindNone")}</p>}
      </section>
      {filing.groups.map(([group, record]) => (
        <section key={group} aria-label={t(`ner.group.${group}`)}>
          <h3 className="mb-2 font-medium text-gray-800">{t(`ner.group.${group}`)}</h3>
          {record ? (
            <DetailList
              items={[
                ...Object.keys(d.NER_FIELD_LABELS[group]).map((field) => ({
                  label: t(`ner.${group}.${field}` as MessageKey),
                  value: shown((record as Record<string, unknown>)[field]),
                })),
                {
                  label: t("ner.updateBy"),
                  value: `${record.updateName} ${formatDateTime(record.updateTime)}`,
                },
              ]}
            />
          ) : (
            <p className="text-sm text-gray-500">{t("ner.empty", { group: t(`ner.group.${group}`) })}</p>
          )}
        </section>
      ))}
    </div>
  );
}
