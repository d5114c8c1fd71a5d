import type { ServiceModule } from "../types";
import { selectBrandTree, selectBrandTreeList } from "./lookups/brandTree";
import { findDealerByRegion, findDealerList } from "./lookups/dealers";
import { keywordSearchHandlers } from "./lookups/keywordSearch";
import { findMeinListByDim, listNongjiNoPage } from "./lookups/machinery";
import { listBrands, listModels, listOems, listProviders, listSeries, listVehicleColors } from "./lookups/masterLists";
import { findAllIccid, findIccidList, findUnBoundIccid } from "./lookups/simCards";
import {
  findByVin,
  findSnListByDim,
  findUnSale,
  findVinListByDim,
  fuzzyFindPlates,
  fuzzyFindTboxSn,
  getExistVinList,
} from "./lookups/vehiclePickers";
import * as m0001 from "./migrations/0001_master_data";
import * as m0002 from "./migrations/0002_ner";
import * as changeLogs from "./ner/changeLogs";
import { exportHandlers, nerExporters } from "./ner/exports";
import * as imports from "./ner/imports";
import { downloadNerVehicleModelTemplate, importNerVehicleModel } from "./ner/modelImport";
import * as monitor from "./ner/monitor";
import * as params from "./ner/params";
import * as queries from "./ner/queries";
import { getRealnameVinList } from "./ner/realname";
import * as templates from "./ner/template";
import * as updates from "./ner/updates";
import { getVehicleModelByVin } from "./ner/vehicleModels";
import { seedTspBss } from "./seed/seedTspBss";
import "./tables";

/**
 * tsp-bss: the lookups behind every selector, the generic keyword searches, and the
 * new-energy master data (four groups with change logs, imports, exports, parameter lists,
 * real-name list, monitoring list). Every tenant-owned row is filtered by the caller's tenants.
 */
export const tspBss: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0001_master_data": m0001, "tsp-bss:0002_ner": m0002 },
  handlers: {
    listProviders,
    listOems,
    listBrands,
    listSeries,
    listModels,
    listVehicleColors,
    selectBrandTreeList,
    selectBrandTree,
    findDealerList,
    findDealerByRegion,
    findUnBoundIccid,
    findAllIccid,
    findIccidList,
    getExistVinList,
    findVinListByDim,
    findSnListByDim,
    findByVin,
    fuzzyFindTboxSn,
    fuzzyFindPlates,
    findMeinListByDim,
    listNongjiNoPage,
    findUnSale,
    ...keywordSearchHandlers,
    queryNerBaseInfo: queries.queryNerBaseInfo,
    queryNerVehicleInfo: queries.queryNerVehicleInfo,
    queryNerBatteryInfo: queries.queryNerBatteryInfo,
    queryNerDriveInfo: queries.queryNerDriveInfo,
    queryNerTerminalInfo: queries.queryNerTerminalInfo,
    getNerSingleVehicleInfo: queries.getNerSingleVehicleInfo,
    getNerSingleBatteryInfo: queries.getNerSingleBatteryInfo,
    getNerSingleDriveInfo: queries.getNerSingleDriveInfo,
    getNerSingleTerminalInfo: queries.getNerSingleTerminalInfo,
    getVehicleModelByVin,
    updateNerVehicleInfo: updates.updateNerVehicleInfo,
    updateNerBatteryInfo: updates.updateNerBatteryInfo,
    updateNerDriveInfo: updates.updateNerDriveInfo,
    updateNerTerminalInfo: updates.updateNerTerminalInfo,
    updateNerVehicleModel: updates.updateNerVehicleModel,
    getNerVehicleInfoLog: changeLogs.getNerVehicleInfoLog,
    getNerBatteryInfoLog: changeLogs.getNerBatteryInfoLog,
    getNerDriveInfoLog: changeLogs.getNerDriveInfoLog,
    getNerTerminalInfoLog: changeLogs.getNerTerminalInfoLog,
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
    getRealnameVinList,
    listNerMonitor: monitor.listNerMonitor,
    setNerMonitorInform: monitor.setNerMonitorInform,
    insertNerMonitor: monitor.insertNerMonitor,
    deleteNerMonitor: monitor.deleteNerMonitor,
    getNerMonitorInform: monitor.getNerMonitorInform,
  },
  exporters: nerExporters,
  seed: seedTspBss,
};
