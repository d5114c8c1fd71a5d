import { choiceFilter, FRAME_CHECK_RULES, filterCodec, isVin, textFilter, timeFilter } from "@tsp/domain";
import * as v from "valibot";
import type { FrameCheckFilters } from "../../../api/dataServiceFrames";

/**
 * 新能源报文检查's query in the address: `#/dataService/newMessageCheck?vin=…&rule=check-code&start=…&end=…`
 * (times in epoch ms). The VIN is optional (every vehicle of the tenants), the range is not.
 */
export const checkFilters = filterCodec(
  v.object({
    vin: textFilter(17),
    rule: choiceFilter(["", ...FRAME_CHECK_RULES], ""),
    start: timeFilter(),
    end: timeFilter(),
    order: choiceFilter(["desc", "asc"], "desc"),
  }),
);

export type CheckFilters = v.InferOutput<typeof checkFilters.schema>;

/** The call's filters, or null until a range is chosen (and a typed VIN is one). */
export function checkQuery(f: CheckFilters): FrameCheckFilters | null {
  if (f.start === null || f.end === null || f.start > f.end) return null;
  const vin = f.vin.trim();
  if (vin !== "" && !isVin(vin)) return null;
  return {
    startTime: f.start,
    endTime: f.end,
    reportTimeDesc: f.order === "desc",
    ...(vin ? { vin } : {}),
    ...(f.rule ? { rule: f.rule } : {}),
  };
}

/** The query of filters the list loads only once ready. */
export function requireCheckQuery(f: CheckFilters): FrameCheckFilters {
  const q = checkQuery(f);
  if (q === null) throw new Error("the message check was asked without a range");
  return q;
}

/** The hidden 故障详情 route of one frame. */
export const detailPath = (id: number, receivedAt: number) =>
  `/dataService/newMessageCheck/newMessageCheckDetail?id=${id}&at=${receivedAt}`;
