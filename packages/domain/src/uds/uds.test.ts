import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../gbt32960/hex";
import { nrcText } from "./codes";
import { decodeDtc, dtcStatusBits, dtcText } from "./dtc";
import { canIdProblem, decodeUdsUnit, encodeUdsUnit, isUdsUnit } from "./frame";
import { type UdsRequest, udsRequestBytes, udsRequestProblem, udsRequestText, udsServiceGroup } from "./request";
import { decodeUdsResponse, udsNegativeReason } from "./response";

const AT = Date.UTC(2026, 10, 24, 8, 0, 0);
const TIME = "1A0B18100000";
const bytes = (h: string) => (hexToBytes(h) as { value: Uint8Array }).value;
const errorOf = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? "ok" : r.error?.message);
const VCU = { requestId: 0x7e0, responseId: 0x7e8 };

describe("UDS requests (ISO 14229-1)", () => {
  it("writes each service's bytes and says what it asks", () => {
    const cases: [UdsRequest, string, string][] = [
      [{ service: "readDtc", statusMask: 0xff }, "1902FF", "读取故障码（状态掩码0xFF）"],
      [{ service: "clearDtc", group: 0xffffff }, "14FFFFFF", "清除故障码（全部）"],
      [{ service: "clearDtc", group: 0x010203 }, "14010203", "清除故障码（组0x010203）"],
      [{ service: "readDid", did: 0xf190 }, "22F190", "读取0xF190 车辆识别代号（VIN）"],
      [{ service: "session", session: 3 }, "1003", "诊断会话控制：扩展会话"],
      [{ service: "reset", resetType: 1 }, "1101", "ECU复位：硬件复位"],
    ];
    for (const [request, hex, text] of cases) {
      expect(udsRequestProblem(request)).toBeUndefined();
      expect(bytesToHex(udsRequestBytes(request))).toBe(hex);
      expect(udsRequestText(request)).toBe(text);
    }
    // Texts of values the checks would refuse still read (history rows written by older rules).
    expect(udsRequestText({ service: "readDid", did: 0x1234 })).toBe("读取0x1234");
    expect(udsRequestText({ service: "session", session: 9 })).toBe("诊断会话控制：0x09");
    expect(udsRequestText({ service: "reset", resetType: 9 })).toBe("ECU复位：0x09");
  });
  it("refuses values out of range with a Chinese message", () => {
    expect(udsRequestProblem({ service: "readDtc", statusMask: 0 })).toBe("状态掩码应为1–255（0x01–0xFF）的整数");
    expect(udsRequestProblem({ service: "readDtc", statusMask: 1.5 })).toMatch(/状态掩码/);
    expect(udsRequestProblem({ service: "readDtc", statusMask: 256 })).toMatch(/状态掩码/);
    expect(udsRequestProblem({ service: "clearDtc", group: -1 })).toBe("故障码组应为0x000000–0xFFFFFF");
    expect(udsRequestProblem({ service: "clearDtc", group: 0x1000000 })).toMatch(/故障码组/);
    expect(udsRequestProblem({ service: "clearDtc", group: 0.5 })).toMatch(/故障码组/);
    expect(udsRequestProblem({ service: "readDid", did: 0xf100 })).toBe("不支持的数据标识符");
    expect(udsRequestProblem({ service: "session", session: 4 })).toMatch(/诊断会话/);
    expect(udsRequestProblem({ service: "reset", resetType: 0 })).toMatch(/复位类型/);
    expect(udsRequestProblem({ service: "x" } as unknown as UdsRequest)).toBe("不支持的诊断服务“x”");
  });
  it("puts reading and changing the ECU in separate permission groups", () => {
    expect(udsServiceGroup("readDtc")).toBe("read");
    expect(udsServiceGroup("readDid")).toBe("read");
    expect(udsServiceGroup("clearDtc")).toBe("control");
    expect(udsServiceGroup("session")).toBe("control");
    expect(udsServiceGroup("reset")).toBe("control");
    expect(udsServiceGroup("toString")).toBeUndefined();
  });
});

