import { describe, expect, it } from "vitest";
import {
  checkCatalogueModelEdit,
  MSG_CATALOGUE_CURB_OVER_GROSS,
  MSG_CATALOGUE_ELECTRIC_REQUIRED,
  MSG_CATALOGUE_EMISSION_NONE,
  MSG_CATALOGUE_EMISSION_ZERO,
  MSG_CATALOGUE_ENGINE_REQUIRED,
  MSG_CATALOGUE_NO_ELECTRIC,
  MSG_CATALOGUE_NO_ENGINE,
  MSG_CATALOGUE_POWER_TYPE,
} from "./catalogueModelEdit";
import {
  checkModelAbilities,
  MODEL_SERVICES,
  modelSupportsService,
  msgAbilityGbt32960,
  msgAbilityHj1239,
  splitServiceCell,
} from "./modelAbility";
import { EMISSION_STAGE_LABELS, POWER_TYPE_LABELS, POWER_TYPES, parseByLabel } from "./modelValues";

const tractor = (over: Record<string, unknown> = {}) => ({
  seriesId: 211,
  modelName: " J6P 牵引车 ",
  vehicleName: "半挂牵引汽车",
  powerType: "FUEL",
  engineModel: "WP13.550E62",
  electricModel: null,
  chassisModel: null,
  emissionStage: "CN6B",
  fuelType: "DIESEL",
  grossMassKg: 49000,
  curbMassKg: 8800,
  remark: null,
  ...over,
});
const problems = (input: unknown) => {
  const r = checkCatalogueModelEdit(input);
  return r.ok ? [] : r.error;
};

describe("a catalogue model's rules", () => {
  it("takes a diesel tractor, names trimmed", () => {
    const r = checkCatalogueModelEdit(tractor());
    expect(r.ok && r.value.modelName).toBe("J6P 牵引车");
  });

  it("wants an engine, an emission stage and a fitting fuel where there is an engine", () => {
    expect(problems(tractor({ engineModel: null }))).toEqual([
      { field: "engineModel", msg: MSG_CATALOGUE_ENGINE_REQUIRED },
    ]);
    expect(problems(tractor({ emissionStage: "NONE" }))).toEqual([
      { field: "emissionStage", msg: MSG_CATALOGUE_EMISSION_NONE },
    ]);
    expect(problems(tractor({ fuelType: "HYDROGEN" }))[0]?.msg).toBe("燃油车型的燃料种类应为汽油或柴油");
    expect(problems(tractor({ electricModel: "MCU-TZ220" }))).toEqual([
      { field: "electricModel", msg: MSG_CATALOGUE_NO_ELECTRIC },
    ]);
  });

  it("wants an e-drive controller and no engine, fuel or emissions of a battery-electric model", () => {
    const bev = tractor({ powerType: "BEV", engineModel: "X", fuelType: "DIESEL", emissionStage: "CN6B" });
    expect(problems(bev).map((p) => p.msg)).toEqual([
      "纯电动、燃料电池车型没有发动机，请清空发动机型号",
      MSG_CATALOGUE_ELECTRIC_REQUIRED,
      MSG_CATALOGUE_EMISSION_ZERO,
      "纯电动车型没有燃料，请清空燃料种类",
    ]);
    expect(
      problems(
        tractor({
          powerType: "FCEV",
          engineModel: null,
          electricModel: "M",
          emissionStage: "NONE",
          fuelType: "HYDROGEN",
        }),
      ),
    ).toEqual([]);
    expect(problems(tractor({ powerType: "PHEV", electricModel: null }))[0]?.msg).toBe(MSG_CATALOGUE_ELECTRIC_REQUIRED);
    expect(
      problems(
        tractor({ powerType: "BEV", engineModel: "x", electricModel: "M", emissionStage: "NONE", fuelType: null }),
      ),
    ).toEqual([{ field: "engineModel", msg: MSG_CATALOGUE_NO_ENGINE }]);
  });

  it("bounds masses and names, and says which field is wrong", () => {
    expect(problems(tractor({ curbMassKg: 50000 }))).toEqual([
      { field: "curbMassKg", msg: MSG_CATALOGUE_CURB_OVER_GROSS },
    ]);
    expect(problems(tractor({ grossMassKg: 299 }))[0]?.field).toBe("grossMassKg");
    expect(problems(tractor({ modelName: "   " }))[0]).toEqual({ field: "modelName", msg: "请输入车型名称" });
    expect(problems(tractor({ powerType: "STEAM" }))[0]).toEqual({ field: "powerType", msg: MSG_CATALOGUE_POWER_TYPE });
    expect(problems(null)[0]?.msg).toBe("车型数据格式不正确");
    const { remark: _, ...partial } = tractor();
    expect(problems(partial)[0]?.msg).toBe("缺少字段：备注");
  });

  it("reads a value by its code or its label", () => {
    expect(parseByLabel(POWER_TYPES, POWER_TYPE_LABELS, "纯电动")).toBe("BEV");
    expect(parseByLabel(POWER_TYPES, POWER_TYPE_LABELS, " LNG ")).toBe("LNG");
    expect(parseByLabel(POWER_TYPES, POWER_TYPE_LABELS, "蒸汽")).toBeNull();
  });
});

