import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Dialog } from "./Dialog";

describe("Dialog", () => {
  it("throttles confirm to once per 2 s", async () => {
    let now = 10_000;
    const spy = vi.spyOn(Date, "now").mockImplementation(() => now);
    const onConfirm = vi.fn();
    render(
      <Dialog open title="编辑" onClose={() => {}} onConfirm={onConfirm}>
        内容
      </Dialog>,
    );
    const ok = screen.getByRole("button", { name: "确定" });
    const user = userEvent.setup();
    await user.click(ok);
    await user.click(ok);
    now += 1999;
    await user.click(ok);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    now += 1;
    await user.click(ok);
    expect(onConfirm).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
  it("does not count a confirm that answers false (nothing sent), sync or as a promise", async () => {
    let now = 10_000;
    const spy = vi.spyOn(Date, "now").mockImplementation(() => now);
    const answers: unknown[] = [false, Promise.resolve(false), undefined, Promise.resolve(true)];
    const onConfirm = vi.fn(() => answers.shift());
    render(
      <Dialog open title="编辑" onClose={() => {}} onConfirm={onConfirm}>
        内容
      </Dialog>,
    );
    const ok = screen.getByRole("button", { name: "确定" });
    const user = userEvent.setup();
    await user.click(ok); // false: refused before sending
    await user.click(ok); // promise of false
    await user.click(ok); // sent: the window opens
    await user.click(ok); // dropped
    expect(onConfirm).toHaveBeenCalledTimes(3);
    now += 2000;
    await user.click(ok);
    await user.click(ok); // a promise of true keeps the window
    expect(onConfirm).toHaveBeenCalledTimes(4);
    spy.mockRestore();
  });

  it("closes on Escape and on the close button, titled for assistive tech", async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="地址详情" onClose={onClose}>
        x
      </Dialog>,
    );
    expect(screen.getByRole("dialog", { name: "地址详情" })).toBeTruthy();
    const user = userEvent.setup();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "关闭" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
