import type { EmissionStage, FuelType, PowerType } from "@tsp/domain";

/** What the seed keeps per model (the domain's rules hold for every row: seed.test checks). */
export interface SeedModelAttributes {
  vehicleName: string | null;
  powerType: PowerType;
  engineModel: string | null;
  electricModel: string | null;
  chassisModel: string | null;
  emissionStage: EmissionStage;
  fuelType: FuelType | null;
  grossMassKg: number | null;
  curbMassKg: number | null;
  remark: string | null;
}

const bev = (
  vehicleName: string,
  electricModel: string,
  grossMassKg: number,
  curbMassKg: number,
  chassisModel: string | null = null,
): SeedModelAttributes => ({
  vehicleName,
  powerType: "BEV",
  engineModel: null,
  electricModel,
  chassisModel,
  emissionStage: "NONE",
  fuelType: null,
  grossMassKg,
  curbMassKg,
  remark: null,
});

/**
 * Attributes of the reference models (seed/referenceData.ts MODELS, the ones the demo vehicles
 * are of): BYD cars, FAW tractors, the Wuling microcar, the Yutong bus. Codes are those of the
 * seeded keyword catalogues (ElectricInfo, EngineInfo, getChassisName, vehicleNameInfo).
 */
export const REFERENCE_MODEL_ATTRIBUTES: Readonly<Record<number, SeedModelAttributes>> = {
  1111: bev("纯电动轿车", "MCU-TZ220", 2025, 1650),
  1112: {
    vehicleName: "插电式混合动力轿车",
    powerType: "PHEV",
    engineModel: "BYD472QA",
    electricModel: "MCU-TZ220",
    chassisModel: null,
    emissionStage: "CN6B",
    fuelType: "GASOLINE",
    grossMassKg: 1995,
    curbMassKg: 1620,
    remark: null,
  },
  1121: bev("纯电动轿车", "MCU-TZ220", 2440, 2020),
  1211: {
    vehicleName: "插电式混合动力多用途乘用车",
    powerType: "PHEV",
    engineModel: "BYD487ZQD",
    electricModel: "MCU-TZ220",
    chassisModel: null,
    emissionStage: "CN6B",
    fuelType: "GASOLINE",
    grossMassKg: 3120,
    curbMassKg: 2560,
    remark: "四驱版",
  },
  2111: bev("纯电动牵引汽车", "MCU-PEU460", 49_000, 9800, "CA4250P66K24T1E6"),
  2121: {
    vehicleName: "燃料电池半挂牵引车",
    powerType: "FCEV",
    engineModel: null,
    electricModel: "MCU-PEU460",
    chassisModel: "CA4250P66K24T1E6",
    emissionStage: "NONE",
    fuelType: "HYDROGEN",
    grossMassKg: 49_000,
    curbMassKg: 10_500,
    remark: "示范运营车型",
  },
  3111: bev("纯电动轿车", "MCU-HPD180", 1000, 700),
  4111: bev("纯电动城市客车", "MCU-PEU460", 18_000, 12_800, "ZK6126BEVG"),
};

/** A model of the catalogue no demo vehicle is of (so a delete of one can succeed). */
export interface SeedModel extends SeedModelAttributes {
  id: number;
  seriesId: number;
  name: string;
}

const diesel = (
  id: number,
  seriesId: number,
  name: string,
  vehicleName: string,
  engineModel: string,
  emissionStage: EmissionStage,
  grossMassKg: number,
  curbMassKg: number,
  chassisModel: string | null = null,
): SeedModel => ({
  id,
  seriesId,
  name,
  vehicleName,
  powerType: "FUEL",
  engineModel,
  electricModel: null,
  chassisModel,
  emissionStage,
  fuelType: "DIESEL",
  grossMassKg,
  curbMassKg,
  remark: null,
});

