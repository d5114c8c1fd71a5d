import * as v from "valibot";
import { err, ok, type Result } from "../shared/result";
import { issuesAsProblems, locationProblems, type OutletProblem, outletFields } from "./outlet";

/** What an authorised station is listed for (designed from NEV/truck makers' after-sales networks). */
export const STATION_SERVICE_TYPES = [
  "maintenance",
  "repair",
  "threeElectric",
  "rescue",
  "bodyPaint",
  "warranty",
] as const;
export type StationServiceType = (typeof STATION_SERVICE_TYPES)[number];
export const STATION_SERVICE_LABELS: Readonly<Record<StationServiceType, string>> = {
  maintenance: "保养",
  repair: "维修",
  threeElectric: "三电检修",
  rescue: "救援",
  bodyPaint: "钣金喷漆",
  warranty: "索赔",
};
/** Classes of a motor vehicle maintenance enterprise (GB/T 16739). */
export const STATION_LEVELS = ["class1", "class2", "class3"] as const;
export type StationLevel = (typeof STATION_LEVELS)[number];
export const STATION_LEVEL_LABELS: Readonly<Record<StationLevel, string>> = {
  class1: "一类维修企业",
  class2: "二类维修企业",
  class3: "三类维修企业",
};

export const MSG_STATION_NAME = "请输入服务站名称（最多60个字符）";
export const MSG_STATION_SERVICES = "请至少选择一项服务类型";
export const MSG_STATION_LEVEL = "资质等级应为一类、二类或三类维修企业";
/** High-voltage work needs the equipment and staff of a class 1 or 2 enterprise (a class 3 one does single trades). */
export const MSG_STATION_THREE_ELECTRIC_LEVEL = "三电检修须由一类或二类维修企业承担";
export const MSG_STATION_EXISTS = "服务站编码已存在";
export const MSG_STATION_DUPLICATE_IN_FILE = "文件中服务站编码重复";
export const MSG_STATION_STALE = "该服务站已被他人修改，请刷新后重新编辑";
export const MSG_STATION_NOT_FOUND = "服务站不存在";
export const MSG_STATION_DELETE_OPEN = "服务站仍在营业，请先设为停业后再删除";

/** Labels of a station's fields: the form's labels and the import template's header row (in its order). */
export const STATION_FIELD_LABELS = {
  stationCode: "服务站编码",
  stationName: "服务站名称",
  areaId: "所在区域编码",
  address: "详细地址",
  lng: "经度",
  lat: "纬度",
  contactName: "联系人",
  servicePhone: "服务电话",
  serviceTypes: "服务类型",
  brandIds: "服务品牌",
  level: "资质等级",
  status: "营业状态",
} as const;

/** The editable fields of a station: what the forms submit and one import row holds. */
export const ServiceStationEditSchema = v.object(
  {
    stationCode: outletFields.code,
    stationName: outletFields.name(MSG_STATION_NAME),
    areaId: outletFields.areaId,
    address: outletFields.address,
    lng: outletFields.lng,
    lat: outletFields.lat,
    contactName: outletFields.contactName,
    servicePhone: outletFields.phone,
    serviceTypes: v.pipe(
      v.array(v.picklist(STATION_SERVICE_TYPES, MSG_STATION_SERVICES), MSG_STATION_SERVICES),
      v.minLength(1, MSG_STATION_SERVICES),
      v.check((s) => new Set(s).size === s.length, MSG_STATION_SERVICES),
    ),
    brandIds: outletFields.brandIds,
    level: v.picklist(STATION_LEVELS, MSG_STATION_LEVEL),
    status: outletFields.status,
  },
  (issue) => {
    const key = issue.path?.[0]?.key as keyof typeof STATION_FIELD_LABELS | undefined;
    return key === undefined ? "服务站数据格式不正确" : `缺少字段：${STATION_FIELD_LABELS[key]}`;
  },
);
export type ServiceStationEdit = v.InferOutput<typeof ServiceStationEditSchema>;
export type ServiceStationField = keyof ServiceStationEdit;

/** The rules between fields: a point has both axes; 三电检修 only at a class 1 or 2 enterprise. */
export function serviceStationRuleProblems(e: ServiceStationEdit): OutletProblem<ServiceStationField>[] {
  const out: OutletProblem<ServiceStationField>[] = [...locationProblems(e)];
  if (e.serviceTypes.includes("threeElectric") && e.level === "class3")
    out.push({ field: "level", msg: MSG_STATION_THREE_ELECTRIC_LEVEL });
  return out;
}

/** Schema of the station form: the fields, then the rules between them (on their fields). */
export const ServiceStationFormSchema = v.pipe(
  ServiceStationEditSchema,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const p of serviceStationRuleProblems(dataset.value))
      addIssue({
        message: p.msg,
        path: [{ type: "object", origin: "value", input: dataset.value, key: p.field, value: dataset.value[p.field] }],
      });
  }),
);

/** Checks a station as the form and an import row submit it; every reason with its field. Never throws. */
export function checkServiceStationEdit(
  input: unknown,
): Result<ServiceStationEdit, OutletProblem<ServiceStationField>[]> {
  const parsed = v.safeParse(ServiceStationEditSchema, input);
  if (!parsed.success) return err(issuesAsProblems<ServiceStationField>(parsed.issues, "stationCode"));
  const problems = serviceStationRuleProblems(parsed.output);
  return problems.length > 0 ? err(problems) : ok(parsed.output);
}