describe("DTCs", () => {
  it("writes the SAE J2012 code with the failure type and names the status bits", () => {
    expect(dtcText(0x0a1f00)).toBe("P0A1F-00");
    expect(dtcText(0x5a0313)).toBe("C1A03-13");
    expect(dtcText(0x9a2b01)).toBe("B1A2B-01");
    expect(dtcText(0xc10087)).toBe("U0100-87");
    expect(dtcText(0xf00000)).toBe("U3000-00");
    expect(dtcStatusBits(0x09)).toEqual(["测试失败", "已确认故障码"]);
    expect(dtcStatusBits(0x80)).toEqual(["请求故障指示灯"]);
    expect(dtcStatusBits(0)).toEqual([]);
    expect(decodeDtc(0xc10087, 0x2f)).toEqual({
      code: "U0100-87",
      value: 0xc10087,
      status: 0x2f,
      statusBits: ["测试失败", "本操作循环测试失败", "待定故障码", "已确认故障码", "上次清除后测试失败"],
    });
  });
});

describe("UDS responses", () => {
  const readDtc: UdsRequest = { service: "readDtc", statusMask: 0xff };
  it("reads 0x59 02 with its DTCs", () => {
    const r = decodeUdsResponse(readDtc, bytes("5902FF 0A1F00 09 C10087 2F"));
    expect(r.ok && r.value).toEqual({
      kind: "dtcs",
      availabilityMask: 0xff,
      dtcs: [decodeDtc(0x0a1f00, 0x09), decodeDtc(0xc10087, 0x2f)],
    });
    expect(decodeUdsResponse(readDtc, bytes("5902FF"))).toEqual({
      ok: true,
      value: { kind: "dtcs", availabilityMask: 0xff, dtcs: [] },
    });
    expect(errorOf(decodeUdsResponse(readDtc, bytes("5902FF0A1F")))).toBe("故障码响应长度错误");
    expect(errorOf(decodeUdsResponse(readDtc, bytes("5903FF")))).toBe("故障码响应长度错误");
    expect(errorOf(decodeUdsResponse(readDtc, bytes("5902")))).toBe("故障码响应长度错误");
  });
  it("reads negative responses with the NRC's name, only for the request's service", () => {
    expect(decodeUdsResponse(readDtc, bytes("7F1922"))).toEqual({
      ok: true,
      value: { kind: "negative", sid: 0x19, nrc: 0x22, text: "0x22 条件不满足（conditionsNotCorrect）" },
    });
    expect(errorOf(decodeUdsResponse(readDtc, bytes("7F1422")))).toBe("否定响应格式错误或不属于该请求");
    expect(errorOf(decodeUdsResponse(readDtc, bytes("7F19")))).toBe("否定响应格式错误或不属于该请求");
    expect(errorOf(decodeUdsResponse(readDtc, bytes("6202")))).toBe("响应的服务标识与请求不符");
    expect(nrcText(0x99)).toBe("0x99 未定义的否定响应码");
    expect(udsNegativeReason(bytes("7F1131"))).toBe("ECU否定响应：0x31 请求超出范围（requestOutOfRange）");
    expect(udsNegativeReason(bytes("5902FF"))).toBeUndefined();
    expect(udsNegativeReason(bytes("7F11"))).toBeUndefined();
  });
  it("reads clear, identifiers, session and reset answers and refuses ones that do not match", () => {
    const clear: UdsRequest = { service: "clearDtc", group: 0xffffff };
    expect(decodeUdsResponse(clear, bytes("54"))).toEqual({ ok: true, value: { kind: "cleared" } });
    expect(errorOf(decodeUdsResponse(clear, bytes("5400")))).toBe("清除故障码响应长度错误");
    const vin: UdsRequest = { service: "readDid", did: 0xf190 };
    const vinHex = bytesToHex(Uint8Array.from("LB3CX1HU5RC100005", (c) => c.charCodeAt(0)));
    expect(decodeUdsResponse(vin, bytes(`62F190${vinHex}`))).toEqual({
      ok: true,
      value: { kind: "did", did: 0xf190, name: "车辆识别代号（VIN）", hex: vinHex, text: "LB3CX1HU5RC100005" },
    });
    // Trailing padding is dropped; binary values have no text.
    const sw = decodeUdsResponse({ service: "readDid", did: 0xf189 }, bytes("62F189 56312E3200 20"));
    expect(sw.ok && sw.value.kind === "did" && sw.value.text).toBe("V1.2");
    const bin = decodeUdsResponse({ service: "readDid", did: 0xf18c }, bytes("62F18C 0102"));
    expect(bin.ok && bin.value.kind === "did" && bin.value.text).toBeNull();
    const unnamed = decodeUdsResponse({ service: "readDid", did: 0x1234 }, bytes("62123441"));
    expect(unnamed.ok && unnamed.value.kind === "did" && unnamed.value.name).toBe("");
    expect(errorOf(decodeUdsResponse(vin, bytes("62F18941")))).toBe("数据标识符响应与请求不符");
    expect(errorOf(decodeUdsResponse(vin, bytes("62F190")))).toBe("数据标识符响应与请求不符");
    expect(errorOf(decodeUdsResponse(vin, bytes("62")))).toBe("数据标识符响应与请求不符");
    const session: UdsRequest = { service: "session", session: 3 };
    expect(decodeUdsResponse(session, bytes("5003003201F4"))).toEqual({
      ok: true,
      value: { kind: "session", session: 3, name: "扩展会话", p2Ms: 50, p2StarMs: 5000 },
    });
    expect(errorOf(decodeUdsResponse(session, bytes("5001003201F4")))).toBe("诊断会话响应与请求不符");
    const reset: UdsRequest = { service: "reset", resetType: 1 };
    expect(decodeUdsResponse(reset, bytes("5101"))).toEqual({
      ok: true,
      value: { kind: "reset", resetType: 1, name: "硬件复位" },
    });
    expect(errorOf(decodeUdsResponse(reset, bytes("5103")))).toBe("ECU复位响应与请求不符");
  });
});

