import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../gbt32960/hex";
import type { Result } from "../../shared/result";
import { Reader } from "../bytes";
import type { Jt808Error } from "../errors";
import { decodeJt808Frame } from "../frame";
import { decodeJt808Location } from "../location";
import { h } from "../testFrames";
import {
  addJt808Range,
  decodeJt808AttachmentAnswer,
  decodeJt808AttachmentFile,
  decodeJt808AttachmentList,
  decodeJt808AttachmentRequest,
  decodeJt808DataFrame,
  decodeJt808SafetyAlarm,
  encodeJt808AttachmentAnswer,
  encodeJt808AttachmentFile,
  encodeJt808AttachmentList,
  encodeJt808AttachmentRequest,
  encodeJt808DataFrame,
  encodeJt808SafetyAlarm,
  JT808_DATA_FRAME_MAX_DATA,
  type Jt808AlarmMark,
  type Jt808SafetyAlarm,
  jt808AlarmMarkKey,
  jt808AttachmentAlarmCode,
  jt808AttachmentContentType,
  jt808AttachmentFileName,
  jt808MissingRanges,
  jt808SafetyAlarmName,
  jt808SafetyAlarms,
  parseJt808AttachmentFileName,
  readJt808AlarmMark,
  takeJt808AttachmentStream,
  writeJt808AlarmMark,
} from "./index";

const hex = (r: { ok: boolean; value?: Uint8Array; error?: unknown }) => {
  if (!r.ok || r.value === undefined) throw new Error(JSON.stringify(r.error));
  return bytesToHex(r.value);
};
const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const msg = (r: Result<unknown, Jt808Error>) => (r.ok ? "ok" : r.error.message);
const errCode = (r: Result<unknown, Jt808Error>) => (r.ok ? "ok" : r.error.code);
/** Every proper prefix of a body fails to read (each field's truncation is named). */
const everyPrefixFails = (body: string, decode: (b: Uint8Array) => { ok: boolean } | undefined) => {
  const bytes = h(body);
  for (let n = 0; n < bytes.length; n++) expect(decode(bytes.subarray(0, n))?.ok, `prefix ${n}`).toBe(false);
};

// Beijing time: BCD 191210183100 is 2019-12-10 10:31:00 UTC.
const MARK_TIME = Date.UTC(2019, 11, 10, 10, 31, 0);
const ALARM_TIME = Date.UTC(2019, 11, 11, 10, 31, 0);
const MARK: Jt808AlarmMark = { terminalId: "4444444", time: MARK_TIME, serial: 3, fileCount: 2, reserved: 0 };

// SmallChi/JT808 JT808.Protocol.Extensions.SuBiao.Test JT808_0x0200_0x64_Test / _0x65_Test (the item data after id and length).
const SC_0x64 = "000000010C0605120A0B100F1100070000000D0000000E191211183100001334343434343434191210183100030200";
const SC_0x65 = "000000010C060512010203041100070000000D0000000E191211183100001334343434343434191210183100030200";
// yezhihao/jt808-server jtt808-protocol/src/test/resources/TJSATL.txt: a 2019 0x0200 with a DSM item.
const YZ_TJSATL =
  "7e020000ae04085359895000ac000000000004000101dc9f7b073c3cf800000000008c2104291206410104000000c6030200001404000000001504000000001604000000001702000018030000002504000000002b0400000000300105310100b70400000000320150b1040b050100b40100b6020000ba020202bd0e0000801e80f4803a000a00098005652f08322ccf010101000000000000000001dc9f7b073c3cf8210429120639000133353938393530210429120639000500c17e";

const adas: Jt808SafetyAlarm = {
  source: "adas",
  alarmId: 1,
  state: 12,
  type: 6,
  level: 5,
  details: Uint8Array.of(0x12, 0x0a, 0x0b, 0x10, 0x0f),
  speed: 0x11,
  altitude: 7,
  latitude: 13,
  longitude: 14,
  time: ALARM_TIME,
  vehicleStatus: 0x13,
  mark: MARK,
};

