import { canSignalCode } from "@tsp/domain";
import type { SeedContext } from "../../types";
import { columnOf } from "../registers/register";
import "./tables";

/**
 * Demo rows of 数据服务: fixed lists (no PRNG), `ctx.now` for the edited ones. The demo tenant
 * holds the whole dictionary and two models' signals (every fifth fault code is its
 * sub-tenant's), the isolation tenant a third of the codes and one model — so tenant
 * isolation shows.
 */
const DAY = 24 * 3600 * 1000;
type Row = Record<string, string | number | null>;

/** [code, protocol, system, level, Chinese name, description, remedy]. */
const FAULT_CODES: readonly (readonly [string, string, string, string, string, string | null, string | null])[] = [
  ["ALM00", "gbAlarm", "battery", "2", "温度差异报警", "动力电池单体之间温差超过限值", "降低负荷，检查电池热管理系统"],
  [
    "ALM01",
    "gbAlarm",
    "battery",
    "3",
    "电池高温报警",
    "动力电池最高温度超过限值",
    "立即停车断电，远离车辆并联系服务站",
  ],
  [
    "ALM02",
    "gbAlarm",
    "battery",
    "2",
    "车载储能装置类型过压报警",
    "储能装置总电压高于上限",
    "停止充电，检查充电机与BMS",
  ],
  ["ALM03", "gbAlarm", "battery", "2", "车载储能装置类型欠压报警", "储能装置总电压低于下限", "尽快充电，避免深度放电"],
  ["ALM04", "gbAlarm", "battery", "1", "SOC低报警", "荷电状态低于报警阈值", "尽快前往充电"],
  ["ALM05", "gbAlarm", "battery", "2", "单体电池过压报警", "单体电池电压高于上限", "停止充电，检查单体均衡"],
  ["ALM06", "gbAlarm", "battery", "2", "单体电池欠压报警", "单体电池电压低于下限", "尽快充电，检查单体一致性"],
  ["ALM07", "gbAlarm", "battery", "1", "SOC过高报警", "荷电状态高于报警阈值", "停止充电"],
  ["ALM08", "gbAlarm", "battery", "1", "SOC跳变报警", "荷电状态在短时间内突变", "检查BMS的SOC估算与电流传感器"],
  [
    "ALM09",
    "gbAlarm",
    "battery",
    "2",
    "可充电储能系统不匹配报警",
    "储能系统与整车配置不一致",
    "核对电池包编码并重新标定",
  ],
  ["ALM10", "gbAlarm", "battery", "2", "电池单体一致性差报警", "单体电压或温度离散度超过限值", "安排均衡维护"],
  [
    "ALM11",
    "gbAlarm",
    "battery",
    "3",
    "绝缘报警",
    "高压系统绝缘电阻低于限值",
    "立即停车断电，禁止触碰高压部件，请求救援",
  ],
  ["ALM12", "gbAlarm", "motor", "2", "DC-DC温度报警", "DC-DC变换器温度过高", "降低负荷，检查冷却回路"],
  ["ALM13", "gbAlarm", "chassis", "3", "制动系统报警", "制动系统故障", "立即靠边停车，联系救援"],
  ["ALM14", "gbAlarm", "motor", "2", "DC-DC状态报警", "DC-DC变换器工作异常", "检查低压蓄电池与DC-DC输出"],
  ["ALM15", "gbAlarm", "motor", "2", "驱动电机控制器温度报警", "电机控制器温度超过限值", "降低车速，检查电机冷却"],
  ["ALM16", "gbAlarm", "battery", "3", "高压互锁状态报警", "高压互锁回路断开", "立即停车，检查高压插接件"],
  ["ALM17", "gbAlarm", "motor", "2", "驱动电机温度报警", "驱动电机温度超过限值", "降低负荷，检查电机冷却"],
  ["ALM18", "gbAlarm", "battery", "3", "车载储能装置类型过充", "储能装置充电超过允许值", "立即停止充电并断开充电枪"],
  ["0000A001", "gbFault", "battery", "2", "BMS内部通信故障", "电池管理系统主从板之间通信中断", "检查BMS内部CAN线束"],
  [
    "0000A012",
    "gbFault",
    "battery",
    "3",
    "电池包热失控预警",
    "电池包温升速率与烟雾传感器同时异常",
    "立即停车撤离，联系消防与服务站",
  ],
  [
    "0000B003",
    "gbFault",
    "motor",
    "2",
    "电机控制器IGBT过流",
    "逆变器相电流超过保护阈值",
    "重新上电；反复出现时更换控制器",
  ],
  ["0000B010", "gbFault", "motor", "1", "旋变信号异常", "电机位置传感器信号幅值偏低", "检查旋变插接件"],
  ["P0087", "dtc", "engine", "2", "燃油轨压力过低", "共轨压力低于目标值", "检查燃油滤清器与高压油泵"],
  [
    "P0101",
    "dtc",
    "engine",
    "2",
    "空气流量计电路范围/性能",
    "空气流量计信号超出与节气门开度、转速对应的合理范围",
    "检查进气管路是否漏气，清洁或更换空气流量计",
  ],
  ["P0300", "dtc", "engine", "2", "检测到随机/多缸失火", "发动机多个气缸检测到失火", "检查点火线圈、火花塞与喷油器"],
  [
    "P2002",
    "dtc",
    "afterTreatment",
    "2",
    "柴油颗粒捕集器效率低于阈值",
    "DPF前后压差表明捕集效率下降",
    "进行DPF再生或清洗",
  ],
  [
    "P20EE",
    "dtc",
    "afterTreatment",
    "2",
    "SCR氮氧化物催化效率低于阈值",
    "下游NOx浓度高于限值",
    "检查尿素品质与喷射系统",
  ],
  [
    "P0AA6",
    "dtc",
    "battery",
    "3",
    "混合动力电池电压系统绝缘故障",
    "高压系统对车身绝缘电阻过低",
    "停车断电，送修检查高压线束",
  ],
  [
    "U0100",
    "dtc",
    "network",
    "2",
    "与ECM/PCM失去通信",
    "网关在规定时间内未收到发动机控制器报文",
    "检查动力CAN总线与ECM供电",
  ],
  ["U0111", "dtc", "network", "2", "与电池能量控制模块失去通信", "未收到BMS报文", "检查BMS供电与CAN线束"],
  ["C0035", "dtc", "chassis", "2", "左前轮速传感器电路", "左前轮速信号缺失或不合理", "检查轮速传感器与齿圈"],
  [
    "SPN100-FMI1",
    "j1939",
    "engine",
    "3",
    "机油压力过低",
    "发动机机油压力低于最低工作值",
    "立即停机，检查机油液位与机油泵",
  ],
  [
    "SPN110-FMI0",
    "j1939",
    "engine",
    "3",
    "发动机冷却液温度过高",
    "冷却液温度高于最高工作值",
    "停车怠速散热，检查冷却液与风扇",
  ],
  ["SPN190-FMI0", "j1939", "engine", "2", "发动机超速", "发动机转速高于最高允许值", "降挡减速，避免下坡空挡滑行"],
  [
    "SPN1761-FMI1",
    "j1939",
    "afterTreatment",
    "2",
    "尿素液位过低",
    "尿素箱液位低于最低值，将触发限扭",
    "尽快加注符合标准的车用尿素",
  ],
  [
    "SPN3226-FMI4",
    "j1939",
    "afterTreatment",
    "2",
    "后处理出口NOx传感器电压过低",
    "下游NOx传感器信号电压低于正常范围",
    "检查传感器供电与插接件",
  ],
  ["SPN3251-FMI0", "j1939", "afterTreatment", "2", "DPF压差过高", "颗粒捕集器压差高于上限，需再生", "执行驻车再生"],
  ["SPN4364-FMI18", "j1939", "afterTreatment", "2", "SCR转化效率低", "SCR系统转化效率低于要求", "检查尿素喷嘴与催化器"],
];

