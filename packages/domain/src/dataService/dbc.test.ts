import { describe, expect, it } from "vitest";
import { checkRegisterRow } from "../registers/register";
import { CAN_SIGNAL_REGISTER } from "./canSignal";
import {
  DBC_DEFAULT_PERIOD_MS,
  dbcSignalRows,
  MSG_DBC_BITS,
  MSG_DBC_BO,
  MSG_DBC_DLC,
  MSG_DBC_EMPTY,
  MSG_DBC_FACTOR,
  MSG_DBC_ID,
  MSG_DBC_LENGTH,
  MSG_DBC_SG,
  MSG_DBC_SG_ORPHAN,
  msgDbcDuplicateMessage,
  msgDbcDuplicateSignal,
  parseDbc,
} from "./dbc";

/**
 * A J1939 truck file as Vector CANdb++ writes it: EEC1 (PGN 61444) and CCVS1 (PGN 65265) from
 * a heavy-duty engine, extended ids with bit 31 set, cycle times as attributes, a comment over
 * two lines, the independent-signals pseudo message.
 */
const J1939 = [
  'VERSION ""',
  "",
  "NS_ :",
  "\tNS_DESC_",
  "\tCM_",
  "",
  "BS_:",
  "",
  "BU_: Engine Vector__XXX",
  "",
  "BO_ 2364540158 EEC1: 8 Engine",
  ' SG_ EngTorqueMode : 0|4@1+ (1,0) [0|15] "" Vector__XXX',
  ' SG_ ActualEngPercentTorque : 16|8@1+ (1,-125) [-125|125] "%" Vector__XXX',
  ' SG_ EngSpeed : 24|16@1+ (0.125,0) [0|8031.875] "rpm" Vector__XXX',
  "",
  "BO_ 2566844926 CCVS1: 8 Vector__XXX",
  ' SG_ WheelBasedVehicleSpeed : 8|16@1+ (0.00390625,0) [0|250.996] "km/h" Vector__XXX',
  ' SG_ CruiseCtrlActive : 24|2@1+ (1,0) [0|3] "" Vector__XXX',
  "",
  "BO_ 3221225472 VECTOR__INDEPENDENT_SIG_MSG: 0 Vector__XXX",
  ' SG_ Orphan : 0|8@1+ (1,0) [0|0] "" Vector__XXX',
  "",
  'CM_ SG_ 2364540158 EngSpeed "发动机转速";',
  'CM_ SG_ 2566844926 WheelBasedVehicleSpeed "车速，',
  '由车轮转速计算";',
  'BA_DEF_ BO_  "GenMsgCycleTime" INT 0 65535;',
  'BA_ "GenMsgCycleTime" BO_ 2364540158 10;',
  'BA_ "GenMsgCycleTime" BO_ 2566844926 100;',
  'VAL_ 2364540158 EngTorqueMode 0 "Low idle governor" 1 "Accelerator pedal" ;',
].join("\r\n");

/** A passenger-car file with big-endian (Motorola) signals, standard ids and a multiplexed message (opendbc style). */
const MOTOROLA = `BO_ 180 SPEED: 8 XXX
 SG_ ENCODER : 39|8@0+ (1,0) [0|255] "" XXX
 SG_ SPEED : 47|16@0+ (0.01,0) [0|250] "kph" XXX
 SG_ CHECKSUM : 63|8@0+ (1,0) [0|255] "" XXX

BO_ 1553 UI_display: 8 XXX
 SG_ MUX : 7|8@0+ (1,0) [0|0] "" XXX
 SG_ ODOMETER m1 : 15|24@0+ (1,0) [0|16777215] "km" XXX
 SG_ TEMP_OUT m2 : 15|8@0- (0.5,-40) [-40|87.5] "degC" EPS,ADAS

CM_ SG_ 180 SPEED "车速";`;

