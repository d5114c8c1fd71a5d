import {
  STATION_FIELD_LABELS as F,
  STATION_LEVEL_LABELS as LEVELS,
  STATION_SERVICE_LABELS as SERVICES,
} from "@tsp/domain";
import { registerTexts } from "../i18n";

/**
 * The words of 服务站信息, both locales side by side; spread into `zh-CN.ts` and `en.ts`. Keys
 * start with "station."; region, address, map point and state are the dealer file's "outlet.".
 */
const zh = {
  "station.heading": "服务站信息",
  "station.code": F.stationCode,
  "station.name": F.stationName,
  "station.contactName": F.contactName,
  "station.phone": F.servicePhone,
  "station.services": F.serviceTypes,
  "station.service.maintenance": SERVICES.maintenance,
  "station.service.repair": SERVICES.repair,
  "station.service.threeElectric": SERVICES.threeElectric,
  "station.service.rescue": SERVICES.rescue,
  "station.service.bodyPaint": SERVICES.bodyPaint,
  "station.service.warranty": SERVICES.warranty,
  "station.brands": F.brandIds,
  "station.level": F.level,
  "station.level.class1": LEVELS.class1,
  "station.level.class2": LEVELS.class2,
  "station.level.class3": LEVELS.class3,
  "station.create": "新增服务站",
  "station.edit": "编辑服务站",
  "station.import": "导入服务站",
  "station.importHint":
    "按模板各列填写，请勿修改表头；区域填写区县代码，服务类型和品牌填写名称，多个用“、”分隔；三电检修须为一类或二类维修企业。",
  "station.similar": "已登记的相似服务站：{names}",
} as const;

export const serviceStationText = {
  zh,
  en: {
    "station.heading": "Service stations",
    "station.code": "Station code",
    "station.name": "Station name",
    "station.contactName": "Contact",
    "station.phone": "Service phone",
    "station.services": "Services",
    "station.service.maintenance": "Maintenance",
    "station.service.repair": "Repair",
    "station.service.threeElectric": "Battery, motor and controller",
    "station.service.rescue": "Roadside rescue",
    "station.service.bodyPaint": "Body and paint",
    "station.service.warranty": "Warranty claims",
    "station.brands": "Brands served",
    "station.level": "Qualification",
    "station.level.class1": "Class 1 repairer",
    "station.level.class2": "Class 2 repairer",
    "station.level.class3": "Class 3 repairer",
    "station.create": "Add station",
    "station.edit": "Edit station",
    "station.import": "Import stations",
    "station.importHint":
      "Fill in the template's columns without changing the header; the region is a district code; services and brands by name, separated by 、; battery/motor work needs a class 1 or 2 repairer.",
    "station.similar": "Similar stations already registered: {names}",
  } satisfies Record<keyof typeof zh, string>,
};

// Loaded with the screens that import this file (see `registerTexts`).
registerTexts(serviceStationText);