/** [model, id, name, Chinese name, start, length, order, type, factor, offset, min, max, unit, period ms]. */
type SignalSpec = readonly [
  string,
  string,
  string,
  string,
  number,
  number,
  "intel" | "motorola",
  "unsigned" | "signed",
  number,
  number,
  number | null,
  number | null,
  string | null,
  number,
];
const TRUCK = "CA4250P66K24T1E6";
const BEV = "BYD7005BEVA";
const SIGNALS: readonly SignalSpec[] = [
  [TRUCK, "0x0CF004FE", "EngSpeed", "发动机转速", 24, 16, "intel", "unsigned", 0.125, 0, 0, 8031.875, "rpm", 100],
  [
    TRUCK,
    "0x0CF004FE",
    "ActualEngPercentTorque",
    "发动机实际扭矩百分比",
    16,
    8,
    "intel",
    "unsigned",
    1,
    -125,
    -125,
    125,
    "%",
    100,
  ],
  [
    TRUCK,
    "0x18FEF1FE",
    "WheelBasedVehicleSpeed",
    "车速",
    8,
    16,
    "intel",
    "unsigned",
    0.00390625,
    0,
    0,
    250.996,
    "km/h",
    100,
  ],
  [TRUCK, "0x18FEEEFE", "EngCoolantTemp", "冷却液温度", 0, 8, "intel", "unsigned", 1, -40, -40, 210, "℃", 1000],
  [TRUCK, "0x18FEEFFE", "EngOilPress", "机油压力", 24, 8, "intel", "unsigned", 4, 0, 0, 1000, "kPa", 500],
  [TRUCK, "0x18FEF2FE", "EngFuelRate", "燃油消耗率", 0, 16, "intel", "unsigned", 0.05, 0, 0, 3212.75, "L/h", 100],
  [TRUCK, "0x18FEFC17", "FuelLevel1", "燃油液位", 8, 8, "intel", "unsigned", 0.4, 0, 0, 100, "%", 1000],
  [
    TRUCK,
    "0x18FEC1EE",
    "HiResTotalVehicleDistance",
    "高精度总里程",
    0,
    32,
    "intel",
    "unsigned",
    0.005,
    0,
    0,
    21055406,
    "km",
    1000,
  ],
  [
    TRUCK,
    "0x18FE56A3",
    "AftrtrtmntDslExhstFldTankLevel",
    "尿素液位",
    0,
    8,
    "intel",
    "unsigned",
    0.4,
    0,
    0,
    100,
    "%",
    1000,
  ],
  [
    TRUCK,
    "0x18F00E51",
    "AftrtrtmntOutletNOx",
    "后处理出口NOx浓度",
    0,
    16,
    "intel",
    "unsigned",
    0.05,
    -200,
    -200,
    3012.75,
    "ppm",
    1000,
  ],
  [BEV, "0x1A0", "BMS_SOC", "电池SOC", 7, 8, "motorola", "unsigned", 0.4, 0, 0, 100, "%", 1000],
  [BEV, "0x1A0", "BMS_PackVoltage", "电池总电压", 15, 16, "motorola", "unsigned", 0.1, 0, 0, 1000, "V", 100],
  [BEV, "0x1A0", "BMS_PackCurrent", "电池总电流", 31, 16, "motorola", "unsigned", 0.1, -1000, -1000, 1000, "A", 100],
  [BEV, "0x1A1", "BMS_MaxCellTemp", "最高单体温度", 7, 8, "motorola", "unsigned", 1, -40, -40, 210, "℃", 1000],
  [BEV, "0x1A1", "BMS_MinCellVolt", "最低单体电压", 15, 16, "motorola", "unsigned", 0.001, 0, 0, 5, "V", 1000],
  [BEV, "0x1A1", "BMS_InsulationRes", "绝缘电阻", 31, 16, "motorola", "unsigned", 1, 0, 0, 60000, "kΩ", 1000],
  [BEV, "0x0A2", "MCU_MotorSpeed", "电机转速", 7, 16, "motorola", "signed", 1, 0, -20000, 20000, "rpm", 50],
  [BEV, "0x0A2", "MCU_MotorTorque", "电机扭矩", 23, 16, "motorola", "signed", 0.1, 0, -3000, 3000, "N·m", 50],
  [BEV, "0x0A2", "MCU_MotorTemp", "电机温度", 39, 8, "motorola", "unsigned", 1, -40, -40, 210, "℃", 1000],
  [BEV, "0x3B0", "VCU_GearPosition", "挡位", 3, 4, "motorola", "unsigned", 1, 0, 0, 15, null, 200],
];

