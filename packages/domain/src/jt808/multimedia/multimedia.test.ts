import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../gbt32960/hex";
import { decodeJt808Frame, encodeJt808Frame } from "../frame";
import { addJt808Fragment, type Jt808PendingMessage } from "../reassembly";
import { splitJt808Message } from "../split";
import { h as hexToBytes } from "../testFrames";
import {
  cameraShootProblem,
  decodeJt808CameraAnswer,
  decodeJt808CameraShoot,
  decodeJt808MediaAnswer,
  decodeJt808MediaEvent,
  decodeJt808MediaUpload,
  encodeJt808CameraAnswer,
  encodeJt808CameraShoot,
  encodeJt808MediaAnswer,
  encodeJt808MediaEvent,
  encodeJt808MediaUpload,
  JT808_MEDIA_MESSAGE_ID,
  type Jt808CameraShoot,
  jt808MediaContentType,
  jt808MissingPackages,
  jt808PendingMediaId,
} from "./index";

const hex = (r: { ok: boolean; value?: Uint8Array }) => {
  if (!r.ok || r.value === undefined) throw new Error("not ok");
  return bytesToHex(r.value);
};

// SmallChi/JT808 JT808.Protocol.Test MessageBody/JT808_0x8801Test.cs.
const SMALLCHI_8801 = "8000000A7E010809EB7E78F5";
const shoot: Jt808CameraShoot = {
  channel: 128,
  command: 0,
  interval: 2686,
  save: 1,
  resolution: 8,
  quality: 9,
  brightness: 235,
  contrast: 126,
  saturation: 120,
  chroma: 245,
};

describe("0x8801 camera shoot now", () => {
  it("writes and reads SmallChi's body byte for byte", () => {
    expect(hex(encodeJt808CameraShoot(shoot))).toBe(SMALLCHI_8801);
    expect(decodeJt808CameraShoot(hexToBytes(SMALLCHI_8801))).toEqual({ ok: true, value: shoot });
  });
  it("names the first field out of its range", () => {
    expect(cameraShootProblem({ ...shoot, resolution: 9 })).toEqual({
      field: "resolution",
      message: "分辨率应为1–8的整数",
    });
    expect(cameraShootProblem({ ...shoot, channel: 0 })?.message).toBe("通道ID应为1–255的整数");
    expect(cameraShootProblem({ ...shoot, contrast: 1.5 })?.field).toBe("contrast");
    expect(cameraShootProblem(shoot)).toBeNull();
    const bad = encodeJt808CameraShoot({ ...shoot, quality: 11 });
    expect(bad.ok ? "" : bad.error).toEqual({ code: "bad-number", message: "图像/视频质量应为1–10的整数" });
  });
  it("refuses a body of the wrong length or with a value out of range", () => {
    const short = decodeJt808CameraShoot(hexToBytes("8000"));
    expect(short.ok ? "" : short.error.code).toBe("length-mismatch");
    // Resolution 0x09 is no code of the table.
    const range = decodeJt808CameraShoot(hexToBytes("8000000A7E010909EB7E78F5"));
    expect(range.ok ? "" : range.error.message).toBe("分辨率应为1–8的整数");
  });
});

describe("0x0805 camera answer", () => {
  // SmallChi MessageBody/JT808_0x0805Test.cs (result 0) and its 2019 variant (result 1 with ids).
  it("reads and writes SmallChi's success byte for byte", () => {
    const body = "30A80000020000301200003124";
    const value = { serial: 12456, result: 0, mediaIds: [12306, 12580] };
    expect(decodeJt808CameraAnswer(hexToBytes(body))).toEqual({ ok: true, value });
    expect(hex(encodeJt808CameraAnswer(value))).toBe(body);
  });
  it("reads ids after a failure when the terminal sends them, writes a failure without", () => {
    const r = decodeJt808CameraAnswer(hexToBytes("30A80100020000301200003124"));
    expect(r.ok && r.value.mediaIds).toEqual([12306, 12580]);
    expect(hex(encodeJt808CameraAnswer({ serial: 1, result: 2, mediaIds: [5] }))).toBe("000102");
    expect(decodeJt808CameraAnswer(hexToBytes("000102"))).toEqual({
      ok: true,
      value: { serial: 1, result: 2, mediaIds: [] },
    });
  });
  it("refuses truncated and over-long bodies and numbers out of their fields", () => {
    for (const bad of ["30", "30A8", "30A80000", "30A800000200003012", "30A80000010000301200"]) {
      expect(decodeJt808CameraAnswer(hexToBytes(bad)).ok, bad).toBe(false);
    }
    const extra = decodeJt808CameraAnswer(hexToBytes("30A8000001000030120A"));
    expect(extra.ok ? "" : extra.error.code).toBe("length-mismatch");
    expect(encodeJt808CameraAnswer({ serial: 70000, result: 0, mediaIds: [] }).ok).toBe(false);
    expect(encodeJt808CameraAnswer({ serial: 1, result: 0, mediaIds: [-1] }).ok).toBe(false);
  });
});

