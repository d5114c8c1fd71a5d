import { bIamAccount } from "./b-iam-account";
import { bIamAccountPermit } from "./b-iam-account/permitModule";
import { commData } from "./comm-data";
import { commIncCenter } from "./comm-inc-center";
import { commIncCenterOperationLog } from "./comm-inc-center/operationLog";
import { commSaasCloud } from "./comm-saas-cloud";
import { commSaasCloudTenants } from "./comm-saas-cloud/tenants";
import { objectStore } from "./object-store";
import { transfer } from "./transfer";
import { tspBss } from "./tsp-bss";
import { tspBssAppUser } from "./tsp-bss/appUser";
import { tspBssBaseInfoRest } from "./tsp-bss/baseInfoRest";
import { tspBssContent } from "./tsp-bss/content";
import { tspBssDataService } from "./tsp-bss/dataService";
import { tspBssDealer } from "./tsp-bss/dealer";
import { tspBssDeviceManage } from "./tsp-bss/deviceManage";
import { tspBssDeviceHealth } from "./tsp-bss/deviceManage/health";
import { tspBssEnclosure } from "./tsp-bss/enclosure";
import { tspBssLease } from "./tsp-bss/lease";
import { tspBssLoan } from "./tsp-bss/loan";
import { tspBssNotRoadFour } from "./tsp-bss/notRoadFour";
import { tspBssOperate } from "./tsp-bss/operate";
import { tspBssFleet } from "./tsp-bss/operate/filtersModule";
import { tspBssRealname } from "./tsp-bss/realname";
import { tspBssRegisters } from "./tsp-bss/registers";
import { tspBssServiceStation } from "./tsp-bss/serviceStation";
import { tspBssSimCard } from "./tsp-bss/simCard";
import { tspBssTbox } from "./tsp-bss/tbox";
import { tspBssModelAbility } from "./tsp-bss/vehicleAbility";
import { tspBssModelCatalogue } from "./tsp-bss/vehicleModel";
import { tspBssVehicleSale } from "./tsp-bss/vehicleSale";
import { tspCommand } from "./tsp-command";
import { tspCommandCarControl } from "./tsp-command/carControl";
import { tspCommandParamTemplates } from "./tsp-command/paramTemplates";
import { tspHbaseProxy } from "./tsp-hbase-proxy";
import { tspHbaseProxyFrames } from "./tsp-hbase-proxy/frames";
import { tspHbaseProxyJournals } from "./tsp-hbase-proxy/journals";
import { tspHbaseProxyTrack } from "./tsp-hbase-proxy/track";
import { tspJsatl } from "./tsp-jsatl";
import { tspOta } from "./tsp-ota";
import { tspShadow } from "./tsp-shadow";
import { tspShadowMachinery } from "./tsp-shadow/machinery";
import { tspShadowMachineryReliability } from "./tsp-shadow/machineryReliability";
import { tspShadowMachineryStats } from "./tsp-shadow/machineryStats";
import { tspShadowOverview } from "./tsp-shadow/overviewModule";
import { tspShadowState } from "./tsp-shadow/state";
import { tspUds } from "./tsp-uds";
import type { ServiceModule } from "./types";

/**
 * Every service module of the reference server, in seed order. Add a module here to plug
 * it in (apps/server/README.md "Service modules").
 */