describe("0x0200 additional items 0x64–0x67 (苏标 alarms)", () => {
  it("reads SmallChi's ADAS item field by field and writes it back byte for byte", () => {
    const read = value(decodeJt808SafetyAlarm(0x64, h(SC_0x64)) ?? { ok: false, error: { message: "none" } });
    expect(read).toEqual(adas);
    const back = value(encodeJt808SafetyAlarm(read));
    expect(back.id).toBe(0x64);
    expect(bytesToHex(back.data)).toBe(SC_0x64);
  });
  it("reads SmallChi's DSM item (fatigue 18, reserved 01020304) and writes it back", () => {
    const read = value(decodeJt808SafetyAlarm(0x65, h(SC_0x65)) ?? { ok: false, error: { message: "none" } });
    expect(read).toMatchObject({ source: "dsm", alarmId: 1, state: 12, type: 6, level: 5, speed: 0x11, altitude: 7 });
    expect(bytesToHex(read.details)).toBe("1201020304");
    expect(read.mark).toEqual(MARK);
    expect(bytesToHex(value(encodeJt808SafetyAlarm(read)).data)).toBe(SC_0x65);
  });
  it("finds the DSM alarm with 5 attachments in yezhihao's whole 0x0200 frame", () => {
    const frame = value(decodeJt808Frame(h(YZ_TJSATL)));
    const location = value(decodeJt808Location(frame.body));
    const { alarms, errors } = jt808SafetyAlarms(location);
    expect(errors).toEqual([]);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      source: "dsm",
      alarmId: 0x08322ccf,
      state: 1,
      type: 1,
      level: 1,
      latitude: 0x01dc9f7b,
      longitude: 0x073c3cf8,
      time: Date.UTC(2021, 3, 29, 4, 6, 39),
      vehicleStatus: 1,
      mark: { terminalId: "3598950", time: Date.UTC(2021, 3, 29, 4, 6, 39), serial: 0, fileCount: 5, reserved: 0 },
    });
    expect(jt808SafetyAlarmName("dsm", alarms[0]?.type ?? null)).toBe("疲劳驾驶报警");
  });
  it("reads TPMS (with its event list) and BSD items, and round-trips them", () => {
    const common = {
      alarmId: 9,
      state: 1,
      speed: 60,
      altitude: 20,
      latitude: 1,
      longitude: 2,
      time: ALARM_TIME,
      vehicleStatus: 0,
      mark: MARK,
    };
    const tpms: Jt808SafetyAlarm = {
      ...common,
      source: "tpms",
      type: null,
      level: null,
      details: h("01 00 00 02 00 10 00 20 00 30 00 40"),
    };
    const bsd: Jt808SafetyAlarm = { ...common, source: "bsd", type: 2, level: null, details: new Uint8Array(0) };
    for (const a of [tpms, bsd]) {
      const item = value(encodeJt808SafetyAlarm(a));
      expect(decodeJt808SafetyAlarm(item.id, item.data)).toEqual({ ok: true, value: a });
    }
    expect(value(encodeJt808SafetyAlarm(bsd)).data).toHaveLength(41);
    expect(jt808SafetyAlarmName("tpms", null)).toBe("胎压监测报警");
    expect(jt808SafetyAlarmName("bsd", 2)).toBe("左侧后方接近报警");
    expect(jt808SafetyAlarmName("adas", 99)).toBe("ADAS报警类型99");
    expect(jt808SafetyAlarmName("adas", null)).toBe("ADAS报警类型-");
  });
  it("ignores other item ids, names a short or long item, and collects the items that do not read", () => {
    expect(decodeJt808SafetyAlarm(0x01, h(SC_0x64))).toBeUndefined();
    everyPrefixFails(SC_0x64, (b) => decodeJt808SafetyAlarm(0x64, b));
    everyPrefixFails(SC_0x65.slice(0, 48 * 2 - 32 * 2), (b) => decodeJt808SafetyAlarm(0x66, b));
    const long = decodeJt808SafetyAlarm(0x64, h(`${SC_0x64}00`));
    expect(long?.ok ? "" : long?.error).toMatchObject({
      code: "length-mismatch",
      message: "ADAS报警附加信息长度不符（多出1字节）",
    });
    const badTime = decodeJt808SafetyAlarm(0x64, h(SC_0x64.replace("191211183100", "19121118310A")));
    expect(badTime?.ok ? "" : badTime?.error.code).toBe("bad-bcd");
    const found = jt808SafetyAlarms({
      items: [
        { kind: "mileage", value: 1 },
        { kind: "raw", id: 0x70, data: h("00") },
        { kind: "raw", id: 0x64, data: h(SC_0x64) },
        { kind: "raw", id: 0x65, data: h("00") },
      ],
    });
    expect(found.alarms.map((a) => a.source)).toEqual(["adas"]);
    expect(found.errors.map((e) => e.code)).toEqual(["truncated"]);
  });
  it("refuses to write an alarm out of range", () => {
    expect(msg(encodeJt808SafetyAlarm({ ...adas, time: Date.UTC(1999, 0, 1) }))).toContain("日期时间");
    expect(msg(encodeJt808SafetyAlarm({ ...adas, mark: { ...MARK, serial: 256 } }))).toBe("“序号”应为0–255的整数");
    expect(msg(encodeJt808SafetyAlarm({ ...adas, details: new Uint8Array(6) }))).toBe("ADAS报警的附加字段应为5字节");
    expect(msg(encodeJt808SafetyAlarm({ ...adas, level: null }))).toBe("“报警级别”超出范围");
    expect(msg(encodeJt808SafetyAlarm({ ...adas, type: null }))).toBe("“报警/事件类型”超出范围");
    expect(msg(encodeJt808SafetyAlarm({ ...adas, altitude: 70000 }))).toBe("“高程”超出范围");
  });
});

