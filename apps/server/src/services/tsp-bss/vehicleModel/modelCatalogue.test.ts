import {
  CATALOGUE_MODEL_FIELD_LABELS,
  checkCatalogueModelEdit,
  checkModelAbilities,
  EMISSION_STAGES,
  POWER_TYPES,
} from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "../../../openapi/documents";
import { SHARED_OPTIONS } from "../seed/referenceData";
import { ABILITY_SERVICES } from "../vehicleAbility/seed";
import { EXTRA_MODELS, REFERENCE_MODEL_ATTRIBUTES } from "./seedData";

function schemaOf(name: string): Record<string, unknown> {
  const doc = loadDocuments().get("tsp-bss.yaml") as {
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`openapi tsp-bss has no schema ${name}`);
  return schema;
}

describe("the contract, the catalogues and @tsp/domain say the same of a model", () => {
  it("lists the same power types (the PowerInfo catalogue's codes) and emission stages", () => {
    expect(schemaOf("CataloguePowerType").enum).toEqual([...POWER_TYPES]);
    expect(schemaOf("CatalogueEmissionStage").enum).toEqual([...EMISSION_STAGES]);
    expect((SHARED_OPTIONS.PowerInfo ?? []).map(([code]) => code)).toEqual([...POWER_TYPES]);
  });
  it("edits exactly the domain's fields", () => {
    expect(schemaOf("CatalogueModelFields").required).toEqual(Object.keys(CATALOGUE_MODEL_FIELD_LABELS));
  });
});

describe("the catalogue's seed", () => {
  const everyModel = [
    ...Object.entries(REFERENCE_MODEL_ATTRIBUTES).map(([id, a]) => ({ ...a, seriesId: 1, modelName: `m${id}` })),
    ...EXTRA_MODELS.map((m) => ({ ...m, modelName: m.name })),
  ];
  it("passes the domain's rules, every model", () => {
    for (const m of everyModel) {
      const { id: _, name: __, ...fields } = m as typeof m & { id?: number; name?: string };
      expect(checkCatalogueModelEdit(fields), m.modelName).toMatchObject({ ok: true });
    }
  });
  it("adds services whose codes are the domain's, not yet in the shared list but SVC-DIAG and SVC-OTA", () => {
    const shared = new Set((SHARED_OPTIONS.getServiceList ?? []).map(([code]) => code));
    expect(shared.has("SVC-DIAG") && shared.has("SVC-OTA")).toBe(true);
    for (const [code] of ABILITY_SERVICES) expect(shared.has(code)).toBe(false);
    // Every seeded list is valid for its model (the seed derives them; a fuel model takes no GB/T 32960).
    const all = new Set([...shared, ...ABILITY_SERVICES.map(([c]) => c)]);
    expect(checkModelAbilities(["SVC-GBT32960"], { powerType: "FUEL", emissionStage: "CN6B" }, all).ok).toBe(false);
  });
});
