import { describe, expect, it } from "vitest";
import { checkRegisterRow, parseRegisterChoice, type RegisterDef } from "../registers/register";
import { DICTIONARY_REGISTER, dictionaryOptions, msgDictCodeForm } from "./dictionary";
import {
  INFO_SYSTEM_REGISTER,
  MSG_INFO_SYSTEM_MODELS,
  MSG_INFO_SYSTEM_RELEASE_DATE,
  MSG_INFO_SYSTEM_VERSION,
  parseSupportedModels,
} from "./infoSystem";

/** The template's example row as the import reads it (choices by label → code). */
const exampleRow = (def: RegisterDef) =>
  Object.fromEntries(
    def.fields.map((f) => {
      const v = def.example[f.key];
      return [f.key, f.kind === "choice" ? parseRegisterChoice(f, String(v)) : v === "" ? null : v];
    }),
  );

describe("the dictionary register", () => {
  const item = {
    code: "FUEL_DIESEL",
    dictType: "fuelType",
    label: "柴油",
    sortOrder: 2,
    state: "enabled",
    remark: null,
  };
  it("takes an item whose code carries its dictionary's prefix", () => {
    expect(checkRegisterRow(DICTIONARY_REGISTER, item).ok).toBe(true);
    expect(checkRegisterRow(DICTIONARY_REGISTER, exampleRow(DICTIONARY_REGISTER)).ok).toBe(true);
  });
  it("refuses another prefix or lower case, naming the dictionary's form", () => {
    for (const code of ["USE_DIESEL", "FUEL_diesel"]) {
      const r = checkRegisterRow(DICTIONARY_REGISTER, { ...item, code });
      expect(r.ok ? [] : r.error).toEqual([{ field: "code", msg: msgDictCodeForm("fuelType") }]);
    }
  });
  it("offers a dictionary's enabled items by order, keeping a disabled one the record holds", () => {
    const items = [
      { code: "FUEL_GAS", dictType: "fuelType", label: "天然气", sortOrder: 3, state: "enabled" },
      { code: "FUEL_DIESEL", dictType: "fuelType", label: "柴油", sortOrder: 2, state: "enabled" },
      { code: "FUEL_BIO", dictType: "fuelType", label: "生物柴油", sortOrder: 2, state: "enabled" },
      { code: "FUEL_LEAD", dictType: "fuelType", label: "含铅汽油", sortOrder: 1, state: "disabled" },
      { code: "USE_FREIGHT", dictType: "vehicleUse", label: "货运", sortOrder: 1, state: "enabled" },
    ];
    expect(dictionaryOptions(items, "fuelType").map((o) => o.value)).toEqual(["FUEL_BIO", "FUEL_DIESEL", "FUEL_GAS"]);
    expect(dictionaryOptions(items, "fuelType", "FUEL_LEAD")[0]).toEqual({ value: "FUEL_LEAD", label: "含铅汽油" });
    expect(dictionaryOptions(items, "industry")).toEqual([]);
  });
});

describe("the info-system register", () => {
  const release = {
    code: "DILINK-4.0.2",
    name: "DiLink智能网联系统",
    version: "4.0.2",
    osType: "android",
    supportedModels: "BYD7005BEVA, BYD6470ST6HEV",
    releaseDate: "2025-03-15",
    state: "released",
    releaseNotes: "新增远程空调预约",
  };
  it("takes a release and its template example", () => {
    expect(checkRegisterRow(INFO_SYSTEM_REGISTER, release).ok).toBe(true);
    expect(
      checkRegisterRow(INFO_SYSTEM_REGISTER, {
        ...release,
        version: "4.1-beta1",
        state: "developing",
        releaseDate: null,
      }).ok,
    ).toBe(true);
    expect(checkRegisterRow(INFO_SYSTEM_REGISTER, exampleRow(INFO_SYSTEM_REGISTER)).ok).toBe(true);
  });
  it("refuses a bad version, a bad model list and a release without its date", () => {
    const r = checkRegisterRow(INFO_SYSTEM_REGISTER, {
      ...release,
      version: "v4",
      supportedModels: "比亚迪",
      releaseDate: null,
    });
    expect(r.ok ? [] : r.error).toEqual([
      { field: "version", msg: MSG_INFO_SYSTEM_VERSION },
      { field: "supportedModels", msg: MSG_INFO_SYSTEM_MODELS },
      { field: "releaseDate", msg: MSG_INFO_SYSTEM_RELEASE_DATE },
    ]);
  });
  it("reads the supported models as written", () => {
    expect(parseSupportedModels("A1，B2 , C3")).toEqual(["A1", "B2", "C3"]);
    expect(parseSupportedModels(" , ")).toBe(null);
    expect(parseSupportedModels("X".repeat(33))).toBe(null);
  });
});
