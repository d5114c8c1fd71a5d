import {
  decodeJt808ParamQuery,
  decodeJt808ParamSet,
  encodeJt808Frame,
  encodeJt808GeneralResponse,
  encodeJt808ParamAnswer,
  JT808_PARAM_MESSAGE_ID,
  JT1078_QUERY_IDS,
  type Jt808Frame,
  type Jt808ParamItem,
  type Jt1078ParamValues,
  jt808GeneralParamItems,
  jt1078ParamItems,
  readJt1078ParamItems,
} from "@tsp/domain";
import type { CameraHost } from "./jt808Camera";

const stream = (resolution: number, bitRate: number) => ({
  encodeMode: 0,
  resolution,
  keyFrameInterval: 50,
  frameRate: 25,
  bitRate,
});

/**
 * What a simulated terminal's JT/T 1078 audio/video settings are before any set: D1 real-time at
 * 1 Mbps, 720P stored at 2 Mbps, date/time and plate overlaid, audio on; the four cameras of
 * {@link SimCamera} as audio/video channels; special-alarm recording from 20 % storage, 5 minutes
 * from 1 minute before.
 */
export function defaultAvSettings(): Jt1078ParamValues {
  return {
    avParams: { live: stream(3, 1024), stored: stream(5, 2048), osd: 0x0003, audioOutput: 1 },
    channels: {
      avCount: 4,
      audioCount: 0,
      videoCount: 0,
      entries: [1, 2, 3, 4].map((n) => ({ physical: n, logical: n, type: 0, ptz: 0 })),
    },
    channelParams: [],
    alarmRecording: { threshold: 20, duration: 5, before: 1 },
  };
}

/** 缺省时间汇报间隔 (0x0029): a set of it changes the terminal's report spacing. */
const DEFAULT_INTERVAL_ID = 0x0029;

/**
 * The JT/T 808 general parameters (表12) before any set: 60 s heartbeat, the platform at
 * 127.0.0.1:7611 over CMNET, timed reports every 10 s (the fleet's usual step), 120 km/h for 10 s
 * as overspeed, Shanghai (31) with a plate made of the VIN's last five characters, blue.
 */
export function defaultGeneralParams(vin: string): Jt808ParamItem[] {
  const items = jt808GeneralParamItems([
    { id: 0x0001, value: 60 },
    { id: 0x0002, value: 10 },
    { id: 0x0003, value: 3 },
    { id: 0x0010, value: "CMNET" },
    { id: 0x0013, value: "127.0.0.1" },
    { id: 0x0018, value: 7611 },
    { id: 0x0020, value: 0 },
    { id: 0x0021, value: 0 },
    { id: 0x0027, value: 3600 },
    { id: 0x0028, value: 10 },
    { id: DEFAULT_INTERVAL_ID, value: 10 },
    { id: 0x0055, value: 120 },
    { id: 0x0056, value: 10 },
    { id: 0x0080, value: 0 },
    { id: 0x0081, value: 31 },
    { id: 0x0082, value: 0 },
    { id: 0x0083, value: `沪A${vin.slice(-5)}` },
    { id: 0x0084, value: 1 },
  ]);
  if (!items.ok) throw new Error(items.error.message);
  return items.value;
}

/**
 * A JT/T 808 terminal's parameters: answers 0x8104 / 0x8106 with 0x0104 carrying its stored
 * values (the ids asked for; all of them for 0x8104) — the JT/T 1078 audio/video ones typed, every
 * other id as the bytes it was last set to — and stores a 0x8103's items, answering 0x0001
 * result 0, or 2 (消息有误) when a JT/T 1078 value does not read. A new 0x0029 calls
 * `onDefaultInterval` with its seconds (the terminal's report spacing).
 */
export class SimAvSettings {
  values: Jt1078ParamValues = defaultAvSettings();
  /** The general parameters by id, as their value bytes. */
  readonly general: Map<number, Uint8Array>;

  constructor(
    private readonly host: Pick<CameraHost, "header" | "write">,
    general: readonly Jt808ParamItem[] = [],
    private readonly onDefaultInterval: (seconds: number) => void = () => {},
  ) {
    this.general = new Map(general.map((i) => [i.id, i.value]));
  }

  static reads(messageId: number): boolean {
    return (
      messageId === JT808_PARAM_MESSAGE_ID.query ||
      messageId === JT808_PARAM_MESSAGE_ID.queryAll ||
      messageId === JT808_PARAM_MESSAGE_ID.set
    );
  }

  receive(frame: Jt808Frame): void {
    const { messageId, serial } = frame.header;
    if (messageId === JT808_PARAM_MESSAGE_ID.set) {
      const items = decodeJt808ParamSet(frame.body);
      const values = items.ok ? readJt1078ParamItems(items.value) : items;
      if (items.ok && values.ok) {
        this.values = { ...this.values, ...values.value };
        for (const i of items.value) if (!JT1078_QUERY_IDS.includes(i.id)) this.general.set(i.id, i.value);
        const interval = items.value.find((i) => i.id === DEFAULT_INTERVAL_ID);
        if (interval?.value.length === 4) this.onDefaultInterval(interval.value.reduce((n, b) => n * 256 + b, 0));
      }
      this.send(0x0001, encodeJt808GeneralResponse({ serial, messageId, result: values.ok ? 0 : 2 }));
      return;
    }
    const ids = decodeJt808ParamQuery(frame.body);
    const av = jt1078ParamItems(this.values);
    const general = [...this.general].map(([id, value]) => ({ id, value })).toSorted((a, b) => a.id - b.id);
    const all = [...general, ...(av.ok ? av.value : [])];
    const wanted = ids.ok && ids.value.length > 0 ? new Set(ids.value) : undefined;
    const items = all.filter((i) => wanted === undefined || wanted.has(i.id));
    this.send(JT808_PARAM_MESSAGE_ID.answer, encodeJt808ParamAnswer({ serial, items }));
  }

  private send(messageId: number, body: ReturnType<typeof encodeJt808ParamAnswer>): void {
    if (!body.ok) return;
    const frame = encodeJt808Frame({ header: { ...this.host.header(1), messageId }, body: body.value });
    if (frame.ok) this.host.write(frame.value);
  }
}
