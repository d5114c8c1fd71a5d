import { describe, expect, it } from "vitest";
import { phoneOf } from "./fleet";
import { parseSimulateArgs } from "./options";

describe("npm run simulate's options", () => {
  it("defaults: 20 vehicles of mixed protocols against the local gateway every 10 s", () => {
    expect(parseSimulateArgs([])).toEqual({
      vehicles: 20,
      machines: 5,
      protocol: "mixed",
      host: "127.0.0.1",
      port: 32960,
      jt808Port: 8808,
      hj1239Port: 1239,
      rate: 10,
      timeScale: 1,
      seed: 32960,
      duration: 0,
      api: "http://127.0.0.1:8080",
      commandDelay: 0,
      commandFailRate: 0,
      commandSilentRate: 0,
    });
  });
  it("reads every option", () => {
    expect(
      parseSimulateArgs([
        "--vehicles",
        "2000",
        "--machines",
        "12",
        "--protocol",
        "jt808",
        "--host",
        "10.0.0.5",
        "--port",
        "9000",
        "--jt808-port",
        "9001",
        "--hj1239-port",
        "9002",
        "--rate",
        "0.5",
        "--time-scale",
        "60",
        "--seed",
        "7",
        "--duration",
        "30",
        "--api",
        "http://tsp:8080",
        "--command-delay",
        "2",
        "--command-fail-rate",
        "0.1",
        "--command-silent-rate",
        "0.05",
      ]),
    ).toEqual({
      vehicles: 2000,
      machines: 12,
      protocol: "jt808",
      host: "10.0.0.5",
      port: 9000,
      jt808Port: 9001,
      hj1239Port: 9002,
      rate: 0.5,
      timeScale: 60,
      seed: 7,
      duration: 30,
      api: "http://tsp:8080",
      commandDelay: 2,
      commandFailRate: 0.1,
      commandSilentRate: 0.05,
    });
  });
  it("refuses what it cannot use, naming the option", () => {
    expect(parseSimulateArgs(["--protocol", "hj1239"]).protocol).toBe("hj1239");
    expect(() => parseSimulateArgs(["--protocol", "gb"])).toThrow(
      "--protocol must be mixed, gbt32960, jt808 or hj1239",
    );
    expect(() => parseSimulateArgs(["--vehicles", "0"])).toThrow("--vehicles must be 1..100000, got 0");
    expect(() => parseSimulateArgs(["--port", "x"])).toThrow("--port must be 1..65535, got x");
    expect(() => parseSimulateArgs(["--fleet", "3"])).toThrow();
    expect(() => parseSimulateArgs(["--command-fail-rate", "2"])).toThrow("--command-fail-rate must be 0..1, got 2");
  });
  it("a JT/T 808 terminal's phone is 11 digits from its VIN, the same every time", () => {
    expect(phoneOf("LB31K4SN3PF600216")).toMatch(/^14\d{9}$/);
    expect(phoneOf("LB31K4SN3PF600216")).toBe(phoneOf("LB31K4SN3PF600216"));
    expect(phoneOf("LB31K4SN3PF600217")).not.toBe(phoneOf("LB31K4SN3PF600216"));
  });
});
