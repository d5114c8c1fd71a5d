import { describe, expect, it } from "vitest";
import { decodeJt808Message, encodeJt808Message, type Jt808Body } from "./message";

// Values built here (not decoded first), encoded, then decoded: the result is the value again,
// for every message kind, in both editions, with and without escaping in the bytes.
const location = {
  alarm: 0x8000_0001,
  status: 0x0004_000f,
  latitude: 31_230_416,
  longitude: 121_473_701,
  altitude: 0x7e7d,
  speed: 1234,
  direction: 359,
  time: Date.UTC(2026, 10, 24, 3, 0, 0),
  items: [
    { kind: "mileage", value: 0x7e7d7e7d },
    { kind: "fuel", value: 555 },
    { kind: "recorderSpeed", value: 1230 },
    { kind: "alarmEventId", value: 7 },
    { kind: "extendedSignals", value: 0x0000_0301 },
    { kind: "io", value: 1 },
    { kind: "analog", value: 0x0010_0020 },
    { kind: "signalStrength", value: 31 },
    { kind: "satellites", value: 12 },
    { kind: "raw", id: 0xe1, data: Uint8Array.of(0x7e, 0x7d, 0) },
  ],
} as const;

const bodies: Record<2013 | 2019, Jt808Body[]> = {
  2013: [],
  2019: [],
};
for (const edition of [2013, 2019] as const) {
  bodies[edition].push(
    { kind: "heartbeat" },
    { kind: "terminalResponse", response: { serial: 0x7e7e, messageId: 0x8103, result: 1 } },
    { kind: "platformResponse", response: { serial: 65535, messageId: 0x0200, result: 4 } },
    { kind: "registerResponse", response: { serial: 9, result: 0, authCode: "~}token" } },
    { kind: "registerResponse", response: { serial: 9, result: 3 } },
    {
      kind: "authentication",
      authentication:
        edition === 2019 ? { authCode: "abc", imei: "861234567890123", softwareVersion: "1.0" } : { authCode: "abc" },
    },
    {
      kind: "register",
      register: {
        province: 31,
        city: 115,
        maker: "MK",
        model: "T-BOX 9",
        terminalId: "A1",
        plateColor: 2,
        plate: "沪A7E7D1",
        plateGbk: Uint8Array.of(0xbb, 0xa6, 0x41, 0x37, 0x45, 0x37, 0x44, 0x31),
      },
    },
    { kind: "location", location },
    { kind: "batchLocation", batch: { type: 1, locations: [location, { ...location, items: [] }] } },
  );
}

describe("encode → decode is identity", () => {
  for (const edition of [2013, 2019] as const) {
    it.each(bodies[edition].map((b) => [b.kind, b] as const))(`${edition}: %s`, (_kind, body) => {
      const header =
        edition === 2019
          ? { edition, protocolVersion: 1, encryption: 0, phone: "01380013800000000000", serial: 0x7d7e }
          : { edition, encryption: 0, phone: "013800138000", serial: 0x7d7e };
      const bytes = encodeJt808Message(header, body);
      if (!bytes.ok) throw new Error(bytes.error.message);
      expect(decodeJt808Message(bytes.value)).toMatchObject({ ok: true, value: { header, body } });
      const again = decodeJt808Message(bytes.value);
      expect(again.ok && again.value.body).toEqual(body);
    });
  }
});
