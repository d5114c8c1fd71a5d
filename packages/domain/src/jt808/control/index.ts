// JT/T 808 terminal control (0x8105) and vehicle control (0x8500 / answer 0x0500), issue 17.
export {
  decodeJt808TerminalControl,
  encodeJt808TerminalControl,
  JT808_TERMINAL_CONTROL_NAMES,
  JT808_TERMINAL_CONTROLS,
  type Jt808ConnectParams,
  type Jt808PlainControl,
  type Jt808TerminalControl,
  type Jt808TerminalControlCommand,
  type Jt808UpgradeParams,
} from "./terminalControl";
export {
  decodeJt808VehicleControl,
  decodeJt808VehicleControlAnswer,
  encodeJt808VehicleControl,
  encodeJt808VehicleControlAnswer,
  JT808_CONTROL_DOOR,
  JT808_CONTROL_OEM_FIRST,
  type Jt808VehicleControl,
  type Jt808VehicleControlAnswer,
  type Jt808VehicleControlItem,
} from "./vehicleControl";
