import { describe, expect, it } from "vitest";
import { nextZoom } from "./zoom";

describe("preview zoom from 0.1 to 2 in steps of 0.1 (§4)", () => {
  it("zooms in and out by 0.1", () => {
    expect(nextZoom(1, "in")).toBe(1.1);
    expect(nextZoom(1, "out")).toBe(0.9);
  });
  it("ten steps in from 1 land exactly on 2 and stop there", () => {
    let z = 1;
    for (let i = 0; i < 12; i++) z = nextZoom(z, "in");
    expect(z).toBe(2);
  });
  it("stops at 0.1", () => {
    expect(nextZoom(0.1, "out")).toBe(0.1);
    expect(nextZoom(0.2, "out")).toBe(0.1);
  });
  it("moving to another item resets to 1", () => {
    expect(nextZoom(1.7, "move")).toBe(1);
  });
});
