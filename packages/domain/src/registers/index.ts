// Registers of base information (issue 20): one declaration per coded catalogue, one set of checks.
export {
  ECONOMIC_RPM_MAX,
  ECONOMIC_RPM_MIN,
  ECONOMIC_SPEED_REGISTER,
  MSG_ECONOMIC_BAND_REVERSED,
} from "./economicSpeed";
export {
  GEARBOX_REGISTER,
  GEARBOX_TYPE_LABELS,
  MSG_GEARBOX_RATIOS_FORMAT,
  MSG_GEARBOX_RATIOS_ORDER,
  msgGearboxRatiosCount,
} from "./gearbox";
export {
  FINANCE_ORG_KIND_LABELS,
  FINANCE_ORG_REGISTER,
  LEASE_ORG_REGISTER,
  msgOrgDeleteActive,
  ORG_STATUS_LABELS,
} from "./organisations";
export {
  checkRegisterRow,
  creditCodeProblem,
  emptyRegisterRow,
  MSG_CREDIT_CODE_CHECK,
  MSG_CREDIT_CODE_FORMAT,
  MSG_PHONE,
  MSG_REGISTER_EXAMPLE_ROW,
  MSG_REGISTER_NOT_A_ROW,
  msgRegisterChoice,
  msgRegisterCode,
  msgRegisterDuplicateInFile,
  msgRegisterExists,
  msgRegisterNotFound,
  msgRegisterNumber,
  msgRegisterRequired,
  msgRegisterStale,
  msgRegisterTooLong,
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
} from "./register";

import { ECONOMIC_SPEED_REGISTER } from "./economicSpeed";
import { GEARBOX_REGISTER } from "./gearbox";
import { FINANCE_ORG_REGISTER, LEASE_ORG_REGISTER } from "./organisations";

/** Every register, by name (the route's last segment). */
export const REGISTERS = {
  gearbox: GEARBOX_REGISTER,
  financialInstitution: FINANCE_ORG_REGISTER,
  leaseOrg: LEASE_ORG_REGISTER,
  economicSpeed: ECONOMIC_SPEED_REGISTER,
} as const;
export type RegisterName = keyof typeof REGISTERS;
