import { describe, expect, it } from "vitest";
import { reduceUpload, UPLOAD_IDLE, type UploadAction, type UploadState } from "./uploadState";

const run = (...actions: UploadAction<string>[]) => actions.reduce<UploadState<string>>(reduceUpload, UPLOAD_IDLE);

describe("upload: idle, loading with percent, then success or error (§4)", () => {
  it("starts loading at 0 %", () => {
    expect(run({ type: "start" })).toEqual({ status: "loading", percent: 0 });
  });
  it("progress gives whole percents up to 100 and never goes back", () => {
    expect(run({ type: "start" }, { type: "progress", loaded: 1, total: 3 })).toEqual({
      status: "loading",
      percent: 33,
    });
    expect(run({ type: "start" }, { type: "progress", loaded: 5, total: 4 })).toEqual({
      status: "loading",
      percent: 100,
    });
    expect(
      run({ type: "start" }, { type: "progress", loaded: 2, total: 4 }, { type: "progress", loaded: 1, total: 4 }),
    ).toEqual({
      status: "loading",
      percent: 50,
    });
    expect(run({ type: "start" }, { type: "progress", loaded: 10, total: 0 })).toEqual({
      status: "loading",
      percent: 0,
    });
  });
  it("success emits the value", () => {
    expect(run({ type: "start" }, { type: "succeed", value: "https://obs/x.png" })).toEqual({
      status: "success",
      value: "https://obs/x.png",
    });
  });
  it("failure shows the default message, or the given one", () => {
    expect(run({ type: "start" }, { type: "fail" })).toEqual({
      status: "error",
      message: "文件上传失败，请检查网络连接后重试",
    });
    expect(run({ type: "start" }, { type: "fail", message: "上传文件格式错误" })).toEqual({
      status: "error",
      message: "上传文件格式错误",
    });
  });
  it("events out of order change nothing; reset returns to idle", () => {
    const done = run({ type: "start" }, { type: "succeed", value: "v" });
    expect(reduceUpload(done, { type: "progress", loaded: 1, total: 2 })).toBe(done);
    expect(reduceUpload(done, { type: "fail" })).toBe(done);
    expect(reduceUpload(UPLOAD_IDLE, { type: "succeed", value: "v" })).toBe(UPLOAD_IDLE);
    expect(reduceUpload(done, { type: "reset" })).toEqual({ status: "idle" });
  });
});
