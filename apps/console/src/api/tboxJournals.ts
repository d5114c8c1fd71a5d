import type { TspHbaseProxy } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// The TBOX message journals (openapi tsp-hbase-proxy, tag tboxJournal): 车辆位置报文, 位置补发报文,
// 车辆报警报文, 新能源国标数据, 报警数据查询, 燃油车国标数据, 档位车速报文 — one page call, one export per journal.

type Schemas = TspHbaseProxy.components["schemas"];
/** Which journal. */
export type TboxJournalName = Schemas["TboxJournalName"];
/** One report of a frame with its raw bytes. */
export type TboxJournalRow = Schemas["TboxJournalRow"];
/** A measured value with its status (valid, 异常, 无效). */
export type Reading = Schemas["Reading"];
/** HJ 1239 数据流信息 of a diesel engine (燃油车国标数据). */
export type DieselValues = Schemas["DieselValues"];
/** 故障上报报文's fault sources. */
export type FaultSource = Schemas["FaultSource"];

/** A journal's query: VIN, range, order and the filters of its kind. */
export interface TboxJournalQuery {
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc: boolean;
  protocol?: "gbt32960" | "jt808";
  level?: number;
  alarm?: string;
  minSpeed?: number;
  maxSpeed?: number;
  gear?: number;
  faultSource?: FaultSource;
  callType?: "E" | "B";
}

export async function getTboxJournal(
  journal: TboxJournalName,
  q: TboxJournalQuery,
  pageSize: number,
  rowKey: string | undefined,
  signal?: AbortSignal,
) {
  const params = { query: { journal, ...q, pageSize, ...(rowKey ? { rowKey } : {}) } };
  return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/list", signal ? { params, signal } : { params }));
}

/** The export call of each journal (one permission per screen). */
export async function exportTboxJournal(journal: TboxJournalName, q: TboxJournalQuery): Promise<ExportTaskRef> {
  const init = { params: { query: q } };
  switch (journal) {
    case "location":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/locationMessage/export", init));
    case "locationResend":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/locationResendMessage/export", init));
    case "warn":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/warnMessage/export", init));
    case "energyCar":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/energyCar/export", init));
    case "warnsearch":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/warnsearch/export", init));
    case "fuelCar":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/fuelCar/export", init));
    case "gearsSpeed":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/gearsSpeed/export", init));
    case "errorReport":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/errorReport/export", init));
    case "ecall":
      return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/ecAllMessage/export", init));
  }
}

/** One alarm episode: start, end (null while on), level, and the frame that started it. */
export type AlarmEpisode = Schemas["AlarmEpisode"];

export async function getAlarmEpisodes(
  q: TboxJournalQuery,
  pageSize: number,
  rowKey: string | undefined,
  signal?: AbortSignal,
) {
  const params = { query: { ...q, pageSize, ...(rowKey ? { rowKey } : {}) } };
  return dataOf(
    await sdk().GET("/tsp-hbase-proxy/tboxJournal/alarmEpisodes", signal ? { params, signal } : { params }),
  );
}