describe("报警标识号", () => {
  it("reads and writes its 16 bytes", () => {
    const bytes = h("34343434343434191210183100030201");
    expect(readJt808AlarmMark(new Reader(bytes))).toEqual({ ok: true, value: { ...MARK, reserved: 1 } });
    expect(hex(writeJt808AlarmMark({ ...MARK, reserved: 1 }))).toBe("34343434343434191210183100030201");
    expect(jt808AlarmMarkKey(MARK)).toBe(`4444444-${MARK_TIME}-3`);
  });
  it("names what is wrong", () => {
    expect(errCode(readJt808AlarmMark(new Reader(h("01343434343434191210183100030201"))))).toBe("bad-text");
    expect(errCode(readJt808AlarmMark(new Reader(h("34343434343434"))))).toBe("truncated");
    expect(errCode(readJt808AlarmMark(new Reader(h("34343434343434191210"))))).toBe("truncated");
    expect(errCode(readJt808AlarmMark(new Reader(h("34343434343434191399183100030201"))))).toBe("bad-time");
    expect(errCode(readJt808AlarmMark(new Reader(h("34343434343434191210183100"))))).toBe("truncated");
    expect(msg(writeJt808AlarmMark({ ...MARK, terminalId: "12345678" }))).toBe("“终端ID”应为不超过7个ASCII可见字符");
    expect(msg(writeJt808AlarmMark({ ...MARK, time: 0 }))).toContain("报警时间");
    expect(msg(writeJt808AlarmMark({ ...MARK, fileCount: -1 }))).toBe("“附件数量”应为0–255的整数");
    expect(msg(writeJt808AlarmMark({ ...MARK, reserved: 1.5 }))).toBe("“预留”应为0–255的整数");
  });
});