export const serviceModules: readonly ServiceModule[] = [
  bIamAccount,
  // 系统管理 (accounts, roles, organisations, menus): no seed of its own; platformSeed fills its tables.
  bIamAccountPermit,
  commIncCenter,
  tspHbaseProxy,
  objectStore,
  tspBss,
  // The vehicle-model catalogue and its abilities: fixed data (no rng) on tsp-bss's brand tree.
  tspBssModelCatalogue,
  tspBssModelAbility,
  commData,
  tspJsatl,
  tspShadow,
  tspOta,
  transfer,
  commSaasCloud,
  // Last: its seed fills in the cards tsp-bss seeded, and drawing from the shared PRNG after
  // every other module leaves their demo data as it was.
  tspBssSimCard,
  // After the SIM cards: rewrites tsp-bss's real-name states as whole records with history.
  tspBssRealname,
  // The coded registers of base information; their seed draws from a PRNG of its own.
  tspBssRegisters,
  // The dealer and service-station registers fill in and move what tsp-bss seeded as lookups
  // (their own PRNGs: the shared one and every module's data stay as they were).
  tspBssDealer,
  tspBssServiceStation,
  // Last (they draw from the shared PRNG after every other module): the T-BOX register from the
  // vehicles' serials and the SIM register's free cards, the retail sales of the vehicles marked sold.
  tspBssTbox,
  tspBssVehicleSale,
  // 数据服务: the fault-code dictionary and the CAN signals (fixed lists, no rng).
  tspBssDataService,
  // 租赁管理: lease contracts of the demo tenant's vehicles (a PRNG of its own; reads the lease organisations).
  tspBssLease,
  // 金融管理: loans of the demo tenant's vehicles (a PRNG of its own; reads the finance organisations).
  tspBssLoan,
  // The gateway's frame journal for the data-service screens (own PRNG; reads only the vehicles).
  tspHbaseProxyFrames,
  tspHbaseProxyTrack,
  // The TBOX message journals over the same frames (no tables, no seed of their own).
  tspHbaseProxyJournals,
  // 机械信息, 车机数据, 监管终端管理, MES车辆管理 (a PRNG of their own; they read the vehicles seeded above).
  tspBssBaseInfoRest,
  // 非道路国四数据转发: filings, forwarding platforms and machines (a PRNG of its own; reads 机械信息 and 监管终端管理 above).
  tspBssNotRoadFour,
  // APP用户信息: app accounts and their vehicles (a PRNG of its own; it reads the vehicles seeded above).
  tspBssAppUser,
  // 车载内容管理: fixed demo items (no rng) naming the brand tree's models.
  tspBssContent,
  // 操作日志: a week of demo entries by the demo accounts (no rng), written by the hook's writer.
  commIncCenterOperationLog,
  // 租户管理: the tenant tree's state and menus (no seed: the platform seed's tenants start active, unrestricted).
  commSaasCloudTenants,
  // 故障报警, 车辆分组, 个人消息: level-3 alarms this morning through the gateway's writer, the handling of
  // yesterday's episodes (the frames seed's), groups. No rng.
  tspBssOperate,
  // 电子围栏: two fences of the demo tenant (one on the first 车辆分组, so after the operate seed); events come on ingest.
  tspBssEnclosure,
  // 车辆实时状态: the gateway's latest-state stores (no tables or seed of its own; the frames seed fills them).
  tspShadowState,
  // 非道路机械监控: the machines' connection log and reports (a PRNG of its own; reads 机械信息 seeded above).
  tspShadowMachinery,
  tspShadowMachineryStats,
  tspShadowMachineryReliability,
  // 运营总览, 高级筛选, 我的关注: figures over the stores above; the admin's two follows and a saved filter (no rng).
  tspShadowOverview,
  tspBssFleet,
  // 设备管理: replacement records and the VIN check journal (a PRNG of its own; reads the T-BOX, head-unit and NER seeds above).
  tspBssDeviceManage,
  // T-Box故障记录, 防拆报警, 报警通知人员: removal frames of two HJ 1239 trucks, a silent and a noisy terminal, two
  // notification rules, then the sweeps (no rng; after the frames, journals and operate seeds).
  tspBssDeviceHealth,
  // Remote commands (issue 17): queue, cancel, list, timeline over the gateway's command tables (no seed).
  tspCommand,
  // 车控服务管理, 车控提醒: packages, every vehicle subscribed (a few of the demo tenant's in other states), two reminder rules,
  // three remote-control commands that ended badly (no rng; after every vehicle is seeded).
  tspCommandCarControl,
  // UDS诊断: the ECU register per model (fixed, no rng; reads the brand tree); diagnoses are tsp-command's rows.
  tspUds,
  // 终端参数设置: parameter templates and their batches of set-parameter commands (fixed demo templates, no rng).
  tspCommandParamTemplates,
];