/** [dictionary, code, label, order, state]. */
const DICT_ITEMS: readonly (readonly [string, string, string, number, string])[] = [
  ["fuelType", "FUEL_GASOLINE", "汽油", 1, "enabled"],
  ["fuelType", "FUEL_DIESEL", "柴油", 2, "enabled"],
  ["fuelType", "FUEL_ELECTRIC", "纯电", 3, "enabled"],
  ["fuelType", "FUEL_HYBRID", "插电混动", 4, "enabled"],
  ["fuelType", "FUEL_CNG", "压缩天然气", 5, "enabled"],
  ["fuelType", "FUEL_LNG", "液化天然气", 6, "enabled"],
  ["fuelType", "FUEL_HYDROGEN", "氢燃料", 7, "enabled"],
  ["fuelType", "FUEL_METHANOL", "甲醇", 8, "disabled"],
  ["vehicleUse", "USE_FREIGHT", "普通货运", 1, "enabled"],
  ["vehicleUse", "USE_COLD_CHAIN", "冷链运输", 2, "enabled"],
  ["vehicleUse", "USE_DANGEROUS", "危险货物运输", 3, "enabled"],
  ["vehicleUse", "USE_BUS", "城市公交", 4, "enabled"],
  ["vehicleUse", "USE_COACH", "公路客运", 5, "enabled"],
  ["vehicleUse", "USE_TAXI", "出租客运", 6, "enabled"],
  ["vehicleUse", "USE_RENTAL", "租赁", 7, "enabled"],
  ["vehicleUse", "USE_PRIVATE", "非营运", 8, "enabled"],
  ["vehicleColor", "COLOR_WHITE", "白", 1, "enabled"],
  ["vehicleColor", "COLOR_BLACK", "黑", 2, "enabled"],
  ["vehicleColor", "COLOR_SILVER", "银", 3, "enabled"],
  ["vehicleColor", "COLOR_GREY", "灰", 4, "enabled"],
  ["vehicleColor", "COLOR_RED", "红", 5, "enabled"],
  ["vehicleColor", "COLOR_BLUE", "蓝", 6, "enabled"],
  ["vehicleColor", "COLOR_YELLOW", "黄", 7, "enabled"],
  ["vehicleColor", "COLOR_GREEN", "绿", 8, "enabled"],
  ["plateColor", "PLATE_BLUE", "蓝牌", 1, "enabled"],
  ["plateColor", "PLATE_YELLOW", "黄牌", 2, "enabled"],
  ["plateColor", "PLATE_GREEN", "渐变绿牌（小型新能源）", 3, "enabled"],
  ["plateColor", "PLATE_YELLOW_GREEN", "黄绿双拼牌（大型新能源）", 4, "enabled"],
  ["plateColor", "PLATE_BLACK", "黑牌", 5, "enabled"],
  ["plateColor", "PLATE_WHITE", "白牌", 6, "enabled"],
  ["emissionStandard", "EMISSION_CN5", "国五", 1, "disabled"],
  ["emissionStandard", "EMISSION_CN6A", "国六a", 2, "enabled"],
  ["emissionStandard", "EMISSION_CN6B", "国六b", 3, "enabled"],
  ["emissionStandard", "EMISSION_NR4", "非道路国四", 4, "enabled"],
  ["emissionStandard", "EMISSION_NONE", "无排放（纯电）", 5, "enabled"],
  ["industry", "INDUSTRY_LOGISTICS", "物流快递", 1, "enabled"],
  ["industry", "INDUSTRY_CONSTRUCTION", "工程建设", 2, "enabled"],
  ["industry", "INDUSTRY_MINING", "矿山开采", 3, "enabled"],
  ["industry", "INDUSTRY_SANITATION", "环卫", 4, "enabled"],
  ["industry", "INDUSTRY_AGRICULTURE", "农业", 5, "enabled"],
  ["industry", "INDUSTRY_PUBLIC_TRANSPORT", "公共交通", 6, "enabled"],
];

