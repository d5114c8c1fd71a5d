import { RemoteSelect } from "./RemoteSelect";
import type { RemotePage } from "./types";

/** Common props of the ready-made pickers: the loader is injected, the value is a string. */
interface PickerProps<Q, T> {
  loader: (query: Q, signal: AbortSignal) => Promise<RemotePage<T>>;
  value: string | null;
  onChange: (value: string | null, item: T | null) => void;
  label?: string;
  disabled?: boolean;
  className?: string;
}

/** Filters a VIN-style picker passes through unchanged (spec §7 selector payloads). */
export interface VehicleDimFilters {
  oemId?: string;
  unBindOwner?: boolean;
  brandId?: string;
  seriesId?: string;
  modelId?: string;
}

/**
 * Payload of the VIN picker (spec §7): vin, oemId, unBindOwner, brandId, seriesId, modelId,
 * pageNum, pageSize — e.g. GET /tsp-bss/v1/vehicle/findVinListByDim. Reads list and total.
 */
export interface VinQuery extends VehicleDimFilters {
  vin: string;
  pageNum: number;
  pageSize: number;
}

/** VIN picker (input max 17, spec §5). */
export function VinSelect({ filters, ...p }: PickerProps<VinQuery, { vin: string }> & { filters?: VehicleDimFilters }) {
  return (
    <RemoteSelect
      label={p.label ?? "VIN"}
      maxLength={17}
      makeQuery={(vin, pageNum, pageSize) => ({ ...filters, vin, pageNum, pageSize })}
      toOption={(r) => ({ label: r.vin, value: r.vin })}
      {...p}
    />
  );
}

/**
 * Payload of the T-BOX serial picker (spec §7): tboxSn plus oemId, unBindOwner, brandId,
 * seriesId, modelId, pageNum, pageSize (GET /tsp-bss/v1/vehicle/findSnListByDim).
 */
export interface TboxSnQuery extends VehicleDimFilters {
  tboxSn: string;
  pageNum: number;
  pageSize: number;
}

/** T-BOX serial picker (input max 17, spec §5). */
export function TboxSnSelect({
  filters,
  ...p
}: PickerProps<TboxSnQuery, { tboxSn: string }> & { filters?: VehicleDimFilters }) {
  return (
    <RemoteSelect
      label={p.label ?? "T-BOX序列号"}
      maxLength={17}
      makeQuery={(tboxSn, pageNum, pageSize) => ({ ...filters, tboxSn, pageNum, pageSize })}
      toOption={(r) => ({ label: r.tboxSn, value: r.tboxSn })}
      {...p}
    />
  );
}

/**
 * Payload of the keyword search for serial numbers and ICCIDs (spec §7): pageNum, pageSize,
 * keyWords (GET /tsp-bss/simCard/findAllIccid, findUnBoundIccid). ICCID is at most 50 characters.
 */
export interface KeyWordsQuery {
  keyWords: string;
  pageNum: number;
  pageSize: number;
}

/** SIM ICCID picker. */
export function IccidSelect(p: PickerProps<KeyWordsQuery, { iccid: string }>) {
  return (
    <RemoteSelect
      label={p.label ?? "ICCID"}
      maxLength={50}
      makeQuery={(keyWords, pageNum, pageSize) => ({ keyWords, pageNum, pageSize })}
      toOption={(r) => ({ label: r.iccid, value: r.iccid })}
      {...p}
    />
  );
}

/**
 * Payload of the farm-machinery VIN picker (spec §7): vin, oemId, unBindOwner, brand, series,
 * model, cpxh (product model), cpbh (product number), jjxh (engine model), pageNum, pageSize.
 */
export interface MachineryVinQuery {
  vin: string;
  oemId?: string;
  unBindOwner?: boolean;
  brand?: string;
  series?: string;
  model?: string;
  cpxh?: string;
  cpbh?: string;
  jjxh?: string;
  pageNum: number;
  pageSize: number;
}

/** Farm-machinery VIN picker. */
export function MachineryVinSelect({
  filters,
  ...p
}: PickerProps<MachineryVinQuery, { vin: string }> & {
  filters?: Omit<MachineryVinQuery, "vin" | "pageNum" | "pageSize">;
}) {
  return (
    <RemoteSelect
      label={p.label ?? "农机VIN"}
      maxLength={17}
      makeQuery={(vin, pageNum, pageSize) => ({ ...filters, vin, pageNum, pageSize })}
      toOption={(r) => ({ label: r.vin, value: r.vin })}
      {...p}
    />
  );
}

/**
 * Payload of the mein picker (machinery number, GET /tsp-bss/machinery/manager/findMeinListByDim):
 * "same shape as the VIN search" (spec §7) with the keyword in `mein`.
 */
export interface MeinQuery extends VehicleDimFilters {
  mein: string;
  pageNum: number;
  pageSize: number;
}

/** Machinery-number (mein) picker. */
export function MeinSelect({
  filters,
  ...p
}: PickerProps<MeinQuery, { mein: string }> & { filters?: VehicleDimFilters }) {
  return (
    <RemoteSelect
      label={p.label ?? "机械环保代码"}
      makeQuery={(mein, pageNum, pageSize) => ({ ...filters, mein, pageNum, pageSize })}
      toOption={(r) => ({ label: r.mein, value: r.mein })}
      {...p}
    />
  );
}

/**
 * Payload of the dealer picker (GET /tsp-bss/dealer/findList): the spec names only "dealer
 * filters"; designed as dealerName (keyword) plus paging. Options carry dealerCode, dealerName.
 */
export interface DealerQuery {
  dealerName: string;
  pageNum: number;
  pageSize: number;
}

/** Dealer picker: shows dealerName, value dealerCode. */
export function DealerSelect(p: PickerProps<DealerQuery, { dealerCode: string; dealerName: string }>) {
  return (
    <RemoteSelect
      label={p.label ?? "经销商"}
      makeQuery={(dealerName, pageNum, pageSize) => ({ dealerName, pageNum, pageSize })}
      toOption={(d) => ({ label: `${d.dealerName}（${d.dealerCode}）`, value: d.dealerCode })}
      {...p}
    />
  );
}

/**
 * Payload of the generic keyword select (GET /tsp-bss/search/{ElectricInfo, EngineInfo, …}):
 * a keyword under a configurable parameter name, pageIndex, pageSize (spec §7).
 */
export type KeywordQuery = Record<string, string | number> & { pageIndex: number; pageSize: number };

/** Generic keyword select; `keywordParam` names the keyword field (default "keyword"). */
export function KeywordSelect<T>({
  keywordParam = "keyword",
  toOption,
  ...p
}: PickerProps<KeywordQuery, T> & {
  keywordParam?: string;
  toOption: (item: T) => { label: string; value: string };
}) {
  return (
    <RemoteSelect
      label={p.label ?? "关键字"}
      makeQuery={(kw, pageIndex, pageSize) => ({ [keywordParam]: kw, pageIndex, pageSize }) as KeywordQuery}
      toOption={toOption}
      {...p}
    />
  );
}
