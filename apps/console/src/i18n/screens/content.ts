import { CONTENT_STATE_LABELS as STATES, CONTENT_TYPE_LABELS as TYPES } from "@tsp/domain";
import { registerTexts } from "../i18n";

/**
 * The words of 车载内容管理 (/dataService/content), both locales side by side; spread into
 * `zh-CN.ts` and `en.ts`. Keys start with "content.". Types and states in Chinese are @tsp/domain's.
 */
const zh = {
  "content.heading": "车载内容管理",
  "content.title": "标题",
  "content.contentType": "内容类型",
  "content.contentType.notice": TYPES.notice,
  "content.contentType.news": TYPES.news,
  "content.contentType.event": TYPES.event,
  "content.contentType.maintenance": TYPES.maintenance,
  "content.state": "状态",
  "content.state.draft": STATES.draft,
  "content.state.published": STATES.published,
  "content.state.offline": STATES.offline,
  "content.model": "适用车型",
  "content.publishFrom": "发布时间",
  "content.publishTo": "下线时间",
  "content.window": "发布时段",
  "content.body": "内容正文",
  "content.updated": "最后修改",
  "content.add": "新增",
  "content.edit": "编辑",
  "content.preview": "预览",
  "content.publish": "发布",
  "content.offline": "下线",
  "content.published": "已发布",
  "content.offlined": "已下线",
  "content.saved": "保存成功",
  "content.open": "长期",
  "content.publishAsk": "确定发布“{name}”吗？发布后车机将在发布时段内展示。",
  "content.offlineAsk": "确定下线“{name}”吗？",
};

export const contentText = {
  zh,
  en: {
    "content.heading": "Head-unit content",
    "content.title": "Title",
    "content.contentType": "Type",
    "content.contentType.notice": "Notice",
    "content.contentType.news": "News",
    "content.contentType.event": "Event",
    "content.contentType.maintenance": "Maintenance reminder",
    "content.state": "State",
    "content.state.draft": "Draft",
    "content.state.published": "Published",
    "content.state.offline": "Taken down",
    "content.model": "Vehicle models",
    "content.publishFrom": "Publish from",
    "content.publishTo": "Take down at",
    "content.window": "Publish window",
    "content.body": "Body",
    "content.updated": "Last change",
    "content.add": "Add",
    "content.edit": "Edit",
    "content.preview": "Preview",
    "content.publish": "Publish",
    "content.offline": "Take down",
    "content.published": "Published",
    "content.offlined": "Taken down",
    "content.saved": "Saved",
    "content.open": "open-ended",
    "content.publishAsk": "Publish “{name}”? Head units show it within its publish window.",
    "content.offlineAsk": "Take “{name}” down?",
  } satisfies Record<keyof typeof zh, string>,
};

// Loaded with the screens that import this file (see `registerTexts`).
registerTexts(contentText);