/** [code, name, version, platform, models, release date, state, notes]. */
const INFO_SYSTEMS: readonly (readonly [
  string,
  string,
  string,
  string,
  string,
  string | null,
  string,
  string | null,
])[] = [
  [
    "DILINK-3.0.8",
    "DiLink智能网联系统",
    "3.0.8",
    "android",
    "BYD7005BEVA",
    "2023-06-20",
    "retired",
    "修复导航偶发黑屏",
  ],
  [
    "DILINK-4.0.2",
    "DiLink智能网联系统",
    "4.0.2",
    "android",
    "BYD7005BEVA,BYD6470ST6HEV",
    "2024-11-05",
    "released",
    "新增远程空调预约；蓝牙电话稳定性改进",
  ],
  [
    "DILINK-5.0.0-beta2",
    "DiLink智能网联系统",
    "5.0.0-beta2",
    "android",
    "BYD7005BEVA",
    null,
    "developing",
    "语音助手离线识别内测",
  ],
  [
    "JIEFANG-HU-2.3.1",
    "解放智慧车机",
    "2.3.1",
    "linux",
    "CA4250P66K24T1E6,CA1180P62K1L5E6",
    "2024-08-12",
    "released",
    "油耗排行与驾驶行为评分；国六后处理状态显示",
  ],
  ["JIEFANG-HU-2.4.0", "解放智慧车机", "2.4.0", "linux", "CA4250P66K24T1E6", null, "developing", "尿素液位低预警推送"],
  [
    "YUTONG-EBUS-1.8.3",
    "宇通客车智能终端",
    "1.8.3",
    "qnx",
    "ZK6125BEVG",
    "2024-03-28",
    "released",
    "报站与客流统计；电池热管理告警",
  ],
  [
    "WULING-LINGOS-2.0.1",
    "灵犀系统",
    "2.0.1",
    "android",
    "LZW7001EVL2",
    "2024-09-16",
    "released",
    "微信车载版；小程序生态",
  ],
  [
    "HARMONY-COCKPIT-4.2",
    "鸿蒙智能座舱",
    "4.2",
    "harmony",
    "BYD6470ST6HEV",
    "2025-01-10",
    "released",
    "多屏协同；手机无感连接",
  ],
];

