import { describe, expect, it } from "vitest";
import {
  checkModelAbilities,
  MODEL_ABILITY_MAX_SERVICES,
  MODEL_SERVICES,
  MSG_ABILITY_TOO_MANY,
  msgAbilityGbt32960,
  msgAbilityHj1239,
  msgAbilityUnknownService,
} from "./modelAbility";

const G = MODEL_SERVICES.gbt32960Report;
const H = MODEL_SERVICES.hj1239Report;
const catalogue = new Set<string>(Object.values(MODEL_SERVICES));

describe("model abilities: drivetrain rules and limits", () => {
  it("allows GB/T 32960 on a new-energy model or one whose power type is unknown, refuses it on fuel", () => {
    expect(checkModelAbilities([G], { powerType: "BEV", emissionStage: null }, catalogue)).toEqual({
      ok: true,
      value: [G],
    });
    expect(checkModelAbilities([G], { powerType: null, emissionStage: null }, catalogue)).toEqual({
      ok: true,
      value: [G],
    });
    expect(checkModelAbilities([G], { powerType: "FUEL", emissionStage: null }, catalogue)).toEqual({
      ok: false,
      error: [msgAbilityGbt32960("FUEL")],
    });
  });

  it("allows HJ 1239 on 国六 or an unknown stage, refuses it on 国五", () => {
    expect(checkModelAbilities([H], { powerType: null, emissionStage: "CN6A" }, catalogue)).toEqual({
      ok: true,
      value: [H],
    });
    expect(checkModelAbilities([H], { powerType: null, emissionStage: "CN6B" }, catalogue)).toEqual({
      ok: true,
      value: [H],
    });
    expect(checkModelAbilities([H], { powerType: null, emissionStage: null }, catalogue)).toEqual({
      ok: true,
      value: [H],
    });
    expect(checkModelAbilities([H], { powerType: null, emissionStage: "CN5" }, catalogue)).toEqual({
      ok: false,
      error: [msgAbilityHj1239("CN5")],
    });
  });

  it("refuses more services than the limit and malformed codes", () => {
    const many = Array.from({ length: MODEL_ABILITY_MAX_SERVICES + 1 }, (_, i) => `S${i}`);
    const big = new Set(many);
    expect(checkModelAbilities(many, { powerType: null, emissionStage: null }, big)).toEqual({
      ok: false,
      error: [MSG_ABILITY_TOO_MANY],
    });
    expect(checkModelAbilities(["-bad"], { powerType: null, emissionStage: null }, new Set(["-bad"]))).toEqual({
      ok: false,
      error: [msgAbilityUnknownService("-bad")],
    });
  });
});
