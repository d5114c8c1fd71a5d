import { render, screen, within } from "@testing-library/react";
import { bytesToHex, encodeHj1239Realtime, encodeRealtimeMessage, journalEntries } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import type { TboxJournalRow } from "../../../api/tboxJournals";
import { ReportDetail } from "./ReportDetail";

const VIN = "LFWSRXSJ8N1A00017";
const T = Date.UTC(2026, 10, 20, 2, 30, 15);

function rowsOf(journal: "fuelCar" | "gearsSpeed", content: string): TboxJournalRow[] {
  return journalEntries(journal, content).map((e) => ({
    ...e,
    alarms: [...e.alarms],
    items: [...e.items],
    faults: [...e.faults],
    frameId: 1,
    receivedAt: T + 1000,
    command: 2,
    content,
  }));
}

function field(label: string): string {
  const row = within(screen.getByRole("table")).getByRole("rowheader", { name: label }).closest("tr");
  return row?.querySelector("td")?.textContent ?? "";
}

describe("燃油车国标数据 and 档位车速报文 beside their bytes", () => {
  const frame = encodeHj1239Realtime(
    { vin: VIN, softwareVersion: 3 },
    {
      time: T,
      serial: 1,
      resent: true,
      items: [
        {
          kind: "obd",
          time: T - 1000,
          obd: {
            protocol: 2,
            milOn: true,
            diagnosisSupport: 0x0f7f,
            diagnosisReadiness: 4,
            vin: VIN,
            calibrationId: "CAL0001",
            calibrationVerification: "CVN0001",
            iupr: [],
            faultCodes: ["000F2F0D"],
          },
        },
        {
          kind: "diesel",
          time: T,
          stream: {
            speedKmh: 62.5,
            barometricKpa: 100.5,
            netTorquePercent: 42,
            frictionTorquePercent: 8,
            engineRpm: 1350,
            fuelFlowLph: 23.85,
            scrUpstreamNoxPpm: 720,
            scrDownstreamNoxPpm: 36,
            reagentPercent: 62.4,
            airIntakeKgph: 690.2,
            scrInletC: 312.5,
            scrOutletC: 298,
            dpfDropKpa: 2.8,
            coolantC: 85,
            fuelPercent: "invalid",
            position: { lng: 121.4737, lat: 31.2304 },
            odometerKm: 120_345.6,
          },
        },
      ],
    },
  );
  if (!frame.ok) throw new Error(frame.error.message);
  const [obd, diesel] = rowsOf("fuelCar", bytesToHex(frame.value));

  it("shows the HJ 1239 head and a diesel sample by the standard's names, 无效 as a word", () => {
    render(<ReportDetail row={diesel as TboxJournalRow} />);
    expect(field("协议")).toBe("HJ 1239");
    expect(field("命令单元")).toBe("补发信息上报（0x03）");
    expect(field("终端软件版本号")).toBe("3");
    expect(field("SCR下游NOx传感器输出值")).toBe("36 ppm");
    expect(field("发动机转速")).toBe("1350 r/min");
    expect(field("油箱液位")).toBe("无效");
    expect(field("累计里程")).toBe("120345.6 km");
  });

  it("shows the OBD information with its fault codes", () => {
    render(<ReportDetail row={obd as TboxJournalRow} />);
    expect(field("OBD诊断协议")).toBe("SAE J1939");
    expect(field("MIL状态")).toBe("点亮");
    expect(field("软件标定识别号")).toBe("CAL0001");
    expect(field("故障码")).toBe("000F2F0D");
  });

  it("shows a GB/T 32960 unit's gear and forces", () => {
    const hex = encodeRealtimeMessage("LSVAU2180N2183294", {
      collectedAt: T,
      longitude: 121.4737,
      latitude: 31.2304,
      speedKmh: 62.5,
      mileageKm: 12034.7,
      soc: 60,
    });
    if (!hex.ok) throw new Error(hex.error.message);
    const [row] = rowsOf("gearsSpeed", hex.value);
    render(<ReportDetail row={row as TboxJournalRow} />);
    expect(field("档位")).toBe("自动D挡");
    expect(field("驱动力")).toBe("有");
    expect(field("制动力")).toBe("无");
  });
});
