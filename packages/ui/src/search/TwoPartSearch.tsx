import { BULK_SEARCH_PAGE_SIZE, LOOKUP_TYPES } from "@tsp/domain";
import { useState } from "react";
import { RemoteSelect } from "../select/RemoteSelect";
import type { RemotePage } from "../select/types";
import { inputClass } from "../theme/classes";

/** What the two-part box looks up (spec §9 lookup types). */
export type LookupType = "vin" | "iccid" | "sn";

/**
 * Payload of the two-part box's remote search (findVinListByDim / findIccidList /
 * findSnListByDim): the keyword under the chosen type's name, pageNum, pageSize.
 */
export interface LookupQuery {
  type: LookupType;
  keyword: string;
  pageNum: number;
  pageSize: number;
}

/** One found item: its value under the chosen type. */
export interface LookupItem {
  value: string;
}

/**
 * Two-part search box (spec §2): choose VIN, ICCID or SN, then a remote-search value box.
 * Spec §9: VIN, SN and ICCID searches ask for 10000 at once (one page holds every match).
 */
export function TwoPartSearch({
  loader,
  value,
  onChange,
  label = "查询",
}: {
  loader: (query: LookupQuery, signal: AbortSignal) => Promise<RemotePage<LookupItem>>;
  value: { type: LookupType; value: string | null };
  onChange: (value: { type: LookupType; value: string | null }) => void;
  label?: string;
}) {
  const [type, setType] = useState<LookupType>(value.type);
  const current = LOOKUP_TYPES.find((t) => t.value === type)?.label ?? "VIN";
  return (
    <fieldset aria-label={label} className="inline-flex items-center">
      <select
        aria-label={`${label}类型`}
        className={inputClass("w-24 rounded-r-none border-r-0")}
        value={type}
        onChange={(e) => {
          const t = e.target.value as LookupType;
          setType(t);
          onChange({ type: t, value: null });
        }}
      >
        {LOOKUP_TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <RemoteSelect<LookupItem, LookupQuery>
        key={type}
        label={current}
        placeholder={`请输入${current}`}
        className="[&_input]:rounded-l-none"
        pageSize={BULK_SEARCH_PAGE_SIZE}
        maxLength={type === "vin" ? 17 : 50}
        makeQuery={(keyword, pageNum, pageSize) => ({ type, keyword, pageNum, pageSize })}
        loader={loader}
        toOption={(i) => ({ label: i.value, value: i.value })}
        value={value.type === type ? value.value : null}
        onChange={(v) => onChange({ type, value: v })}
      />
    </fieldset>
  );
}
