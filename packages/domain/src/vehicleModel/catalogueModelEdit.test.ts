import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  CatalogueBrandEditSchema,
  type CatalogueModelEdit,
  CatalogueModelFormSchema,
  CatalogueSeriesEditSchema,
  catalogueModelEditOf,
  catalogueModelRuleProblems,
  checkCatalogueModelEdit,
  MSG_CATALOGUE_CURB_OVER_GROSS,
  MSG_CATALOGUE_ENGINE_REQUIRED,
  MSG_CATALOGUE_MASS,
  MSG_CATALOGUE_NOT_A_MODEL,
  msgCatalogueFuelMismatch,
  msgCatalogueInUse,
} from "./catalogueModelEdit";

const good: CatalogueModelEdit = {
  seriesId: 3,
  modelName: "J6P",
  vehicleName: null,
  powerType: "FUEL",
  engineModel: "CA6DM3",
  electricModel: null,
  chassisModel: null,
  emissionStage: "CN6B",
  fuelType: "DIESEL",
  grossMassKg: 25_000,
  curbMassKg: 9_000,
  remark: null,
};

describe("catalogue model edit", () => {
  it("words fuel mismatches and in-use refusals", () => {
    expect(msgCatalogueFuelMismatch("BEV")).toBe("纯电动车型没有燃料，请清空燃料种类");
    expect(msgCatalogueFuelMismatch("FUEL")).toBe("燃油车型的燃料种类应为汽油或柴油");
    expect(msgCatalogueInUse("车系", "3个车型")).toBe("该车系仍被3个车型使用，不能删除");
  });

  it("flags a fuel that does not fit the power type, and fuel on a battery model", () => {
    expect(catalogueModelRuleProblems({ ...good, fuelType: "HYDROGEN" })).toEqual([
      { field: "fuelType", msg: msgCatalogueFuelMismatch("FUEL") },
    ]);
    expect(catalogueModelRuleProblems({ ...good, fuelType: null })).toEqual([]);
    expect(
      catalogueModelRuleProblems({
        ...good,
        powerType: "BEV",
        engineModel: null,
        electricModel: "E1",
        emissionStage: "NONE",
        fuelType: "DIESEL",
      }),
    ).toEqual([{ field: "fuelType", msg: msgCatalogueFuelMismatch("BEV") }]);
    expect(catalogueModelRuleProblems({ ...good, grossMassKg: null, curbMassKg: 30_000 })).toEqual([]);
  });

  it("accepts a valid model, ids as digits, and trims texts", () => {
    const r = checkCatalogueModelEdit({ ...good, seriesId: "3", modelName: "  J6P  " });
    expect(r).toEqual({ ok: true, value: good });
  });

  it("names a missing field, a non-object and a bad mass", () => {
    const { modelName: _drop, ...noName } = good;
    const missing = checkCatalogueModelEdit(noName);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toContainEqual({ field: "modelName", msg: "缺少字段：车型名称" });
    const notObject = checkCatalogueModelEdit("x");
    expect(notObject.ok).toBe(false);
    if (!notObject.ok) expect(notObject.error).toEqual([{ field: "modelName", msg: MSG_CATALOGUE_NOT_A_MODEL }]);
    const light = checkCatalogueModelEdit({ ...good, curbMassKg: 100 });
    if (!light.ok) expect(light.error).toEqual([{ field: "curbMassKg", msg: MSG_CATALOGUE_MASS }]);
    else expect.fail("a 100 kg mass was accepted");
  });

  it("refuses a curb mass over the gross mass", () => {
    const r = checkCatalogueModelEdit({ ...good, curbMassKg: 26_000 });
    expect(r).toEqual({ ok: false, error: [{ field: "curbMassKg", msg: MSG_CATALOGUE_CURB_OVER_GROSS }] });
  });

  it("keeps only the editable fields of a record", () => {
    expect(catalogueModelEditOf({ ...good, modelId: 9, updatedAt: "t" } as CatalogueModelEdit)).toEqual(good);
  });

  it("form schema puts a rule's reason under its field, and skips rules on untyped input", () => {
    const r = v.safeParse(CatalogueModelFormSchema, { ...good, engineModel: null });
    expect(r.success).toBe(false);
    expect(r.issues?.map((i) => [i.path?.[0]?.key, i.message])).toEqual([
      ["engineModel", MSG_CATALOGUE_ENGINE_REQUIRED],
    ]);
    const bad = v.safeParse(CatalogueModelFormSchema, { ...good, engineModel: null, powerType: "STEAM" });
    expect(bad.issues?.map((i) => i.path?.[0]?.key)).toEqual(["powerType"]);
    expect(v.safeParse(CatalogueModelFormSchema, good).success).toBe(true);
  });

  it("brand and series schemas check the parent id and the name", () => {
    expect(v.parse(CatalogueBrandEditSchema, { oemId: "7", brandName: " 解放 " })).toEqual({
      oemId: 7,
      brandName: "解放",
    });
    expect(v.safeParse(CatalogueBrandEditSchema, { oemId: 0, brandName: "解放" }).issues?.[0]?.message).toBe(
      "请选择厂商",
    );
    expect(
      v.safeParse(CatalogueSeriesEditSchema, { brandId: 2, brandName: "x", seriesName: "" }).issues?.[0]?.message,
    ).toBe("请输入车系名称");
  });
});
