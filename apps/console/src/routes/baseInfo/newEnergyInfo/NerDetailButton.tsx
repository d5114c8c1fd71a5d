import * as d from "@tsp/domain";
import { buttonClass, DetailList, Dialog } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/ner";
import type { NerGroupRecord, VehicleModelParam } from "../../../api/types";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { modelItems } from "./modelItems";

type Filing = { model: VehicleModelParam | null; groups: (readonly [d.NerGroup, NerGroupRecord | null])[] };

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
  const open = async () => {
    const [model, ...groups] = await Promise.all([
      api.vehicleModelOf(vin),
      ...d.NER_GROUPS.map(async (g) => [g, await api.singleGroup(g, vin)] as const),
    ]);
    setFiling({ model: model as VehicleModelParam | null, groups: groups as Filing["groups"] });
  };
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => void open().catch(() => {})}>
        {t("ner.detail")}
      </button>
      <Dialog open={filing !== null} title={t("ner.detailTitle", { vin })} width={860} onClose={() => setFiling(null)}>
        {filing && (
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
        )}
      </Dialog>
    </>
  );
}
