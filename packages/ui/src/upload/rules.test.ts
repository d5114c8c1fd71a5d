import { describe, expect, it } from "vitest";
import { checkDuration, checkFile, checkRatio, extensionOf, stepZoom } from "./rules";

describe("upload rules (spec §5)", () => {
  it("rejects a name that misses the given pattern", () => {
    expect(checkFile({ name: "a.txt", size: 1 }, { kind: "file", pattern: /\.xlsx?$/ })).toBe(
      "选择的文件格式不正确，请重新上传",
    );
  });
  it("accepts the image types png, jpg, gif, jpeg, webp and rejects others", () => {
    for (const n of ["a.png", "a.JPG", "a.gif", "a.jpeg", "a.webp"])
      expect(checkFile({ name: n, size: 1 }, { kind: "image" })).toBeNull();
    expect(checkFile({ name: "a.bmp", size: 1 }, { kind: "image" })).toBe("上传文件格式错误");
  });
  it("accepts the video types and pdf", () => {
    for (const n of ["a.mp4", "a.rmvb", "a.flv", "a.mpeg", "a.avi", "a.dat", "a.mov"])
      expect(checkFile({ name: n, size: 1 }, { kind: "video" })).toBeNull();
    expect(checkFile({ name: "a.pdf", size: 1 }, { kind: "pdf" })).toBeNull();
    expect(checkFile({ name: "a.doc", size: 1 }, { kind: "pdf" })).toBe("上传文件格式错误");
  });
  it("caps the simple image uploader at 1048576 bytes", () => {
    expect(checkFile({ name: "a.png", size: 1_048_576 }, { kind: "image", simpleImage: true })).toBeNull();
    expect(checkFile({ name: "a.png", size: 1_048_577 }, { kind: "image", simpleImage: true })).toBe(
      "图片大小不能超过1M!",
    );
  });
  it("applies a size limit in MB", () => {
    expect(checkFile({ name: "a.zip", size: 2 * 1_048_576 + 1 }, { kind: "file", maxSizeMb: 2 })).toBe(
      "上传文件不能超过2M",
    );
  });
  it("checks ratio and video length", () => {
    expect(checkRatio(1600, 900, 16 / 9)).toBeNull();
    expect(checkRatio(1000, 1000, 16 / 9)).toBe("图片比例不正确，请重新上传");
    expect(checkDuration(300)).toBeNull();
    expect(checkDuration(301)).toBe("视频长度不能超过300秒!");
    expect(checkDuration(61, 60)).toBe("视频长度不能超过60秒!");
  });
  it("zooms from 0.1 to 2 in steps of 0.1", () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.1, -1)).toBe(0.1);
    expect(stepZoom(0.3, -2)).toBe(0.1);
    expect(extensionOf("x.tar.GZ")).toBe("gz");
    expect(extensionOf("noext")).toBe("");
  });
});
