import { operations } from "./contract";

/**
 * Which contract suite proves which operations of openapi/. Each suite calls every operation
 * it owns through @tsp/sdk at least once with good input and once with bad input (its
 * `CallLedger` fails otherwise), and `owners.test.ts` proves the lists together hold every
 * operation exactly once — so a new operation in openapi/ turns the suite red until some
 * suite owns it and exercises it.
 */

/** b-iam-account sign-in and account calls, and the signed-in account's home calls (iam.test.ts). */
export const IAM_OPS = [
  "getAuthorizePage",
  "submitAuthorizeForm",
  "getToken",
  "getPubKey",
  "modifyPassword",
  "signOut",
  "getMyInfo",
  "getPermissions",
  "getHomeOverview",
];

/** RFC 7009 revocation and RFC 8414 metadata of the authorization server (oauth.test.ts). */
export const OAUTH_OPS = ["revokeOAuthToken", "getAuthorizationServerMetadata"];

/** tsp-hbase-proxy journals, their NDJSON stream, their exports and the export file list (journals.test.ts). */
export const JOURNAL_OPS = [
  "getLoginLog",
  "getLogoutLog",
  "exportLoginLog",
  "exportLogoutLog",
  "streamJournal",
  "getExportFileList",
  "downloadExportFile",
];

/** Imports as tasks: one import task of the signed-in account (import-tasks.test.ts). */
export const IMPORT_TASK_OPS = ["getImportTask", "listImportTasks"];

/** 机械轨迹查询: a vehicle's track and its export (track.test.ts). */
export const TRACK_OPS = ["getVehicleTrack", "exportVehicleTrack"];

/** The object store behind signed URLs (objectStore.test.ts). */
export const OBJECT_OPS = ["putObject", "getObject"];

/** Upload signing and the OTA upload (business-files.test.ts). */
export const FILE_OPS = [
  "getTempPutUrl",
  "getCommonFileUploadSigned",
  "getRealNamedFileUploadSigned",
  "uploadBoxEvFile",
];

/** Keyword searches of `/tsp-bss/search/{name}`. */
export const SEARCHES = operations.filter((o) => o.path.startsWith("/tsp-bss/search/")).map((o) => o.operationId);

/** Lookups and pickers of tsp-bss, comm-data, tsp-jsatl and tsp-shadow (business-lookups.test.ts). */
export const LOOKUP_OPS = [
  "listProviders",
  "listOems",
  "listBrands",
  "listSeries",
  "listModels",
  "selectBrandTreeList",
  "selectBrandTree",
  "findDealerList",
  "findDealerByRegion",
  "findUnBoundIccid",
  "findAllIccid",
  "getExistVinList",
  "findVinListByDim",
  "findSnListByDim",
  "findIccidList",
  "findByVin",
  "fuzzyFindTboxSn",
  "fuzzyFindPlates",
  "findMeinListByDim",
  "listNongjiNoPage",
  "findUnSale",
  "listVehicleColors",
  "getAreaAllList",
  "findJsatlVehicleList",
  "getTotalFuelAlert",
  ...SEARCHES,
];