// SmallChi/JT808 SuBiao.Test JT808_0x9208_Test, _0x1210_Test, _0x1211_Test, _0x1212_Test, _0x9212_Test.
const SC_9208 =
  "0B3139322E3136382E312E311388138934343434343434191210183100030201313131313131313131313131313131313131313131313131313131313131313100000000000000000000000000000000";
const SC_1210 =
  "3434343434343434343434343434191210183100030201313131313131313131313131313131313131313131313131313131313131313100020866696C656E616D65000000090966696C656E616D65310000000A";
const SC_1211 = "0846696C654E616D650200000001";
const SC_9212 = "0846696C654E616D65010202000000140000000A000000280000001E";
const NUMBER = "1".repeat(32);

describe("the attachment messages 0x9208, 0x1210, 0x1211/0x1212, 0x9212", () => {
  it("0x9208: SmallChi's body both ways", () => {
    const request = {
      host: "192.168.1.1",
      tcpPort: 5000,
      udpPort: 5001,
      mark: { ...MARK, reserved: 1 },
      alarmNumber: NUMBER,
    };
    expect(hex(encodeJt808AttachmentRequest(request))).toBe(SC_9208);
    expect(decodeJt808AttachmentRequest(h(SC_9208))).toEqual({ ok: true, value: request });
    everyPrefixFails(SC_9208, decodeJt808AttachmentRequest);
    expect(decodeJt808AttachmentRequest(h(`${SC_9208}00`)).ok).toBe(false);
    expect(decodeJt808AttachmentRequest(h(SC_9208.replace("3131313131", "3101313131"))).ok).toBe(false);
    const bad = (r: Partial<typeof request>) => {
      const out = encodeJt808AttachmentRequest({ ...request, ...r });
      return out.ok ? "ok" : out.error.message;
    };
    expect(bad({ host: "主机" })).toContain("附件服务器IP地址");
    expect(bad({ tcpPort: 70000 })).toBe("“TCP端口”应为0–65535的整数");
    expect(bad({ mark: { ...MARK, serial: -1 } })).toBe("“序号”应为0–255的整数");
    expect(bad({ alarmNumber: "1".repeat(33) })).toContain("报警编号");
  });
  it("0x1210: SmallChi's file list both ways", () => {
    const list = {
      terminalId: "4444444",
      mark: { ...MARK, reserved: 1 },
      alarmNumber: NUMBER,
      infoType: 0,
      files: [
        { name: "filename", size: 9 },
        { name: "filename1", size: 10 },
      ],
    };
    expect(hex(encodeJt808AttachmentList(list))).toBe(SC_1210);
    expect(decodeJt808AttachmentList(h(SC_1210))).toEqual({ ok: true, value: list });
    everyPrefixFails(SC_1210, decodeJt808AttachmentList);
    expect(decodeJt808AttachmentList(h(`${SC_1210}00`)).ok).toBe(false);
    expect(decodeJt808AttachmentList(h(SC_1210.replace(/^34/, "01"))).ok).toBe(false);
    expect(decodeJt808AttachmentList(h(SC_1210.replace("3131313131", "3101313131"))).ok).toBe(false);
    const bad = (r: Partial<typeof list>) => {
      const out = encodeJt808AttachmentList({ ...list, ...r });
      return out.ok ? "ok" : out.error.message;
    };
    expect(bad({ terminalId: "12345678" })).toContain("终端ID");
    expect(bad({ mark: { ...MARK, fileCount: 300 } })).toContain("附件数量");
    expect(bad({ alarmNumber: "报警" })).toContain("报警编号");
    expect(bad({ infoType: 256 })).toBe("“信息类型”应为0–255的整数");
    expect(bad({ files: [{ name: "a", size: -1 }] })).toBe("“文件大小”应为0–4294967295的整数");
    expect(bad({ files: [{ name: "a".repeat(256), size: 1 }] })).toContain("文件名称");
  });
  it("0x1211 and 0x1212: SmallChi's body both ways", () => {
    const file = { name: "FileName", type: 2, size: 1 };
    expect(hex(encodeJt808AttachmentFile(file))).toBe(SC_1211);
    expect(decodeJt808AttachmentFile(h(SC_1211))).toEqual({ ok: true, value: file });
    everyPrefixFails(SC_1211, decodeJt808AttachmentFile);
    expect(decodeJt808AttachmentFile(h(`${SC_1211}00`)).ok).toBe(false);
    const bad = encodeJt808AttachmentFile({ ...file, type: 256 });
    expect(bad.ok ? "" : bad.error.message).toBe("“文件类型”应为0–255的整数");
    expect(encodeJt808AttachmentFile({ ...file, name: "名" }).ok).toBe(false);
  });
  it("0x9212: SmallChi's resend list both ways", () => {
    const answer = {
      name: "FileName",
      type: 1,
      result: 2,
      resend: [
        { offset: 20, length: 10 },
        { offset: 40, length: 30 },
      ],
    };
    expect(hex(encodeJt808AttachmentAnswer(answer))).toBe(SC_9212);
    expect(decodeJt808AttachmentAnswer(h(SC_9212))).toEqual({ ok: true, value: answer });
    everyPrefixFails(SC_9212, decodeJt808AttachmentAnswer);
    expect(decodeJt808AttachmentAnswer(h(`${SC_9212}00`)).ok).toBe(false);
    const bad = encodeJt808AttachmentAnswer({ ...answer, resend: [{ offset: -1, length: 1 }] });
    expect(bad.ok ? "" : bad.error.message).toBe("“补传数据偏移量”应为0–4294967295的整数");
    expect(encodeJt808AttachmentAnswer({ ...answer, name: "名" }).ok).toBe(false);
  });
});

