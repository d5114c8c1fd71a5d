import { download, type TspHbaseProxy } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// 数据服务's screens over the gateway's frame journal: 新能源报文检查 and its 故障详情, 位置数据查询,
// 历史数据采集 (openapi tsp-hbase-proxy, tags frameCheck, location, historyCollection).

type Schemas = TspHbaseProxy.components["schemas"];
/** A check a frame can fail. */
export type FrameCheckRule = Schemas["FrameCheckRule"];
/** A failing frame of the list. */
export type FrameCheckRow = Schemas["FrameCheckRow"];
/** One frame with its raw bytes (故障详情). */
export type FrameCheckDetail = Schemas["FrameCheckDetail"];
/** Frames received, passed and failed per rule. */
export type FrameCheckCounts = Schemas["FrameCheckCounts"];
/** One reported position. */
export type LocationRow = Schemas["LocationRow"];
/** The route for the map. */
export type LocationTrack = Schemas["LocationTrack"];
/** A history collection task. */
export type HistoryCollection = Schemas["HistoryCollection"];
/** A history collection with its frame counts. */
export type HistoryCollectionDetail = Schemas["HistoryCollectionDetail"];
/** The state of a collection. */
export type HistoryStatus = Schemas["HistoryStatus"];

/** The range and order every frame query takes. */
export interface FrameRange {
  startTime: number;
  endTime: number;
  reportTimeDesc: boolean;
}

/** The failing frames' filters. */
export interface FrameCheckFilters extends FrameRange {
  vin?: string;
  rule?: FrameCheckRule;
}

const withSignal = <P>(params: P, signal?: AbortSignal) => (signal ? { params, signal } : { params });

export async function getFrameChecks(
  f: FrameCheckFilters,
  pageSize: number,
  rowKey: string | undefined,
  signal?: AbortSignal,
) {
  const query = { ...f, pageSize, ...(rowKey ? { rowKey } : {}) };
  return dataOf(await sdk().GET("/tsp-hbase-proxy/frameCheck/list", withSignal({ query }, signal)));
}

export async function getFrameCheckCounts(
  f: { vin?: string; startTime: number; endTime: number },
  signal?: AbortSignal,
): Promise<FrameCheckCounts> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/frameCheck/counts", withSignal({ query: f }, signal)));
}

export async function getFrameCheckDetail(
  id: number,
  receivedAt: number,
  signal?: AbortSignal,
): Promise<FrameCheckDetail> {
  return dataOf(
    await sdk().GET("/tsp-hbase-proxy/frameCheck/detail", withSignal({ query: { id, receivedAt } }, signal)),
  );
}

export async function exportFrameChecks(f: FrameCheckFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/frameCheck/export", { params: { query: f } }));
}

export async function getLocations(
  q: FrameRange & { vin: string },
  pageSize: number,
  rowKey: string | undefined,
  signal?: AbortSignal,
) {
  const query = { ...q, pageSize, ...(rowKey ? { rowKey } : {}) };
  return dataOf(await sdk().GET("/tsp-hbase-proxy/location/list", withSignal({ query }, signal)));
}

export async function getLocationTrack(
  q: { vin: string; startTime: number; endTime: number },
  signal?: AbortSignal,
): Promise<LocationTrack> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/location/track", withSignal({ query: q }, signal)));
}

export async function exportLocations(q: FrameRange & { vin: string }): Promise<ExportTaskRef> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/location/export", { params: { query: q } }));
}

export async function createHistoryCollection(body: {
  vin: string;
  startTime: number;
  endTime: number;
  remark?: string;
}): Promise<HistoryCollection> {
  return dataOf(await sdk().POST("/tsp-hbase-proxy/historyCollection/add", { body }));
}

export async function listHistoryCollections(
  q: { vin?: string; status?: HistoryStatus; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/historyCollection/list", withSignal({ query: q }, signal)));
}

export async function getHistoryCollection(id: number, signal?: AbortSignal): Promise<HistoryCollectionDetail> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/historyCollection/detail", withSignal({ query: { id } }, signal)));
}

/** The file of a done collection. */
export async function downloadHistoryCollection(id: number): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-hbase-proxy/historyCollection/{id}/download", {
    params: { path: { id } },
  });
  return { blob: file.blob, fileName: file.fileName };
}
