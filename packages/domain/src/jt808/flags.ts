/**
 * Names of the 0x0200 alarm bits, bit 0 first, as JT/T 808-2013 defines them (read from
 * SmallChi/JT808 `src/JT808.Protocol/Enums/JT808Alarm.cs`). Bits 15–17 are reserved in 2013;
 * 2019 gives some of them meanings this codec has no second source for, so they are named by
 * number (`报警位15`).
 */
export const JT808_ALARM_BITS: readonly (string | undefined)[] = [
  "紧急报警",
  "超速报警",
  "疲劳驾驶",
  "危险预警",
  "GNSS模块发生故障",
  "GNSS天线未接或被剪断",
  "GNSS天线短路",
  "终端主电源欠压",
  "终端主电源掉电",
  "终端LCD或显示器故障",
  "TTS模块故障",
  "摄像头故障",
  "道路运输证IC卡模块故障",
  "超速预警",
  "疲劳驾驶预警",
  undefined,
  undefined,
  undefined,
  "当天累计驾驶超时",
  "超时停车",
  "进出区域",
  "进出路线",
  "路段行驶时间不足/过长",
  "路线偏离报警",
  "车辆VSS故障",
  "车辆油量异常",
  "车辆被盗",
  "车辆非法点火",
  "车辆非法位移",
  "碰撞预警",
  "侧翻预警",
  "非法开门报警",
];

/**
 * Names of the 0x0200 status bits that mean something when set (SmallChi/JT808
 * `Enums/JT808Status.cs`); bits 8–9 are the load state, read by {@link jt808StatusNames}.
 */
export const JT808_STATUS_BITS: Readonly<Record<number, string>> = {
  0: "ACC开",
  1: "已定位",
  2: "南纬",
  3: "西经",
  4: "停运状态",
  5: "经纬度已经保密插件加密",
  10: "车辆油路断开",
  11: "车辆电路断开",
  12: "车门加锁",
  13: "前门开",
  14: "中门开",
  15: "后门开",
  16: "驾驶席门开",
  17: "自定义门开",
  18: "使用GPS卫星定位",
  19: "使用北斗卫星定位",
  20: "使用GLONASS卫星定位",
  21: "使用Galileo卫星定位",
};

const LOAD_STATES = [undefined, "半载", "载重状态保留值", "满载"] as const;

function setBits(value: number): number[] {
  const bits: number[] = [];
  for (let bit = 0; bit < 32; bit++) if (Math.floor(value / 2 ** bit) % 2 === 1) bits.push(bit);
  return bits;
}

/** The names of the alarm bits set in a 0x0200 alarm DWORD, bit 0 first; an unnamed bit as `报警位N`. */
export function jt808AlarmNames(alarm: number): string[] {
  return setBits(alarm).map((bit) => JT808_ALARM_BITS[bit] ?? `报警位${bit}`);
}

/**
 * The names of the status bits set in a 0x0200 status DWORD, bit 0 first: the load state
 * (bits 8–9: 半载, 满载; empty says nothing) in place of its bits, an unnamed bit as `状态位N`.
 */
export function jt808StatusNames(status: number): string[] {
  const names: string[] = [];
  const bits = setBits(status);
  for (let bit = 0; bit < 32; bit++) {
    if (bit === 8) {
      const load = LOAD_STATES[Math.floor(status / 256) % 4];
      if (load !== undefined) names.push(load);
    } else if (bit !== 9 && bits.includes(bit)) {
      names.push(JT808_STATUS_BITS[bit] ?? `状态位${bit}`);
    }
  }
  return names;
}