describe("0x0800 multimedia event", () => {
  // SmallChi MessageBody/JT808_0x0800Test.cs.
  it("reads and writes SmallChi's body byte for byte", () => {
    const value = { mediaId: 5569, type: 1, format: 2, event: 1, channel: 6 };
    expect(decodeJt808MediaEvent(hexToBytes("000015C101020106"))).toEqual({ ok: true, value });
    expect(hex(encodeJt808MediaEvent(value))).toBe("000015C101020106");
  });
  it("refuses another length and numbers out of their fields", () => {
    expect(decodeJt808MediaEvent(hexToBytes("000015C1010201")).ok).toBe(false);
    expect(encodeJt808MediaEvent({ mediaId: 1, type: 256, format: 0, event: 0, channel: 1 }).ok).toBe(false);
    expect(encodeJt808MediaEvent({ mediaId: 2 ** 32, type: 0, format: 0, event: 0, channel: 1 }).ok).toBe(false);
  });
  it("gives the object store's content type by format", () => {
    expect(jt808MediaContentType(0)).toBe("image/jpeg");
    expect(jt808MediaContentType(4)).toBe("video/x-ms-wmv");
    expect(jt808MediaContentType(9)).toBe("application/octet-stream");
  });
});

// SmallChi MessageBody/JT808_0x0801Test.cs (2019 tests): a 4-byte image with its location.
const SMALLCHI_0801 = "00000A070000017B000000010000000200BA7F0E07E4F11C0028003C000018111523261001020304";
const upload = {
  mediaId: 2567,
  type: 0,
  format: 0,
  event: 1,
  channel: 123,
  location: {
    alarm: 1,
    status: 2,
    latitude: 12222222,
    longitude: 132444444,
    altitude: 40,
    speed: 60,
    direction: 0,
    // 2018-11-15 23:26:10 in GMT+8.
    time: Date.UTC(2018, 10, 15, 15, 26, 10),
    items: [],
  },
  data: Uint8Array.of(1, 2, 3, 4),
};

