import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type PreviewItem, PreviewOverlay } from "./PreviewOverlay";

function Preview({ items }: { items: PreviewItem[] }) {
  const [i, setI] = useState<number | null>(0);
  return <PreviewOverlay items={items} index={i} onIndexChange={setI} onClose={() => setI(null)} />;
}

const ITEMS: PreviewItem[] = [
  { url: "https://obs.test/a.png", name: "a.png" },
  { url: "", name: "clip.mp4" },
  { url: "https://obs.test/doc.pdf", name: "合格证.pdf" },
  { url: "https://obs.test/fw.bin", name: "fw.bin" },
];

const key = (k: string) => fireEvent.keyDown(screen.getByRole("img", { name: "a.png" }), { key: k });

describe("PreviewOverlay by keyboard and kind", () => {
  it("zooms with + and −, moves with → and ←, and shows each kind", () => {
    render(<Preview items={ITEMS} />);
    const panel = screen.getByRole("dialog");
    key("+");
    key("+");
    key("-");
    expect(screen.getByLabelText("缩放比例").textContent).toBe("110%");
    fireEvent.keyDown(panel.querySelector("img") ?? panel, { key: "ArrowRight" });
    expect(screen.getByText("暂无视频资源！")).toBeTruthy();
    fireEvent.keyDown(screen.getByText("暂无视频资源！"), { key: "ArrowRight" });
    expect(screen.getByLabelText("合格证.pdf").getAttribute("data")).toBe("https://obs.test/doc.pdf");
    fireEvent.keyDown(screen.getByLabelText("合格证.pdf"), { key: "ArrowRight" });
    expect(screen.getByRole("link", { name: "下载 fw.bin" })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("link", { name: "下载 fw.bin" }), { key: "ArrowRight" });
    // Wraps to the first item, at zoom 1 again.
    expect(screen.getByLabelText("缩放比例").textContent).toBe("100%");
    fireEvent.keyDown(screen.getByRole("img", { name: "a.png" }), { key: "ArrowLeft" });
    expect(screen.getByRole("link", { name: "下载 fw.bin" })).toBeTruthy();
  });
});
