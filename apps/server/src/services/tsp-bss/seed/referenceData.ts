/**
 * Shared reference data of the demo set: real Chinese manufacturers, their brand → series →
 * model tree, T-BOX providers, colours, keyword catalogues and MIIT announcement models.
 * Names are realistic; the ids are the ones the openapi/ examples use.
 */

export const OEMS = [
  { id: 1, code: "BYD", name: "比亚迪汽车工业有限公司" },
  { id: 2, code: "FAW", name: "一汽解放汽车有限公司" },
  { id: 3, code: "SGMW", name: "上汽通用五菱汽车股份有限公司" },
  { id: 4, code: "YUTONG", name: "宇通客车股份有限公司" },
  // Farm and non-road machinery makers (the machinery picker filters by oemId too).
  { id: 5, code: "YTO", name: "中国一拖集团有限公司" },
  { id: 6, code: "LOVOL", name: "潍柴雷沃智慧农业科技股份有限公司" },
] as const;

export const BRANDS = [
  { id: 11, oem_id: 1, name: "比亚迪" },
  { id: 12, oem_id: 1, name: "腾势" },
  { id: 21, oem_id: 2, name: "解放" },
  { id: 31, oem_id: 3, name: "五菱" },
  { id: 41, oem_id: 4, name: "宇通" },
] as const;

export const SERIES = [
  { id: 111, brand_id: 11, name: "秦PLUS" },
  { id: 112, brand_id: 11, name: "汉" },
  { id: 121, brand_id: 12, name: "D9" },
  { id: 211, brand_id: 21, name: "J6P" },
  { id: 212, brand_id: 21, name: "J7" },
  { id: 311, brand_id: 31, name: "宏光MINIEV" },
  { id: 411, brand_id: 41, name: "E12" },
] as const;

/** Models with the announcement model (index into NER_MODELS) new-energy vehicles of that model carry. */
export const MODELS = [
  { id: 1111, series_id: 111, name: "秦PLUS EV 510km 领先型", nerModel: 0 },
  { id: 1112, series_id: 111, name: "秦PLUS DM-i 120km 旗舰型", nerModel: 1 },
  { id: 1121, series_id: 112, name: "汉EV 610km 冠军版", nerModel: 0 },
  { id: 1211, series_id: 121, name: "腾势D9 DM-i 970 四驱旗舰型", nerModel: 1 },
  { id: 2111, series_id: 211, name: "J6P 6×4 纯电动牵引车", nerModel: 2 },
  { id: 2121, series_id: 212, name: "J7 燃料电池牵引车", nerModel: 2 },
  { id: 3111, series_id: 311, name: "宏光MINIEV 马卡龙 215km", nerModel: 3 },
  { id: 4111, series_id: 411, name: "E12 纯电动城市客车", nerModel: 4 },
] as const;

export const PROVIDERS = [
  { id: 1, code: "HUAWEI", name: "华为技术有限公司", snPrefix: "HW" },
  { id: 2, code: "YAXON", name: "厦门雅迅网络股份有限公司", snPrefix: "YX" },
  { id: 3, code: "QUECTEL", name: "上海移远通信技术股份有限公司", snPrefix: "QT" },
  { id: 4, code: "NAVINFO", name: "北京四维图新科技股份有限公司", snPrefix: "NV" },
] as const;

export const COLORS = [
  { code: "WHITE", name: "白色", rgb: "#FFFFFF" },
  { code: "BLACK", name: "黑色", rgb: "#000000" },
  { code: "SILVER", name: "银色", rgb: "#C0C0C0" },
  { code: "GRAY", name: "灰色", rgb: "#808080" },
  { code: "RED", name: "红色", rgb: "#C8102E" },
  { code: "BLUE", name: "蓝色", rgb: "#1F4E9C" },
  { code: "GREEN", name: "绿色", rgb: "#2E8B57" },
  { code: "YELLOW", name: "黄色", rgb: "#F2C100" },
] as const;

/** MIIT announcement (公告) parameters of the demo new-energy models. */
export const NER_MODELS = [
  {
    vehicle_model: "BYD7005BEV1",
    vehicle_name: "纯电动轿车",
    vehicle_type: "乘用车",
    brand_name: "比亚迪",
    manufacturer: "比亚迪汽车工业有限公司",
    curb_weight: 1650,
    max_speed: 150,
    drive_model: "TZ200XSQ、TZ180XSF",
    tbox_model: "HW-TBOX-M5",
    battery_model: "FD2-BLADE-57",
    rated_energy: 57.6,
  },
  {
    vehicle_model: "BYD7152ST6HEVB1",
    vehicle_name: "插电式混合动力轿车",
    vehicle_type: "乘用车",
    brand_name: "比亚迪",
    manufacturer: "比亚迪汽车工业有限公司",
    curb_weight: 1620,
    max_speed: 185,
    drive_model: "TZ220XYL",
    tbox_model: "HW-TBOX-M5",
    battery_model: "FD2-BLADE-18",
    rated_energy: 18.3,
  },
  {
    vehicle_model: "CA4250BEV",
    vehicle_name: "纯电动牵引汽车",
    vehicle_type: "货车",
    brand_name: "解放",
    manufacturer: "一汽解放汽车有限公司",
    curb_weight: 9800,
    max_speed: 89,
    drive_model: "TZ460XS-LKM",
    tbox_model: "YX-T808-4G",
    battery_model: "CATL-LFP-423",
    rated_energy: 423,
  },
  {
    vehicle_model: "SGM7001EVAA0",
    vehicle_name: "纯电动轿车",
    vehicle_type: "乘用车",
    brand_name: "五菱",
    manufacturer: "上汽通用五菱汽车股份有限公司",
    curb_weight: 700,
    max_speed: 100,
    drive_model: "TZ155X020",
    tbox_model: "QT-AG35-T",
    battery_model: "GOTION-LFP-26",
    rated_energy: 26.5,
  },
  {
    vehicle_model: "ZK6126BEVG1",
    vehicle_name: "纯电动城市客车",
    vehicle_type: "客车",
    brand_name: "宇通",
    manufacturer: "宇通客车股份有限公司",
    curb_weight: 12800,
    max_speed: 69,
    drive_model: "TZ368XSYTM",
    tbox_model: "YX-T808-4G",
    battery_model: "CATL-LFP-350",
    rated_energy: 350,
  },
] as const;