describe("0x0801 multimedia upload", () => {
  it("reads and writes SmallChi's body byte for byte", () => {
    expect(decodeJt808MediaUpload(hexToBytes(SMALLCHI_0801))).toEqual({ ok: true, value: upload });
    expect(hex(encodeJt808MediaUpload(upload))).toBe(SMALLCHI_0801);
  });
  it("refuses a body shorter than its fixed part, a bad location time and location items", () => {
    const short = decodeJt808MediaUpload(hexToBytes(SMALLCHI_0801.slice(0, 70)));
    expect(short.ok ? "" : short.error.code).toBe("truncated");
    // The time's month 0x13 is no month: the error points into the location (8 + 22 + 1).
    const badTime = decodeJt808MediaUpload(hexToBytes(SMALLCHI_0801.replace("181115232610", "181315232610")));
    expect(badTime.ok ? "" : badTime.error).toMatchObject({ code: "bad-time", offset: 30 });
    expect(
      encodeJt808MediaUpload({ ...upload, location: { ...upload.location, items: [{ kind: "fuel", value: 1 }] } }).ok,
    ).toBe(false);
    expect(encodeJt808MediaUpload({ ...upload, channel: 300 }).ok).toBe(false);
    expect(encodeJt808MediaUpload({ ...upload, location: { ...upload.location, speed: -1 } }).ok).toBe(false);
  });
  it("survives sub-packaging: a 3,000-byte image cut into 1,000-byte packages joins back into the same upload", () => {
    const data = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
    const body = encodeJt808MediaUpload({ ...upload, data });
    if (!body.ok) throw new Error(body.error.message);
    const frame = {
      header: {
        messageId: JT808_MEDIA_MESSAGE_ID.mediaUpload,
        edition: 2019 as const,
        encryption: 0,
        phone: "13912345678",
        serial: 7,
      },
      body: body.value,
    };
    const parts = splitJt808Message(frame, 1000);
    if (!parts.ok) throw new Error(parts.error.message);
    expect(parts.value).toHaveLength(4);
    let state = new Map() as Parameters<typeof addJt808Fragment>[0];
    let whole: Uint8Array | undefined;
    // Through the wire (escaping, check code) and in a shuffled order.
    for (const p of [parts.value[2], parts.value[0], parts.value[3], parts.value[1]]) {
      const wire = encodeJt808Frame(p as (typeof parts.value)[number]);
      if (!wire.ok) throw new Error(wire.error.message);
      const read = decodeJt808Frame(wire.value);
      if (!read.ok) throw new Error(read.error.message);
      const added = addJt808Fragment(state, read.value, 0);
      if (!added.ok) throw new Error(added.error.message);
      state = added.value.state as typeof state;
      whole = added.value.message?.body ?? whole;
    }
    const decoded = decodeJt808MediaUpload(whole as Uint8Array);
    expect(decoded.ok && decoded.value.data).toEqual(data);
  });
});

describe("0x8800 multimedia answer and missing packages", () => {
  // SmallChi MessageBody/JT808_0x8800Test.cs: packages 0x0102 and 0x0304 asked again.
  it("writes and reads SmallChi's body byte for byte", () => {
    expect(hex(encodeJt808MediaAnswer({ mediaId: 129, resend: [0x0102, 0x0304] }))).toBe("000000810201020304");
    expect(decodeJt808MediaAnswer(hexToBytes("000000810201020304"))).toEqual({
      ok: true,
      value: { mediaId: 129, resend: [0x0102, 0x0304] },
    });
  });
  it("a complete upload is answered with the id alone", () => {
    expect(hex(encodeJt808MediaAnswer({ mediaId: 129, resend: [] }))).toBe("00000081");
    expect(decodeJt808MediaAnswer(hexToBytes("00000081"))).toEqual({ ok: true, value: { mediaId: 129, resend: [] } });
  });
  it("refuses truncated, over-long and out-of-range answers", () => {
    for (const bad of ["000000", "0000008102", "00000081020102", "0000008101000100"]) {
      expect(decodeJt808MediaAnswer(hexToBytes(bad)).ok, bad).toBe(false);
    }
    expect(encodeJt808MediaAnswer({ mediaId: 1, resend: [70000] }).ok).toBe(false);
    expect(encodeJt808MediaAnswer({ mediaId: -1, resend: [] }).ok).toBe(false);
    expect(encodeJt808MediaAnswer({ mediaId: 1, resend: Array.from({ length: 256 }, (_, i) => i + 1) }).ok).toBe(false);
  });
  it("names the packages a pending message lacks and its media id once the first package is in", () => {
    const header = { messageId: 0x0801, edition: 2013 as const, encryption: 0, phone: "1", serial: 1 };
    const pending: Jt808PendingMessage = {
      header,
      total: 4,
      parts: [Uint8Array.of(0, 0, 0x0a, 0x07, 0), undefined, Uint8Array.of(1), undefined],
      firstSeenAt: 0,
    };
    expect(jt808MissingPackages(pending)).toEqual([2, 4]);
    expect(jt808PendingMediaId(pending)).toBe(2567);
    expect(jt808PendingMediaId({ ...pending, parts: [undefined, Uint8Array.of(1)] })).toBeUndefined();
    expect(jt808PendingMediaId({ ...pending, parts: [Uint8Array.of(1, 2)] })).toBeUndefined();
  });
});
