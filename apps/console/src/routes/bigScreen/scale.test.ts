import { describe, expect, it } from "vitest";
import { niceMax } from "../dataHome/ActivityChart";
import { bigScreenScale } from "./scale";

describe("big screen scale (design width 3840)", () => {
  it("fits the design into the viewport without distortion", () => {
    expect(bigScreenScale(3840, 2160)).toBe(1);
    expect(bigScreenScale(1920, 1080)).toBe(0.5);
    expect(bigScreenScale(1920, 2000)).toBe(0.5); // width decides
    expect(bigScreenScale(3840, 1080)).toBe(0.5); // height decides
    expect(bigScreenScale(0, 100)).toBe(1);
  });
});

describe("chart axis maximum", () => {
  it("rounds up to 1, 2 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(30)).toBe(50);
    expect(niceMax(50)).toBe(50);
    expect(niceMax(51)).toBe(100);
    expect(niceMax(120)).toBe(200);
    expect(niceMax(7)).toBe(10);
  });
});
