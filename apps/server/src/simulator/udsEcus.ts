import { decodeUdsUnit, encodeUdsUnit, UDS_CONTROL_CODE } from "@tsp/domain";
import { ADAS_ECU, BASE_ECUS, EPS_ECU } from "../services/tsp-uds/seed";

/** One simulated ECU: the DTCs it may hold (3-byte code, status) and its identification values. */
interface EcuSpec {
  readonly dtcs: readonly (readonly [number, number])[];
  readonly partNumber: string;
  readonly software: string;
  /** Answers every 0x19 with this NRC (a camera ECU that will not report while uncalibrated). */
  readonly refuseDtcs?: number;
}

// Status 0x09 testFailed + confirmed, 0x2F also pending / failed this cycle and since clear, 0x08 confirmed only (a stored fault).
const SPECS: ReadonlyMap<number, EcuSpec> = new Map([
  [
    BASE_ECUS[0].requestId,
    {
      dtcs: [
        [0x0a1f00, 0x09],
        [0xc10087, 0x2f],
      ],
      partNumber: "3610010-VCU01",
      software: "V2.3.1",
    },
  ],
  [
    BASE_ECUS[1].requestId,
    {
      dtcs: [
        [0x0aa61a, 0x2f],
        [0x0a7f00, 0x08],
        [0x1a0b16, 0x09],
      ],
      partNumber: "3630010-BMS02",
      software: "V1.8.0",
    },
  ],
  [
    BASE_ECUS[2].requestId,
    {
      dtcs: [
        [0x0a3f00, 0x09],
        [0x0c2e00, 0x08],
      ],
      partNumber: "3640010-MCU01",
      software: "V3.0.2",
    },
  ],
  [
    BASE_ECUS[3].requestId,
    {
      dtcs: [
        [0x900413, 0x08],
        [0x9a0071, 0x09],
      ],
      partNumber: "3600010-BCM03",
      software: "V1.1.5",
    },
  ],
  [BASE_ECUS[4].requestId, { dtcs: [[0xc14000, 0x08]], partNumber: "7910010-TBX01", software: "FW1.2" }],
  [EPS_ECU.requestId, { dtcs: [[0x454500, 0x09]], partNumber: "3418010-EPS01", software: "V5.2.0" }],
  [ADAS_ECU.requestId, { dtcs: [], partNumber: "3660010-ADS01", software: "V0.9.7", refuseDtcs: 0x22 }],
]);

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const nrc = (sid: number, code: number) => [0x7f, sid, code];

/** Sum of the VIN's character codes: picks how many of an ECU's DTCs this vehicle has, the same every run. */
const vinSeed = (vin: string) => Array.from(vin).reduce((s, c) => s + c.charCodeAt(0), 0);

/**
 * The ECUs behind a simulated T-BOX, answering the designed UDS diagnosis (GB/T 32960 0x82 ·
 * 0x81) as ISO 14229 ECUs would, deterministically per VIN: the first of an ECU's DTCs always,
 * more by the VIN; 0x14 clears them for good (this run); 0x22 answers the identification DIDs
 * (F18A supplier code: 0x31 requestOutOfRange); 0x10 programming: 0x22 conditionsNotCorrect;
 * 0x11 outside the extended session: 0x7F serviceNotSupportedInActiveSession; the ADAS camera
 * refuses 0x19 with 0x22; an id no ECU listens on gets no answer (the terminal answers 02).
 */
export class SimUdsBus {
  private readonly cleared = new Set<number>();
  private readonly sessions = new Map<number, number>();

  constructor(private readonly vin: string) {}

  /** The ECU's response bytes to a request, or undefined when no ECU has that id. */
  respond(requestId: number, request: Uint8Array): number[] | undefined {
    const spec = SPECS.get(requestId);
    if (!spec) return undefined;
    const sid = request[0] as number;
    const sub = request[1] ?? 0;
    switch (sid) {
      case 0x19: {
        if (request.length !== 3 || sub !== 0x02) return nrc(sid, 0x12);
        if (spec.refuseDtcs) return nrc(sid, spec.refuseDtcs);
        const mask = request[2] as number;
        const held = this.cleared.has(requestId) ? [] : spec.dtcs.slice(0, 1 + (vinSeed(this.vin) % spec.dtcs.length));
        const listed = held.filter(([, status]) => (status & mask) !== 0);
        return [
          0x59,
          0x02,
          0xff,
          ...listed.flatMap(([code, status]) => [code >> 16, (code >> 8) & 0xff, code & 0xff, status]),
        ];
      }
      case 0x14:
        if (request.length !== 4) return nrc(sid, 0x13);
        this.cleared.add(requestId);
        return [0x54];
      case 0x22: {
        const did = (sub << 8) | (request[2] ?? 0);
        const values: Record<number, string> = {
          61831: spec.partNumber,
          61833: spec.software,
          61836: `SN${this.vin.slice(-8)}${requestId.toString(16).toUpperCase()}`,
          61840: this.vin,
          61841: `${spec.partNumber.slice(0, 7)}-HW`,
          61843: "H1.0",
          61845: spec.software,
          61847: spec.partNumber.slice(-5, -2),
        };
        const value = values[did];
        return value === undefined ? nrc(sid, 0x31) : [0x62, sub, request[2] as number, ...ascii(value)];
      }
      case 0x10:
        if (sub === 0x02) return nrc(sid, 0x22);
        if (sub !== 0x01 && sub !== 0x03) return nrc(sid, 0x12);
        this.sessions.set(requestId, sub);
        // P2 50 ms, P2* 5000 ms (in 10 ms units), ISO 14229-2's usual values.
        return [0x50, sub, 0x00, 0x32, 0x01, 0xf4];
      case 0x11:
        if (this.sessions.get(requestId) !== 0x03) return nrc(sid, 0x7f);
        this.sessions.set(requestId, 0x01);
        return [0x51, sub];
      default:
        return nrc(sid, 0x11);
    }
  }

  /**
   * The terminal's answer to a 0x82 · 0x81 data unit: flag 01 with the ECU's response, or flag 02
   * with time · 0x81 when the unit is unreadable or no ECU answers.
   */
  answer(data: Uint8Array): { ok: boolean; data: Uint8Array } {
    const noAnswer = { ok: false, data: Uint8Array.of(...data.subarray(0, 6), UDS_CONTROL_CODE) };
    const unit = decodeUdsUnit(data);
    if (!unit.ok) return noAnswer;
    const response = this.respond(unit.value.ecu.requestId, unit.value.data);
    if (!response) return noAnswer;
    const out = encodeUdsUnit({ ...unit.value, data: Uint8Array.from(response) });
    return out.ok ? { ok: true, data: out.value } : noAnswer;
  }
}
