import * as d from "@tsp/domain";
import { RemoteSelect, type SearchField, type SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/ner";
import type { NerFilters } from "../../../api/types";
import type { Translate } from "../../../i18n/i18n";

/**
 * The search panel of both filing screens as it lives in the address (a copied link
 * reproduces it): the group shown (备案车辆信息 only), the default search panel (brand tree,
 * VIN, ICCID, MSISDN — platform-shell.md §2), the announcement model, the operating unit, the
 * update person and the update time. Times are epoch milliseconds, the unit the calls take.
 */
export const nerFilters = d.filterCodec(
  v.object({
    group: d.choiceFilter(d.NER_GROUPS, "vehicleInfo"),
    codes: d.codesFilter(),
    vin: d.textFilter(17),
    iccid: d.textFilter(50),
    msisdn: d.textFilter(50),
    vehicleModelId: d.textFilter(12),
    creditName: d.textFilter(100),
    updateBy: d.textFilter(64),
    start: d.timeFilter(),
    end: d.timeFilter(),
  }),
);

export type NerSearch = v.InferOutput<typeof nerFilters.schema>;

/** The filters as the list and export calls take them (empty ones left out). */
export function nerQuery(f: NerSearch): NerFilters {
  const out: NerFilters = {};
  const codes = f.codes.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (codes.length > 0) out.codes = codes;
  if (f.vin) out.vin = f.vin;
  if (f.iccid) out.iccid = f.iccid;
  if (f.msisdn) out.msisdn = f.msisdn;
  if (f.vehicleModelId) out.vehicleModelId = Number(f.vehicleModelId);
  if (f.creditName) out.creditName = f.creditName;
  if (f.updateBy) out.updateBy = f.updateBy;
  if (f.start !== null) out.updateTimeStart = f.start;
  if (f.end !== null) out.updateTimeEnd = f.end;
  return out;
}

/** The parameter lists and operating units the search panel and the forms offer (loaded once per screen). */
export interface NerChoices extends api.NerParamLists {
  creditNames: SelectOption[];
}

const NO_CHOICES: NerChoices = {
  plateColors: [],
  carBuying: [],
  motorPositions: [],
  updateNames: [],
  vehicleModels: [],
  vehicleUses: [],
  tboxModels: [],
  driveModels: [],
  creditNames: [],
};

/** The screen's choices; empty until loaded (a failed load was toasted, the selects stay empty). */
export function useNerChoices(): NerChoices {
  const [choices, setChoices] = useState<NerChoices>(NO_CHOICES);
  useEffect(() => {
    let live = true;
    Promise.all([api.paramLists(), api.creditNames()])
      .then(([lists, units]) => {
        const creditNames = units.map((u) => ({ value: u.creditName, label: u.creditName }));
        if (live) setChoices({ ...lists, creditNames });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return choices;
}

/** The search form of both screens. */
export const nerSearchFields = (t: Translate, choices: NerChoices): SearchField[] => [
  { kind: "codes", key: "codes", label: t("ner.brand"), loader: api.brandTree },
  {
    // The filed vehicles' VIN picker (params/vin): typed part of a VIN, picked from the tenant's vehicles.
    kind: "choice",
    key: "vin",
    label: t("ner.vin"),
    remote: (value, onChange) => (
      <RemoteSelect
        label={t("ner.vin")}
        maxLength={17}
        makeQuery={(vin, pageNum, pageSize) => ({ vin, pageNum, pageSize })}
        loader={api.vinPage}
        toOption={(o) => o}
        value={value || null}
        onChange={(vin) => onChange(vin ?? "")}
      />
    ),
  },
  { kind: "iccid", key: "iccid", label: t("ner.iccid") },
  { kind: "msisdn", key: "msisdn", label: t("ner.msisdn") },
  { kind: "choice", key: "vehicleModelId", label: t("ner.vehicleModel"), options: choices.vehicleModels },
  { kind: "choice", key: "creditName", label: t("ner.creditName"), options: choices.creditNames },
  { kind: "choice", key: "updateBy", label: t("ner.updateBy"), options: choices.updateNames },
  { kind: "dateTimeRange", keys: ["start", "end"], label: t("ner.updateTime") },
];
