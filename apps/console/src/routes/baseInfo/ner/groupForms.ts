import * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import type { MessageKey, Translate } from "../../../i18n/i18n";
import type { NerChoices } from "./nerSearch";

/** What the edit form of a group offers besides the screen's parameter lists (read when the form opens). */
export interface FormHints {
  /** The models the vehicle's announcement model files (getParamBatteryModel / DriveModel / TboxModel). */
  battery: readonly string[];
  drive: readonly string[];
  tbox: readonly string[];
  providers: readonly string[];
  iccids: readonly string[];
  bodyColors: readonly string[];
}

/** A select whose value is the label itself (the parameter lists' labels are what records store). */
const byLabel = (options: readonly SelectOption[]): SelectOption[] =>
  options.map((o) => ({ value: o.label, label: o.label }));

const asOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));

/** Suggestions without repeats, the vehicle's own first. */
const merged = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

type FieldPlan = Omit<FormField, "key" | "label">;

/**
 * The form fields of a group in @tsp/domain's order (its labels are the one copy; here only how
 * each is edited): required marks follow the Edit schemas (@tsp/domain `nerEditSchema`), the
 * selects offer the spec's parameter lists, free text offers what the registers hold.
 */
export function groupFields(t: Translate, group: d.NerGroup, choices: NerChoices, hints: FormHints): FormField[] {
  const plans: { [G in d.NerGroup]: Record<d.NerField<G>, FieldPlan> } = {
    vehicleInfo: {
      plateNo: { kind: "text", maxLength: 8 },
      plateColor: { kind: "select", options: byLabel(choices.plateColors) },
      vehicleUse: { kind: "select", options: byLabel(choices.vehicleUses), required: true },
      carBuying: { kind: "select", options: byLabel(choices.carBuying), required: true },
      buyDate: { kind: "date" },
      creditName: { kind: "text", maxLength: 100, suggestions: choices.creditNames.map((o) => o.label) },
      creditCode: { kind: "text", maxLength: 18 },
      bodyColor: { kind: "text", maxLength: 50, suggestions: hints.bodyColors },
      registerDate: { kind: "date" },
      remark: { kind: "textarea", maxLength: 200 },
    },
    batteryInfo: {
      batteryModel: { kind: "text", required: true, maxLength: 50, suggestions: hints.battery },
      batteryType: { kind: "select", required: true, options: asOptions(d.NER_BATTERY_TYPES) },
      manufacturer: { kind: "text", required: true, maxLength: 100 },
      ratedVoltage: { kind: "number", required: true },
      ratedCapacity: { kind: "number", required: true },
      ratedEnergy: { kind: "number", required: true },
      packCount: { kind: "number", required: true },
      packCodes: { kind: "lines", placeholder: t("ner.packCodesHint") },
      productionDate: { kind: "date" },
    },
    driveInfo: {
      driveModel: {
        kind: "text",
        required: true,
        maxLength: 50,
        suggestions: merged(
          hints.drive,
          choices.driveModels.map((o) => o.label),
        ),
      },
      motorPosition: { kind: "select", required: true, options: byLabel(choices.motorPositions) },
      motorCount: { kind: "number", required: true },
      manufacturer: { kind: "text", required: true, maxLength: 100 },
      ratedPower: { kind: "number", required: true },
      peakPower: { kind: "number", required: true },
      peakTorque: { kind: "number", required: true },
      maxSpeed: { kind: "number", required: true },
      motorCodes: { kind: "lines", placeholder: t("ner.packCodesHint") },
    },
    terminalInfo: {
      tboxModel: {
        kind: "text",
        required: true,
        maxLength: 50,
        suggestions: merged(
          hints.tbox,
          choices.tboxModels.map((o) => o.label),
        ),
      },
      tboxSn: { kind: "text", required: true, maxLength: 32 },
      manufacturer: { kind: "text", required: true, maxLength: 100, suggestions: hints.providers },
      iccid: { kind: "text", required: true, maxLength: 20, suggestions: hints.iccids },
      msisdn: { kind: "text", maxLength: 13 },
      imei: { kind: "text", maxLength: 15 },
      firmwareVersion: { kind: "text", maxLength: 32 },
      hardwareVersion: { kind: "text", maxLength: 32 },
      protocol: { kind: "select", required: true, options: asOptions(d.NER_TERMINAL_PROTOCOLS) },
    },
  };
  const plan: Readonly<Record<string, FieldPlan>> = plans[group];
  return [
    { key: "vin", kind: "text", label: t("ner.vin"), readOnly: true },
    ...Object.entries(plan).map(([key, p]) => ({ key, label: t(`ner.${group}.${key}` as MessageKey), ...p })),
  ];
}