/**
 * Shared keyword catalogues of GET /tsp-bss/search/<name> and the new-energy parameter
 * lists: kind → [code, name]. Tenant catalogues (dealers, stations, pick-up points) are
 * seeded per tenant; gearbox models and finance organisations are registers of their own
 * (`registers/`).
 */
export const SHARED_OPTIONS: Record<string, readonly (readonly [string, string])[]> = {
  ElectricInfo: [
    ["MCU-TZ220", "比亚迪 TZ220 电机控制器"],
    ["MCU-PEU460", "精进电动 PEU460 电机控制器"],
    ["MCU-HPD180", "汇川 HPD180 电机控制器"],
    ["MCU-UAES-INV3", "联合电子 INV3.0 逆变器"],
  ],
  EngineInfo: [
    ["WP13.550E62", "潍柴 WP13.550E62"],
    ["YC6K13-56", "玉柴 YC6K13-56"],
    ["CA6DM3-55E6", "锡柴 CA6DM3-55E6"],
    ["ISZ13-520", "康明斯 ISZ13-520"],
    ["D13K-540", "东风 D13K-540"],
  ],
  PowerInfo: [
    ["FUEL", "燃油"],
    ["BEV", "纯电动"],
    ["PHEV", "插电式混合动力"],
    ["EREV", "增程式电动"],
    ["FCEV", "燃料电池"],
    ["LNG", "液化天然气"],
  ],
  TboxInfo: [
    ["HW-TBOX-M5", "华为 M5 车载T-BOX"],
    ["YX-T808-4G", "雅迅 T808 4G 终端"],
    ["QT-AG35-T", "移远 AG35 T-BOX"],
    ["NV-TB200", "四维图新 TB200"],
  ],
  getChassisName: [
    ["CA4250P66K24T1E6", "解放 J6P 6×4 牵引车底盘"],
    ["ZK6126BEVG", "宇通 12米纯电动客车底盘"],
    ["BYD6122LGEV3", "比亚迪 12米纯电动客车底盘"],
  ],
  getECUList: [
    ["EDC17C81", "博世 EDC17C81"],
    ["DCM7.1", "德尔福 DCM7.1"],
    ["WISE15", "潍柴 WISE15"],
  ],
  getServiceList: [
    ["SVC-DIAG", "远程诊断服务包"],
    ["SVC-FLEET-BASIC", "车队管理基础版"],
    ["SVC-FLEET-PRO", "车队管理专业版"],
    ["SVC-OTA", "远程升级服务包"],
  ],
  vehicleNameInfo: [
    ["BEV-CAR", "纯电动轿车"],
    ["PHEV-CAR", "插电式混合动力轿车"],
    ["BEV-TRACTOR", "纯电动牵引汽车"],
    ["BEV-BUS", "纯电动城市客车"],
    ["FCEV-TRACTOR", "燃料电池半挂牵引车"],
  ],
  // New-energy parameter lists (value = code, label = name).
  brandColor: [
    ["BLUE", "蓝色"],
    ["YELLOW", "黄色"],
    ["BLACK", "黑色"],
    ["WHITE", "白色"],
    ["GRADIENT_GREEN", "渐变绿色"],
    ["YELLOW_GREEN", "黄绿双拼色"],
  ],
  carBuying: [
    ["PERSONAL", "个人购买"],
    ["COMPANY", "单位购买"],
    ["LEASE", "融资租赁"],
    ["INSTALMENT", "分期付款"],
  ],
  motorPosition: [
    ["FRONT", "前置"],
    ["REAR", "后置"],
    ["DUAL", "前后双电机"],
    ["WHEEL_SIDE", "轮边电机"],
    ["IN_WHEEL", "轮毂电机"],
  ],
  vehicleUse: [
    ["PRIVATE", "私人"],
    ["TAXI", "出租客运"],
    ["RIDE_HAILING", "网约车"],
    ["BUS", "公交客运"],
    ["LOGISTICS", "物流配送"],
    ["RENTAL", "租赁"],
    ["SANITATION", "环卫"],
  ],
  tboxModel: [
    ["HW-TBOX-M5", "HW-TBOX-M5"],
    ["YX-T808-4G", "YX-T808-4G"],
    ["QT-AG35-T", "QT-AG35-T"],
    ["NV-TB200", "NV-TB200"],
  ],
  driveModel: [
    ["TZ200XSQ", "TZ200XSQ"],
    ["TZ180XSF", "TZ180XSF"],
    ["TZ220XYL", "TZ220XYL"],
    ["TZ460XS-LKM", "TZ460XS-LKM"],
    ["TZ155X020", "TZ155X020"],
    ["TZ368XSYTM", "TZ368XSYTM"],
  ],
};

/** Regions (GB/T 2260 districts) the demo dealers, stations and pick-up points sit in. */
export const DEMO_DISTRICTS = [
  { areaId: "440305", city: "深圳" },
  { areaId: "440106", city: "广州" },
  { areaId: "310115", city: "上海" },
  { areaId: "320505", city: "苏州" },
  { areaId: "330106", city: "杭州" },
  { areaId: "110108", city: "北京" },
  { areaId: "370102", city: "济南" },
] as const;
