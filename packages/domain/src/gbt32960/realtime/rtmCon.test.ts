import { describe, expect, it } from "vitest";
import { COMMAND, RESPONSE_COMMAND } from "../codes";
import { bytesToHex } from "../hex";
import { decodeMessage } from "../message";
import type { Coded, Quantity } from "./quantity";
import type { RealtimeData, RealtimeItem } from "./realtimeData";
import vectors from "./vectors/gbt32960-rtm_con.json";

// The 48 frames of ../../../../../shared/vectors (copied beside this test with their README):
// built and read by rtm_con 1.0.3, an implementation independent of ours. Raw integers are
// compared exactly, then scaled values under our scaling; where rtm_con departs from the
// standard the test states the difference instead of copying it.

// rtm_con's JSON is loose by nature: read it through one untyped view.
// biome-ignore lint/suspicious/noExplicitAny: test data of another program's shape
type Json = any;
interface Vector {
  readonly name: string;
  readonly edition: string;
  readonly hex: string;
  readonly decoded: Json;
}
const frames = (vectors as { frames: Vector[] }).frames;

/** rtm_con writes times as the frame's GMT+8 wall time. */
function cst(text: string): number {
  return Date.parse(`${text}+08:00`);
}

/** rtm_con's unit labels where they differ from ours. */
const UNIT_OF: Record<string, string> = { rpm: "r/min" };

function expectQuantity(ours: Quantity | undefined, theirs: Json, valueDiff = 0): void {
  expect(ours?.raw).toBe(theirs.raw);
  expect(ours?.status).toBe(theirs.status);
  if (theirs.unit !== "V" || ours?.unit !== "A") expect(ours?.unit).toBe(UNIT_OF[theirs.unit] ?? theirs.unit);
  if (ours?.status === "valid") expect(ours.value).toBeCloseTo(theirs.value + valueDiff, 6);
  else expect(ours).not.toHaveProperty("value");
}

function expectCoded(ours: Coded | undefined, theirs: Json): void {
  expect(ours?.raw).toBe(theirs.raw);
  const status = theirs.name === "abnormal" ? "abnormal" : theirs.name === "invalid" ? "invalid" : "valid";
  expect(ours?.status).toBe(status);
  expect(ours?.name).toBeDefined();
}

function expectQuantities(ours: readonly Quantity[], theirs: Json[]): void {
  expect(ours).toHaveLength(theirs.length);
  theirs.forEach((t, i) => {
    expectQuantity(ours[i], t);
  });
}

const hex = (n: number) => n.toString(16).padStart(8, "0");

