import * as v from "valibot";
import { isLandline, isMobile } from "../validation/formats";

/**
 * What a dealer and a service station have in common (base info › 经销商信息 / 服务站信息,
 * issue 20): a network code, a trading state, a region and address with an optional map
 * point, a contact phone and the brands they sell or serve. Designed from how a vehicle
 * maker's sales and after-sales departments keep their networks; the openapi schemas
 * (OutletCode, OutletStatus, OutletLng/Lat, OutletPhone, BrandIds) say the same.
 */

export const OUTLET_STATUSES = ["open", "closed"] as const;
export type OutletStatus = (typeof OUTLET_STATUSES)[number];
export const OUTLET_STATUS_LABELS: Readonly<Record<OutletStatus, string>> = { open: "在营", closed: "停业" };

export const OUTLET_NAME_MAX_LENGTH = 60;
export const OUTLET_ADDRESS_MAX_LENGTH = 100;
export const OUTLET_CONTACT_MAX_LENGTH = 20;
export const OUTLET_BRANDS_MAX = 20;
/** China's bounding box (longitude, latitude): a point outside it is a typo or swapped axes. */
export const OUTLET_LNG_RANGE = [73.4, 135.1] as const;
export const OUTLET_LAT_RANGE = [3.8, 53.6] as const;

export const MSG_OUTLET_CODE = "编码应为2至20位字母、数字或连字符";
export const MSG_OUTLET_AREA = "请选择所在区域（省/市/区县）";
/** Server: the region is not a district of GB/T 2260 (a province or city was sent, or no such code). */
export const MSG_OUTLET_AREA_NOT_DISTRICT = "所在区域须选择到区县";
export const MSG_OUTLET_ADDRESS = `请输入详细地址（最多${OUTLET_ADDRESS_MAX_LENGTH}个字符）`;
export const MSG_OUTLET_CONTACT = `请输入联系人（最多${OUTLET_CONTACT_MAX_LENGTH}个字符）`;
export const MSG_OUTLET_PHONE = "请输入以1开头的11位手机号或固定电话，如0755-86123456";
export const MSG_OUTLET_LNG = `经度应在${OUTLET_LNG_RANGE[0]}至${OUTLET_LNG_RANGE[1]}之间（中国境内）`;
export const MSG_OUTLET_LAT = `纬度应在${OUTLET_LAT_RANGE[0]}至${OUTLET_LAT_RANGE[1]}之间（中国境内）`;
export const MSG_OUTLET_LOCATION_PAIR = "经度和纬度须同时填写或同时不填";
export const MSG_OUTLET_BRANDS = `请选择1至${OUTLET_BRANDS_MAX}个品牌`;
export const MSG_OUTLET_STATUS = "状态应为在营或停业";
/** Server: a brand id that is not in the brand tree. */
export const msgOutletBrandUnknown = (ids: readonly (number | string)[]) => `品牌不存在：${ids.join("、")}`;

/** Whether a phone is a mainland mobile or a landline with its area code (domain validation rules). */
export const isOutletPhone = (s: string) => isMobile(s) || isLandline(s);

const text = (max: number, msg: string) => v.pipe(v.string(msg), v.trim(), v.minLength(1, msg), v.maxLength(max, msg));

/** Field schemas shared by the dealer and station forms. */
export const outletFields = {
  code: v.pipe(v.string(MSG_OUTLET_CODE), v.trim(), v.regex(/^[A-Za-z0-9-]{2,20}$/, MSG_OUTLET_CODE)),
  name: (msg: string) => text(OUTLET_NAME_MAX_LENGTH, msg),
  areaId: v.pipe(v.string(MSG_OUTLET_AREA), v.regex(/^\d{6}$/, MSG_OUTLET_AREA)),
  address: text(OUTLET_ADDRESS_MAX_LENGTH, MSG_OUTLET_ADDRESS),
  lng: v.nullable(
    v.pipe(
      v.number(MSG_OUTLET_LNG),
      v.minValue(OUTLET_LNG_RANGE[0], MSG_OUTLET_LNG),
      v.maxValue(OUTLET_LNG_RANGE[1], MSG_OUTLET_LNG),
    ),
  ),
  lat: v.nullable(
    v.pipe(
      v.number(MSG_OUTLET_LAT),
      v.minValue(OUTLET_LAT_RANGE[0], MSG_OUTLET_LAT),
      v.maxValue(OUTLET_LAT_RANGE[1], MSG_OUTLET_LAT),
    ),
  ),
  contactName: text(OUTLET_CONTACT_MAX_LENGTH, MSG_OUTLET_CONTACT),
  phone: v.pipe(v.string(MSG_OUTLET_PHONE), v.trim(), v.check(isOutletPhone, MSG_OUTLET_PHONE)),
  brandIds: v.pipe(
    v.array(
      v.pipe(v.number(MSG_OUTLET_BRANDS), v.integer(MSG_OUTLET_BRANDS), v.minValue(1, MSG_OUTLET_BRANDS)),
      MSG_OUTLET_BRANDS,
    ),
    v.minLength(1, MSG_OUTLET_BRANDS),
    v.maxLength(OUTLET_BRANDS_MAX, MSG_OUTLET_BRANDS),
    v.check((ids) => new Set(ids).size === ids.length, MSG_OUTLET_BRANDS),
  ),
  status: v.picklist(OUTLET_STATUSES, MSG_OUTLET_STATUS),
};

/** One reason a record is refused, on the field the form marks. */
export interface OutletProblem<F extends string = string> {
  field: F;
  msg: string;
}

/** Longitude and latitude come together: a point needs both. */
export function locationProblems(e: { lng: number | null; lat: number | null }): OutletProblem<"lng">[] {
  return (e.lng === null) !== (e.lat === null) ? [{ field: "lng", msg: MSG_OUTLET_LOCATION_PAIR }] : [];
}

/** Every issue of a failed parse as problems (the first path key is the field), for forms and import rows. */
export function issuesAsProblems<F extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fallback: F,
): OutletProblem<F>[] {
  return issues.map((issue) => ({ field: (issue.path?.[0]?.key ?? fallback) as F, msg: issue.message }));
}

/** The reason of an import row: every problem, joined (the per-row report shows one text). */
export const outletProblemText = (problems: readonly { msg: string }[]) =>
  [...new Set(problems.map((p) => p.msg))].join("；");

/** A choice written in a sheet cell: its code or its Chinese label; null when it is neither. */
export function parseChoice<K extends string>(labels: Readonly<Record<K, string>>, cell: string): K | null {
  const t = cell.trim();
  for (const [code, label] of Object.entries(labels) as [K, string][]) if (t === code || t === label) return code;
  return null;
}