describe("GB/T 32960 0x82 · 0x81 UDS data unit (designed)", () => {
  it("writes time · 0x81 · request id · response id · length · bytes and reads it back", () => {
    const r = encodeUdsUnit({ collectedAt: AT, ecu: VCU, data: bytes("1902FF") });
    const hex = `${TIME}81000007E0000007E800031902FF`;
    expect(r.ok && bytesToHex(r.value)).toBe(hex);
    expect(isUdsUnit(bytes(hex))).toBe(true);
    expect(isUdsUnit(bytes(`${TIME}80`))).toBe(false);
    expect(isUdsUnit(bytes(TIME))).toBe(false);
    expect(decodeUdsUnit(bytes(hex))).toEqual({
      ok: true,
      value: { collectedAt: AT, ecu: VCU, data: bytes("1902FF") },
    });
    // 29-bit ids (J1939-style physical addressing) fit the DWORDs.
    const ext = { requestId: 0x18da00f1, responseId: 0x18daf100 };
    const e = encodeUdsUnit({ collectedAt: AT, ecu: ext, data: bytes("54") });
    expect(e.ok && bytesToHex(e.value)).toBe(`${TIME}8118DA00F118DAF100000154`);
  });
  it("refuses bad ids, lengths and times, and units that are not UDS", () => {
    expect(canIdProblem({ requestId: 0x20000000, responseId: 1 })).toBe("CAN标识符应为0x0–0x1FFFFFFF");
    expect(canIdProblem({ requestId: 1, responseId: -1 })).toMatch(/CAN标识符/);
    expect(canIdProblem({ requestId: 0x7e0, responseId: 0x7e0 })).toBe("请求与响应的CAN标识符不能相同");
    expect(
      errorOf(encodeUdsUnit({ collectedAt: AT, ecu: { requestId: 1, responseId: 1 }, data: bytes("54") })),
    ).toMatch(/不能相同/);
    expect(errorOf(encodeUdsUnit({ collectedAt: AT, ecu: VCU, data: new Uint8Array(0) }))).toBe(
      "诊断报文应为1–4095字节",
    );
    expect(errorOf(encodeUdsUnit({ collectedAt: AT, ecu: VCU, data: new Uint8Array(4096) }))).toMatch(/1–4095/);
    expect(errorOf(encodeUdsUnit({ collectedAt: Date.UTC(1990, 0, 1), ecu: VCU, data: bytes("54") }))).toMatch(
      /2000年/,
    );
    expect(errorOf(decodeUdsUnit(bytes(`${TIME}81000007E0000007E80001`)))).toBe("诊断数据单元不完整");
    expect(errorOf(decodeUdsUnit(bytes(`1A0D18100000 81000007E0000007E8000154`)))).toMatch(/不是有效的日期时间/);
    expect(errorOf(decodeUdsUnit(bytes(`${TIME}80000007E0000007E8000154`)))).toBe("控制命令0x80不是UDS诊断");
    expect(errorOf(decodeUdsUnit(bytes(`${TIME}81000007E0000007E0000154`)))).toMatch(/不能相同/);
    expect(errorOf(decodeUdsUnit(bytes(`${TIME}81000007E0000007E8000254`)))).toBe("诊断报文长度2与数据单元不符");
  });
});