describe("the file-data frame and the attachment stream", () => {
  const name = "00_64_6401_0_ABCDEF.jpg";
  const frame = hex(encodeJt808DataFrame({ name, offset: 1000, data: Uint8Array.of(1, 2, 3) }));
  it("writes magic, the name padded to 50, offset, length and data; reads it back", () => {
    expect(frame.slice(0, 8)).toBe("30316364");
    expect(frame).toHaveLength((62 + 3) * 2);
    expect(frame.slice(108, 124)).toBe("000003E800000003");
    expect(decodeJt808DataFrame(h(frame))).toEqual({
      ok: true,
      value: { name, offset: 1000, data: Uint8Array.of(1, 2, 3) },
    });
    expect(errCode(decodeJt808DataFrame(h(frame.slice(0, 100))))).toBe("bad-delimiter");
    expect(errCode(decodeJt808DataFrame(h(`7E${frame.slice(2)}`)))).toBe("bad-delimiter");
    expect(errCode(decodeJt808DataFrame(h(`${frame}00`)))).toBe("length-mismatch");
    expect(errCode(decodeJt808DataFrame(h(`${frame.slice(0, 8)}01${frame.slice(10)}`)))).toBe("bad-text");
    expect(msg(encodeJt808DataFrame({ name: "a".repeat(51), offset: 0, data: new Uint8Array(0) }))).toContain(
      "文件名称",
    );
    expect(msg(encodeJt808DataFrame({ name, offset: -1, data: new Uint8Array(0) }))).toBe("“数据偏移量”超出范围");
    expect(msg(encodeJt808DataFrame({ name, offset: 0, data: new Uint8Array(JT808_DATA_FRAME_MAX_DATA + 1) }))).toBe(
      "数据长度不能超过65536字节",
    );
  });
  it("cuts JT/T 808 frames and data frames apart, keeping what is unfinished", () => {
    const message = "7E1210000101020304050600017A7E";
    const all = h(`FF00${message}AA${frame}${message.slice(0, 10)}`);
    const cut = takeJt808AttachmentStream(all);
    expect(cut.units.map((u) => [u.kind, bytesToHex(u.bytes)])).toEqual([
      ["message", message],
      ["data", frame],
    ]);
    expect(cut.dropped).toBe(3);
    expect(bytesToHex(cut.rest)).toBe(message.slice(0, 10));
    // Split anywhere, the pieces give the same units.
    for (let at = 1; at < all.length; at++) {
      const first = takeJt808AttachmentStream(all.subarray(0, at));
      const joined = new Uint8Array([...first.rest, ...all.subarray(at)]);
      const second = takeJt808AttachmentStream(joined);
      expect(
        [...first.units, ...second.units].map((u) => u.kind),
        `split at ${at}`,
      ).toEqual(["message", "data"]);
    }
  });
  it("drops garbage: a data header announcing too much, a partial magic, an endless frame", () => {
    const huge = h(`30316364${"00".repeat(54)}7FFFFFFF`);
    expect(takeJt808AttachmentStream(huge)).toMatchObject({ units: [], dropped: 62 });
    expect(takeJt808AttachmentStream(h("303100"))).toMatchObject({ units: [], dropped: 3 });
    expect(bytesToHex(takeJt808AttachmentStream(h("AA3031")).rest)).toBe("3031");
    const endless = new Uint8Array(5000).fill(1);
    endless[0] = 0x7e;
    expect(takeJt808AttachmentStream(endless)).toMatchObject({ units: [], dropped: 5000 });
    expect(takeJt808AttachmentStream(h("7E0102")).rest).toHaveLength(3);
    expect(takeJt808AttachmentStream(h("7E7E01027E"))).toMatchObject({ dropped: 1, units: [{ kind: "message" }] });
  });
});

