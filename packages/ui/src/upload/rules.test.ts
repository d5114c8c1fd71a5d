import { describe, expect, it } from "vitest";
import { acceptOf, checkDuration, checkFile, checkRatio, stepZoom } from "./rules";

// The messages come from @tsp/domain; these cases pin how the widget combines the rules.
describe("uploader checks (spec §5)", () => {
  it("rejects a name that misses the given pattern before anything else", () => {
    expect(checkFile({ name: "a.png", size: 1 }, { kind: "image", pattern: /\.xlsx?$/ })).toBe(
      "选择的文件格式不正确，请重新上传",
    );
  });
  it("accepts the kind's types and rejects others", () => {
    for (const n of ["a.png", "a.JPG", "a.gif", "a.jpeg", "a.webp"])
      expect(checkFile({ name: n, size: 1 }, { kind: "image" })).toBeNull();
    expect(checkFile({ name: "a.bmp", size: 1 }, { kind: "image" })).toBe("上传文件格式错误");
    expect(checkFile({ name: "a.mov", size: 1 }, { kind: "video" })).toBeNull();
    expect(checkFile({ name: "a.doc", size: 1 }, { kind: "pdf" })).toBe("上传文件格式错误");
    expect(acceptOf("pdf")).toBe(".pdf");
    expect(acceptOf("file")).toBeUndefined();
  });
  it("caps the simple image uploader at 1048576 bytes", () => {
    expect(checkFile({ name: "a.png", size: 1_048_576 }, { kind: "image", simpleImage: true })).toBeNull();
    expect(checkFile({ name: "a.png", size: 1_048_577 }, { kind: "image", simpleImage: true })).toBe(
      "图片大小不能超过1M!",
    );
  });
  it("speaks 上传文件不能超过 for media and 文件大小不能超过 for backend files", () => {
    expect(checkFile({ name: "a.png", size: 2 * 1_048_576 + 1 }, { kind: "image", maxSizeMb: 2 })).toBe(
      "上传文件不能超过2M",
    );
    expect(checkFile({ name: "a.zip", size: 2 * 1_048_576 + 1 }, { kind: "file", maxSizeMb: 2 })).toBe(
      "文件大小不能超过2M",
    );
  });
  it("checks ratio, video length and zoom steps", () => {
    expect(checkRatio(1600, 900, [16, 9])).toBeNull();
    expect(checkRatio(1000, 1000, [16, 9])).toBe("图片比例不正确，请重新上传");
    expect(checkDuration(300)).toBeNull();
    expect(checkDuration(301)).toBe("视频长度不能超过300秒!");
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.1, -1)).toBe(0.1);
  });
});
