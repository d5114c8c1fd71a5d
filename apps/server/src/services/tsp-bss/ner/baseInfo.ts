import type { Handler } from "../../types";
import { changeLogHandlers } from "./changeLogs";
import { exportHandlers } from "./exports";
import * as imports from "./imports";
import { downloadNerVehicleModelTemplate, importNerVehicleModel } from "./modelImport";
import * as params from "./params";
import { groupQueryHandlers, queryNerBaseInfo, singleGroupHandlers } from "./queries";
import * as templates from "./template";
import * as updates from "./updates";
import { getVehicleModelByVin } from "./vehicleModels";

/**
 * The new-energy master-data slice of tsp-bss (/baseInfo/newEnergyInfo and
 * /baseInfo/recordVehicleInfo): the four groups' queries, edits, change logs, imports,
 * templates and exports, and the parameter lists of their forms.
 */
export const baseInfoHandlers: Record<string, Handler> = {
  queryNerBaseInfo,
  ...groupQueryHandlers,
  ...singleGroupHandlers,
  getVehicleModelByVin,
  updateNerVehicleInfo: updates.updateNerVehicleInfo,
  updateNerBatteryInfo: updates.updateNerBatteryInfo,
  updateNerDriveInfo: updates.updateNerDriveInfo,
  updateNerTerminalInfo: updates.updateNerTerminalInfo,
  updateNerVehicleModel: updates.updateNerVehicleModel,
  ...changeLogHandlers,
  ...exportHandlers,
  importNerVehicleInfo: imports.importNerVehicleInfo,
  importNerBatteryInfo: imports.importNerBatteryInfo,
  importNerDriveInfo: imports.importNerDriveInfo,
  importNerTerminalInfo: imports.importNerTerminalInfo,
  importNerVehicleModel,
  downloadNerVehicleModelTemplate,
  downloadNerVehicleInfoTemplate: templates.downloadNerVehicleInfoTemplate,
  downloadNerBatteryInfoTemplate: templates.downloadNerBatteryInfoTemplate,
  downloadNerDriveInfoTemplate: templates.downloadNerDriveInfoTemplate,
  downloadNerTerminalInfoTemplate: templates.downloadNerTerminalInfoTemplate,
  getParamBrandColor: params.getParamBrandColor,
  getParamCarBuying: params.getParamCarBuying,
  getParamMotorPosition: params.getParamMotorPosition,
  getParamUpdateName: params.getParamUpdateName,
  getParamVehicleModelList: params.getParamVehicleModelList,
  getParamVehicleUse: params.getParamVehicleUse,
  getParamTboxModelList: params.getParamTboxModelList,
  getParamDriveModelList: params.getParamDriveModelList,
  getParamVin: params.getParamVin,
  getParamVehicleModelParam: params.getParamVehicleModelParam,
  getParamDriveModel: params.getParamDriveModel,
  getParamTboxModel: params.getParamTboxModel,
  getParamBatteryModel: params.getParamBatteryModel,
  getCreditNameList: params.getCreditNameList,
};
