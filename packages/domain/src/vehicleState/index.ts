// 车辆实时状态 and 单车查询 (issue 18): the latest state per VIN and its filters.

export {
  type CellExtreme,
  type CodedState,
  type LatestSnapshot,
  latestSnapshotOf,
  type MotorState,
  replacesStored,
} from "./latestSnapshot";
export {
  ALARM_LEVEL_CODES,
  ALARM_LEVEL_NAMES,
  CHARGE_STATE_CODES,
  CHARGE_STATE_NAMES,
  socRangeProblem,
  VEHICLE_ONLINE_STATES,
  type VehicleOnlineState,
} from "./stateFilter";
