import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "../feedback/Toasts";
import { AddressDialog } from "./AddressDialog";

const wrap = (ui: React.ReactNode) => render(<ToastProvider>{ui}</ToastProvider>);

describe("AddressDialog 地址详情", () => {
  it("shows the looked-up address of the position", async () => {
    wrap(<AddressDialog open onClose={() => {}} lng={116.4} lat={39.9} reverse={async () => "北京市东城区"} />);
    expect(screen.getByRole("dialog", { name: "地址详情" })).toBeTruthy();
    expect(await screen.findByText("北京市东城区")).toBeTruthy();
  });
  it("shows 暂无车辆位置 without a position", () => {
    wrap(<AddressDialog open onClose={() => {}} lng={null} lat={null} reverse={async () => "x"} />);
    expect(screen.getByText("暂无车辆位置")).toBeTruthy();
  });
  it("warns 根据经纬度查询车辆位置失败 when the lookup fails", async () => {
    wrap(
      <AddressDialog
        open
        onClose={() => {}}
        lng={116.4}
        lat={39.9}
        reverse={async () => {
          throw new Error("down");
        }}
      />,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("根据经纬度查询车辆位置失败");
    expect(screen.getByText("暂无车辆位置")).toBeTruthy();
  });
});
