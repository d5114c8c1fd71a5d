import { render, screen, within } from "@testing-library/react";
import { bytesToHex, encodeHj1239Login, encodeHj1239Logout } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { FrameDetail } from "./FrameDetail";

// Frames built by hand from domain-notes.md (the domain's independent test vectors).
const LOGIN_2016 =
  "232301FE4C53564155323138304E3231383332393401002018030508090A0001383938363031323334353637383930313233343501023031E8";
const LOGOUT_2016 = "232304FE4C53564155323138304E323138333239340100081803051200000001D1";

function field(label: string): string {
  const table = screen.getByRole("table");
  const row = within(table).getByRole("rowheader", { name: label }).closest("tr");
  return row?.querySelector("td")?.textContent ?? "";
}

describe("decoded GB/T 32960 frame beside its hex", () => {
  it("shows a vehicle login's fields, ICCID, subsystem codes and a valid checksum", () => {
    render(<FrameDetail content={LOGIN_2016} />);
    expect(screen.getByText(/^23 23 01 FE 4C/)).toBeTruthy();
    expect(field("命令标识")).toBe("车辆登入（0x01）");
    expect(field("应答标志")).toBe("命令（0xFE）");
    expect(field("VIN")).toBe("LSVAU2180N2183294");
    expect(field("加密方式")).toBe("不加密（0x01）");
    expect(field("ICCID")).toBe("89860123456789012345");
    expect(field("可充电储能子系统数")).toBe("1");
    expect(field("可充电储能系统编码")).toBe("01");
    expect(field("校验码")).toBe("0xE8 校验通过");
  });
  it("checks the frame's ICCID against the SIM bound to the vehicle", () => {
    const { unmount } = render(<FrameDetail content={LOGIN_2016} boundIccid="89860123456789012345" />);
    expect(field("档案SIM卡")).toBe("一致（与车辆档案绑定的SIM卡相同）");
    unmount();
    render(<FrameDetail content={LOGIN_2016} boundIccid="89860399999999999999" />);
    expect(field("档案SIM卡")).toBe("不一致：车辆档案绑定的是 89860399999999999999");
  });
  it("says when master data binds no SIM, and shows no check while unknown", () => {
    const { unmount } = render(<FrameDetail content={LOGIN_2016} boundIccid={null} />);
    expect(field("档案SIM卡")).toBe("车辆档案未绑定SIM卡");
    unmount();
    render(<FrameDetail content={LOGIN_2016} />);
    expect(within(screen.getByRole("table")).queryByRole("rowheader", { name: "档案SIM卡" })).toBeNull();
  });
  it("shows a logout's time and serial", () => {
    render(<FrameDetail content={LOGOUT_2016} />);
    expect(field("命令标识")).toBe("车辆登出（0x04）");
    expect(field("流水号")).toBe("1");
    expect(field("数据采集时间")).toMatch(/^2024-03-05 \d\d:00:00$/);
  });
  it("a wrong check code is reported with the expected one", () => {
    render(<FrameDetail content={`${LOGOUT_2016.slice(0, -2)}00`} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("0xD1");
    expect(screen.queryByRole("table")).toBeNull();
  });
  it("text that is not a frame says why", () => {
    render(<FrameDetail content="ZZ" />);
    expect(screen.getByRole("alert").textContent).toContain("报文无法解析");
  });
});

describe("decoded HJ 1239 frame (diesel trucks' logins share the journal)", () => {
  const login = encodeHj1239Login(
    { vin: "LHJ1239DS00000001", softwareVersion: 3 },
    { time: Date.UTC(2026, 10, 24, 2, 0, 0), serial: 7, iccid: "89860000000000001239" },
  );
  const hex = login.ok ? bytesToHex(login.value) : "";
  it("reads it as HJ 1239, not as a GB/T 32960 frame with a bad response flag", () => {
    render(<FrameDetail content={hex} boundIccid="89860000000000001239" />);
    expect(field("起始符")).toBe("##（HJ 1239）");
    expect(field("命令标识")).toBe("车辆登入（0x01）");
    expect(field("VIN")).toBe("LHJ1239DS00000001");
    expect(field("加密方式")).toBe("不加密（0x01）");
    expect(field("ICCID")).toBe("89860000000000001239");
    expect(field("档案SIM卡")).toBe("一致（与车辆档案绑定的SIM卡相同）");
    expect(screen.queryByRole("rowheader", { name: "应答标志" })).toBeNull();
  });
  it("a logout shows its time and serial; a broken one the decoder's reason", () => {
    const logout = encodeHj1239Logout(
      { vin: "LHJ1239DS00000001", softwareVersion: 3 },
      { time: Date.UTC(2026, 10, 24, 3, 0, 0), serial: 7 },
    );
    const { unmount } = render(<FrameDetail content={logout.ok ? bytesToHex(logout.value) : ""} />);
    expect(field("命令标识")).toBe("车辆登出（0x04）");
    expect(field("流水号")).toBe("7");
    unmount();
    render(<FrameDetail content={`${hex.slice(0, -2)}00`} />);
    expect(screen.getByRole("alert").textContent).toMatch(/校验码错误/);
  });
});
