// GB/T 32960.3 real-time (0x02) and re-sent (0x03) data units, 2016 and 2025 editions.
export type { AlarmData, AlarmFlag } from "./alarm";
export type { PackVoltages } from "./cellVoltages";
export type { DriveMotor } from "./driveMotors";
export type { EngineData } from "./engine";
export type { ExtremesData } from "./extremes";
export type { FuelCellData } from "./fuelCell";
export type { PositionData } from "./position";
export type { Coded, Quantity, ValueStatus } from "./quantity";
export { decodeRealtimeData, type RealtimeData, type RealtimeItem } from "./realtimeData";
export type { RealtimeSignature } from "./signature";
export type { PackTemperatures } from "./temperatures";
export type { GearPosition, VehicleData } from "./vehicleData";
