/**
 * Values of the vehicle-model catalogue (基础信息管理 › 车型信息, issue 20): the brand tree's
 * leaf (bss_model) with what an operator maintains per model. Not the MIIT announcement model
 * of the new-energy filings (`ner/`, 公告型号): a catalogue model is the OEM's sales model a
 * vehicle is built as; many catalogue models may share one announcement.
 *
 * The codes are those of the keyword catalogues the form's choices come from (GET
 * /tsp-bss/search/PowerInfo for the power type), so a stored code is always one the picker
 * offers; the labels are the catalogue's names.
 */

/** Power types (动力类型), the codes of the PowerInfo catalogue. */
export const POWER_TYPES = ["FUEL", "BEV", "PHEV", "EREV", "FCEV", "LNG"] as const;
export type PowerType = (typeof POWER_TYPES)[number];
export const POWER_TYPE_LABELS: Readonly<Record<PowerType, string>> = {
  FUEL: "燃油",
  BEV: "纯电动",
  PHEV: "插电式混合动力",
  EREV: "增程式电动",
  FCEV: "燃料电池",
  LNG: "液化天然气",
};

/**
 * Emission stages (排放阶段): China's on-road stages (GB 17691 / GB 18352: 国五, 国六a, 国六b),
 * the non-road machinery stages (GB 20891: 非道路三阶段, 非道路四阶段) and none for a vehicle
 * without an engine.
 */
export const EMISSION_STAGES = ["CN5", "CN6A", "CN6B", "NR3", "NR4", "NONE"] as const;
export type EmissionStage = (typeof EMISSION_STAGES)[number];
export const EMISSION_STAGE_LABELS: Readonly<Record<EmissionStage, string>> = {
  CN5: "国五",
  CN6A: "国六a",
  CN6B: "国六b",
  NR3: "非道路三阶段",
  NR4: "非道路四阶段",
  NONE: "无（零排放）",
};

/** Fuels (燃料种类) of an engine or a fuel cell; a battery-electric model has none. */
export const FUEL_TYPES = ["GASOLINE", "DIESEL", "NATURAL_GAS", "HYDROGEN"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const FUEL_TYPE_LABELS: Readonly<Record<FuelType, string>> = {
  GASOLINE: "汽油",
  DIESEL: "柴油",
  NATURAL_GAS: "天然气",
  HYDROGEN: "氢",
};

/** Power types with a traction battery: new-energy vehicles, which report by GB/T 32960. */
export const NEW_ENERGY_POWER_TYPES: readonly PowerType[] = ["BEV", "PHEV", "EREV", "FCEV"];
/** Power types with a combustion engine (an engine model and an emission stage). */
export const ENGINE_POWER_TYPES: readonly PowerType[] = ["FUEL", "LNG", "PHEV", "EREV"];
/** Power types with an electric drive (an e-drive controller model). */
export const ELECTRIC_DRIVE_POWER_TYPES: readonly PowerType[] = ["BEV", "PHEV", "EREV", "FCEV"];

/** A value by its code or its Chinese label (a sheet or a person may write either), or null. */
export function parseByLabel<C extends string>(
  codes: readonly C[],
  labels: Readonly<Record<C, string>>,
  text: string,
): C | null {
  const t = text.trim();
  return codes.find((c) => c === t || labels[c] === t) ?? null;
}