const snake = (row: Row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [columnOf(k), v]));

export async function seedDataService(ctx: SeedContext): Promise<void> {
  const now = ctx.now.getTime();
  const [demo, other, sub] = ctx.tenantIds as [number, number, number | undefined];
  const touched = (i: number): Row =>
    i % 3 === 0
      ? { updated_at: now - (i + 1) * DAY, update_by: "admin", update_name: "系统管理员" }
      : { updated_at: 0, update_by: null, update_name: null };
  const codes: Row[] = [];
  FAULT_CODES.forEach(([code, protocol, system, level, nameZh, description, remedy], i) => {
    const row = snake({ code, protocol, system, level, nameZh, description, remedy });
    codes.push({ tenant_id: sub !== undefined && i % 5 === 4 ? sub : demo, ...row, ...touched(i) });
    if (i % 3 === 1) codes.push({ tenant_id: other, ...row, updated_at: 0, update_by: null, update_name: null });
  });
  await ctx.db
    .insertInto("bss_fault_code")
    .values(codes as never)
    .execute();
  const signals: Row[] = [];
  SIGNALS.forEach(
    (
      [
        model,
        messageId,
        signalName,
        nameZh,
        startBit,
        bitLength,
        byteOrder,
        valueType,
        factor,
        valueOffset,
        minValue,
        maxValue,
        unit,
        periodMs,
      ],
      i,
    ) => {
      const row = snake({
        code: canSignalCode(model, messageId, signalName),
        vehicleModel: model,
        messageId,
        signalName,
        nameZh,
        startBit,
        bitLength,
        byteOrder,
        valueType,
        factor,
        valueOffset,
        minValue,
        maxValue,
        unit,
        periodMs,
        remark: null,
      });
      signals.push({ tenant_id: demo, ...row, ...touched(i) });
      if (model === BEV) signals.push({ tenant_id: other, ...row, updated_at: 0, update_by: null, update_name: null });
    },
  );
  await ctx.db
    .insertInto("bss_can_signal")
    .values(signals as never)
    .execute();
  const items: Row[] = [];
  DICT_ITEMS.forEach(([dictType, code, label, sortOrder, state], i) => {
    const row = snake({ code, dictType, label, sortOrder, state, remark: null });
    items.push({ tenant_id: demo, ...row, ...touched(i) });
    if (dictType === "fuelType" || dictType === "plateColor")
      items.push({ tenant_id: other, ...row, updated_at: 0, update_by: null, update_name: null });
  });
  await ctx.db
    .insertInto("bss_dict_item")
    .values(items as never)
    .execute();
  const systems: Row[] = [];
  INFO_SYSTEMS.forEach(([code, name, version, osType, supportedModels, releaseDate, state, releaseNotes], i) => {
    const row = snake({ code, name, version, osType, supportedModels, releaseDate, state, releaseNotes });
    systems.push({ tenant_id: demo, ...row, ...touched(i) });
    if (i % 3 === 0) systems.push({ tenant_id: other, ...row, updated_at: 0, update_by: null, update_name: null });
  });
  await ctx.db
    .insertInto("bss_info_system")
    .values(systems as never)
    .execute();
}
