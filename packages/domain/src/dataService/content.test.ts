import { describe, expect, it } from "vitest";
import {
  CONTENT_BODY_MAX,
  type ContentEdit,
  checkContentEdit,
  contentHasBody,
  contentShowing,
  contentTransitionRefusal,
  MSG_CONTENT_BODY,
  MSG_CONTENT_BODY_LONG,
  MSG_CONTENT_DELETE_NOT_DRAFT,
  MSG_CONTENT_EDIT_PUBLISHED,
  MSG_CONTENT_FORMAT,
  MSG_CONTENT_MODELS,
  MSG_CONTENT_OFFLINE_STATE,
  MSG_CONTENT_PUBLISH_STATE,
  MSG_CONTENT_TITLE,
  MSG_CONTENT_TYPE,
  MSG_CONTENT_WINDOW,
} from "../index";

const item: ContentEdit = {
  title: "冬季保养提醒",
  contentType: "maintenance",
  modelIds: [3, 4],
  publishFrom: 1_763_000_000_000,
  publishTo: 1_765_000_000_000,
  body: "<p>请及时更换防冻液</p>",
};
const msgs = (r: ReturnType<typeof checkContentEdit>) => (r.ok ? [] : r.error.map((p) => p.msg));

describe("a head-unit content item", () => {
  it("passes as filled in, trimmed, models once each", () => {
    expect(checkContentEdit({ ...item, title: ` ${item.title} `, modelIds: [3, 4, 3] })).toEqual({
      ok: true,
      value: item,
    });
    expect(checkContentEdit({ ...item, publishTo: null }).ok).toBe(true);
  });
  it("refuses each bad field with its field", () => {
    const r = checkContentEdit({ ...item, title: " ", contentType: "ad", modelIds: [] });
    expect(r.ok ? [] : r.error).toEqual([
      { field: "title", msg: MSG_CONTENT_TITLE },
      { field: "contentType", msg: MSG_CONTENT_TYPE },
      { field: "modelIds", msg: MSG_CONTENT_MODELS },
    ]);
    expect(msgs(checkContentEdit({ ...item, body: "x".repeat(CONTENT_BODY_MAX + 1) }))).toEqual([
      MSG_CONTENT_BODY_LONG,
    ]);
    expect(msgs(checkContentEdit("x"))).toEqual([MSG_CONTENT_FORMAT]);
  });
  it("needs a window that ends after it starts and a body that shows something", () => {
    expect(msgs(checkContentEdit({ ...item, publishTo: item.publishFrom }))).toEqual([MSG_CONTENT_WINDOW]);
    expect(msgs(checkContentEdit({ ...item, body: "<p>&nbsp; </p>" }))).toEqual([MSG_CONTENT_BODY]);
    expect(contentHasBody('<p><img src="/oss/a.png"></p>')).toBe(true);
  });
});

describe("the states of an item", () => {
  it("edits a draft or a taken-down item, deletes a draft only", () => {
    expect(contentTransitionRefusal("edit", "draft")).toBeNull();
    expect(contentTransitionRefusal("edit", "offline")).toBeNull();
    expect(contentTransitionRefusal("edit", "published")).toBe(MSG_CONTENT_EDIT_PUBLISHED);
    expect(contentTransitionRefusal("delete", "draft")).toBeNull();
    expect(contentTransitionRefusal("delete", "offline")).toBe(MSG_CONTENT_DELETE_NOT_DRAFT);
  });
  it("publishes what is not published and takes down what is", () => {
    expect(contentTransitionRefusal("publish", "draft")).toBeNull();
    expect(contentTransitionRefusal("publish", "offline")).toBeNull();
    expect(contentTransitionRefusal("publish", "published")).toBe(MSG_CONTENT_PUBLISH_STATE);
    expect(contentTransitionRefusal("offline", "published")).toBeNull();
    expect(contentTransitionRefusal("offline", "draft")).toBe(MSG_CONTENT_OFFLINE_STATE);
  });
  it("shows a published item inside its window only", () => {
    expect(contentShowing("draft", 10, null, 20)).toBe("hidden");
    expect(contentShowing("published", 10, null, 5)).toBe("scheduled");
    expect(contentShowing("published", 10, 20, 20)).toBe("expired");
    expect(contentShowing("published", 10, 20, 15)).toBe("showing");
    expect(contentShowing("published", 10, null, 99)).toBe("showing");
  });
});