describe("parseDbc", () => {
  it("reads a J1939 file: extended ids, Intel signals, offsets, cycle times, comments; skips the rest", () => {
    const dbc = parseDbc(J1939);
    expect(dbc.problems).toEqual([]);
    expect(dbc.messages).toEqual([
      { id: 0x0cf004fe, extended: true, name: "EEC1", dlc: 8, transmitter: "Engine", line: 11, cycleMs: 10 },
      { id: 0x18fef1fe, extended: true, name: "CCVS1", dlc: 8, transmitter: "Vector__XXX", line: 16, cycleMs: 100 },
    ]);
    expect(dbc.signals.map((s) => s.name)).toEqual([
      "EngTorqueMode",
      "ActualEngPercentTorque",
      "EngSpeed",
      "WheelBasedVehicleSpeed",
      "CruiseCtrlActive",
    ]);
    expect(dbc.signals[2]).toEqual({
      messageId: 0x0cf004fe,
      extended: true,
      messageName: "EEC1",
      name: "EngSpeed",
      multiplex: null,
      startBit: 24,
      length: 16,
      byteOrder: "intel",
      valueType: "unsigned",
      factor: 0.125,
      offset: 0,
      min: 0,
      max: 8031.875,
      unit: "rpm",
      receivers: [],
      comment: "发动机转速",
      line: 14,
    });
    expect(dbc.signals[1]).toMatchObject({ offset: -125, min: -125, max: 125, unit: "%" });
    expect(dbc.signals[3]?.comment).toBe("车速，\n由车轮转速计算");
    expect(dbc.signals[3]?.factor).toBe(0.00390625);
  });

  it("reads Motorola signals, signs, multiplexing, receivers and [0|0] as no range", () => {
    const dbc = parseDbc(MOTOROLA);
    expect(dbc.problems).toEqual([]);
    expect(dbc.messages.map((m) => [m.id, m.extended, m.cycleMs])).toEqual([
      [180, false, null],
      [1553, false, null],
    ]);
    const [encoder, speed, , mux, odo, temp] = dbc.signals;
    expect(encoder).toMatchObject({ startBit: 39, length: 8, byteOrder: "motorola", receivers: ["XXX"] });
    expect(speed).toMatchObject({ factor: 0.01, unit: "kph", comment: "车速" });
    expect(mux).toMatchObject({ multiplex: null, min: null, max: null });
    expect(odo).toMatchObject({ multiplex: "m1", length: 24 });
    expect(temp).toMatchObject({ multiplex: "m2", valueType: "signed", offset: -40, receivers: ["EPS", "ADAS"] });
  });

  it("reports each unreadable line with its number, text and reason, and keeps the readable ones", () => {
    const text = [
      ' SG_ Early : 0|8@1+ (1,0) [0|255] "" X',
      "BO_ 100 Broken 8 X",
      ' SG_ AfterBroken : 0|8@1+ (1,0) [0|255] "" X',
      "BO_ 256 GOOD: 8 ECU",
      ' SG_ Ok : 0|8@1+ (1,0) [0|255] "" X',
      " SG_ NoUnit : 8|8@1+ (1,0) [0|255] X",
      ' SG_ TooLong : 0|65@1+ (1,0) [0|1] "" X',
      ' SG_ Outside : 60|8@1+ (1,0) [0|255] "" X',
      ' SG_ ZeroFactor : 16|8@1+ (0,0) [0|255] "" X',
      ' SG_ Ok : 24|8@1+ (1,0) [0|255] "" X',
      ' SG_ ZeroLength : 32|0@1+ (1,0) [0|255] "" X',
      "BO_ 256 AGAIN: 8 ECU",
      "BO_ 4294967296 HUGE: 8 ECU",
      "BO_ 2684354560 BIGID: 8 ECU",
      "BO_ 512 FD: 65 ECU",
      "SG_",
      `BO_ 300 ${"X".repeat(130)} 8`,
    ].join("\n");
    const dbc = parseDbc(text);
    expect(dbc.signals.map((s) => s.name)).toEqual(["Ok"]);
    expect(dbc.problems.map((p) => [p.line, p.reason])).toEqual([
      [1, MSG_DBC_SG_ORPHAN],
      [2, MSG_DBC_BO],
      [3, MSG_DBC_SG_ORPHAN],
      [6, MSG_DBC_SG],
      [7, MSG_DBC_LENGTH],
      [8, MSG_DBC_BITS],
      [9, MSG_DBC_FACTOR],
      [10, msgDbcDuplicateSignal("Ok")],
      [11, MSG_DBC_LENGTH],
      [12, msgDbcDuplicateMessage("0x100")],
      [13, MSG_DBC_ID],
      [14, MSG_DBC_ID],
      [15, MSG_DBC_DLC],
      [16, MSG_DBC_SG],
      [17, MSG_DBC_BO],
    ]);
    expect(dbc.problems[1]?.text).toBe("BO_ 100 Broken 8 X");
    expect(dbc.problems.at(-1)?.text).toHaveLength(120);
    expect(dbc.problems.at(-1)?.text.endsWith("...")).toBe(true);
  });

  it("says so when a file has no definitions at all; a BOM and a lone BO_ keyword are handled", () => {
    expect(parseDbc("hello\nworld").problems).toEqual([{ line: 1, text: "hello", reason: MSG_DBC_EMPTY }]);
    expect(parseDbc("").problems).toEqual([{ line: 1, text: "", reason: MSG_DBC_EMPTY }]);
    expect(parseDbc("\uFEFFBO_ 1 A: 8 X").messages).toHaveLength(1);
    expect(parseDbc("BO_").problems[0]?.reason).toBe(MSG_DBC_BO);
    // A comment that never closes runs to the end of the file and is ignored.
    expect(parseDbc('BO_ 1 A: 8 X\n SG_ S : 0|8@1+ (1,0) [0|1] "" X\nCM_ SG_ 1 S "open').signals[0]?.comment).toBe(
      null,
    );
    // A comment of an unknown signal or a bad one is dropped; a cycle of an unknown message too.
    const dbc = parseDbc(
      'BO_ 1 A: 8 X\n SG_ S : 0|8@1+ (1,0) [0|1] "" X\nBA_ "GenMsgCycleTime" BO_ 9 50;\nCM_ SG_ 2 S "x";\nCM_ SG_ 1 S x;',
    );
    expect(dbc.signals[0]?.comment).toBe(null);
    expect(dbc.messages[0]?.cycleMs).toBe(null);
  });
});

