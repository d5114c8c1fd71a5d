import {
  ApiError,
  AuthError,
  BadResponseError,
  CancelledError,
  NetworkError,
  TimeoutError,
  UploadError,
  ValueTooLongError,
} from "@tsp/sdk";
import { describe, expect, it } from "vitest";
import { type Locale, translate } from "../i18n/i18n";
import { errorMessage } from "./errorMessage";

const call = { method: "GET", path: "/x", url: "/x" };
const zh = (error: Parameters<typeof errorMessage>[0]) => errorMessage(error, (k, p) => translate("zh-CN", k, p));
const inLocale = (locale: Locale, error: Parameters<typeof errorMessage>[0]) =>
  errorMessage(error, (k, p) => translate(locale, k, p));

describe("an answer from the server reads as spec §8 composes it", () => {
  it("msg, then the first failDetail msg after a colon", () => {
    const error = new ApiError({
      code: 400,
      msg: "参数校验失败",
      failDetail: [
        { field: "vin", msg: "请输入17位VIN" },
        { field: "x", msg: "第二条" },
      ],
      status: 400,
    });
    expect(zh(error)).toBe("参数校验失败:请输入17位VIN");
  });
  it("without msg or failDetail: 请求失败 (Request failed in English)", () => {
    expect(zh(new ApiError({ code: 500, status: 500 }))).toBe("请求失败");
    expect(inLocale("en", new ApiError({ code: 500, status: 500 }))).toBe("Request failed");
  });
  it("a 401 from a public call (wrong client secret) reads the same way", () => {
    expect(zh(new AuthError({ code: 401, msg: "客户端认证失败", status: 401 }))).toBe("客户端认证失败");
  });
});

describe("the transport's own failures come from the catalogue (no UI text in the SDK)", () => {
  it("timeout, with its seconds", () => {
    expect(zh(new TimeoutError(60_000, call))).toBe("请求超时（60 秒）");
    expect(inLocale("en", new TimeoutError(200_000, call))).toBe("The request timed out (200 s)");
  });
  it("network, cancelled, bad response", () => {
    expect(zh(new NetworkError(call))).toBe("网络连接失败，请检查网络后重试");
    expect(zh(new CancelledError(call))).toBe("请求已取消");
    expect(zh(new BadResponseError(200, "{not json", call))).toBe("响应格式错误");
  });
  it("a refused upload shows the store's msg, else the spec's upload failure text", () => {
    expect(zh(new UploadError({ code: 403, msg: "签名无效或已过期", status: 403, call }))).toBe("签名无效或已过期");
    expect(zh(new UploadError({ call, cause: new TypeError("fetch failed") }))).toBe(
      "文件上传失败，请检查网络连接后重试",
    );
  });
  it("a value too long for RSA names the limit", () => {
    expect(zh(new ValueTooLongError(200, 190))).toBe("加密内容过长：最多 190 字节");
  });
});
