import { describe, expect, it } from "vitest";
import { decodeJt808BatchLocation, encodeJt808BatchLocation } from "./batchLocation";
import { decodeJt808Frame } from "./frame";
import { decodeJt808Location, encodeJt808Location, type Jt808Location, jt808Coordinates } from "./location";
import { BATCH_LOCATION, h, LOCATION_BODY_CUSTOM_ITEM, LOCATION_DEMO, LOCATION_ITEMS } from "./testFrames";

/** Beijing wall-clock time → epoch ms. */
const cst = (y: number, mo: number, d: number, hh: number, mi: number, ss: number) =>
  Date.UTC(y, mo - 1, d, hh - 8, mi, ss);

function bodyOf(hex: string): Uint8Array {
  const r = decodeJt808Frame(h(hex));
  if (!r.ok) throw new Error(r.error.message);
  return r.value.body;
}

function location(body: Uint8Array): Jt808Location {
  const r = decodeJt808Location(body);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** SmallChi's first sample location (JT808_0x0200Test.cs, JT808_0x0704Test.cs). */
const SAMPLE = {
  alarm: 1,
  status: 2,
  latitude: 12222222,
  longitude: 132444444,
  altitude: 40,
  speed: 60,
  direction: 0,
};

describe("0x0200 location of SmallChi/JT808", () => {
  it("Demo2: the asserted values, mileage 100 and fuel 125", () => {
    expect(location(bodyOf(LOCATION_DEMO))).toEqual({
      ...SAMPLE,
      time: cst(2018, 10, 15, 10, 10, 10),
      items: [
        { kind: "mileage", value: 100 },
        { kind: "fuel", value: 125 },
      ],
    });
  });
  it("Test6: a terminal's report with every common item", () => {
    expect(location(bodyOf(LOCATION_ITEMS))).toEqual({
      alarm: 0,
      status: 0x000c00c2,
      latitude: 22768750,
      longitude: 113792664,
      altitude: 30,
      speed: 0,
      direction: 224,
      time: cst(2018, 9, 16, 10, 35, 37),
      items: [
        { kind: "mileage", value: 0x00054c7d },
        { kind: "fuel", value: 0 },
        { kind: "recorderSpeed", value: 0 },
        { kind: "extendedSignals", value: 0 },
        { kind: "analog", value: 0 },
        { kind: "signalStrength", value: 0x1d },
        { kind: "satellites", value: 13 },
      ],
    });
  });
  it("Test4: an unknown item is kept raw", () => {
    const l = location(h(LOCATION_BODY_CUSTOM_ITEM));
    expect(l.items[2]).toEqual({ kind: "raw", id: 0x06, data: h("00 00 00 12 01 73 6D 61 6C 6C 63 68 69") });
  });
  it.each([LOCATION_DEMO, LOCATION_ITEMS])("re-encodes the body of %s byte for byte", (hex) => {
    const body = bodyOf(hex);
    expect(encodeJt808Location(location(body))).toEqual({ ok: true, value: body });
  });
  it("re-encodes the custom item body byte for byte", () => {
    const body = h(LOCATION_BODY_CUSTOM_ITEM);
    expect(encodeJt808Location(location(body))).toEqual({ ok: true, value: body });
  });
});

describe("0x0200 items and errors", () => {
  const base = Array.from(h(LOCATION_BODY_CUSTOM_ITEM).subarray(0, 28));
  it("every known item round-trips; a known id of another length stays raw", () => {
    const items = [
      { kind: "alarmEventId", value: 7 },
      { kind: "io", value: 3 },
      { kind: "raw", id: 0x01, data: Uint8Array.of(1, 2) },
    ] as const;
    const encoded = encodeJt808Location({ ...location(Uint8Array.from(base)), items });
    expect(encoded.ok && location(encoded.value).items).toEqual(items);
  });
  it("south and west from status bits 2 and 3", () => {
    const l = location(Uint8Array.from(base));
    expect(jt808Coordinates(l)).toEqual({ latitude: 12.222222, longitude: 132.444444 });
    expect(jt808Coordinates({ ...l, status: 0x0c })).toEqual({ latitude: -12.222222, longitude: -132.444444 });
  });
  it("refuses a short base, a bad time and cut items", () => {
    expect(decodeJt808Location(new Uint8Array(27))).toMatchObject({ ok: false, error: { code: "truncated" } });
    const badTime = [...base];
    badTime[23] = 0x13;
    expect(decodeJt808Location(Uint8Array.from(badTime))).toMatchObject({
      ok: false,
      error: { code: "bad-time", offset: 22 },
    });
    expect(decodeJt808Location(Uint8Array.from([...base, 0x01]))).toMatchObject({
      ok: false,
      error: { code: "truncated", offset: 28 },
    });
    expect(decodeJt808Location(Uint8Array.from([...base, 0x01, 0x04, 0]))).toMatchObject({
      ok: false,
      error: { code: "truncated", message: "报文不完整：读取“附加信息0x01”需要4字节，只剩1字节", offset: 30 },
    });
  });
  it("refuses to encode numbers outside their fields", () => {
    const l = location(Uint8Array.from(base));
    expect(encodeJt808Location({ ...l, latitude: 2 ** 32 })).toMatchObject({
      ok: false,
      error: { code: "bad-number" },
    });
    expect(encodeJt808Location({ ...l, speed: 0x10000 })).toMatchObject({ ok: false, error: { code: "bad-number" } });
    expect(encodeJt808Location({ ...l, time: Date.UTC(2100, 5, 1) })).toMatchObject({
      ok: false,
      error: { code: "bad-time" },
    });
    expect(encodeJt808Location({ ...l, items: [{ kind: "signalStrength", value: 256 }] })).toMatchObject({
      ok: false,
      error: { message: "附加信息0x30的值256超出1字节范围" },
    });
    expect(encodeJt808Location({ ...l, items: [{ kind: "raw", id: 256, data: new Uint8Array(0) }] }).ok).toBe(false);
    expect(encodeJt808Location({ ...l, items: [{ kind: "raw", id: 6, data: new Uint8Array(256) }] }).ok).toBe(false);
  });
});

describe("0x0704 batch location", () => {
  it("SmallChi JT808_0x0704Test.cs Test2: two normal locations", () => {
    const body = bodyOf(BATCH_LOCATION);
    const r = decodeJt808BatchLocation(body);
    expect(r).toEqual({
      ok: true,
      value: {
        type: 0,
        locations: [
          {
            ...SAMPLE,
            time: cst(2018, 7, 15, 10, 10, 10),
            items: [
              { kind: "mileage", value: 100 },
              { kind: "fuel", value: 55 },
            ],
          },
          {
            alarm: 2,
            status: 1,
            latitude: 13333333,
            longitude: 132555555,
            altitude: 41,
            speed: 54,
            direction: 120,
            time: cst(2018, 7, 15, 10, 10, 30),
            items: [
              { kind: "mileage", value: 96 },
              { kind: "fuel", value: 66 },
            ],
          },
        ],
      },
    });
    expect(r.ok && encodeJt808BatchLocation(r.value)).toEqual({ ok: true, value: body });
  });
  it("a re-sent batch (type 1) round-trips", () => {
    const one = location(h(LOCATION_BODY_CUSTOM_ITEM));
    const encoded = encodeJt808BatchLocation({ type: 1, locations: [one] });
    expect(encoded.ok && decodeJt808BatchLocation(encoded.value)).toEqual({
      ok: true,
      value: { type: 1, locations: [one] },
    });
  });
  it("refuses cut entries, bad entries with their number, and bytes after the count", () => {
    expect(decodeJt808BatchLocation(h("00 01"))).toMatchObject({ ok: false, error: { code: "truncated" } });
    expect(decodeJt808BatchLocation(h("00 01 00 00"))).toMatchObject({ ok: false, error: { code: "truncated" } });
    expect(decodeJt808BatchLocation(h("00 01 00 00 05 00"))).toMatchObject({ ok: false, error: { code: "truncated" } });
    expect(decodeJt808BatchLocation(h("00 01 00 00 02 00 00"))).toMatchObject({
      ok: false,
      error: { code: "truncated", message: "第1条位置：位置信息2字节，不足基本信息的28字节", offset: 5 },
    });
    const cutItem = [...h(LOCATION_BODY_CUSTOM_ITEM).subarray(0, 28), 0x01];
    expect(decodeJt808BatchLocation(Uint8Array.from([0, 1, 0, 0, 29, ...cutItem]))).toMatchObject({
      ok: false,
      error: { offset: 33 },
    });
    expect(decodeJt808BatchLocation(h("00 00 00 FF"))).toMatchObject({ ok: false, error: { code: "length-mismatch" } });
  });
  it("refuses to encode a bad type or a bad entry", () => {
    const one = location(h(LOCATION_BODY_CUSTOM_ITEM));
    expect(encodeJt808BatchLocation({ type: 256, locations: [] }).ok).toBe(false);
    expect(encodeJt808BatchLocation({ type: 0, locations: [{ ...one, speed: -1 }] }).ok).toBe(false);
  });
});
