import type { TspCommand } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 音视频参数设置 (openapi tsp-command, tag audioVideo): JT/T 1078 parameters read and set over JT/T 808.

type Schemas = TspCommand.components["schemas"];
export type AvParams = Schemas["AvParams"];
export type AvAlarmRecording = Schemas["AvAlarmRecording"];
export type AvParamValues = Schemas["AvParamValues"];

export async function sendAvQuery(vin: string) {
  return dataOf(await sdk().POST("/tsp-command/audioVideo/query", { body: { vin } }));
}

export async function sendAvSet(vin: string, avParams: AvParams, alarmRecording: AvAlarmRecording) {
  return dataOf(await sdk().POST("/tsp-command/audioVideo/set", { body: { vin, avParams, alarmRecording } }));
}