/** Brands and series the catalogue adds (not under BYD or FAW: their brand lists are the lookups' examples). */
export const EXTRA_BRANDS = [
  { id: 42, oem_id: 4, name: "宇通重卡" },
  { id: 51, oem_id: 5, name: "东方红" },
  { id: 61, oem_id: 6, name: "雷沃" },
] as const;
export const EXTRA_SERIES = [
  { id: 213, brand_id: 21, name: "JH6" },
  { id: 412, brand_id: 41, name: "T7" },
  { id: 421, brand_id: 42, name: "YTH" },
  { id: 511, brand_id: 51, name: "LF" },
  { id: 512, brand_id: 51, name: "LX" },
  { id: 611, brand_id: 61, name: "P7000" },
  { id: 612, brand_id: 61, name: "谷神GM" },
] as const;

/**
 * Fuel, gas and hybrid trucks, coaches, and farm machinery of the non-road stages, so every
 * power type and emission stage shows up: what a mixed truck/NEV/machinery fleet runs.
 */
export const EXTRA_MODELS: readonly SeedModel[] = [
  diesel(
    2112,
    211,
    "J6P 6×4 燃油牵引车 550马力",
    "半挂牵引汽车",
    "WP13.550E62",
    "CN6B",
    49_000,
    8800,
    "CA4250P66K24T1E6",
  ),
  diesel(
    2113,
    211,
    "J6P 6×4 燃油牵引车 460马力 国六a",
    "半挂牵引汽车",
    "CA6DM3-55E6",
    "CN6A",
    49_000,
    8900,
    "CA4250P66K24T1E6",
  ),
  diesel(2114, 211, "J6P 8×4 载货车 国五", "载货汽车", "CA6DM3-55E6", "CN5", 31_000, 12_400),
  {
    ...diesel(2122, 212, "J7 6×4 LNG牵引车", "半挂牵引汽车", "WP13NG480E61", "CN6B", 49_000, 9300),
    powerType: "LNG",
    fuelType: "NATURAL_GAS",
    remark: "1000L LNG气瓶",
  },
  diesel(2131, 213, "JH6 6×4 牵引车 国六b", "半挂牵引汽车", "ISZ13-520", "CN6B", 49_000, 9000),
  diesel(2132, 213, "JH6 4×2 载货车", "载货汽车", "YC6K13-56", "CN6B", 18_000, 8600),
  {
    ...diesel(4121, 412, "T7 增程式商务客车", "增程式电动客车", "YC6K13-56", "CN6B", 18_000, 13_200),
    powerType: "EREV",
    electricModel: "MCU-PEU460",
  },
  diesel(4122, 412, "T7 柴油旅游客车", "客车", "YC6K13-56", "CN6A", 18_000, 13_500),
  {
    ...bev("纯电动自卸汽车", "MCU-PEU460", 31_000, 14_800),
    id: 4211,
    seriesId: 421,
    name: "YTH 8×4 纯电动自卸车",
  },
  {
    ...bev("纯电动牵引汽车", "MCU-UAES-INV3", 49_000, 10_200),
    id: 4212,
    seriesId: 421,
    name: "YTH 6×4 纯电动牵引车 换电版",
    remark: "换电车型",
  },
  diesel(5111, 511, "LF1304 轮式拖拉机", "轮式拖拉机", "YC6K13-56", "NR4", 6_500, 5_200),
  diesel(5112, 511, "LF2204 轮式拖拉机", "轮式拖拉机", "WP13.550E62", "NR4", 11_000, 8_900),
  diesel(5121, 512, "LX904 轮式拖拉机 三阶段", "轮式拖拉机", "YC6K13-56", "NR3", 4_800, 3_900),
  diesel(6111, 611, "P7000 轮式拖拉机", "轮式拖拉机", "WP13.550E62", "NR4", 12_000, 9_800),
  diesel(6121, 612, "谷神GM100 小麦联合收割机", "联合收割机", "YC6K13-56", "NR4", 12_500, 10_600),
  diesel(6122, 612, "谷神GM80 玉米联合收割机 三阶段", "联合收割机", "YC6K13-56", "NR3", 11_000, 9_400),
];
