import { describe, expect, it } from "vitest";
import {
  MSG_EDITOR_FILE_FORMAT_INCORRECT,
  MSG_FILE_FORMAT_INCORRECT,
  MSG_IMAGE_OVER_1M,
  MSG_IMAGE_RATIO,
  MSG_UPLOAD_FAILED,
  MSG_UPLOAD_FORMAT_ERROR,
} from "./uploadMessages";
import {
  backendUploadSizeProblem,
  canAddFile,
  EDITOR_MAX_IMAGES,
  FILE_LIMIT_SINGLE,
  fileExtension,
  imageRatioProblem,
  MB,
  simpleImageSizeProblem,
  uploadSizeProblem,
  uploadTypeProblem,
  videoDurationProblem,
} from "./uploadRules";

describe("upload types (§5)", () => {
  it.each(["a.png", "a.JPG", "a.gif", "a.jpeg", "a.webp"])("image %s is allowed", (name) => {
    expect(uploadTypeProblem(name, "image")).toBeNull();
  });
  it.each(["a.mp4", "a.rmvb", "a.flv", "a.mpeg", "a.avi", "a.dat", "a.mov"])("video %s is allowed", (name) => {
    expect(uploadTypeProblem(name, "video")).toBeNull();
  });
  it("pdf is allowed for pdf and media uploaders", () => {
    expect(uploadTypeProblem("manual.pdf", "pdf")).toBeNull();
    expect(uploadTypeProblem("manual.pdf", "media")).toBeNull();
    expect(uploadTypeProblem("clip.mov", "media")).toBeNull();
  });
  it("other extensions give 上传文件格式错误", () => {
    expect(uploadTypeProblem("a.bmp", "image")).toBe("上传文件格式错误");
    expect(uploadTypeProblem("a.png", "video")).toBe(MSG_UPLOAD_FORMAT_ERROR);
    expect(uploadTypeProblem("noext", "pdf")).toBe(MSG_UPLOAD_FORMAT_ERROR);
  });
  it("a name not matching the given pattern gives 选择的文件格式不正确，请重新上传", () => {
    expect(uploadTypeProblem("photo.png", "image", /^VIN_/)).toBe("选择的文件格式不正确，请重新上传");
    expect(uploadTypeProblem("VIN_1.png", "image", /^VIN_/)).toBeNull();
    expect(MSG_FILE_FORMAT_INCORRECT).toBe("选择的文件格式不正确，请重新上传");
  });
  it("a backend file uploader takes any extension, checked only by its pattern", () => {
    expect(uploadTypeProblem("firmware.bin", "file")).toBeNull();
    expect(uploadTypeProblem("firmware.bin", "file", /\.hex$/)).toBe(MSG_FILE_FORMAT_INCORRECT);
  });
  it("extensions are read case-insensitively from the last dot", () => {
    expect(fileExtension("a.tar.GZ")).toBe("gz");
    expect(fileExtension("README")).toBe("");
  });
});

describe("upload sizes (§5, §9)", () => {
  it("the simple image uploader takes exactly 1 MB and refuses one byte more", () => {
    expect(simpleImageSizeProblem(1048576)).toBeNull();
    expect(simpleImageSizeProblem(1048577)).toBe("图片大小不能超过1M!");
    expect(MSG_IMAGE_OVER_1M).toBe("图片大小不能超过1M!");
  });
  it("an optional limit in MB speaks each wording", () => {
    expect(uploadSizeProblem(5 * MB + 1, 5)).toBe("上传文件不能超过5M");
    expect(uploadSizeProblem(5 * MB + 1, 5, "file")).toBe("文件大小不能超过5M");
    expect(uploadSizeProblem(3 * MB + 1, 3, "editorImage")).toBe("图片大小不能超过3M");
    expect(uploadSizeProblem(5 * MB, 5)).toBeNull();
    expect(uploadSizeProblem(500 * MB, undefined)).toBeNull();
  });
  it("the backend-file uploader defaults to 2 MB", () => {
    expect(backendUploadSizeProblem(2 * MB)).toBeNull();
    expect(backendUploadSizeProblem(2 * MB + 1)).toBe("文件大小不能超过2M");
    expect(backendUploadSizeProblem(4 * MB, 10)).toBeNull();
  });
});

describe("video duration, image ratio, file count (§5)", () => {
  it("a video longer than 300 s by default is refused", () => {
    expect(videoDurationProblem(300)).toBeNull();
    expect(videoDurationProblem(300.5)).toBe("视频长度不能超过300秒!");
    expect(videoDurationProblem(61, 60)).toBe("视频长度不能超过60秒!");
  });
  it("the image ratio must match", () => {
    expect(imageRatioProblem(1920, 1080, [16, 9])).toBeNull();
    expect(imageRatioProblem(1920, 1081, [16, 9])).toBe("图片比例不正确，请重新上传");
    expect(MSG_IMAGE_RATIO).toBe("图片比例不正确，请重新上传");
  });
  it("the add button hides once the limit (default 9, 1 for single) is reached", () => {
    expect(canAddFile(8)).toBe(true);
    expect(canAddFile(9)).toBe(false);
    expect(canAddFile(0, FILE_LIMIT_SINGLE)).toBe(true);
    expect(canAddFile(1, FILE_LIMIT_SINGLE)).toBe(false);
    expect(canAddFile(4, EDITOR_MAX_IMAGES)).toBe(true);
    expect(canAddFile(5, EDITOR_MAX_IMAGES)).toBe(false);
  });
  it("the other quoted messages are exact", () => {
    expect(MSG_EDITOR_FILE_FORMAT_INCORRECT).toBe("选择的文件格式不正确,请重新上传");
    expect(MSG_UPLOAD_FAILED).toBe("文件上传失败，请检查网络连接后重试");
  });
});
