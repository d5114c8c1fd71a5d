import { render, screen, within } from "@testing-library/react";
import { bytesToHex, encodeJt808Message, encodeRealtimeMessage, tboxJournalEntries } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import type { TboxJournalRow } from "../../../api/tboxJournals";
import { ReportDetail } from "./ReportDetail";

const VIN = "LSVAU2180N2183294";
const T = Date.UTC(2026, 10, 20, 2, 30, 15);

/** A journal row as the call answers it, from the frame's own decoding. */
function rowOf(content: string, command: number): TboxJournalRow {
  const [entry] = tboxJournalEntries(content);
  if (!entry) throw new Error("no report");
  return {
    ...entry,
    alarms: [...entry.alarms],
    items: [...entry.items],
    faults: [...entry.faults],
    frameId: 1,
    receivedAt: T + 1000,
    command,
    content,
  };
}

function field(label: string): string {
  const row = within(screen.getByRole("table")).getByRole("rowheader", { name: label }).closest("tr");
  return row?.querySelector("td")?.textContent ?? "";
}

describe("a journal report beside its bytes", () => {
  it("shows a GB/T 32960 unit's values with units, an unreadable SOC as 无效 and the alarm by name", () => {
    const hex = encodeRealtimeMessage(VIN, {
      collectedAt: T,
      longitude: 121.4737,
      latitude: 31.2304,
      speedKmh: 62.5,
      mileageKm: 12034.7,
      soc: 0,
      socStatus: "invalid",
      alarm: { level: 2, flags: 1 << 11 },
    });
    if (!hex.ok) throw new Error(hex.error.message);
    render(<ReportDetail row={rowOf(hex.value, 0x02)} />);
    expect(screen.getByText(/^23 23 02 FE 4C/)).toBeTruthy();
    expect(field("命令标识")).toBe("实时信息上报（0x02）");
    expect(field("车速")).toBe("62.5 km/h");
    expect(field("累计里程")).toBe("12034.7 km");
    expect(field("SOC")).toBe("无效");
    expect(field("最高报警等级")).toBe("2级");
    expect(field("报警标志")).toBe("绝缘报警");
    expect(field("经度（WGS-84）")).toBe("121.473700");
    expect(field("信息类型")).toBe("整车数据、车辆位置数据、报警数据");
  });

  it("shows a JT/T 808 batch entry with its message head, re-sent, without a fix", () => {
    const location = {
      alarm: 0,
      status: 0x01,
      latitude: 31_230_416,
      longitude: 121_473_701,
      altitude: 12,
      speed: 0,
      direction: 0,
      time: T,
      items: [],
    };
    const bytes = encodeJt808Message(
      { edition: 2013, encryption: 0, phone: "013800138000", serial: 7 },
      { kind: "batchLocation", batch: { type: 1, locations: [location] } },
    );
    if (!bytes.ok) throw new Error(bytes.error.message);
    render(<ReportDetail row={rowOf(bytesToHex(bytes.value), 0x0704)} />);
    expect(field("消息ID")).toBe("定位数据批量上传（0x0704）");
    expect(field("终端手机号")).toBe("013800138000");
    expect(field("补发数据")).toBe("是");
    expect(field("定位状态")).toBe("无效");
    expect(field("经度（WGS-84）")).toBe("—");
    expect(field("SOC")).toBe("—");
    expect(field("报警标志")).toBe("无报警");
  });
});
