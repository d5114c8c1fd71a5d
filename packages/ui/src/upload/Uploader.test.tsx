import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../feedback/Toasts";
import { PreviewOverlay } from "./PreviewOverlay";
import type { UploadedFile, UploadFn } from "./types";
import { Uploader, type UploaderProps } from "./Uploader";

// MD5("hello") — the object key by default.
const HELLO_MD5 = "5d41402abc4b2a76b9719d911017c592";

function Harness(props: Partial<UploaderProps> & { upload: UploadFn; onValue?: (v: UploadedFile[]) => void }) {
  const [value, setValue] = useState<UploadedFile[]>([]);
  return (
    <ToastProvider>
      <Uploader
        kind="image"
        label="车辆照片"
        value={value}
        onChange={(v) => {
          setValue(v);
          props.onValue?.(v);
        }}
        {...props}
      />
    </ToastProvider>
  );
}

const png = (name = "car.png", body = "hello") => new File([body], name, { type: "image/png" });

describe("Uploader", () => {
  it("uploads with the MD5 as object key, shows the percent, emits the stored file", async () => {
    const ctl = { progress: (_p: number) => {}, finish: () => {} };
    const upload = vi.fn<UploadFn>(
      (_file, opts) =>
        new Promise((resolve) => {
          ctl.progress = opts.onProgress;
          ctl.finish = () => resolve({ url: `https://obs.test/${opts.objectKey}` });
        }),
    );
    const onValue = vi.fn();
    render(<Harness upload={upload} onValue={onValue} />);
    await userEvent.setup().upload(screen.getByLabelText("车辆照片：上传图片"), png());
    await waitFor(() => expect(upload).toHaveBeenCalledOnce());
    expect(upload.mock.calls[0]?.[1].objectKey).toBe(HELLO_MD5);
    expect(upload.mock.calls[0]?.[1].contentType).toBe("image/png");
    ctl.progress(42);
    await waitFor(() => expect(screen.getByText("42%")).toBeTruthy());
    ctl.finish();
    await waitFor(() => expect(onValue).toHaveBeenCalled());
    expect(onValue.mock.calls[0]?.[0]).toEqual([
      {
        objectKey: HELLO_MD5,
        url: `https://obs.test/${HELLO_MD5}`,
        name: "car.png",
        size: 5,
        fileMd5: HELLO_MD5,
        contentType: "image/png",
      },
    ]);
    // Single widget: the limit is 1, so the add button is gone.
    expect(screen.queryByLabelText("车辆照片：上传图片")).toBeNull();
  });

  it("rejects a wrong type with the spec's message and uploads nothing", async () => {
    const upload = vi.fn<UploadFn>();
    render(<Harness upload={upload} />);
    // applyAccept off: a person can still pick "all files" in the dialog.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText("车辆照片：上传图片"), png("car.bmp"));
    expect((await screen.findByRole("alert")).textContent).toContain("上传文件格式错误");
    expect(upload).not.toHaveBeenCalled();
  });

  it("rejects an image over 1 MB in the simple uploader", async () => {
    const upload = vi.fn<UploadFn>();
    render(<Harness upload={upload} simpleImage />);
    await userEvent.setup().upload(screen.getByLabelText("车辆照片：上传图片"), png("big.png", "x".repeat(1_048_577)));
    expect((await screen.findByRole("alert")).textContent).toContain("图片大小不能超过1M!");
    expect(upload).not.toHaveBeenCalled();
  });

  it("checks the ratio and the video length with injected measures", async () => {
    const upload = vi.fn<UploadFn>(async () => ({ url: "u" }));
    const measure = { image: async () => ({ width: 100, height: 100 }), videoDuration: async () => 301 };
    const { unmount } = render(<Harness upload={upload} ratio={[16, 9]} measure={measure} />);
    await userEvent.setup().upload(screen.getByLabelText("车辆照片：上传图片"), png());
    expect((await screen.findByRole("alert")).textContent).toContain("图片比例不正确，请重新上传");
    unmount();
    render(<Harness upload={upload} kind="video" label="视频" measure={measure} />);
    await userEvent
      .setup()
      .upload(screen.getByLabelText("视频：上传视频"), new File(["v"], "a.mp4", { type: "video/mp4" }));
    expect((await screen.findByRole("alert")).textContent).toContain("视频长度不能超过300秒!");
    expect(upload).not.toHaveBeenCalled();
  });

  it("hides the add button at the limit of a multiple uploader and shows the failure message", async () => {
    let n = 0;
    const upload = vi.fn<UploadFn>(async () => {
      n += 1;
      if (n === 3) throw new Error("network");
      return { url: `u${n}` };
    });
    render(<Harness upload={upload} multiple limit={2} />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("车辆照片：上传图片"), [png("a.png", "a"), png("b.png", "b")]);
    await waitFor(() => expect(screen.getAllByRole("button", { name: /^预览/ })).toHaveLength(2));
    expect(screen.queryByLabelText("车辆照片：上传图片")).toBeNull();
    await user.click(screen.getByRole("button", { name: "删除 a.png" }));
    await user.upload(screen.getByLabelText("车辆照片：上传图片"), png("c.png", "c"));
    expect((await screen.findByRole("alert")).textContent).toContain("文件上传失败，请检查网络连接后重试");
  });
});

function Preview({ onClose = () => {} }: { onClose?: () => void }) {
  const [i, setI] = useState<number | null>(0);
  return (
    <PreviewOverlay
      items={[
        { url: "a.png", name: "a.png" },
        { url: "b.png", name: "b.png" },
      ]}
      index={i}
      onIndexChange={setI}
      onClose={() => {
        setI(null);
        onClose();
      }}
    />
  );
}

const zoomText = () => screen.getByLabelText("缩放比例").textContent;

describe("Uploader leaving the screen", () => {
  it("aborts an upload in flight", async () => {
    const seen: AbortSignal[] = [];
    const upload = vi.fn<UploadFn>(
      (_f, opts) =>
        new Promise((_resolve, reject) => {
          seen.push(opts.signal);
          opts.signal.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    );
    const { unmount } = render(<Harness upload={upload} />);
    await userEvent.setup().upload(screen.getByLabelText("车辆照片：上传图片"), png());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.aborted).toBe(false);
    unmount();
    expect(seen[0]?.aborted).toBe(true);
  });
});

describe("PreviewOverlay", () => {
  it("zooms between 0.1 and 2 and resets to 1 on the next item", async () => {
    render(<Preview />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "放大" }));
    await user.click(screen.getByRole("button", { name: "放大" }));
    expect(zoomText()).toBe("120%");
    for (let k = 0; k < 12; k++) await user.click(screen.getByRole("button", { name: "放大" }));
    expect(zoomText()).toBe("200%");
    expect((screen.getByRole("button", { name: "放大" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "下一个" }));
    expect(zoomText()).toBe("100%");
    expect(screen.getByRole("img", { name: "b.png" })).toBeTruthy();
  });
  it("shows 加载失败 when the image does not load, and closes on Escape", async () => {
    const onClose = vi.fn();
    render(<Preview onClose={onClose} />);
    fireEvent.error(screen.getByRole("img", { name: "a.png" }));
    expect(screen.getByRole("img", { name: "加载失败" })).toBeTruthy();
    await userEvent.setup().keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledOnce();
  });
});
