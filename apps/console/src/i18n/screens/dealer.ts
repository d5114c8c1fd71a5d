import { DEALER_FIELD_LABELS as F, DEALER_KIND_LABELS as KINDS, OUTLET_STATUS_LABELS as STATES } from "@tsp/domain";
import { registerTexts } from "../i18n";

/**
 * The words of 经销商信息, and of what it shares with 服务站信息 (region, address, map point,
 * state: keys "outlet."), both locales side by side; spread into `zh-CN.ts` and `en.ts`. Field
 * labels and choice names are @tsp/domain's (the import template's headers are the same).
 */
const zh = {
  "dealer.heading": "经销商信息",
  "dealer.code": F.dealerCode,
  "dealer.name": F.dealerName,
  "dealer.kind": F.kind,
  "dealer.kind.sale": KINDS.sale,
  "dealer.kind.secondary": KINDS.secondary,
  "dealer.parent": "上级经销商",
  "dealer.contactName": F.contactName,
  "dealer.contactPhone": F.contactPhone,
  "dealer.brands": F.brandIds,
  "dealer.secondaryCount": "二级经销商数",
  "dealer.create": "新增经销商",
  "dealer.edit": "编辑经销商",
  "dealer.import": "导入经销商",
  "dealer.importHint":
    "按模板各列填写，请勿修改表头；二级经销商填写上级一级销售经销商的编码（可为同一文件中前面的行），区域填写区县代码，品牌填写名称。",
  "dealer.similar": "已登记的相似经销商：{names}",
  "dealer.neighbours": "同区县经销商",
  "dealer.noNeighbours": "同区县暂无其他经销商",
  "outlet.region": "所在区域",
  "outlet.province": "省",
  "outlet.city": "市",
  "outlet.district": "区县",
  "outlet.address": F.address,
  "outlet.location": "地图位置",
  "outlet.pickLocation": "地图选点",
  "outlet.clearLocation": "清除位置",
  "outlet.noLocation": "未标注",
  "outlet.status": F.status,
  "outlet.status.open": STATES.open,
  "outlet.status.closed": STATES.closed,
  "outlet.updatedBy": "最后修改",
  "outlet.required": "必填",
} as const;

export const dealerText = {
  zh,
  en: {
    "dealer.heading": "Dealers",
    "dealer.code": "Dealer code",
    "dealer.name": "Dealer name",
    "dealer.kind": "Kind",
    "dealer.kind.sale": "Selling dealer (tier 1)",
    "dealer.kind.secondary": "Secondary dealer (tier 2)",
    "dealer.parent": "Parent dealer",
    "dealer.contactName": "Contact",
    "dealer.contactPhone": "Contact phone",
    "dealer.brands": "Brands sold",
    "dealer.secondaryCount": "Secondary dealers",
    "dealer.create": "Add dealer",
    "dealer.edit": "Edit dealer",
    "dealer.import": "Import dealers",
    "dealer.importHint":
      "Fill in the template's columns without changing the header; a secondary dealer names its selling dealer's code (it may be an earlier row of the file); the region is a district code; brands by name.",
    "dealer.similar": "Similar dealers already registered: {names}",
    "dealer.neighbours": "Dealers in the same district",
    "dealer.noNeighbours": "No other dealer in this district",
    "outlet.region": "Region",
    "outlet.province": "Province",
    "outlet.city": "City",
    "outlet.district": "District",
    "outlet.address": "Address",
    "outlet.location": "Map location",
    "outlet.pickLocation": "Pick on the map",
    "outlet.clearLocation": "Clear location",
    "outlet.noLocation": "Not located",
    "outlet.status": "State",
    "outlet.status.open": "Open",
    "outlet.status.closed": "Closed",
    "outlet.updatedBy": "Last changed",
    "outlet.required": "required",
  } satisfies Record<keyof typeof zh, string>,
};

// Loaded with the screens that import this file (see `registerTexts`).
registerTexts(dealerText);
