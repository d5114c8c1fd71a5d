/** 非道路机械监控's stores (migration tsp-shadow:machinery_0001), merged into the one Database interface. */
declare module "../../../db/schema" {
  interface Database {
    machine_connection: MachineConnectionTable;
    machine_sample: MachineSampleTable;
  }
}

/** The connection log of a machine's terminal: each login and logout it reported. */
export interface MachineConnectionTable {
  /** The machine's PIN (机械信息's vin), as the terminal reports it. */
  vin: string;
  at: number;
  kind: "login" | "logout";
}

/** One decoded report of a machine (the HJ 1239.3 diesel stream plus HJ 1322's engine hours). */
export interface MachineSampleTable {
  vin: string;
  collected_at: number;
  engine_rpm: number | null;
  load_percent: number | null;
  fuel_rate_lph: number | null;
  coolant_c: number | null;
  working_hours: number | null;
  speed_kmh: number | null;
  longitude: number | null;
  latitude: number | null;
  /** The alarm on at this report (终端拆除报警, 冷却液温度过高, …), or null. */
  alarm: string | null;
}