/** Compares one item with rtm_con's; answers which documented differences it met. */
function compareItem(ours: RealtimeItem, theirs: Json, edition: number, seen: Set<string>): void {
  const c = theirs.data_content;
  expect(ours.type).toBe(theirs.data_type.raw);
  switch (ours.kind) {
    case "vehicle": {
      const v = ours.vehicle;
      expectCoded(v.vehicleState, c.vehicle_state);
      expectCoded(v.chargingState, c.charge_state);
      expectCoded(v.runningMode, c.operate_state);
      expectQuantity(v.speed, c.vehicle_speed);
      expectQuantity(v.odometer, c.mileage_total);
      expectQuantity(v.totalVoltage, c.voltage_total);
      expectQuantity(v.totalCurrent, c.current_total);
      expectQuantity(v.soc, c.soc);
      expectCoded(v.dcdcState, c.dcdc_state);
      expect(v.gear.gear.raw).toBe(c.gear_state.gear.raw);
      expect(v.gear.drivingForce).toBe(c.gear_state.driving_force);
      expect(v.gear.brakingForce).toBe(c.gear_state.braking_force);
      expectQuantity(v.insulationResistance, c.insulation_resistance);
      if (edition === 2016) {
        expectQuantity(v.acceleratorPedal, c.accelerator_padel);
        expectQuantity(v.brakePedal, c.brake_padel);
        expect(v.gear).not.toHaveProperty("positionValid");
      } else {
        expect(v.gear.positionValid).toBe(c.gear_state.gear_postion_validity.raw === 0);
        expect(v).not.toHaveProperty("acceleratorPedal");
      }
      break;
    }
    case "driveMotors":
      expect(ours.motors).toHaveLength(c.length);
      ours.motors.forEach((m, i) => {
        const t = c[i];
        expect(m.serial).toBe(t.index);
        expectCoded(m.state, t.state);
        expectQuantity(m.controllerTemperature, t.ctrl_temp);
        expectQuantity(m.speed, t.speed);
        expectQuantity(m.torque, t.torque);
        expectQuantity(m.temperature, t.temp);
        if (edition === 2016) {
          expectQuantity(m.controllerInputVoltage, t.ctrl_volt);
          expectQuantity(m.controllerDcBusCurrent, t.ctrl_curr);
        } else expect(m).not.toHaveProperty("controllerInputVoltage");
      });
      break;
    case "engine":
      // rtm_con calls the crankshaft speed `engine_torque` (its unit is rpm): the same bytes.
      expectQuantity(ours.engine.crankshaftSpeed, c.engine_torque);
      seen.add("crankshaft speed named engine_torque");
      if (edition === 2016) {
        expectCoded(ours.engine.state, c.engine_state);
        expectQuantity(ours.engine.fuelConsumption, c.fuel_consumption);
      } else expect(Object.keys(ours.engine)).toEqual(["crankshaftSpeed"]);
      break;
    case "position": {
      const p = ours.position;
      expect(p.west).toBe(c.gnss_state.gnss_e_w.raw === 1);
      expect(p.south).toBe(c.gnss_state.gnss_n_s.raw === 1);
      // rtm_con's gnss_valid is the raw bit 0 (true = no fix); ours is the standard's meaning.
      expect(p.fixValid).toBe(!c.gnss_state.gnss_valid);
      expect(p.statusRaw & 1).toBe(c.gnss_state.gnss_valid ? 1 : 0);
      seen.add("gnss_valid is the raw bit");
      expectQuantity(p.longitude, c.gnss_lng);
      expectQuantity(p.latitude, c.gnss_lat);
      if (edition === 2025) expectCoded(p.datum, c.gnss_gcs);
      else expect(p).not.toHaveProperty("datum");
      break;
    }
    case "extremes": {
      const x = ours.extremes;
      expectQuantity(x.maxVoltagePackNo, c.max_volt_pack_index);
      expectQuantity(x.maxVoltageCellNo, c.max_volt_cell_index);
      expectQuantity(x.maxCellVoltage, c.max_cell_volt);
      expectQuantity(x.minVoltagePackNo, c.min_volt_pack_index);
      expectQuantity(x.minVoltageCellNo, c.min_volt_cell_index);
      expectQuantity(x.minCellVoltage, c.min_cell_volt);
      expectQuantity(x.maxTemperaturePackNo, c.max_temp_pack_index);
      expectQuantity(x.maxTemperatureProbeNo, c.max_temp_cell_index);
      expectQuantity(x.maxTemperature, c.max_cell_temp);
      expectQuantity(x.minTemperaturePackNo, c.min_temp_pack_index);
      expectQuantity(x.minTemperatureProbeNo, c.min_temp_cell_index);
      expectQuantity(x.minTemperature, c.min_cell_temp);
      break;
    }
    case "alarm": {
      const a = ours.alarm;
      expect(a.highestLevel.raw).toBe(c.max_warning_level);
      const bits = Object.values(c.general_warnings).flatMap((set, bit) => (set ? [bit] : []));
      expect(a.flags.map((f) => f.bit)).toEqual(bits);
      expect(a.flags.every((f) => f.name !== undefined)).toBe(true);
      expect(a.packFaults.map(hex)).toEqual(c.pack_failures);
      expect(a.motorFaults.map(hex)).toEqual(c.emotor_failures);
      expect(a.engineFaults.map(hex)).toEqual(c.engine_failures);
      expect(a.otherFaults.map(hex)).toEqual(c.other_failures);
      if (edition === 2025) {
        expect(a.alarms?.map((x) => [x.flag.bit, x.level])).toEqual(
          c.general_warning_list.map((x: Json) => [x.warning.raw, x.level]),
        );
      } else expect(a).not.toHaveProperty("alarms");
      break;
    }
    case "cellVoltages":
      expect(ours.packs).toHaveLength(c.length);
      ours.packs.forEach((p, i) => {
        const t = c[i];
        expectQuantity(p.packNo, t.index);
        expectQuantity(p.voltage, t.volt);
        if (edition === 2016) {
          // The standard's pack current is offset by −1000 A, as the whole-vehicle current;
          // rtm_con applies −3000 A (and labels it V), so it reads 2000 A lower than we do.
          expectQuantity(p.current, t.curr, 2000);
          if (t.curr.status === "valid") {
            expect(p.current).toMatchObject({ value: (t.curr.raw - 10_000) / 10, unit: "A" });
          }
          seen.add("2016 pack current −1000 A, not −3000 A");
          expectQuantity(p.cellCount, t.cell_total);
          expect(p.frameStartCell).toBe(t.cell_start_index);
        } else {
          expectQuantity(p.current, t.curr);
          expect(p).not.toHaveProperty("cellCount");
        }
        expectQuantities(p.cellVoltages, t.cell_volts);
      });
      break;
    case "temperatures":
      expect(ours.packs).toHaveLength(c.length);
      ours.packs.forEach((p, i) => {
        expectQuantity(p.packNo, c[i].index);
        expectQuantities(p.probes, c[i].probe_temps);
      });
      break;
    case "custom":
      expect(bytesToHex(ours.bytes).toLowerCase()).toBe(c);
      break;
    default:
      throw new Error(`rtm_con does not build ${ours.kind}`);
  }
}

