import { group, screen } from "./routeBuilders";
import type { RouteNode } from "./routeTypes";

/** Paths the shell and the guard name (platform-shell.md §2 "Fixed routes", "Session guard"). */
export const LOGIN_PATH = "/login";
/** The big screen (design width 3840); public like /login. */
export const BIG_SCREEN_PATH = "/bigScreen";
/** The home route (name DataHome, title 首页). */
export const HOME_PATH = "/dataHome";
/**
 * The operate-overview route, the guard's second landing choice (§2 "else to the
 * operate-overview route"). The route tables do not list it; it is designed as /operate/overview.
 */
export const OPERATE_OVERVIEW_PATH = "/operate/overview";
/** Where unknown paths go after routes have loaded. */
export const NOT_FOUND_PATH = "/404";
/** The 401 error page. */
export const UNAUTHORIZED_PATH = "/401";
/** The generic error page. */
export const ERROR_PATH = "/error";
/** Paths that need no session (§2 "All paths except /login and /bigScreen need a session"). */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, BIG_SCREEN_PATH];
/** Paths on which no tab is active: the active index is -1 (§2, business-areas.md §4). */
export const NO_TAB_PATHS: readonly string[] = [LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH];

/**
 * Routes every visitor has, never filtered by menuApis and never in the side menu
 * (platform-shell.md §2 "Fixed routes"). "/" redirects to the home route: the spec writes
 * "/home", but the only home route either document defines is /dataHome, so that is the target.
 */
export const CONSTANT_ROUTES: readonly RouteNode[] = [
  screen("", "login", "登录", 0, { hidden: true }),
  screen("", "bigScreen", "大屏", 0, { hidden: true }),
  { ...screen("", "", "运营管理系统", 0, { hidden: true, redirect: HOME_PATH }), path: "/", name: "Root" },
  screen("", "error", "错误", 0, { hidden: true }),
  screen("", "404", "页面不存在", 0, { hidden: true }),
  screen("", "401", "无权访问", 0, { hidden: true }),
];

const NOT_SHOWN = "the spec names this group but does not show its screens; one index screen stands for it";

/**
 * Every permission-filtered route group of both spec documents with its children, in the
 * spec's order (platform-shell.md §2, business-areas.md §2). Orders the spec gives:
 * notRoadMonitor 70, dataService 80, lease 95, baseInfo 120, tbox 180, exportFile 300. Orders
 * chosen here for the rest put the daily work first and administration last: home 1, operate
 * 10, newCarMonitor 20, carControlService 30, auth 40, notRoadFour 50, deviceManage 60,
 * finance 90, enclosure 100, ota 150, permit 200, personal (hidden) 400. Children are numbered
 * in the spec's listing order. Titles are the spec's Chinese where it quotes one (首页), else
 * natural Chinese menu titles for the English meaning it gives.
 */
