import { CAN_SIGNAL_REGISTER, FAULT_CODE_REGISTER } from "@tsp/domain";
import type { RegisterService } from "../registers/register";

/**
 * The registers of 数据服务, served by the base-information register piece
 * (`registers/register.ts` `serveRegister`) from @tsp/domain's declarations. Neither is
 * referenced by stored rows (journals look codes up when shown; collection plans read
 * signals when built), so neither delete is refused.
 */
export const DATA_SERVICE_REGISTERS: readonly RegisterService[] = [
  {
    def: FAULT_CODE_REGISTER,
    table: "bss_fault_code",
    filters: ["protocol", "system", "level"],
    ops: {
      list: "listFaultCodes",
      get: "getFaultCode",
      create: "createFaultCode",
      update: "updateFaultCode",
      delete: "deleteFaultCode",
      export: "exportFaultCodes",
      import: "importFaultCodes",
      template: "downloadFaultCodeTemplate",
    },
  },
  {
    def: CAN_SIGNAL_REGISTER,
    table: "bss_can_signal",
    filters: ["byteOrder"],
    ops: {
      list: "listCanSignals",
      get: "getCanSignal",
      create: "createCanSignal",
      update: "updateCanSignal",
      delete: "deleteCanSignal",
      export: "exportCanSignals",
      import: "importCanSignals",
      template: "downloadCanSignalTemplate",
    },
  },
];