/** New-energy master data: groups, params, change logs, exports, imports, templates (business-ner.test.ts). */
export const NER_OPS = operations
  .filter((o) => o.service === "tsp-bss")
  .filter((o) => /nerVehicle|newEnergyInfo|import\/template/.test(o.path))
  .filter((o) => !o.path.startsWith("/tsp-bss/simCard/"))
  .filter((o) => !/^\/tsp-bss\/(gearbox|financeOrg|leaseOrg|economicSpeed)\//.test(o.path))
  .filter((o) => !/^\/tsp-bss\/(machineryInfo|vehicleUnit|blackBox|mesVehicle|appUser)\//.test(o.path))
  .filter((o) => !/^\/tsp-bss\/(tbox|vehicleSale)\//.test(o.path))
  .filter((o) => !/^\/tsp-bss\/(modelCatalogue|modelAbility)\//.test(o.path))
  .filter((o) => !/^\/tsp-bss\/(dealer|serviceStation)\//.test(o.path))
  .filter((o) => !/^\/tsp-bss\/(faultCode|canSignal|dictItem|infoSystem)\//.test(o.path))
  .filter((o) => !/^\/tsp-bss\/(leaseContract|leaseReport|loan)\//.test(o.path))
  .filter((o) => !o.path.startsWith("/tsp-bss/notRoadFour/"))
  .map((o) => o.operationId);

/** The monitoring list of 新能源车辆监控 and its notification setting (ner-monitor.test.ts). */
export const MONITOR_OPS = [
  "listNerMonitor",
  "insertNerMonitor",
  "deleteNerMonitor",
  "getNerMonitorInform",
  "setNerMonitorInform",
];

/** Real-name authentication of /auth/index: list, detail, submit, review (realname.test.ts). */
export const REALNAME_OPS = ["getRealnameVinList", "getRealnameDetail", "submitRealname", "reviewRealname"];

/** The SIM card register of base info › SIM卡数据: list, detail, edit, delete, import, template, export (business-simcard.test.ts). */
export const SIM_CARD_OPS = [
  "listSimCards",
  "getSimCard",
  "updateSimCard",
  "deleteSimCard",
  "importSimCards",
  "downloadSimCardTemplate",
  "exportSimCards",
];

/** The vehicle-model catalogue (车型信息) and model abilities (车型能力) of base info (baseinfo-models.test.ts). */
export const BASEINFO_MODEL_OPS = [
  "listCatalogueModels",
  "getCatalogueModel",
  "createCatalogueModel",
  "updateCatalogueModel",
  "deleteCatalogueModel",
  "exportCatalogueModels",
  "listCatalogueBranches",
  "saveCatalogueBrand",
  "deleteCatalogueBrand",
  "saveCatalogueSeries",
  "deleteCatalogueSeries",
  "listModelAbilities",
  "getModelAbility",
  "updateModelAbility",
  "copyModelAbility",
  "exportModelAbilities",
  "importModelAbilities",
  "downloadModelAbilityTemplate",
];

/** The coded registers of base information (baseinfo-registers.test.ts). */
export const REGISTER_OPS = [
  "listGearboxes",
  "getGearbox",
  "createGearbox",
  "updateGearbox",
  "deleteGearbox",
  "exportGearboxes",
  "importGearboxes",
  "downloadGearboxTemplate",
  "listFinanceOrgs",
  "getFinanceOrg",
  "createFinanceOrg",
  "updateFinanceOrg",
  "deleteFinanceOrg",
  "exportFinanceOrgs",
  "importFinanceOrgs",
  "downloadFinanceOrgTemplate",
  "listLeaseOrgs",
  "getLeaseOrg",
  "createLeaseOrg",
  "updateLeaseOrg",
  "deleteLeaseOrg",
  "exportLeaseOrgs",
  "importLeaseOrgs",
  "downloadLeaseOrgTemplate",
  "listEconomicSpeeds",
  "getEconomicSpeed",
  "createEconomicSpeed",
  "updateEconomicSpeed",
  "deleteEconomicSpeed",
  "exportEconomicSpeeds",
  "importEconomicSpeeds",
  "downloadEconomicSpeedTemplate",
];

/** The dealer and service-station registers of base info › 经销商信息 / 服务站信息 (baseinfo-dealers.test.ts). */
export const DEALER_STATION_OPS = [
  "listDealers",
  "getDealer",
  "createDealer",
  "updateDealer",
  "deleteDealer",
  "importDealers",
  "downloadDealerTemplate",
  "exportDealers",
  "listServiceStations",
  "getServiceStation",
  "createServiceStation",
  "updateServiceStation",
  "deleteServiceStation",
  "importServiceStations",
  "downloadServiceStationTemplate",
  "exportServiceStations",
];

/** 租赁管理 and 金融管理: lease contracts, the lease reports, loans (lease.test.ts). */
export const LEASE_OPS = [
  "listLeaseContracts",
  "getLeaseContract",
  "createLeaseContract",
  "updateLeaseContract",
  "returnLeaseContract",
  "renewLeaseContract",
  "deleteLeaseContract",
  "exportLeaseContracts",
  "importLeaseContracts",
  "downloadLeaseContractTemplate",
  "getLeaseRentalReport",
  "exportLeaseRentalReport",
  "getLeaseBuyReport",
  "exportLeaseBuyReport",
  "getLeaseOperationReport",
  "exportLeaseOperationReport",
  "getLeaseHistoryReport",
  "exportLeaseHistoryReport",
  "listLoans",
  "getLoan",
  "createLoan",
  "updateLoan",
  "recordLoanRepayment",
  "requestLoanRestriction",
  "reviewLoanRestriction",
  "exportLoans",
  "importLoans",
  "downloadLoanTemplate",
];

/** The T-BOX register and the retail sales of base info › TBOX数据 / 实销车辆 (baseinfo-tbox-sales.test.ts). */
export const TBOX_SALE_OPS = [
  "listTboxes",
  "getTbox",
  "createTbox",
  "updateTbox",
  "deleteTbox",
  "bindTbox",
  "unbindTbox",
  "importTboxes",
  "downloadTboxTemplate",
  "exportTboxes",
  "listVehicleSales",
  "getVehicleSale",
  "createVehicleSale",
  "updateVehicleSale",
  "undoVehicleSale",
  "importVehicleSales",
  "downloadVehicleSaleTemplate",
  "exportVehicleSales",
];

/** 数据服务's readers of the gateway's frame journal: 新能源报文检查, 位置数据查询, 历史数据采集 (data-service-frames.test.ts). */
export const DATA_SERVICE_FRAME_OPS = [
  "getFrameCheckList",
  "getFrameCheckCounts",
  "getFrameCheckDetail",
  "exportFrameChecks",
  "getLocationList",
  "getLocationTrack",
  "exportLocations",
  "createHistoryCollection",
  "listHistoryCollections",
  "getHistoryCollection",
  "downloadHistoryCollection",
];

/** The TBOX message journals: 车辆位置报文, 位置补发报文, 车辆报警报文, 新能源国标数据, 报警数据查询 (tbox-journals.test.ts). */
export const TBOX_JOURNAL_OPS = [
  "getTboxJournal",
  "getAlarmEpisodes",
  "exportLocationMessages",
  "exportLocationResendMessages",
  "exportWarnMessages",
  "exportEnergyCarData",
  "exportWarnData",
];

/** 燃油车国标数据 and 档位车速报文's exports (tbox-journals-2.test.ts; their pages are getTboxJournal's kinds fuelCar and gearsSpeed). */
export const TBOX_JOURNAL_2_OPS = ["exportFuelCarData", "exportGearsSpeedMessages"];

/** 故障上报报文, ECALL/BCALL报文 (getTboxJournal's kinds errorReport and ecall), 行程数据报文 and 农机可靠性试验补发数据统计 (tbox-journals-3.test.ts). */
export const TBOX_JOURNAL_3_OPS = [
  "exportErrorReports",
  "exportEcallMessages",
  "getTboxTrips",
  "exportTripData",
  "getReliabilityStats",
  "exportReliabilityStats",
];

/** The registers of 机械信息, 车机数据, 监管终端管理, MES车辆管理, APP用户信息 and the app users' bindings (baseinfo-rest.test.ts). */
export const BASEINFO_REST_OPS = (
  [
    ["Machinery", "Machineries"],
    ["VehicleUnit", "VehicleUnits"],
    ["BlackBox", "BlackBoxes"],
    ["MesVehicle", "MesVehicles"],
    ["AppUser", "AppUsers"],
  ] as const
)
  .flatMap(([one, many]) => [
    `list${many}`,
    `get${one}`,
    `create${one}`,
    `update${one}`,
    `delete${one}`,
    `export${many}`,
    `import${many}`,
    `download${one}Template`,
  ])
  .concat(["listAppUserVehicles", "bindAppUserVehicle", "unbindAppUserVehicle"]);

/** 数据服务: the fault-code dictionary and the CAN signals with the DBC import (data-service.test.ts). */
export const DATA_SERVICE_OPS = [
  ...(
    [
      ["FaultCode", "FaultCodes"],
      ["CanSignal", "CanSignals"],
      ["DictItem", "DictItems"],
      ["InfoSystem", "InfoSystems"],
    ] as const
  ).flatMap(([one, many]) => [
    `list${many}`,
    `get${one}`,
    `create${one}`,
    `update${one}`,
    `delete${one}`,
    `export${many}`,
    `import${many}`,
    `download${one}Template`,
  ]),
  "importCanDbc",
  "listDictOptions",
];

/** 数据服务 › 车载内容管理: head-unit content (data-service-content.test.ts). */
export const DATA_SERVICE_CONTENT_OPS = [
  "listContents",
  "getContent",
  "createContent",
  "updateContent",
  "deleteContent",
  "publishContent",
  "offlineContent",
  "exportContents",
];

/** 系统管理 › 操作日志 and the tenants (permit-tenants-log.test.ts). */
export const PERMIT_TENANT_LOG_OPS = [
  "listOperationLogs",
  "getOperationLog",
  "exportOperationLogs",
  "listTenantTree",
  "createTenant",
  "updateTenant",
  "disableTenant",
  "enableTenant",
  "getTenantMenus",
  "setTenantMenus",
];

/** 系统管理: accounts, roles, organisations and menus (permit-accounts-roles.test.ts). */
export const PERMIT_ACCOUNT_ROLE_OPS = [
  "listPermitAccounts",
  "exportPermitAccounts",
  "createPermitAccount",
  "updatePermitAccount",
  "resetPermitAccountPassword",
  "setPermitAccountStatus",
  "listPermitRoles",
  "createPermitRole",
  "updatePermitRole",
  "deletePermitRole",
  "getPermitMenuTree",
  "updatePermitMenu",
  "listPermitOrgs",
  "createPermitOrg",
  "updatePermitOrg",
  "deletePermitOrg",
];

/** 故障报警, 车辆分组 and 个人消息 (operate-alarms.test.ts). */
export const OPERATE_ALARM_OPS = [
  "listOperateAlarms",
  "acknowledgeOperateAlarm",
  "closeOperateAlarm",
  "exportOperateAlarms",
  "listVehicleGroups",
  "createVehicleGroup",
  "renameVehicleGroup",
  "deleteVehicleGroup",
  "listVehicleGroupMembers",
  "addVehicleGroupMembers",
  "removeVehicleGroupMembers",
  "importVehicleGroupMembers",
  "downloadVehicleGroupTemplate",
  "exportVehicleGroupMembers",
  "listPersonalMessages",
  "countUnreadMessages",
  "markPersonalMessagesRead",
  "getMessageSetting",
  "setMessageSetting",
];

/** 电子围栏 (enclosure.test.ts). */
export const ENCLOSURE_OPS = [
  "listEnclosures",
  "createEnclosure",
  "updateEnclosure",
  "deleteEnclosure",
  "listEnclosureEvents",
  "exportEnclosureEvents",
];

/** 运营总览, 高级筛选 and 我的关注 (operate-overview.test.ts). */
export const OPERATE_OVERVIEW_OPS = [
  "getOperateOverview",
  "listFleetScreen",
  "exportFleetScreen",
  "groupFleetScreen",
  "listFleetFilters",
  "createFleetFilter",
  "renameFleetFilter",
  "deleteFleetFilter",
  "listFollowedVehicles",
  "followVehicle",
  "unfollowVehicle",
];

/** 车辆实时状态: the latest state per VIN (vehicle-state.test.ts). */
export const VEHICLE_STATE_OPS = ["listVehicleStates", "getVehicleState", "exportVehicleStates"];

/** 农机数据统计, 统计报表 and the public 大屏 (machinery-stats.test.ts). */
export const MACHINERY_STATS_OPS = [
  "listFarmMachineryStats",
  "exportFarmMachineryStats",
  "listMachineDailyReport",
  "exportMachineDailyReport",
  "getBigScreen",
];

/** 农机可靠性试验统计 (machinery-reliability.test.ts). */
export const MACHINERY_RELIABILITY_OPS = ["listMachineryReliability", "exportMachineryReliability"];

/** 非道路机械监控: the machines' map, latest state, history and online time (not-road-monitor.test.ts). */
export const NOT_ROAD_MONITOR_OPS = [
  "listMachineMap",
  "listMachineStates",
  "getMachineState",
  "exportMachineStates",
  "listMachineHistory",
  "exportMachineHistory",
  "listMachineOnlineTime",
  "exportMachineOnlineTime",
];

/** 非道路国四数据转发: the four filings (eight register calls and four moves each), platforms, machines (not-road-four.test.ts). */
export const NOT_ROAD_FOUR_OPS = [
  ...(
    [
      ["ChipModelFiling", "ChipModelFilings"],
      ["TerminalModelFiling", "TerminalModelFilings"],
      ["MachineFiling", "MachineFilings"],
      ["TerminalReplaceFiling", "TerminalReplaceFilings"],
    ] as const
  ).flatMap(([one, many]) => [
    `list${many}`,
    `get${one}`,
    `create${one}`,
    `update${one}`,
    `delete${one}`,
    `export${many}`,
    `import${many}`,
    `download${one}Template`,
    `submit${one}`,
    `approve${one}`,
    `reject${one}`,
    `resubmit${one}`,
  ]),
  "listForwardPlatforms",
  "getForwardPlatform",
  "createForwardPlatform",
  "updateForwardPlatform",
  "deleteForwardPlatform",
  "listForwardMachines",
  "addForwardMachines",
  "setForwardMachineEnabled",
  "removeForwardMachine",
  "importForwardMachines",
  "downloadForwardMachineTemplate",
  "exportForwardMachines",
];

/** 转发统计: the forwarder's figures per platform and day, and their export (forwarding.test.ts). */
export const FORWARDING_OPS = ["listForwardStatistics", "exportForwardStatistics"];

/** 非道路国四 filings' documents and 终端远程激活 (not-road-four-activation.test.ts). */
export const NOT_ROAD_FOUR_ACTIVATION_OPS = [
  "listFilingDocuments",
  "addFilingDocument",
  "deleteFilingDocument",
  "listTerminalActivations",
  "requestTerminalActivation",
  "reportTerminalActivation",
  "listTerminalActivationHistory",
  "exportTerminalActivations",
];

/** Remote commands: GB/T 32960 query, set, control, cancel, list, detail, timeline (commands.test.ts). */
export const COMMAND_OPS = [
  "sendParamQuery",
  "sendParamSet",
  "sendTerminalControl",
  "cancelCommand",
  "listCommands",
  "getCommand",
  "getCommandTimeline",
];

/** 设备管理: replacement records of the four kinds and the VIN check failures (device-manage.test.ts). */
export const DEVICE_MANAGE_OPS = [
  "listDeviceChanges",
  "getDeviceChange",
  "createDeviceChange",
  "reviewDeviceChange",
  "exportDeviceChanges",
  "listVinCheckFailures",
  "exportVinCheckFailures",
];

/** 设备管理, the rest: T-Box故障记录, 防拆报警, 报警通知人员 (device-manage-2.test.ts). */
export const DEVICE_MANAGE_2_OPS = [
  "listTboxFaults",
  "handleTboxFault",
  "exportTboxFaults",
  "listTamperAlarms",
  "handleTamperAlarm",
  "exportTamperAlarms",
  "listAlarmNotify",
  "saveAlarmNotify",
  "deleteAlarmNotify",
  "listAlarmNotifyAccounts",
];

/** Remote commands, part 2: wake-up SMS and the designed remote control groups (commands-2.test.ts). */
export const COMMAND_2_OPS = [
  "sendWakeUp",
  "sendRemoteLock",
  "sendRemoteFindCar",
  "sendRemoteClimate",
  "sendRemoteWindows",
  "sendRemoteEngine",
];

/** UDS诊断 (tsp-uds, issue 20): uds.test.ts. */
export const UDS_OPS = ["listUdsEcus", "sendUdsRead", "sendUdsControl", "listUdsDiagnoses", "exportUdsDiagnoses"];

/** 车控服务管理 and 车控提醒 (tsp-command carControl slice, issue 17): car-control-service.test.ts. */
export const CAR_CONTROL_OPS = [
  "listCarControlPackages",
  "saveCarControlPackage",
  "deleteCarControlPackage",
  "listCarControlSubscriptions",
  "addCarControlSubscription",
  "renewCarControlSubscription",
  "stopCarControlSubscription",
  "importCarControlSubscriptions",
  "downloadCarControlTemplate",
  "exportCarControlSubscriptions",
  "listCarControlRemindRules",
  "saveCarControlRemindRule",
  "deleteCarControlRemindRule",
  "listCarControlReminders",
] as const;

/** OTA升级 and 车辆版本信息 (tsp-ota, issue 17/20): ota-carcontrol.test.ts. */
export const OTA_OPS = [
  "listOtaPackages",
  "createOtaPackage",
  "deleteOtaPackage",
  "listOtaCampaigns",
  "createOtaCampaign",
  "startOtaCampaign",
  "cancelOtaCampaign",
  "listOtaCampaignVehicles",
  "listVehicleVersions",
  "listVehicleVersionHistory",
  "exportVehicleVersions",
];

/** 拍照/录像, 报警附件上传, 机械原始照片库: camera command, uploaded media, .zip export (multimedia.test.ts). */
export const MULTIMEDIA_OPS = ["sendCameraShoot", "listMedia", "exportMediaZip"];

/** 报警附件上传: the 苏标 alarms and their attachments (jsatl-attachments.test.ts). */
export const JSATL_ATTACHMENT_OPS = ["listSafetyAlarms", "exportSafetyAlarms"];

/** TBOX注册状态查询 and 音视频参数设置 (tbox-registers-av.test.ts). */
export const REGISTERS_AV_OPS = [
  "listTerminalRegistrations",
  "getTerminalRegistrationHistory",
  "exportTerminalRegistrations",
  "sendAvQuery",
  "sendAvSet",
];

/** JT/T 808 终端控制 (0x8105) and 车辆控制 (0x8500) as operator sends (jt808-control.test.ts). */
export const JT808_CONTROL_OPS = ["sendJt808TerminalControl", "sendJt808VehicleControl"];

/** JT/T 808 general terminal parameters (0x8104/0x8106, 0x8103) as operator sends (jt808-params.test.ts). */
export const JT808_PARAM_OPS = ["sendJt808ParamQuery", "sendJt808ParamSet"];

/** 终端参数设置: parameter templates and their batches (data-service-terminal.test.ts). */
export const TERMINAL_PARAM_OPS = [
  "listParamTemplates",
  "createParamTemplate",
  "updateParamTemplate",
  "deleteParamTemplate",
  "listParamTemplateLog",
  "applyParamTemplate",
  "listParamBatches",
  "listParamBatchVehicles",
  "retryParamBatch",
  "exportParamBatchVehicles",
];

/** Every list, by the suite that owns it: file → [the list's name in that file, the list]. */
export const OWNERS: Record<string, readonly [string, readonly string[]]> = {
  "data-service.test.ts": ["DATA_SERVICE_OPS", DATA_SERVICE_OPS],
  "data-service-content.test.ts": ["DATA_SERVICE_CONTENT_OPS", DATA_SERVICE_CONTENT_OPS],
  "iam.test.ts": ["IAM_OPS", IAM_OPS],
  "oauth.test.ts": ["OAUTH_OPS", OAUTH_OPS],
  "journals.test.ts": ["JOURNAL_OPS", JOURNAL_OPS],
  "objectStore.test.ts": ["OBJECT_OPS", OBJECT_OPS],
  "business-files.test.ts": ["FILE_OPS", FILE_OPS],
  "business-lookups.test.ts": ["LOOKUP_OPS", LOOKUP_OPS],
  "business-ner.test.ts": ["NER_OPS", NER_OPS],
  "business-simcard.test.ts": ["SIM_CARD_OPS", SIM_CARD_OPS],
  "baseinfo-tbox-sales.test.ts": ["TBOX_SALE_OPS", TBOX_SALE_OPS],
  "baseinfo-registers.test.ts": ["REGISTER_OPS", REGISTER_OPS],
  "baseinfo-rest.test.ts": ["BASEINFO_REST_OPS", BASEINFO_REST_OPS],
  "baseinfo-models.test.ts": ["BASEINFO_MODEL_OPS", BASEINFO_MODEL_OPS],
  "realname.test.ts": ["REALNAME_OPS", REALNAME_OPS],
  "lease.test.ts": ["LEASE_OPS", LEASE_OPS],
  "device-manage.test.ts": ["DEVICE_MANAGE_OPS", DEVICE_MANAGE_OPS],
  "device-manage-2.test.ts": ["DEVICE_MANAGE_2_OPS", DEVICE_MANAGE_2_OPS],
  "ner-monitor.test.ts": ["MONITOR_OPS", MONITOR_OPS],
  "baseinfo-dealers.test.ts": ["DEALER_STATION_OPS", DEALER_STATION_OPS],
  "data-service-frames.test.ts": ["DATA_SERVICE_FRAME_OPS", DATA_SERVICE_FRAME_OPS],
  "tbox-journals.test.ts": ["TBOX_JOURNAL_OPS", TBOX_JOURNAL_OPS],
  "tbox-journals-2.test.ts": ["TBOX_JOURNAL_2_OPS", TBOX_JOURNAL_2_OPS],
  "tbox-journals-3.test.ts": ["TBOX_JOURNAL_3_OPS", TBOX_JOURNAL_3_OPS],
  "track.test.ts": ["TRACK_OPS", TRACK_OPS],
  "permit-tenants-log.test.ts": ["PERMIT_TENANT_LOG_OPS", PERMIT_TENANT_LOG_OPS],
  "permit-accounts-roles.test.ts": ["PERMIT_ACCOUNT_ROLE_OPS", PERMIT_ACCOUNT_ROLE_OPS],
  "operate-alarms.test.ts": ["OPERATE_ALARM_OPS", OPERATE_ALARM_OPS],
  "enclosure.test.ts": ["ENCLOSURE_OPS", ENCLOSURE_OPS],
  "vehicle-state.test.ts": ["VEHICLE_STATE_OPS", VEHICLE_STATE_OPS],
  "not-road-monitor.test.ts": ["NOT_ROAD_MONITOR_OPS", NOT_ROAD_MONITOR_OPS],
  "machinery-stats.test.ts": ["MACHINERY_STATS_OPS", MACHINERY_STATS_OPS],
  "machinery-reliability.test.ts": ["MACHINERY_RELIABILITY_OPS", MACHINERY_RELIABILITY_OPS],
  "operate-overview.test.ts": ["OPERATE_OVERVIEW_OPS", OPERATE_OVERVIEW_OPS],
  "commands.test.ts": ["COMMAND_OPS", COMMAND_OPS],
  "ota-carcontrol.test.ts": ["OTA_OPS", OTA_OPS],
  "car-control-service.test.ts": ["CAR_CONTROL_OPS", CAR_CONTROL_OPS],
  "data-service-terminal.test.ts": ["TERMINAL_PARAM_OPS", TERMINAL_PARAM_OPS],
  "commands-2.test.ts": ["COMMAND_2_OPS", COMMAND_2_OPS],
  "uds.test.ts": ["UDS_OPS", UDS_OPS],
  "not-road-four.test.ts": ["NOT_ROAD_FOUR_OPS", NOT_ROAD_FOUR_OPS],
  "forwarding.test.ts": ["FORWARDING_OPS", FORWARDING_OPS],
  "not-road-four-activation.test.ts": ["NOT_ROAD_FOUR_ACTIVATION_OPS", NOT_ROAD_FOUR_ACTIVATION_OPS],
  "multimedia.test.ts": ["MULTIMEDIA_OPS", MULTIMEDIA_OPS],
  "jsatl-attachments.test.ts": ["JSATL_ATTACHMENT_OPS", JSATL_ATTACHMENT_OPS],
  "tbox-registers-av.test.ts": ["REGISTERS_AV_OPS", REGISTERS_AV_OPS],
  "jt808-control.test.ts": ["JT808_CONTROL_OPS", JT808_CONTROL_OPS],
  "jt808-params.test.ts": ["JT808_PARAM_OPS", JT808_PARAM_OPS],
  "import-tasks.test.ts": ["IMPORT_TASK_OPS", IMPORT_TASK_OPS],
};
