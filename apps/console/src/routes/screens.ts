import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Spec §8/§9: a script chunk that has not loaded after 120 s is raised as a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Marks a chunk load failure, so the error page can say so in the spec's words. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
}

/** Races a chunk import against the spec's 120 s; a failed or late chunk rejects with {@link ChunkLoadError}. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(`chunk not loaded after ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([load(), late])
      .catch((error: unknown) => {
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error), { cause: error });
      })
      .finally(() => clearTimeout(timer));
  };
}

function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(withChunkTimeout(load));
}

/**
 * The screens that are really built, by route path; each loads lazily as its own chunk
 * (platform-shell.md §2 "Pages load lazily"). Every other route of @tsp/domain's table shows
 * the honest 暂未开放 page with its title.
 */
export const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  "/dataHome": lazyScreen(() => import("./dataHome/DataHomePage")),
  "/tbox/loginJournal": lazyScreen(() => import("./tbox/loginJournal/LoginJournalPage")),
  "/tbox/locationMessage": lazyScreen(() => import("./tbox/locationMessage/LocationMessagePage")),
  "/tbox/locationResendMessage": lazyScreen(() => import("./tbox/locationResendMessage/LocationResendMessagePage")),
  "/tbox/warnMessage": lazyScreen(() => import("./tbox/warnMessage/WarnMessagePage")),
  "/tbox/energyCar": lazyScreen(() => import("./tbox/energyCar/EnergyCarPage")),
  "/tbox/warnsearch": lazyScreen(() => import("./tbox/warnsearch/WarnsearchPage")),
  "/tbox/fuelCar": lazyScreen(() => import("./tbox/fuelCar/FuelCarPage")),
  "/tbox/gearsSpeed": lazyScreen(() => import("./tbox/gearsSpeed/GearsSpeedPage")),
  "/tbox/errorReport": lazyScreen(() => import("./tbox/errorReport/ErrorReportPage")),
  "/tbox/ecAllMessage": lazyScreen(() => import("./tbox/ecAllMessage/EcAllMessagePage")),
  "/tbox/travalData": lazyScreen(() => import("./tbox/travalData/TravalDataPage")),
  "/tbox/reliabilityTestRecord": lazyScreen(() => import("./tbox/reliabilityTestRecord/ReliabilityTestRecordPage")),
  "/tbox/search": lazyScreen(() => import("./tbox/commands/ParamQueryPage")),
  "/tbox/setting": lazyScreen(() => import("./tbox/commands/ParamSetPage")),
  "/tbox/terminalSet": lazyScreen(() => import("./tbox/commands/TerminalSetPage")),
  "/tbox/awaken": lazyScreen(() => import("./tbox/awaken/AwakenPage")),
  "/tbox/registersState": lazyScreen(() => import("./tbox/registersState/RegistersStatePage")),
  "/tbox/audioVideo": lazyScreen(() => import("./tbox/audioVideo/AudioVideoPage")),
  "/tbox/visualization/media": lazyScreen(() => import("./tbox/visualization/media/MediaPage")),
  "/tbox/warnupload": lazyScreen(() => import("./tbox/warnupload/WarnUploadPage")),
  "/operate/phoneExport": lazyScreen(() => import("./operate/phoneExport/PhoneExportPage")),
  "/tbox/remoteControl": lazyScreen(() => import("./tbox/remoteControl/RemoteControlPage")),
  "/tbox/remoteJoint": lazyScreen(() => import("./tbox/remoteJoint/RemoteJointPage")),
  "/exportFile/index": lazyScreen(() => import("./exportFile/ExportFileListPage")),
  "/baseInfo/simCard": lazyScreen(() => import("./baseInfo/simCard/SimCardPage")),
  "/baseInfo/dealer": lazyScreen(() => import("./baseInfo/dealer/DealerPage")),
  "/baseInfo/serviceStation": lazyScreen(() => import("./baseInfo/serviceStation/ServiceStationPage")),
  "/baseInfo/gearbox": lazyScreen(() => import("./baseInfo/registers/GearboxPage")),
  "/baseInfo/financialInstitution": lazyScreen(() => import("./baseInfo/registers/FinancialInstitutionPage")),
  "/baseInfo/leaseOrg": lazyScreen(() => import("./baseInfo/registers/LeaseOrgPage")),
  "/baseInfo/economicSpeed": lazyScreen(() => import("./baseInfo/registers/EconomicSpeedPage")),
  "/dataService/faultCodeManagement": lazyScreen(() => import("./dataService/FaultCodePage")),
  "/dataService/can": lazyScreen(() => import("./dataService/CanSignalPage")),
  "/dataService/base": lazyScreen(() => import("./dataService/DictionaryPage")),
  "/dataService/info": lazyScreen(() => import("./dataService/info/VersionInfoPage")),
  "/dataService/terminal": lazyScreen(() => import("./dataService/terminal/TerminalParamPage")),
  "/dataService/udsV2": lazyScreen(() => import("./dataService/udsV2/UdsPage")),
  "/dataService/infoSystem": lazyScreen(() => import("./dataService/InfoSystemPage")),
  "/dataService/content": lazyScreen(() => import("./dataService/content/ContentPage")),
  "/permit/log": lazyScreen(() => import("./permit/log/OperationLogPage")),
  "/permit/tenant": lazyScreen(() => import("./permit/tenant/TenantPage")),
  "/permit/belowTenant": lazyScreen(() => import("./permit/belowTenant/BelowTenantPage")),
  "/baseInfo/machineryInfo": lazyScreen(() => import("./baseInfo/registers/MachineryInfoPage")),
  "/baseInfo/vehicleData": lazyScreen(() => import("./baseInfo/registers/VehicleDataPage")),
  "/baseInfo/blackBox": lazyScreen(() => import("./baseInfo/registers/BlackBoxPage")),
  "/notRoadFour/chipModel": lazyScreen(() => import("./notRoadFour/ChipModelPage")),
  "/notRoadFour/terminalModel": lazyScreen(() => import("./notRoadFour/TerminalModelPage")),
  "/notRoadFour/machineRecord": lazyScreen(() => import("./notRoadFour/MachineRecordPage")),
  "/notRoadFour/terminalReplaceRecord": lazyScreen(() => import("./notRoadFour/TerminalReplaceRecordPage")),
  "/notRoadFour/platformAccount": lazyScreen(() => import("./notRoadFour/PlatformAccountPage")),
  "/notRoadFour/machineManage": lazyScreen(() => import("./notRoadFour/MachineManagePage")),
  "/notRoadFour/forwardStatist": lazyScreen(() => import("./notRoadFour/ForwardStatistPage")),
  "/notRoadFour/terminalActivation": lazyScreen(
    () => import("./notRoadFour/terminalActivation/TerminalActivationPage"),
  ),
  "/baseInfo/mes": lazyScreen(() => import("./baseInfo/registers/MesPage")),
  "/baseInfo/appUser": lazyScreen(() => import("./baseInfo/appUser/AppUserPage")),
  "/baseInfo/tbox": lazyScreen(() => import("./baseInfo/tbox/TboxPage")),
  "/baseInfo/vehicleSale": lazyScreen(() => import("./baseInfo/vehicleSale/VehicleSalePage")),
  "/baseInfo/vehicleInfo": lazyScreen(() => import("./baseInfo/vehicleInfo/VehicleInfoPage")),
  "/baseInfo/vehicleAbility": lazyScreen(() => import("./baseInfo/vehicleAbility/VehicleAbilityPage")),
  "/baseInfo/newEnergyInfo": lazyScreen(() => import("./baseInfo/newEnergyInfo/NewEnergyInfoPage")),
  "/baseInfo/recordVehicleInfo": lazyScreen(() => import("./baseInfo/recordVehicleInfo/RecordVehicleInfoPage")),
  "/auth/index": lazyScreen(() => import("./auth/index/RealnamePage")),
  "/newCarMonitor/monitorList": lazyScreen(() => import("./newCarMonitor/monitorList/MonitorListPage")),
  "/newCarMonitor/latest": lazyScreen(() => import("./newCarMonitor/latest/LatestStatePage")),
  "/operate/query": lazyScreen(() => import("./operate/query/VehicleQueryPage")),
  "/operate/tripQuery": lazyScreen(() => import("./operate/tripQuery/TripQueryPage")),
  "/operate/agriculturalMachinery": lazyScreen(
    () => import("./operate/agriculturalMachinery/AgriculturalMachineryPage"),
  ),
  "/notRoadMonitor/screen": lazyScreen(() => import("./notRoadMonitor/screen/MachineMapPage")),
  "/notRoadMonitor/latest": lazyScreen(() => import("./notRoadMonitor/latest/MachineLatestPage")),
  "/notRoadMonitor/history": lazyScreen(() => import("./notRoadMonitor/history/MachineHistoryPage")),
  "/notRoadMonitor/online": lazyScreen(() => import("./notRoadMonitor/online/MachineOnlinePage")),
  "/notRoadMonitor/report": lazyScreen(() => import("./notRoadMonitor/report/MachineReportPage")),
  "/operate/farmMachinery": lazyScreen(() => import("./operate/farmMachinery/FarmMachineryPage")),
  "/operate/reliabilityTestRecord": lazyScreen(() => import("./operate/reliabilityTestRecord/ReliabilityTestPage")),
  "/dataService/newMessageCheck": lazyScreen(() => import("./dataService/newMessageCheck/NewMessageCheckPage")),
  "/dataService/newMessageCheck/newMessageCheckDetail": lazyScreen(
    () => import("./dataService/newMessageCheck/NewMessageCheckDetailPage"),
  ),
  "/dataService/location": lazyScreen(() => import("./dataService/location/LocationPage")),
  "/dataService/history": lazyScreen(() => import("./dataService/history/HistoryPage")),
  "/dataService/history/detail": lazyScreen(() => import("./dataService/history/HistoryDetailPage")),
  "/lease/leaseVehicle": lazyScreen(() => import("./lease/leaseVehicle/LeaseVehiclePage")),
  "/lease/vehicleRental": lazyScreen(() => import("./lease/vehicleRental/VehicleRentalPage")),
  "/finance/index": lazyScreen(() => import("./finance/index/FinancePage")),
  "/deviceManage/tboxChange": lazyScreen(() => import("./deviceManage/change/TboxChangePage")),
  "/deviceManage/vehicleChange": lazyScreen(() => import("./deviceManage/change/VehicleChangePage")),
  "/deviceManage/motorChange": lazyScreen(() => import("./deviceManage/change/MotorChangePage")),
  "/deviceManage/batteryChange": lazyScreen(() => import("./deviceManage/change/BatteryChangePage")),
  "/deviceManage/tboxCheckVIN": lazyScreen(() => import("./deviceManage/tboxCheckVIN/VinCheckPage")),
  "/deviceManage/tboxfalse": lazyScreen(() => import("./deviceManage/tboxfalse/TboxFaultPage")),
  "/deviceManage/tamperAlarm": lazyScreen(() => import("./deviceManage/tamperAlarm/TamperAlarmPage")),
  "/deviceManage/tamperAlarm/alarmNotify": lazyScreen(
    () => import("./deviceManage/tamperAlarm/alarmNotify/AlarmNotifyPage"),
  ),
  "/operate/alarm": lazyScreen(() => import("./operate/alarm/AlarmPage")),
  "/ota/index": lazyScreen(() => import("./ota/index/OtaPage")),
  "/carControlService/manage": lazyScreen(() => import("./carControlService/manage/CarControlManagePage")),
  "/carControlService/remind": lazyScreen(() => import("./carControlService/remind/CarControlRemindPage")),
  "/operate/group": lazyScreen(() => import("./operate/group/GroupPage")),
  "/enclosure/index": lazyScreen(() => import("./enclosure/index/EnclosurePage")),
  "/personal/message": lazyScreen(() => import("./personal/message/MessagePage")),
  "/operate/overview": lazyScreen(() => import("./operate/overview/OverviewPage")),
  "/operate/screen": lazyScreen(() => import("./operate/screen/FleetScreenPage")),
  "/operate/detailInfo": lazyScreen(() => import("./operate/detailInfo/DetailInfoPage")),
  "/operate/details": lazyScreen(() => import("./operate/details/DetailsPage")),
  "/operate/test": lazyScreen(() => import("./operate/test/ChartTestPage")),
  "/personal/follow": lazyScreen(() => import("./personal/follow/FollowPage")),
  "/lease/vehicleBuy": lazyScreen(() => import("./lease/vehicleBuy/VehicleBuyPage")),
  "/lease/vehicleOperation": lazyScreen(() => import("./lease/vehicleOperation/VehicleOperationPage")),
  "/lease/leaseHistory": lazyScreen(() => import("./lease/leaseHistory/LeaseHistoryPage")),
  "/permit/account": lazyScreen(() => import("./permit/account/AccountPage")),
  "/permit/role": lazyScreen(() => import("./permit/role/RolePage")),
  "/permit/organize": lazyScreen(() => import("./permit/organize/OrganizePage")),
  "/permit/menu": lazyScreen(() => import("./permit/menu/MenuPage")),
};

export { BUILT_SCREEN_PATHS } from "./builtScreens";

/** The widget gallery of @tsp/ui (its engineer's `routes/gallery/GalleryPage.tsx`), hidden from the menu. */
export const GALLERY_PATH = "/gallery";
/** Title of the gallery's tab. */
export const GALLERY_TITLE = "组件示例";
/**
 * Who may open the gallery: accounts permitted menu management (/permit/menu) — the people who
 * decide what the console shows. The spec has no such page; this guard is a design decision.
 */
export const GALLERY_MENU_PERMISSION = "/permit/menu";

// Found at build time when the file exists, so the console builds before and after it lands.
const galleryModules = import.meta.glob<{ default: ComponentType }>("./gallery/GalleryPage.tsx");
const loadGallery = Object.values(galleryModules)[0];
/** The gallery screen, or null while its file does not exist. */
export const GalleryScreen: LazyExoticComponent<ComponentType> | null = loadGallery ? lazyScreen(loadGallery) : null;
