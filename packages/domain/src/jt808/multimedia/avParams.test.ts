import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../gbt32960/hex";
import { h } from "../testFrames";
import {
  decodeJt1078AlarmRecording,
  decodeJt1078AvParams,
  decodeJt1078ChannelParams,
  decodeJt1078Channels,
  encodeJt1078AlarmRecording,
  encodeJt1078AvParams,
  encodeJt1078ChannelParams,
  encodeJt1078Channels,
  type Jt1078AvParams,
  jt1078ParamProblems,
} from "./index";

const hex = (r: { ok: boolean; value?: Uint8Array }) => {
  if (!r.ok || r.value === undefined) throw new Error("not ok");
  return bytesToHex(r.value);
};

// The values of SmallChi/JT1078's JT808_0x8103Test.cs (JT808.Protocol.Extensions.JT1078.Test):
// its 0x8103 frame carries 0x0075, 0x0076, 0x0077 and 0x0079 with these value bytes.
const V0075 = "030500040700000006080A00090C0000000B000201";
const V0076 = "02010303020001070604050B0A08090F0E0C0D1312101117161415";
const V0077 = "0201030500040700000006080A00090C0000000B000201030500040700000006080A00090C0000000B0002";
const V0079 = "030201";

const live = { encodeMode: 3, resolution: 5, keyFrameInterval: 4, frameRate: 7, bitRate: 6 };
const stored = { encodeMode: 8, resolution: 10, keyFrameInterval: 9, frameRate: 12, bitRate: 11 };
const smallchi0075: Jt1078AvParams = { live, stored, osd: 2, audioOutput: 1 };

describe("JT/T 1078 0x0075 audio/video parameters", () => {
  it("reads and writes SmallChi's value byte for byte (out-of-range codes kept)", () => {
    expect(decodeJt1078AvParams(h(V0075))).toEqual({ ok: true, value: smallchi0075 });
    expect(hex(encodeJt1078AvParams(smallchi0075))).toBe(V0075);
  });
  it("refuses another length and numbers too wide for their fields", () => {
    expect(decodeJt1078AvParams(h("0305")).ok).toBe(false);
    expect(encodeJt1078AvParams({ ...smallchi0075, osd: 0x10000 }).ok).toBe(false);
    expect(encodeJt1078AvParams({ ...smallchi0075, live: { ...live, bitRate: -1 } }).ok).toBe(false);
    expect(encodeJt1078AvParams({ ...smallchi0075, stored: { ...stored, keyFrameInterval: 70000 } }).ok).toBe(false);
    expect(encodeJt1078AvParams({ ...smallchi0075, audioOutput: 256 }).ok).toBe(false);
  });
});

describe("JT/T 1078 0x0076 channel list", () => {
  it("reads and writes SmallChi's value byte for byte", () => {
    const r = decodeJt1078Channels(h(V0076));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ avCount: 2, audioCount: 1, videoCount: 3 });
    expect(r.value.entries).toHaveLength(6);
    expect(r.value.entries[0]).toEqual({ physical: 3, logical: 2, type: 0, ptz: 1 });
    expect(r.value.entries[5]).toEqual({ physical: 23, logical: 22, type: 20, ptz: 21 });
    expect(hex(encodeJt1078Channels(r.value))).toBe(V0076);
  });
  it("refuses a table that does not match its counts", () => {
    expect(decodeJt1078Channels(h("0201")).ok).toBe(false);
    const short = decodeJt1078Channels(h("0201030302"));
    expect(short.ok ? "" : short.error.message).toBe("音视频通道列表共6个通道，应为27字节，实际为5字节");
    const one = { avCount: 1, audioCount: 0, videoCount: 0, entries: [{ physical: 1, logical: 1, type: 0, ptz: 0 }] };
    expect(hex(encodeJt1078Channels(one))).toBe("01000001010000");
    expect(encodeJt1078Channels({ ...one, avCount: 2 }).ok).toBe(false);
    expect(encodeJt1078Channels({ ...one, entries: [{ physical: 256, logical: 1, type: 0, ptz: 0 }] }).ok).toBe(false);
  });
});

