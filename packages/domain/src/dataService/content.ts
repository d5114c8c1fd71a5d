import * as v from "valibot";
import { issuesAsProblems, type OutletProblem } from "../dealer/outlet";
import { err, ok, type Result } from "../shared/result";

/**
 * 车载内容管理 (/dataService/content): content pushed to the vehicles' head units. Designed
 * (the spec names the screen only): a title, a type, the vehicle models it goes to (leaves of
 * the brand tree), a publish window and an HTML body. A draft is published, a published item
 * taken down (已下线); only a draft or a taken-down item is edited, only a draft deleted.
 */
export const CONTENT_TYPES = ["notice", "news", "event", "maintenance"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_TYPE_LABELS: Readonly<Record<ContentType, string>> = {
  notice: "公告",
  news: "资讯",
  event: "活动",
  maintenance: "保养提醒",
};
export const CONTENT_STATES = ["draft", "published", "offline"] as const;
export type ContentState = (typeof CONTENT_STATES)[number];
export const CONTENT_STATE_LABELS: Readonly<Record<ContentState, string>> = {
  draft: "草稿",
  published: "已发布",
  offline: "已下线",
};

/** Longest stored body (characters of sanitised HTML). */
export const CONTENT_BODY_MAX = 20_000;
export const CONTENT_TITLE_MAX = 60;
/** At most this many vehicle models per item. */
export const CONTENT_MODELS_MAX = 50;

export const MSG_CONTENT_FORMAT = "车载内容数据格式不正确";
export const MSG_CONTENT_TITLE = `标题不能为空，且不超过${CONTENT_TITLE_MAX}个字`;
export const MSG_CONTENT_TYPE = "内容类型应为公告、资讯、活动或保养提醒";
export const MSG_CONTENT_MODELS = `请选择1至${CONTENT_MODELS_MAX}个适用车型`;
export const MSG_CONTENT_TIME = "发布时间格式不正确";
export const MSG_CONTENT_WINDOW = "下线时间应晚于发布时间";
export const MSG_CONTENT_BODY = "内容正文不能为空";
export const MSG_CONTENT_BODY_LONG = `内容正文过长（不超过${CONTENT_BODY_MAX}个字符）`;
export const MSG_CONTENT_NOT_FOUND = "车载内容不存在";
export const MSG_CONTENT_STALE = "该车载内容已被他人修改，请刷新后重新编辑";
export const MSG_CONTENT_MODEL_UNKNOWN = "适用车型不存在";
export const MSG_CONTENT_EDIT_PUBLISHED = "已发布的内容不能编辑，请先下线";
export const MSG_CONTENT_DELETE_NOT_DRAFT = "只能删除草稿状态的内容";
export const MSG_CONTENT_PUBLISH_STATE = "只能发布草稿或已下线的内容";
export const MSG_CONTENT_OFFLINE_STATE = "只能下线已发布的内容";

const title = v.pipe(
  v.string(MSG_CONTENT_TITLE),
  v.trim(),
  v.minLength(1, MSG_CONTENT_TITLE),
  v.maxLength(CONTENT_TITLE_MAX, MSG_CONTENT_TITLE),
);
const epoch = v.pipe(v.number(MSG_CONTENT_TIME), v.integer(MSG_CONTENT_TIME), v.minValue(0, MSG_CONTENT_TIME));

/** The editable fields of an item as the form sends them (body: HTML, sanitised by the server). */
export const ContentEditSchema = v.object(
  {
    title,
    contentType: v.picklist(CONTENT_TYPES, MSG_CONTENT_TYPE),
    modelIds: v.pipe(
      v.array(v.pipe(v.number(MSG_CONTENT_MODELS), v.integer(MSG_CONTENT_MODELS)), MSG_CONTENT_MODELS),
      v.minLength(1, MSG_CONTENT_MODELS),
      v.maxLength(CONTENT_MODELS_MAX, MSG_CONTENT_MODELS),
    ),
    publishFrom: epoch,
    publishTo: v.nullable(epoch),
    body: v.pipe(v.string(MSG_CONTENT_BODY), v.maxLength(CONTENT_BODY_MAX, MSG_CONTENT_BODY_LONG)),
  },
  MSG_CONTENT_FORMAT,
);
export type ContentEdit = v.InferOutput<typeof ContentEditSchema>;
export type ContentField = keyof ContentEdit;

/** Whether HTML shows any text or image (a body of empty paragraphs is empty). */
export function contentHasBody(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "").length > 0;
}

/** The rules between fields: a window that ends after it starts, a body that shows something. */
export function contentRuleProblems(e: ContentEdit): OutletProblem<ContentField>[] {
  const out: OutletProblem<ContentField>[] = [];
  if (e.publishTo !== null && e.publishTo <= e.publishFrom) out.push({ field: "publishTo", msg: MSG_CONTENT_WINDOW });
  if (!contentHasBody(e.body)) out.push({ field: "body", msg: MSG_CONTENT_BODY });
  return out;
}

/** Checks an item as the form submits it (before the server sanitises the body); every reason with its field. */
export function checkContentEdit(input: unknown): Result<ContentEdit, OutletProblem<ContentField>[]> {
  const parsed = v.safeParse(ContentEditSchema, input);
  if (!parsed.success) return err(issuesAsProblems<ContentField>(parsed.issues, "title"));
  const value = { ...parsed.output, modelIds: [...new Set(parsed.output.modelIds)] };
  const problems = contentRuleProblems(value);
  return problems.length > 0 ? err(problems) : ok(value);
}

/** Whether an item in this state may be edited (a draft, or one taken down). */
export const contentEditable = (s: ContentState) => s !== "published";
/** Whether an item in this state may be deleted (a draft only). */
export const contentDeletable = (s: ContentState) => s === "draft";
/** Whether an item in this state may be published (a draft, or one taken down to be put back). */
export const contentPublishable = (s: ContentState) => s !== "published";
/** Whether an item in this state may be taken down (a published one). */
export const contentOfflinable = (s: ContentState) => s === "published";

/** Why a transition is refused now, or null when it may happen. */
export function contentTransitionRefusal(
  action: "edit" | "delete" | "publish" | "offline",
  state: ContentState,
): string | null {
  switch (action) {
    case "edit":
      return contentEditable(state) ? null : MSG_CONTENT_EDIT_PUBLISHED;
    case "delete":
      return contentDeletable(state) ? null : MSG_CONTENT_DELETE_NOT_DRAFT;
    case "publish":
      return contentPublishable(state) ? null : MSG_CONTENT_PUBLISH_STATE;
    default:
      return contentOfflinable(state) ? null : MSG_CONTENT_OFFLINE_STATE;
  }
}

/**
 * Where an item stands for a head unit at `now` (epoch ms): published and inside its window
 * shows; published before its window waits; published after it has expired; otherwise its state.
 */
export function contentShowing(
  state: ContentState,
  publishFrom: number,
  publishTo: number | null,
  now: number,
): "showing" | "scheduled" | "expired" | "hidden" {
  if (state !== "published") return "hidden";
  if (now < publishFrom) return "scheduled";
  if (publishTo !== null && now >= publishTo) return "expired";
  return "showing";
}
