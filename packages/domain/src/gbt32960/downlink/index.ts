// GB/T 32960.3 downlink: parameter query/set and terminal control (telematics-facts.md §2).
export {
  decodeAnswerTime,
  decodeParamList,
  decodeParamQuery,
  encodeParamList,
  encodeParamQuery,
  encodeParamSet,
  MAX_PARAMS_PER_UNIT,
  type ParamList,
  type ParamQuery,
} from "./codec";
export {
  CONTROL_ALARM_LEVELS,
  CONTROL_COMMANDS,
  type ControlCommand,
  decodeTerminalControl,
  encodeTerminalControl,
  MAX_CONTROL_ALARM_TEXT,
  type TerminalControl,
  type TerminalControlUnit,
  terminalControlProblem,
} from "./control";
export {
  isOemParam,
  MAX_OEM_BYTES,
  MAX_PARAM_TEXT,
  type ParamDef,
  type ParamEntry,
  type ParamKind,
  type ParamValue,
  paramDef,
  paramIdText,
  paramValueProblem,
  paramValueText,
  STANDARD_PARAMS,
} from "./params";