describe("JT/T 1078 0x0077 per-channel parameters", () => {
  it("reads and writes SmallChi's two channels byte for byte", () => {
    const r = decodeJt1078ChannelParams(h(V0077));
    expect(r).toEqual({
      ok: true,
      value: [
        { logical: 1, live, stored, osd: 2 },
        { logical: 1, live, stored, osd: 2 },
      ],
    });
    expect(hex(encodeJt1078ChannelParams(r.ok ? r.value : []))).toBe(V0077);
  });
  it("reads an empty list, refuses a wrong length and fields too wide", () => {
    expect(decodeJt1078ChannelParams(h("00"))).toEqual({ ok: true, value: [] });
    expect(decodeJt1078ChannelParams(new Uint8Array(0)).ok).toBe(false);
    expect(decodeJt1078ChannelParams(h("0101")).ok).toBe(false);
    expect(encodeJt1078ChannelParams([{ logical: 300, live, stored, osd: 0 }]).ok).toBe(false);
    const many = Array.from({ length: 256 }, () => ({ logical: 1, live, stored, osd: 0 }));
    expect(encodeJt1078ChannelParams(many).ok).toBe(false);
  });
});

describe("JT/T 1078 0x0079 special alarm recording", () => {
  it("reads and writes SmallChi's value byte for byte", () => {
    const value = { threshold: 3, duration: 2, before: 1 };
    expect(decodeJt1078AlarmRecording(h(V0079))).toEqual({ ok: true, value });
    expect(hex(encodeJt1078AlarmRecording(value))).toBe(V0079);
    expect(decodeJt1078AlarmRecording(h("0302")).ok).toBe(false);
    expect(encodeJt1078AlarmRecording({ ...value, before: 256 }).ok).toBe(false);
  });
});

describe("the ranges an operator sets within", () => {
  const good: Jt1078AvParams = {
    live: { encodeMode: 0, resolution: 1, keyFrameInterval: 25, frameRate: 15, bitRate: 512 },
    stored: { encodeMode: 101, resolution: 6, keyFrameInterval: 1000, frameRate: 120, bitRate: 2048 },
    osd: 0b1000_0000_0111_1111,
    audioOutput: 1,
  };
  it("a setting within the standard has no problem", () => {
    expect(jt1078ParamProblems({ avParams: good, alarmRecording: { threshold: 80, duration: 5, before: 1 } })).toEqual(
      [],
    );
    expect(jt1078ParamProblems({})).toEqual([]);
  });
  it("names every field out of range", () => {
    const problems = jt1078ParamProblems({
      avParams: {
        live: { encodeMode: 3, resolution: 7, keyFrameInterval: 0, frameRate: 121, bitRate: 0 },
        stored: { encodeMode: 99, resolution: 128, keyFrameInterval: 1001, frameRate: 0, bitRate: 1.5 },
        osd: 0x0080,
        audioOutput: 2,
      },
      alarmRecording: { threshold: 0, duration: 256, before: -1 },
    });
    expect(problems.map((p) => p.field)).toEqual([
      "avParams.live.encodeMode",
      "avParams.live.resolution",
      "avParams.live.keyFrameInterval",
      "avParams.live.frameRate",
      "avParams.live.bitRate",
      "avParams.stored.encodeMode",
      "avParams.stored.resolution",
      "avParams.stored.keyFrameInterval",
      "avParams.stored.frameRate",
      "avParams.stored.bitRate",
      "avParams.osd",
      "avParams.audioOutput",
      "alarmRecording.threshold",
      "alarmRecording.duration",
      "alarmRecording.before",
    ]);
    expect(problems[3]?.message).toBe("实时流目标帧率应为1–120帧/秒");
    expect(problems[12]?.message).toBe("特殊报警录像存储阈值应为1–99（%）");
    expect(jt1078ParamProblems({ avParams: { ...good, osd: 0x10000 } }).map((p) => p.field)).toEqual(["avParams.osd"]);
  });
});
