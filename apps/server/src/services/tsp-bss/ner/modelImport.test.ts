import { describe, expect, it } from "vitest";
import { mayCover } from "./modelImport";

/** Who may overwrite a vehicle model (the two-tenant case through the API: tests/contract/ner-edits.test.ts). */
describe("mayCover", () => {
  const platform = 1;
  const parent = { tenantId: 2, tenantIds: [2, 3] };
  const sub = { tenantId: 3, tenantIds: [3] };

  it("lets a tenant overwrite its own models and its sub-tenants', not its parent's or the platform's", () => {
    expect(mayCover(2, parent, platform)).toBe(true);
    expect(mayCover(3, parent, platform)).toBe(true);
    expect(mayCover(3, sub, platform)).toBe(true);
    expect(mayCover(2, sub, platform)).toBe(false);
    expect(mayCover(null, parent, platform)).toBe(false);
  });

  it("lets the platform tenant overwrite every model, its own catalogue included; with no platform, nobody overwrites it", () => {
    const admin = { tenantId: platform, tenantIds: [platform] };
    expect(mayCover(null, admin, platform)).toBe(true);
    expect(mayCover(3, admin, platform)).toBe(true);
    expect(mayCover(null, parent, null)).toBe(false);
  });
});
