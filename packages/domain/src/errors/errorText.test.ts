import { describe, expect, it } from "vitest";
import { ERROR_TEXT_SEPARATOR, errorText } from "./errorText";
import { ADDRESS_DIALOG_TITLE, MSG_NO_DATA, MSG_NO_VIDEO, MSG_REQUEST_FAILED } from "./messages";

describe("error text (§8): msg, colon, failDetail[0].msg, fallback", () => {
  it("shows the response msg", () => {
    expect(errorText({ msg: "参数错误" })).toBe("参数错误");
  });
  it("appends failDetail[0].msg after a colon (the ASCII one: the spec shows no full-width colon)", () => {
    expect(errorText({ msg: "参数错误", data: { failDetail: [{ msg: "VIN必须为17位" }, { msg: "第二条" }] } })).toBe(
      "参数错误:VIN必须为17位",
    );
    expect(ERROR_TEXT_SEPARATOR).toBe(":");
  });
  it("falls back to 请求失败", () => {
    expect(errorText(undefined)).toBe(MSG_REQUEST_FAILED);
    expect(errorText(null)).toBe("请求失败");
    expect(errorText({})).toBe("请求失败");
    expect(errorText({ msg: "  ", data: null })).toBe("请求失败");
    expect(errorText({ msg: null, data: { failDetail: [] } })).toBe("请求失败");
    expect(errorText({ data: { failDetail: null } })).toBe("请求失败");
    expect(errorText({ data: { failDetail: [{ msg: null }] } })).toBe("请求失败");
  });
  it("the fallback may be the caller's locale's words; a msg still wins", () => {
    expect(errorText({ msg: "" }, "Request failed")).toBe("Request failed");
    expect(errorText({ msg: "参数错误" }, "Request failed")).toBe("参数错误");
  });
  it("a failDetail without msg shows alone", () => {
    expect(errorText({ data: { failDetail: [{ msg: "ICCID不能超过50个字符" }] } })).toBe("ICCID不能超过50个字符");
  });
});

describe("quoted texts are exact", () => {
  it("keeps the spec's punctuation", () => {
    expect(MSG_NO_VIDEO).toBe("暂无视频资源！");
    expect(MSG_NO_DATA).toBe("暂无数据");
    expect(ADDRESS_DIALOG_TITLE).toBe("地址详情");
  });
});