export const ROUTE_TABLE: readonly RouteNode[] = [
  group("/dataHome", "首页", { order: 1 }, []),
  group("/operate", "车辆运营管理", { order: 10 }, [
    ["overview", "运营总览", { designed: "the guard lands here when home is not permitted (§2); no screen is listed" }],
    ["query", "单车查询"],
    ["farmMachinery", "农机数据统计"],
    ["reliabilityTestRecord", "农机可靠性试验统计"],
    ["tripQuery", "机械轨迹查询"],
    ["phoneExport", "机械原始照片库"],
    ["agriculturalMachinery", "机械信息管理"],
    ["group", "车辆分组"],
    ["detailInfo", "车辆详细信息"],
    ["details", "车辆详情", { hidden: true }],
    ["alarm", "故障报警"],
    ["screen", "高级筛选"],
    ["test", "图表测试"],
  ]),
  group("/newCarMonitor", "新能源车辆监控", { order: 20, redirect: "/newCarMonitor/monitorList" }, [
    [
      "monitorList",
      "车辆监控列表",
      { designed: "business-areas.md §1 describes a monitoring list with notification settings but gives no route" },
    ],
    ["latest", "车辆实时状态", { designed: "known only from the link /newCarMonitor/latest?vin&energyType" }],
  ]),
  group("/carControlService", "车控服务", { order: 30, redirect: "/carControlService/manage" }, [
    ["manage", "车控服务管理", { designed: "known only from the link /carControlService/manage" }],
    ["remind", "车控提醒", { designed: "known only from the link /carControlService/remind?vin" }],
  ]),
  group("/auth", "实名认证", { order: 40, redirect: "/auth/index" }, [["index", "实名认证"]]),
  group("/notRoadFour", "非道路国四数据转发", { order: 50, redirect: "/notRoadFour/chipModel" }, [
    ["chipModel", "芯片型号备案"],
    ["terminalModel", "终端型号备案"],
    ["machineRecord", "机械备案"],
    ["terminalReplaceRecord", "终端更换备案"],
    ["platformAccount", "转发平台账号"],
    ["machineManage", "转发机械管理"],
    ["forwardStatist", "转发统计"],
    ["terminalActivation", "终端远程激活"],
  ]),
  group("/deviceManage", "设备管理", { order: 60, redirect: "/deviceManage/tboxChange" }, [
    ["tboxChange", "T-Box更换"],
    ["vehicleChange", "车机更换"],
    ["motorChange", "驱动电机更换"],
    ["batteryChange", "动力电池更换"],
    ["tboxfalse", "T-Box故障记录"],
    ["tamperAlarm", "防拆报警"],
    ["tboxCheckVIN", "VIN校验失败记录"],
    ["tamperAlarm/alarmNotify", "报警通知人员", { hidden: true }],
  ]),
  group("/notRoadMonitor", "非道路机械监控", { order: 70, redirect: "/notRoadMonitor/screen" }, [
    ["screen", "地图监控"],
    ["latest", "机械实时状态"],
    ["history", "机械历史状态"],
    ["report", "统计报表", { hidden: true }],
    ["online", "在线时长管理"],
  ]),
  group("/dataService", "数据服务", { order: 80 }, [
    ["base", "基础数据维护"],
    ["terminal", "终端参数设置"],
    ["can", "CAN信号采集"],
    ["infoSystem", "车载信息系统管理"],
    ["content", "车载内容管理"],
    ["history", "历史数据采集"],
    ["newMessageCheck", "新能源报文检查"],
    ["faultCodeManagement", "报文故障码管理"],
    ["info", "车辆版本信息"],
    ["location", "位置数据查询"],
    ["udsV2", "UDS诊断"],
    ["newMessageCheck/newMessageCheckDetail", "故障详情", { hidden: true }],
    ["history/detail", "查看详情", { hidden: true }],
  ]),
  group("/finance", "金融管理", { order: 90, designed: NOT_SHOWN }, [["index", "金融管理", { designed: NOT_SHOWN }]]),
  group("/lease", "租赁管理", { order: 95 }, [
    ["leaseVehicle", "租赁车辆管理"],
    ["vehicleBuy", "车辆购买报表"],
    ["vehicleOperation", "车辆运营报表"],
    ["vehicleRental", "车辆租赁报表"],
    ["leaseHistory", "车辆租赁历史报表"],
  ]),
  group("/enclosure", "电子围栏", { order: 100, designed: NOT_SHOWN }, [
    ["index", "电子围栏", { designed: NOT_SHOWN }],
  ]),
  group("/baseInfo", "基础信息管理", { order: 120, redirect: "/baseInfo/appUser" }, [
    ["appUser", "APP用户信息"],
    ["simCard", "SIM卡数据"],
    ["tbox", "TBOX数据"],
    ["blackBox", "监管终端管理"],
    ["mes", "MES车辆管理"],
    ["gearbox", "变速箱信息"],
    ["vehicleSale", "实销车辆"],
    ["vehicleInfo", "车型信息"],
    ["vehicleAbility", "车型能力"],
    ["vehicleData", "车机数据"],
    ["dealer", "经销商信息"],
    ["serviceStation", "服务站信息"],
    ["economicSpeed", "经济转速信息"],
    ["financialInstitution", "金融机构管理"],
    ["newEnergyInfo", "备案基础信息"],
    ["recordVehicleInfo", "备案车辆信息"],
    ["machineryInfo", "机械信息"],
    ["leaseOrg", "租赁机构管理"],
  ]),
  group("/ota", "OTA升级", { order: 150, designed: NOT_SHOWN }, [["index", "OTA升级", { designed: NOT_SHOWN }]]),
  group("/tbox", "TBOX可视化联调", { order: 180, redirect: "/tbox/awaken" }, [
    ["visualization/media", "拍照/录像"],
    ["search", "报警参数查询"],
    ["setting", "报警参数设置"],
    ["warnsearch", "报警数据查询"],
    ["warnupload", "报警附件上传"],
    ["awaken", "TBOX唤醒"],
    ["registersState", "TBOX注册状态查询"],
    ["remoteControl", "远程控制"],
    ["locationMessage", "车辆位置报文"],
    ["locationResendMessage", "位置补发报文"],
    ["warnMessage", "车辆报警报文"],
    ["ecAllMessage", "ECALL/BCALL报文"],
    ["terminalSet", "终端设置管理"],
    ["energyCar", "新能源国标数据"],
    ["fuelCar", "燃油车国标数据"],
    ["loginJournal", "登录登出日志"],
    ["travalData", "行程数据报文"],
    ["gearsSpeed", "档位车速报文"],
    ["errorReport", "故障上报报文"],
    ["remoteJoint", "远程控制联调"],
    ["audioVideo", "音视频参数设置"],
    ["reliabilityTestRecord", "农机可靠性试验补发数据统计"],
  ]),
  group("/permit", "系统管理", { order: 200 }, [
    ["tenant", "租户管理"],
    ["belowTenant", "下级租户管理"],
    ["account", "账号管理"],
    ["role", "角色管理"],
    ["organize", "组织架构"],
    ["log", "操作日志"],
    ["menu", "菜单管理"],
  ]),
  group("/exportFile", "导出文件列表", { order: 300, redirect: "/exportFile/index" }, [["index", "导出文件列表"]]),
  group("/personal", "个人中心", { order: 400, hidden: true }, [
    ["message", "个人消息"],
    ["follow", "我的关注"],
  ]),
];
