import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../gbt32960/hex";
import { decodeJt808ParamAnswer, encodeJt808ParamAnswer, encodeJt808ParamSet } from "../params/terminalParams";
import { JT1078_QUERY_IDS, jt1078ParamItems, readJt1078ParamItems } from "./avParamItems";

const stream = { encodeMode: 0, resolution: 3, keyFrameInterval: 25, frameRate: 25, bitRate: 1024 };
const values = {
  avParams: { live: stream, stored: { ...stream, resolution: 5, bitRate: 2048 }, osd: 0x07, audioOutput: 1 },
  channels: {
    avCount: 1,
    audioCount: 0,
    videoCount: 1,
    entries: [
      { physical: 1, logical: 1, type: 0, ptz: 0 },
      { physical: 2, logical: 2, type: 2, ptz: 1 },
    ],
  },
  channelParams: [{ logical: 2, live: stream, stored: stream, osd: 1 }],
  alarmRecording: { threshold: 20, duration: 5, before: 1 },
};

describe("JT/T 1078 parameters as 0x8103 / 0x0104 items", () => {
  it("queries the four defined ids", () => {
    expect(JT1078_QUERY_IDS).toEqual([0x75, 0x76, 0x77, 0x79]);
  });
  it("writes the values as items in id order and reads them back through a 0x0104", () => {
    const items = jt1078ParamItems(values);
    expect(items.ok && items.value.map((i) => [i.id, i.value.length])).toEqual([
      [0x75, 21],
      [0x76, 11],
      [0x77, 22],
      [0x79, 3],
    ]);
    if (!items.ok) return;
    // 0x0075 as JT/T 1078 表3 lays it out: live (mode, resolution, key WORD, fps, kbps DWORD), stored, OSD WORD, audio.
    const set = encodeJt808ParamSet(items.value.slice(0, 1));
    expect(set.ok && bytesToHex(set.value)).toBe("010000007515000300191900000400000500191900000800000701");
    const answer = encodeJt808ParamAnswer({
      serial: 7,
      items: [...items.value, { id: 0x0001, value: Uint8Array.of(0, 0, 0, 30) }],
    });
    if (!answer.ok) throw new Error(answer.error.message);
    const read = decodeJt808ParamAnswer(answer.value);
    if (!read.ok) throw new Error(read.error.message);
    expect(readJt1078ParamItems(read.value.items)).toEqual({ ok: true, value: values });
  });
  it("refuses nothing to set and an out-of-size value", () => {
    expect(jt1078ParamItems({})).toMatchObject({ ok: false, error: { message: "至少设置一项音视频参数" } });
    expect(jt1078ParamItems({ alarmRecording: { threshold: 300, duration: 1, before: 1 } }).ok).toBe(false);
  });
  it("fails on an unreadable value of each id", () => {
    for (const id of JT1078_QUERY_IDS) expect(readJt1078ParamItems([{ id, value: Uint8Array.of(9) }]).ok).toBe(false);
  });
});
