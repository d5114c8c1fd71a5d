import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chart, RichTextEditor } from "./lazy";

describe("lazy chunks", () => {
  it("show a placeholder, then the loaded widget", async () => {
    render(<Chart kind="bar" title="报警次数" series={[]} />);
    expect(screen.getByRole("status").textContent).toBe("加载中…");
    expect((await screen.findByRole("figure", { name: "报警次数" })).textContent).toContain("暂无数据");
  });
  it("load the editor on first render", async () => {
    render(<RichTextEditor label="公告" value="<p>x</p>" onChange={() => {}} upload={async () => ({ url: "u" })} />);
    expect(await screen.findByRole("toolbar", { name: "公告工具栏" }, { timeout: 8000 })).toBeTruthy();
  });
});