function compareRealtime(
  ours: RealtimeData,
  theirs: Json,
  edition: number,
  dataLength: number,
  seen: Set<string>,
): void {
  expect(ours.collectedAt).toBe(cst(theirs.timestamp));
  expect(ours.items.map((i) => i.type)).toEqual(theirs.data_list.map((i: Json) => i.data_type.raw));
  ours.items.forEach((item, i) => {
    compareItem(item, theirs.data_list[i], edition, seen);
  });
  if (edition === 2016) {
    expect(ours).not.toHaveProperty("signature");
    return;
  }
  expect(ours.signature?.algorithm.raw).toBe(theirs.sig.algo.raw);
  expect(bytesToHex(ours.signature?.r ?? new Uint8Array()).toLowerCase()).toBe(theirs.sig.r_value);
  expect(bytesToHex(ours.signature?.s ?? new Uint8Array()).toLowerCase()).toBe(theirs.sig.s_value);
  // The signed bytes run from the time to the last item: all but 0xFF, algorithm, r and s with their lengths.
  const blockLength = 1 + 1 + 2 + theirs.sig.r_value.length / 2 + 2 + theirs.sig.s_value.length / 2;
  expect(ours.signature?.signedLength).toBe(dataLength - blockLength);
}

describe("GB/T 32960.3 vectors from rtm_con (48 frames)", () => {
  it("has the 48 frames its README describes", () => {
    expect(frames).toHaveLength(48);
  });

  it("rejects each BROKEN frame and reads every other one", () => {
    const broken = frames.filter((f) => f.decoded === null);
    expect(broken.map((f) => f.name.startsWith("BROKEN"))).toEqual([true, true, true]);
    for (const f of broken) expect(decodeMessage(f.hex).ok, f.name).toBe(false);
    for (const f of frames.filter((x) => x.decoded !== null)) {
      const r = decodeMessage(f.hex);
      expect(r.ok, f.name).toBe(true);
      if (!r.ok) continue;
      expect(r.value.frame.edition).toBe(Number(f.edition));
      expect(r.value.frame.command).toBe(f.decoded.msg_type.raw);
      expect(r.value.frame.responseFlag).toBe(f.decoded.ack.raw);
      expect(r.value.frame.vin.replace(/\0+$/, "")).toBe(f.decoded.vin.replace(/\0+$/, ""));
    }
  });

  const realtime = frames.filter(
    (f) =>
      f.decoded !== null &&
      f.decoded.ack.raw === RESPONSE_COMMAND &&
      [COMMAND.realtimeData, COMMAND.resentData].includes(f.decoded.msg_type.raw),
  );
  const seen = new Set<string>();

  it("holds four 2016 and three 2025 real-time / re-sent frames", () => {
    expect(realtime.map((f) => f.edition)).toEqual(["2016", "2016", "2016", "2016", "2025", "2025", "2025"]);
  });

  for (const f of realtime) {
    it(`reads ${f.name} field by field as rtm_con does`, () => {
      const r = decodeMessage(f.hex);
      if (!r.ok || r.value.body.kind !== "realtime") throw new Error(`not read: ${JSON.stringify(r)}`);
      compareRealtime(r.value.body.realtime, f.decoded.payload, Number(f.edition), r.value.frame.data.length, seen);
    });
  }

  it("met each documented difference from rtm_con", () => {
    expect([...seen].toSorted()).toEqual([
      "2016 pack current −1000 A, not −3000 A",
      "crankshaft speed named engine_torque",
      "gnss_valid is the raw bit",
    ]);
  });

  it("reads the login and logout frames as rtm_con does", () => {
    for (const f of frames.filter((x) => x.decoded !== null && x.decoded.ack.raw === RESPONSE_COMMAND)) {
      const r = decodeMessage(f.hex);
      if (!r.ok) throw new Error(f.name);
      const body = r.value.body;
      const p = f.decoded.payload;
      if (body.kind === "login") {
        expect(body.login.collectedAt).toBe(cst(p.timestamp));
        expect(body.login.serial).toBe(p.session_id);
        expect(body.login.iccid).toBe(p.iccid);
        const codes = body.login.edition === 2016 ? body.login.subsystemCodes : body.login.packSerials;
        expect(codes).toEqual(p.pack_sn ?? p.pack_sn_list);
      } else if (body.kind === "logout") {
        expect(body.logout.collectedAt).toBe(cst(p.timestamp));
        expect(body.logout.serial).toBe(p.session_id);
      }
    }
  });
});
