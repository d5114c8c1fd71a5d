import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../feedback/Toasts";
import type { GeocodingProvider } from "./geocoder";
import { MapLocationPicker } from "./MapLocationPicker";

const geocoder: GeocodingProvider = {
  autocomplete: async (k) =>
    k.includes("长春") ? [{ name: "长春市", address: "吉林省长春市", lng: 125.32, lat: 43.82 }] : [],
  geocode: async (a) => (a === "失败" ? null : { name: a, address: `地址：${a}`, lng: 120, lat: 30 }),
  reverse: async () => "某地",
};

function setup() {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ToastProvider>
      <MapLocationPicker open onClose={onClose} onConfirm={onConfirm} geocoder={geocoder} />
    </ToastProvider>,
  );
  return { onConfirm, onClose, user: userEvent.setup() };
}

describe("MapLocationPicker", () => {
  it("is a 700 px dialog and warns 请选择地址 when nothing is chosen", async () => {
    const { onConfirm, user } = setup();
    const dialog = screen.getByRole("dialog", { name: "选择位置" });
    expect(dialog.querySelector<HTMLElement>('[style*="width"]')?.style.width).toBe("700px");
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect((await screen.findByRole("alert")).textContent).toContain("请选择地址");
    expect(onConfirm).not.toHaveBeenCalled();
  });
  it("picks a suggestion and confirms address, lng, lat", async () => {
    const { onConfirm, user } = setup();
    await user.type(screen.getByRole("combobox", { name: "搜索地址" }), "长春");
    const option = await screen.findByRole("option", { name: /长春市/ });
    await user.click(option);
    expect(screen.getByTestId("picked-address").textContent).toBe("吉林省长春市");
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect(onConfirm).toHaveBeenCalledWith({ address: "吉林省长春市", lng: 125.32, lat: 43.82 });
  });
  it("geocodes typed text on Enter and warns 地理位置解析失败 when nothing is found", async () => {
    const { user } = setup();
    const box = screen.getByRole("combobox", { name: "搜索地址" });
    await user.type(box, "杭州{Enter}");
    await waitFor(() => expect(screen.getByTestId("picked-address").textContent).toBe("地址：杭州"));
    await user.clear(box);
    await user.type(box, "失败{Enter}");
    expect((await screen.findByRole("alert")).textContent).toContain("地理位置解析失败");
  });
});
