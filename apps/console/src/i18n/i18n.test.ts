import { describe, expect, it } from "vitest";
import { en } from "./en";
import { readStoredLocale, translate } from "./i18n";
import { zhCN } from "./zh-CN";

describe("message catalogue", () => {
  it("zh-CN is the default and uses the spec's quoted text", () => {
    expect(readStoredLocale({ getItem: () => null })).toBe("zh-CN");
    expect(translate("zh-CN", "common.noData")).toBe("暂无数据");
    expect(translate("zh-CN", "common.requestFailed")).toBe("请求失败");
  });
  it("English is the second locale, with every key", () => {
    expect(readStoredLocale({ getItem: () => "en" })).toBe("en");
    expect(Object.keys(en).toSorted()).toEqual(Object.keys(zhCN).toSorted());
    expect(translate("en", "kit.query")).toBe("Search");
  });
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(translate("zh-CN", "notAvailable.body", { title: "单车查询" })).toBe(
      "「单车查询」页面正在建设中，暂未开放。",
    );
    expect(translate("en", "tabs.closeTab", {})).toBe("Close {title}");
  });
});