describe("file names and received ranges", () => {
  it("builds and reads a standard file name", () => {
    const code = jt808AttachmentAlarmCode("adas", 1);
    expect(code).toBe("6401");
    expect(jt808AttachmentAlarmCode("tpms", null)).toBe("6600");
    const n = { fileType: 0, channel: 64, alarmCode: code, serial: 0, alarmNumber: "A1B2", ext: "jpg" };
    expect(jt808AttachmentFileName(n)).toBe("00_64_6401_0_A1B2.jpg");
    expect(parseJt808AttachmentFileName("00_64_6401_0_A1B2.jpg")).toEqual(n);
    expect(parseJt808AttachmentFileName("02_65_65ab_1_X.MP4")).toMatchObject({
      fileType: 2,
      alarmCode: "65AB",
      ext: "mp4",
    });
    expect(parseJt808AttachmentFileName("photo.jpg")).toBeUndefined();
    expect(jt808AttachmentContentType("00_64_6401_0_A1B2.JPG")).toBe("image/jpeg");
    expect(jt808AttachmentContentType("x.mp4")).toBe("video/mp4");
    expect(jt808AttachmentContentType("x.weird")).toBe("application/octet-stream");
  });
  it("merges ranges and says what is missing", () => {
    let r = addJt808Range([], 10, 5);
    r = addJt808Range(r, 30, 10);
    r = addJt808Range(r, 0, 0);
    expect(r).toEqual([
      [10, 15],
      [30, 40],
    ]);
    expect(jt808MissingRanges(r, 50)).toEqual([
      { offset: 0, length: 10 },
      { offset: 15, length: 15 },
      { offset: 40, length: 10 },
    ]);
    r = addJt808Range(r, 15, 15);
    expect(r).toEqual([[10, 40]]);
    r = addJt808Range(r, 0, 45);
    expect(r).toEqual([[0, 45]]);
    expect(jt808MissingRanges(r, 45)).toEqual([]);
    expect(jt808MissingRanges([[60, 70]], 50)).toEqual([{ offset: 0, length: 50 }]);
    let many: readonly (readonly [number, number])[] = [];
    for (let i = 0; i < 300; i++) many = addJt808Range(many, i * 2, 1);
    expect(jt808MissingRanges(many, 600)).toHaveLength(255);
  });
});
