import { ApiError, TimeoutError } from "@tsp/sdk";
import { describe, expect, it } from "vitest";
import { toastText } from "./ClientBridge";

describe("error toast text (spec §8)", () => {
  it("msg, then the first failDetail msg after a colon", () => {
    const error = new ApiError({
      code: 400,
      msg: "参数校验失败",
      failDetail: [{ field: "vin", msg: "请输入17位VIN" }],
      status: 400,
    });
    expect(toastText(error)).toBe("参数校验失败：请输入17位VIN");
  });
  it("falls back to 请求失败", () => {
    expect(toastText(new ApiError({ code: 500, status: 500 }))).toBe("请求失败");
  });
  it("a timeout keeps the SDK's own words", () => {
    const error = new TimeoutError(60_000, { method: "GET", path: "/x", url: "/x" });
    expect(toastText(error)).toBe(error.message);
  });
});
