import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { ToastProvider } from "../feedback/Toasts";
import type { UploadFn } from "../upload/types";
import { RichTextEditor } from "./RichTextEditor";

describe("RichTextEditor", () => {
  const five = Array.from({ length: 5 }, (_, i) => `<img src="https://obs.test/${i}.png">`).join("");

  it("emits sanitised HTML 500 ms after the last change, not before", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const onChange = vi.fn();
    render(
      <ToastProvider>
        <RichTextEditor label="公告内容" value="<p>旧</p>" onChange={onChange} upload={vi.fn()} />
      </ToastProvider>,
    );
    act(() => {
      screen.getByRole("button", { name: "有序列表" }).click();
    });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledOnce();
    // The exact sanitised HTML is asserted in sanitize.test.ts (jsdom) and in the browser test;
    // happy-dom's parser is not faithful enough for DOMPurify.
    expect(onChange.mock.calls[0]?.[0]).toContain("旧");
  });

  it("toggles formatting from the toolbar and marks the active tools", async () => {
    render(
      <ToastProvider>
        <RichTextEditor label="公告内容" value="<p>内容</p>" onChange={() => {}} upload={vi.fn()} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    for (const name of ["标题", "加粗", "斜体", "删除线", "无序列表", "有序列表", "引用", "撤销", "重做"])
      await user.click(screen.getByRole("button", { name }));
    await user.click(screen.getByRole("button", { name: "无序列表" }));
    expect(screen.getByRole("button", { name: "无序列表" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("caps images at 5 and rejects a non-image with the editor's message", async () => {
    const upload = vi.fn<UploadFn>(async () => ({ url: "https://obs.test/x.png" }));
    render(
      <ToastProvider>
        <RichTextEditor label="公告内容" value={`<p>x</p>${five}`} onChange={() => {}} upload={upload} />
      </ToastProvider>,
    );
    expect(screen.getByText("图片 5/5")).toBeTruthy();
    expect((screen.getByLabelText("插入图片") as HTMLInputElement).disabled).toBe(true);
  });

  it("rejects a wrong type and an oversized image, and uploads a good one", async () => {
    const upload = vi.fn<UploadFn>(async () => ({ url: "https://obs.test/ok.png" }));
    render(
      <ToastProvider>
        <RichTextEditor label="公告内容" value="<p>x</p>" onChange={() => {}} upload={upload} maxImageMb={1} />
      </ToastProvider>,
    );
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText("插入图片"), new File(["x"], "a.exe"));
    expect((await screen.findByRole("alert")).textContent).toContain("选择的文件格式不正确,请重新上传");
    await user.upload(screen.getByLabelText("插入图片"), new File(["x".repeat(1_048_577)], "big.png"));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").some((a) => a.textContent?.includes("图片大小不能超过1M"))).toBe(true),
    );
    expect(upload).not.toHaveBeenCalled();
    await user.upload(screen.getByLabelText("插入图片"), new File(["x"], "ok.png", { type: "image/png" }));
    await waitFor(() => expect(screen.getByText("图片 1/5")).toBeTruthy());
    expect(upload).toHaveBeenCalledOnce();
  });
});
