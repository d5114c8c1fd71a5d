import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GeofenceWire as Geofence } from "@tsp/domain";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../feedback/Toasts";
import { GeofenceEditor } from "./GeofenceEditor";

function Harness({ onChange }: { onChange: (g: Geofence | null) => void }) {
  const [value, setValue] = useState<Geofence | null>(null);
  return (
    <ToastProvider>
      <GeofenceEditor
        value={value}
        onChange={(g) => {
          setValue(g);
          onChange(g);
        }}
      />
    </ToastProvider>
  );
}

describe("GeofenceEditor (keyboard path)", () => {
  it("applies a typed circle and emits the spec encoding", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "圆心（经度,纬度）" }), "116.404,39.915");
    await user.type(screen.getByRole("textbox", { name: "半径（公里）" }), "2.5{Enter}");
    expect(onChange).toHaveBeenLastCalledWith({ type: 1, position: "116.404,39.915", radius: 2.5 });
  });
  it("applies a typed polygon, and clears", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "围栏类型" }), "2");
    await user.type(screen.getByRole("textbox", { name: "顶点（经度,纬度;…）" }), "116,39;117,39;117,40{Enter}");
    expect(onChange).toHaveBeenLastCalledWith({ type: 2, position: "116,39;117,39;117,40" });
    await user.click(screen.getByRole("button", { name: "清除" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
  it("refuses a bad shape with a message and emits nothing", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "圆心（经度,纬度）" }), "116.404,39.915");
    await user.type(screen.getByRole("textbox", { name: "半径（公里）" }), "0{Enter}");
    expect((await screen.findByRole("alert")).textContent).toContain("圆形围栏的半径必须是大于0的公里数");
    expect(onChange).not.toHaveBeenCalled();
  });
  it("offers the drawing tools as toggle buttons", async () => {
    render(<Harness onChange={() => {}} />);
    const circle = screen.getByRole("button", { name: "画圆形" });
    await userEvent.setup().click(circle);
    expect(circle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("单击圆心，再单击确定半径")).toBeTruthy();
  });
});