describe("dbcSignalRows", () => {
  it("turns the signals into register rows of one model that the register's check accepts", () => {
    const rows = dbcSignalRows(parseDbc(J1939), "CA4250P66K24T1E6");
    expect(rows).toHaveLength(5);
    expect(rows[2]).toEqual({
      line: 14,
      row: {
        code: "CA4250P66K24T1E6.0x0CF004FE.EngSpeed",
        vehicleModel: "CA4250P66K24T1E6",
        messageId: "0x0CF004FE",
        signalName: "EngSpeed",
        nameZh: "发动机转速",
        startBit: 24,
        bitLength: 16,
        byteOrder: "intel",
        valueType: "unsigned",
        factor: 0.125,
        valueOffset: 0,
        minValue: 0,
        maxValue: 8031.875,
        unit: "rpm",
        periodMs: 10,
        remark: null,
      },
    });
    for (const { row } of rows) expect(checkRegisterRow(CAN_SIGNAL_REGISTER, row).ok, row.code as string).toBe(true);
    const motorola = dbcSignalRows(parseDbc(MOTOROLA), "BYD7005BEVA");
    expect(motorola[0]?.row).toMatchObject({
      code: "BYD7005BEVA.0x0B4.ENCODER",
      periodMs: DBC_DEFAULT_PERIOD_MS,
      unit: null,
      nameZh: null,
    });
    expect(motorola[1]?.row.nameZh).toBe("车速");
    expect(motorola[4]?.row.remark).toBe("多路复用 m1");
    for (const { row } of motorola)
      expect(checkRegisterRow(CAN_SIGNAL_REGISTER, row).ok, row.code as string).toBe(true);
    const zeroCycle = parseDbc('BO_ 1 A: 8 X\n SG_ S : 0|8@1+ (1,0) [0|1] "" X\nBA_ "GenMsgCycleTime" BO_ 1 0;');
    expect(dbcSignalRows(zeroCycle, "M")[0]?.row.periodMs).toBe(DBC_DEFAULT_PERIOD_MS);
    const fast = parseDbc('BO_ 1 A: 8 X\n SG_ S : 0|8@1+ (1,0) [0|1] "" X\nBA_ "GenMsgCycleTime" BO_ 1 5;');
    expect(dbcSignalRows(fast, "M")[0]?.row.periodMs).toBe(10);
  });
});
