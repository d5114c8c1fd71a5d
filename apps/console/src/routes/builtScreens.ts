/**
 * The paths of the screens that are really built (every other route of the spec shows
 * 暂未开放). A plain list, without the lazy imports of `screens.ts`, so the browser suite can
 * read it and audit each screen; a unit test proves it is exactly the keys of `SCREENS`.
 */
export const BUILT_SCREEN_PATHS = [
  "/dataHome",
  "/tbox/loginJournal",
  "/exportFile/index",
  "/baseInfo/simCard",
  "/baseInfo/dealer",
  "/baseInfo/serviceStation",
  "/baseInfo/gearbox",
  "/baseInfo/financialInstitution",
  "/baseInfo/leaseOrg",
  "/baseInfo/economicSpeed",
  "/dataService/faultCodeManagement",
  "/dataService/can",
  "/dataService/base",
  "/dataService/infoSystem",
  "/baseInfo/machineryInfo",
  "/baseInfo/vehicleData",
  "/baseInfo/blackBox",
  "/baseInfo/mes",
  "/baseInfo/tbox",
  "/baseInfo/vehicleSale",
  "/baseInfo/vehicleInfo",
  "/baseInfo/vehicleAbility",
  "/baseInfo/newEnergyInfo",
  "/baseInfo/recordVehicleInfo",
  "/auth/index",
  "/newCarMonitor/monitorList",
  "/lease/leaseVehicle",
  "/lease/vehicleRental",
] as const;