describe("a model's abilities", () => {
  const catalogue = new Set(Object.values(MODEL_SERVICES));
  const nev = { powerType: "BEV" as const, emissionStage: "NONE" as const };
  const diesel = { powerType: "FUEL" as const, emissionStage: "CN5" as const };

  it("stores a list deduplicated and sorted", () => {
    expect(checkModelAbilities(["SVC-OTA", " SVC-LOCK", "SVC-OTA", ""], nev, catalogue)).toEqual({
      ok: true,
      value: ["SVC-LOCK", "SVC-OTA"],
    });
  });

  it("refuses unknown codes and what the drivetrain does not allow", () => {
    expect(checkModelAbilities(["SVC-X"], nev, catalogue)).toEqual({ ok: false, error: ["服务SVC-X不在服务目录中"] });
    expect(checkModelAbilities(["SVC-GBT32960", "SVC-HJ1239"], diesel, catalogue)).toEqual({
      ok: false,
      error: [msgAbilityGbt32960("FUEL"), msgAbilityHj1239("CN5")],
    });
    expect(msgAbilityHj1239("CN5")).toContain(EMISSION_STAGE_LABELS.CN5);
    expect(
      checkModelAbilities(
        Array.from({ length: 51 }, (_, i) => `S${i}`),
        nev,
        new Set(),
      ).ok,
    ).toBe(false);
  });

  it("answers whether a model supports a service by code or by key", () => {
    expect(modelSupportsService(["SVC-LOCK"], "remoteLock")).toBe(true);
    expect(modelSupportsService(["SVC-LOCK"], "SVC-LOCK")).toBe(true);
    expect(modelSupportsService(["SVC-LOCK"], "ota")).toBe(false);
    expect(modelSupportsService([], "SVC-LOCK")).toBe(false);
  });

  it("splits a sheet cell on the separators operators use", () => {
    expect(splitServiceCell("远程锁车/解锁、SVC-OTA,SVC-DIAG；\nSVC-VIDEO")).toEqual([
      "远程锁车/解锁",
      "SVC-OTA",
      "SVC-DIAG",
      "SVC-VIDEO",
    ]);
  });
});

describe("ids from a select box", () => {
  it("takes digits or a number, refuses the rest", () => {
    const r = checkCatalogueModelEdit(tractor({ seriesId: "211" }));
    expect(r.ok && r.value.seriesId).toBe(211);
    expect(problems(tractor({ seriesId: null }))[0]).toEqual({ field: "seriesId", msg: "请选择车系" });
    expect(problems(tractor({ seriesId: "21a" }))[0]?.field).toBe("seriesId");
    expect(problems(tractor({ seriesId: 0 }))[0]?.field).toBe("seriesId");
  });
});

describe("the model form's schema", () => {
  it("puts a rule's reason on its field", async () => {
    const { checkRecord } = await import("../list/recordCheck");
    const { CatalogueModelFormSchema } = await import("./catalogueModelEdit");
    expect(checkRecord(CatalogueModelFormSchema, tractor({ engineModel: null }))).toEqual({
      ok: false,
      errors: { engineModel: MSG_CATALOGUE_ENGINE_REQUIRED },
    });
    expect(checkRecord(CatalogueModelFormSchema, tractor()).ok).toBe(true);
  });
});
