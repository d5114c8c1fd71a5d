import { ok, type Result } from "../../shared/result";
import { type Jt808Error, jt808Error } from "../errors";
import type { Jt808ParamItem } from "../params/terminalParams";
import {
  decodeJt1078AlarmRecording,
  decodeJt1078AvParams,
  decodeJt1078ChannelParams,
  decodeJt1078Channels,
  encodeJt1078AlarmRecording,
  encodeJt1078AvParams,
  encodeJt1078ChannelParams,
  encodeJt1078Channels,
  JT1078_PARAM_ID,
  type Jt1078AlarmRecording,
  type Jt1078AvParams,
  type Jt1078ChannelParams,
  type Jt1078Channels,
} from "./avParams";

/**
 * 音视频参数设置 (issue 17): the JT/T 1078 parameters as JT/T 808's 0x8103 / 0x0104 items. The
 * query (0x8106) asks for the four ids the standard defines; a set carries the ones given.
 */
export interface Jt1078ParamValues {
  readonly avParams?: Jt1078AvParams;
  readonly channels?: Jt1078Channels;
  readonly channelParams?: readonly Jt1078ChannelParams[];
  readonly alarmRecording?: Jt1078AlarmRecording;
}

/** The ids 0x8106 asks for: 0x0075, 0x0076, 0x0077, 0x0079 (0x0078 is not defined). */
export const JT1078_QUERY_IDS: readonly number[] = [
  JT1078_PARAM_ID.avParams,
  JT1078_PARAM_ID.channels,
  JT1078_PARAM_ID.channelParams,
  JT1078_PARAM_ID.alarmRecording,
];

/** The 0x8103 items of the values given, in id order; none given is refused. */
export function jt1078ParamItems(v: Jt1078ParamValues): Result<Jt808ParamItem[], Jt808Error> {
  const encoded: [number, Result<Uint8Array, Jt808Error>][] = [];
  if (v.avParams) encoded.push([JT1078_PARAM_ID.avParams, encodeJt1078AvParams(v.avParams)]);
  if (v.channels) encoded.push([JT1078_PARAM_ID.channels, encodeJt1078Channels(v.channels)]);
  if (v.channelParams) encoded.push([JT1078_PARAM_ID.channelParams, encodeJt1078ChannelParams(v.channelParams)]);
  if (v.alarmRecording) encoded.push([JT1078_PARAM_ID.alarmRecording, encodeJt1078AlarmRecording(v.alarmRecording)]);
  if (encoded.length === 0) return jt808Error("bad-number", "至少设置一项音视频参数");
  const items: Jt808ParamItem[] = [];
  for (const [id, r] of encoded) {
    if (!r.ok) return r;
    items.push({ id, value: r.value });
  }
  return ok(items);
}

/** The JT/T 1078 values among a 0x0104's items (other ids are left out); an unreadable one fails. */
export function readJt1078ParamItems(items: readonly Jt808ParamItem[]): Result<Jt1078ParamValues, Jt808Error> {
  let out: Jt1078ParamValues = {};
  for (const { id, value } of items) {
    if (id === JT1078_PARAM_ID.avParams) {
      const r = decodeJt1078AvParams(value);
      if (!r.ok) return r;
      out = { ...out, avParams: r.value };
    } else if (id === JT1078_PARAM_ID.channels) {
      const r = decodeJt1078Channels(value);
      if (!r.ok) return r;
      out = { ...out, channels: r.value };
    } else if (id === JT1078_PARAM_ID.channelParams) {
      const r = decodeJt1078ChannelParams(value);
      if (!r.ok) return r;
      out = { ...out, channelParams: r.value };
    } else if (id === JT1078_PARAM_ID.alarmRecording) {
      const r = decodeJt1078AlarmRecording(value);
      if (!r.ok) return r;
      out = { ...out, alarmRecording: r.value };
    }
  }
  return ok(out);
}
