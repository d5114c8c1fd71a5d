import * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/vehicleModels";
import type { Translate } from "../../../i18n/i18n";
import { optionsOf } from "../../../kit/options";

const NO_CHOICES: api.ModelFormChoices = { vehicleNames: [], powerTypes: [], engines: [], electrics: [], chassis: [] };

/** The model form's suggestions from the spec's keyword searches, loaded once per screen. */
export function useModelFormChoices(): api.ModelFormChoices {
  const [choices, setChoices] = useState(NO_CHOICES);
  useEffect(() => {
    let live = true;
    api
      .modelFormChoices()
      .then((c) => live && setChoices(c))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return choices;
}

/**
 * The power types a model may have: the PowerInfo catalogue's entries (its names, as operators
 * know them) that the domain's rules know; the domain's list until the catalogue answered.
 */
function powerOptions(t: Translate, catalogue: readonly SelectOption[]): SelectOption[] {
  const known = catalogue.filter((o) => (d.POWER_TYPES as readonly string[]).includes(o.value));
  return known.length > 0 ? known : optionsOf(t, "vmodel.power", d.POWER_TYPES);
}

/**
 * The fields of a model, in the domain's order: its series (labelled brand / series), name and
 * attributes. Free texts suggest the keyword catalogues' entries (a vehicle name by its name,
 * parts by their codes) but take any text: new parts come before the catalogues list them.
 */
/** The codes of a catalogue's options (what the part boxes suggest). */
const codes = (o: readonly SelectOption[]) => o.map((x) => x.value);

export function modelFields(t: Translate, series: readonly SelectOption[], c: api.ModelFormChoices): FormField[] {
  return [
    { key: "seriesId", kind: "select", label: t("vmodel.series"), options: series, required: true },
    {
      key: "modelName",
      kind: "text",
      label: t("vmodel.modelName"),
      required: true,
      maxLength: d.CATALOGUE_NAME_MAX_LENGTH,
    },
    {
      key: "vehicleName",
      kind: "text",
      label: t("vmodel.vehicleName"),
      suggestions: c.vehicleNames.map((o) => o.label),
      maxLength: d.CATALOGUE_PART_MAX_LENGTH,
    },
    {
      key: "powerType",
      kind: "select",
      label: t("vmodel.powerType"),
      options: powerOptions(t, c.powerTypes),
      required: true,
    },
    { key: "engineModel", kind: "text", label: t("vmodel.engineModel"), suggestions: codes(c.engines) },
    { key: "electricModel", kind: "text", label: t("vmodel.electricModel"), suggestions: codes(c.electrics) },
    { key: "chassisModel", kind: "text", label: t("vmodel.chassisModel"), suggestions: codes(c.chassis) },
    {
      key: "emissionStage",
      kind: "select",
      label: t("vmodel.emissionStage"),
      options: optionsOf(t, "vmodel.stage", d.EMISSION_STAGES),
      required: true,
    },
    {
      key: "fuelType",
      kind: "select",
      label: t("vmodel.fuelType"),
      options: optionsOf(t, "vmodel.fuel", d.FUEL_TYPES),
    },
    { key: "grossMassKg", kind: "number", label: t("vmodel.grossMassKg") },
    { key: "curbMassKg", kind: "number", label: t("vmodel.curbMassKg") },
    { key: "remark", kind: "textarea", label: t("vmodel.remark"), maxLength: d.CATALOGUE_REMARK_MAX_LENGTH },
  ];
}

/** A new model's draft: nothing chosen but a series from the search, when one is. */
export function emptyModel(seriesId: string): Record<string, unknown> {
  return {
    seriesId: seriesId || null,
    modelName: "",
    vehicleName: null,
    powerType: null,
    engineModel: null,
    electricModel: null,
    chassisModel: null,
    emissionStage: null,
    fuelType: null,
    grossMassKg: null,
    curbMassKg: null,
    remark: null,
  };
}
