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
  /** The import dialog's words (`{n}` / `{name}` filled in). */
  importing: {
    confirm: string;
    busy: string;
    done: string;
    again: string;
    step1: string;
    downloadTemplate: string;
    step2: string;
    fillHint: string;
    step3: string;
    chooseFile: string;
    chooseFileLabel: string;
    chosen: string;
    fileRule: string;
    allowCover: string;
    result: string;
    all: string;
    success: string;
    failed: string;
    downloadFailed: string;
    failedRows: string;
    allSaved: string;
    saved: string;
    failedToast: string;
    /** An import run as a task: accepted, not started yet. */
    queued: string;
    /** Rows checked so far, `{n}`, of `{total}`. */
    progress: string;
    /** Rows checked so far, `{n}`, the total not known yet. */
    progressRows: string;
    row: string;
    key: string;
    reason: string;
  };
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
  importing: {
    confirm: "导入",
    busy: "导入中…",
    done: "完成",
    again: "重新导入",
    step1: "下载模板",
    downloadTemplate: "下载模板",
    step2: "填写模板",
    fillHint: "按模板各列填写数据，请勿修改表头；VIN 为 17 位。",
    step3: "上传文件",
    chooseFile: "选择文件",
    chooseFileLabel: "选择导入文件",
    chosen: "已选择：{name}",
    fileRule: "仅支持 xls、xlsx，一次一个文件",
    allowCover: "允许覆盖已有数据",
    result: "导入结果",
    all: "全部",
    success: "成功",
    failed: "失败",
    downloadFailed: "下载失败数据",
    failedRows: "失败明细",
    allSaved: "全部导入成功",
    saved: "导入成功，共 {n} 条",
    failedToast: "导入失败",
    queued: "已提交，等待处理…",
    progress: "已处理 {n} / {total} 行",
    progressRows: "已处理 {n} 行",
    row: "行号",
    key: "VIN/标识",
    reason: "失败原因",
  },
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
