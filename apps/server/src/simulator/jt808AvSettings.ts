import {
  decodeJt808ParamQuery,
  decodeJt808ParamSet,
  encodeJt808Frame,
  encodeJt808GeneralResponse,
  encodeJt808ParamAnswer,
  JT808_PARAM_MESSAGE_ID,
  type Jt808Frame,
  type Jt1078ParamValues,
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

/**
 * A JT/T 808 terminal's audio/video settings: answers 0x8104 / 0x8106 with 0x0104 carrying its
 * stored values (the ids asked for; all of them for 0x8104) and stores a 0x8103's JT/T 1078
 * values, answering 0x0001 result 0 — or 2 (消息有误) when a value does not read.
 */
export class SimAvSettings {
  values: Jt1078ParamValues = defaultAvSettings();

  constructor(private readonly host: Pick<CameraHost, "header" | "write">) {}

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
      if (values.ok) this.values = { ...this.values, ...values.value };
      this.send(0x0001, encodeJt808GeneralResponse({ serial, messageId, result: values.ok ? 0 : 2 }));
      return;
    }
    const ids = decodeJt808ParamQuery(frame.body);
    const all = jt1078ParamItems(this.values);
    const wanted = ids.ok && ids.value.length > 0 ? new Set(ids.value) : undefined;
    const items = all.ok ? all.value.filter((i) => wanted === undefined || wanted.has(i.id)) : [];
    this.send(JT808_PARAM_MESSAGE_ID.answer, encodeJt808ParamAnswer({ serial, items }));
  }

  private send(messageId: number, body: ReturnType<typeof encodeJt808ParamAnswer>): void {
    if (!body.ok) return;
    const frame = encodeJt808Frame({ header: { ...this.host.header(1), messageId }, body: body.value });
    if (frame.ok) this.host.write(frame.value);
  }
}
