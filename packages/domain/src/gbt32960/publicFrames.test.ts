import { describe, expect, it } from "vitest";
import { decodeMessage, encodeVehicleLoginMessage } from "./message";

// Login frames published as test vectors by public GB/T 32960 parsers (a Python construct-based
// codec for 2016 and 2025, a Java and a JavaScript 2016 parser). They were produced by other
// implementations, so they check this codec against the standard as others read it.
const HAUV_2025_ONE_BMS =
  "242401fe484155563442474e365335303032323139010036190a1b140202000c3839383630393234373930303233313636363036010130524a50454130304841553041414631333130303139353596";
const HAUV_2025_TWO_BMS =
  "242401fe484155563442474e365335303032323139010067190a1b140202000c383938363039323437393030323331363636303602010230524a50454130304841553041414631333130303139353530524a50454130304841553041414631333130303139353630524a504541303048415530414146313331303031393537c7";
const HAUV_2016_THREE_CODES =
  "232301fe484155563442474e365335303032323139010066190a1b140202000c3839383630393234373930303233313636363036031830524a50454130304841553041414631333130303139353530524a50454130304841553041414631333130303139353630524a504541303048415530414146313331303031393537dc";
const LS6H_2016 =
  "232301FE4C53364841313034314A4737383237323401001E13071A0E0216000338393836303242313033313543303530393432360100D5";
const LZYT_2016 =
  "232301FE4C5A59545547455735473130353935343501001E12061610150F001F38393836303631363032303034363337393632390100A8";
/** A library's own test frame whose VIN field is "123456789" padded with NUL bytes. */
const PADDED_VIN_2016 =
  "232301FE313233343536373839000000000000000001002A130116173738000131323334353637383939383736353433323130300304313233343435363739383730FD";

/** 2025-10-27 20:02:02 in Beijing time. */
const HAUV_TIME = Date.UTC(2025, 9, 27, 12, 2, 2);

function login(hex: string) {
  const r = decodeMessage(hex);
  if (!r.ok) throw new Error(r.error.message);
  if (r.value.body.kind !== "login") throw new Error("not a login");
  return { frame: r.value.frame, login: r.value.body.login };
}

describe("public GB/T 32960 login frames", () => {
  it("2025, one BMS with one pack", () => {
    const { frame, login: l } = login(HAUV_2025_ONE_BMS);
    expect(frame).toMatchObject({ edition: 2025, vin: "HAUV4BGN6S5002219", encryption: 1, responseFlag: 0xfe });
    expect(l).toEqual({
      edition: 2025,
      collectedAt: HAUV_TIME,
      serial: 12,
      iccid: "89860924790023166606",
      packSerials: [["0RJPEA00HAU0AAF131001955"]],
    });
  });
  it("2025, two BMS with one and two packs", () => {
    expect(login(HAUV_2025_TWO_BMS).login).toMatchObject({
      packSerials: [["0RJPEA00HAU0AAF131001955"], ["0RJPEA00HAU0AAF131001956", "0RJPEA00HAU0AAF131001957"]],
    });
  });
  it("2016, three subsystem codes of 24 characters", () => {
    expect(login(HAUV_2016_THREE_CODES).login).toEqual({
      edition: 2016,
      collectedAt: HAUV_TIME,
      serial: 12,
      iccid: "89860924790023166606",
      codeLength: 24,
      subsystemCodes: ["0RJPEA00HAU0AAF131001955", "0RJPEA00HAU0AAF131001956", "0RJPEA00HAU0AAF131001957"],
    });
  });
  it("2016 frames of two vendors' terminals: one subsystem, empty code", () => {
    expect(login(LS6H_2016)).toMatchObject({
      frame: { vin: "LS6HA1041JG782724" },
      login: {
        collectedAt: Date.UTC(2019, 6, 26, 6, 2, 22),
        serial: 3,
        iccid: "898602B10315C0509426",
        subsystemCodes: [""],
        codeLength: 0,
      },
    });
    expect(login(LZYT_2016)).toMatchObject({
      frame: { vin: "LZYTUGEW5G1059545" },
      login: { collectedAt: Date.UTC(2018, 5, 22, 8, 21, 15), serial: 31, iccid: "89860616020046379629" },
    });
  });
  it("a VIN field padded with NUL bytes is read without the padding", () => {
    const { frame, login: l } = login(PADDED_VIN_2016);
    expect(frame.vin).toBe("123456789");
    expect(l).toMatchObject({
      serial: 1,
      iccid: "12345678998765432100",
      codeLength: 4,
      subsystemCodes: ["1234", "4567", "9870"],
    });
  });
  it("re-encoding gives the same bytes", () => {
    for (const hex of [HAUV_2025_ONE_BMS, HAUV_2025_TWO_BMS, HAUV_2016_THREE_CODES, LS6H_2016, LZYT_2016]) {
      const { frame, login: l } = login(hex);
      expect(encodeVehicleLoginMessage(frame.vin, l)).toEqual({ ok: true, value: hex.toUpperCase() });
    }
  });
});
