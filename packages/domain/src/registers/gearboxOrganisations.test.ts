import { describe, expect, it } from "vitest";
import {
  GEARBOX_REGISTER,
  MSG_GEARBOX_RATIOS_FORMAT,
  MSG_GEARBOX_RATIOS_ORDER,
  msgGearboxRatiosCount,
} from "./gearbox";
import { FINANCE_ORG_REGISTER, LEASE_ORG_REGISTER, msgOrgDeleteActive, msgOrgDeleteNamed } from "./organisations";
import type { RegisterDef, RegisterValues } from "./register";

/** A register's rules between fields (every register here has them). */
function rulesOf(def: RegisterDef): (row: RegisterValues) => unknown {
  if (!def.rules) throw new Error(`${def.name} has no rules`);
  return def.rules;
}

// The register rules on their own, without the server: the gearbox's speed ratios against its
// gear count, and the organisation registers' messages (until now only the contract suites ran
// these lines, so the domain package's own suite did not prove them).
/** The example gearbox with other ratios and gear count. */
const row = (speedRatios: string | null, gears: number | null = 3) => ({
  ...GEARBOX_REGISTER.example,
  gears,
  speedRatios,
});

describe("gearbox speed ratios", () => {
  it("accepts ratios falling gear by gear, overdrive below 1 included, and a gearbox without ratios", () => {
    expect(rulesOf(GEARBOX_REGISTER)(row("14.8/ 8.9 /0.78"))).toEqual([]);
    expect(rulesOf(GEARBOX_REGISTER)(row(null))).toEqual([]);
    expect(rulesOf(GEARBOX_REGISTER)(GEARBOX_REGISTER.example)).toEqual([]);
  });

  it("refuses ratios that are not numbers, zero, or written with another separator", () => {
    for (const text of [
      "14.8,8.9,0.78",
      "14.8/abc/0.78",
      "14.8/0/0.5",
      "14.8//0.78",
      "123/8.9/0.78",
      "14.8123/8.9/0.7",
    ])
      expect(rulesOf(GEARBOX_REGISTER)(row(text)), text).toEqual([
        { field: "speedRatios", msg: MSG_GEARBOX_RATIOS_FORMAT },
      ]);
  });

  it("names the count when ratios and gears disagree, and the order when a ratio does not fall", () => {
    expect(rulesOf(GEARBOX_REGISTER)(row("14.8/8.9"))).toEqual([
      { field: "speedRatios", msg: msgGearboxRatiosCount(3, 2) },
    ]);
    expect(msgGearboxRatiosCount(3, 2)).toBe("速比个数（2）应与挡位数（3）一致");
    expect(rulesOf(GEARBOX_REGISTER)(row("8.9/14.8/0.78"))).toEqual([
      { field: "speedRatios", msg: MSG_GEARBOX_RATIOS_ORDER },
    ]);
    // equal neighbours do not fall either
    expect(rulesOf(GEARBOX_REGISTER)(row("8.9/8.9/0.78"))).toEqual([
      { field: "speedRatios", msg: MSG_GEARBOX_RATIOS_ORDER },
    ]);
    // both at once, count first
    expect(rulesOf(GEARBOX_REGISTER)(row("1/2"))).toEqual([
      { field: "speedRatios", msg: msgGearboxRatiosCount(3, 2) },
      { field: "speedRatios", msg: MSG_GEARBOX_RATIOS_ORDER },
    ]);
    // without a gear count only the order is checked
    expect(rulesOf(GEARBOX_REGISTER)(row("14.8/8.9", null))).toEqual([]);
  });
});

describe("finance and lease organisations", () => {
  it("have no rules between fields: every example passes", () => {
    expect(rulesOf(FINANCE_ORG_REGISTER)(FINANCE_ORG_REGISTER.example)).toEqual([]);
    expect(rulesOf(LEASE_ORG_REGISTER)(LEASE_ORG_REGISTER.example)).toEqual([]);
  });

  it("say why an organisation cannot be deleted", () => {
    expect(msgOrgDeleteActive("金融机构")).toBe("合作中的金融机构不能删除，请先将状态改为已停用");
    expect(msgOrgDeleteNamed("租赁机构", 3, "租赁合同")).toBe("该租赁机构仍被3份租赁合同引用，不能删除");
  });
});
