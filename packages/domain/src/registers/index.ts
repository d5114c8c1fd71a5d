// Registers of base information (issue 20): one declaration per coded catalogue, one set of checks.
export {
  BLACK_BOX_REGISTER,
  FILING_STATE_LABELS,
  MSG_TERMINAL_DELETE_FILED,
  MSG_TERMINAL_FILED_NO,
  MSG_TERMINAL_FILING_INCOMPLETE,
  MSG_TERMINAL_ICCID,
  MSG_TERMINAL_INSTALL_WITHOUT_MACHINERY,
  MSG_TERMINAL_MSISDN,
} from "./blackBox";
export {
  ECONOMIC_RPM_MAX,
  ECONOMIC_RPM_MIN,
  ECONOMIC_SPEED_REGISTER,
  MSG_ECONOMIC_BAND_REVERSED,
} from "./economicSpeed";
export { ECU_REGISTER, ECU_TYPE_LABELS, msgEcuDeleteBound } from "./ecu";
export {
  GEARBOX_REGISTER,
  GEARBOX_TYPE_LABELS,
  MSG_GEARBOX_RATIOS_FORMAT,
  MSG_GEARBOX_RATIOS_ORDER,
  msgGearboxRatiosCount,
} from "./gearbox";
export {
  MACHINERY_EMISSION_LABELS,
  MACHINERY_REGISTER,
  MACHINERY_TYPE_LABELS,
  MSG_MACHINERY_CN4_DISCLOSURE,
} from "./machinery";
export { MES_VEHICLE_REGISTER, MSG_MES_DELETE_REGISTERED, MSG_MES_OFFLINE_BEFORE_BUILD } from "./mes";
export {
  FINANCE_ORG_KIND_LABELS,
  FINANCE_ORG_REGISTER,
  LEASE_ORG_REGISTER,
  msgOrgDeleteActive,
  msgOrgDeleteNamed,
  ORG_STATUS_LABELS,
} from "./organisations";
export {
  checkRegisterRow,
  creditCodeProblem,
  emptyRegisterRow,
  isRegisterDate,
  MSG_CREDIT_CODE_CHECK,
  MSG_CREDIT_CODE_FORMAT,
  MSG_PHONE,
  MSG_REGISTER_EXAMPLE_ROW,
  MSG_REGISTER_NOT_A_ROW,
  msgRegisterChoice,
  msgRegisterCode,
  msgRegisterDate,
  msgRegisterDuplicateInFile,
  msgRegisterExists,
  msgRegisterNotFound,
  msgRegisterNumber,
  msgRegisterRequired,
  msgRegisterStale,
  msgRegisterTooLong,
  msgRegisterVin,
  parseRegisterChoice,
  type RegisterDef,
  type RegisterField,
  type RegisterFieldKind,
  type RegisterProblem,
  type RegisterValues,
  registerFieldHint,
  registerKey,
  registerProblemText,
  registerSchema,
  writableFields,
} from "./register";

import { APP_USER_REGISTER } from "../appUser/appUser";
import { BLACK_BOX_REGISTER } from "./blackBox";
import { ECONOMIC_SPEED_REGISTER } from "./economicSpeed";
import { ECU_REGISTER } from "./ecu";
import { GEARBOX_REGISTER } from "./gearbox";
import { MACHINERY_REGISTER } from "./machinery";
import { MES_VEHICLE_REGISTER } from "./mes";
import { FINANCE_ORG_REGISTER, LEASE_ORG_REGISTER } from "./organisations";

/** Every register, by name (the route's last segment). */
export const REGISTERS = {
  gearbox: GEARBOX_REGISTER,
  financialInstitution: FINANCE_ORG_REGISTER,
  leaseOrg: LEASE_ORG_REGISTER,
  economicSpeed: ECONOMIC_SPEED_REGISTER,
  machineryInfo: MACHINERY_REGISTER,
  vehicleData: ECU_REGISTER,
  blackBox: BLACK_BOX_REGISTER,
  mes: MES_VEHICLE_REGISTER,
  appUser: APP_USER_REGISTER,
} as const;
export type RegisterName = keyof typeof REGISTERS;
