import {
  CAN_SIGNAL_REGISTER,
  DICTIONARY_REGISTER,
  FAULT_CODE_REGISTER,
  INFO_SYSTEM_REGISTER,
  MSG_INFO_SYSTEM_DELETE_RELEASED,
} from "@tsp/domain";
import type { RegisterService } from "../registers/register";

/**
 * The registers of 数据服务, served by the base-information register piece
 * (`registers/register.ts` `serveRegister`) from @tsp/domain's declarations. Fault codes,
 * signals and dictionary items are not referenced by stored rows (journals look codes up when
 * shown, collection plans read signals when built, records keep an item's code), so their
 * delete is not refused; a released head-unit system is retired first.
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
  {
    def: DICTIONARY_REGISTER,
    table: "bss_dict_item",
    filters: ["dictType", "state"],
    listOrder: ["dictType", "sortOrder"],
    ops: {
      list: "listDictItems",
      get: "getDictItem",
      create: "createDictItem",
      update: "updateDictItem",
      delete: "deleteDictItem",
      export: "exportDictItems",
      import: "importDictItems",
      template: "downloadDictItemTemplate",
    },
  },
  {
    def: INFO_SYSTEM_REGISTER,
    table: "bss_info_system",
    filters: ["osType", "state"],
    refuseDelete: (row) => (row.state === "released" ? MSG_INFO_SYSTEM_DELETE_RELEASED : null),
    ops: {
      list: "listInfoSystems",
      get: "getInfoSystem",
      create: "createInfoSystem",
      update: "updateInfoSystem",
      delete: "deleteInfoSystem",
      export: "exportInfoSystems",
      import: "importInfoSystems",
      template: "downloadInfoSystemTemplate",
    },
  },
];
