import { MSG_NO_DATA } from "@tsp/domain";
import { createContext, type ReactNode, useContext } from "react";

/**
 * The words of the widget kit. @tsp/ui holds no catalogue of its own: the console fills this
 * from its zh-CN or English catalogue (one source of strings); the defaults are the spec's
 * Simplified Chinese, so a widget used alone (tests, the gallery) still reads right.
 */
export interface UiText {
  query: string;
  reset: string;
  expand: string;
  collapse: string;
  searchForm: string;
  all: string;
  paging: string;
  pageSize: string;
  /** `{n}` is the size. */
  perPage: string;
  /** `{n}` is the total. */
  totalRows: string;
  /** `{n}` is the page number. */
  pageNo: string;
  previous: string;
  next: string;
  lastPage: string;
  noData: string;
  confirm: string;
  cancel: string;
  close: string;
  to: string;
  start: string;
  end: string;
  last7Days: string;
  actions: string;
  dateTimePlaceholder: string;
}

/** The spec's words (the console's zh-CN catalogue gives the same). */
export const DEFAULT_UI_TEXT: UiText = {
  query: "查询",
  reset: "重置",
  expand: "展开",
  collapse: "收起",
  searchForm: "搜索条件",
  all: "全部",
  paging: "分页",
  pageSize: "每页条数",
  perPage: "{n} 条/页",
  totalRows: "共 {n} 条",
  pageNo: "第 {n} 页",
  previous: "上一页",
  next: "下一页",
  lastPage: "已是最后一页",
  noData: MSG_NO_DATA,
  confirm: "确定",
  cancel: "取消",
  close: "关闭",
  to: "至",
  start: "开始时间",
  end: "结束时间",
  last7Days: "近7天",
  actions: "操作",
  dateTimePlaceholder: "yyyy-MM-dd HH:mm:ss",
};

const UiTextContext = createContext<UiText>(DEFAULT_UI_TEXT);

/** Gives every kit widget below it the words of the console's current language. */
export function UiTextProvider({ text, children }: { text: UiText; children: ReactNode }) {
  return <UiTextContext.Provider value={text}>{children}</UiTextContext.Provider>;
}

/** The kit's words. */
export function useUiText(): UiText {
  return useContext(UiTextContext);
}

/** Fills `{n}` of a kit text. */
export function withN(text: string, n: number | string): string {
  return text.replace("{n}", String(n));
}
