import type { CommIncCenter, TspBss, TspHbaseProxy } from "@tsp/sdk";

/**
 * The shapes the console reads, taken from the SDK's generated types of openapi/ — never
 * re-declared, so a change of the contract reaches every screen through the compiler. One
 * alias per schema a screen names; the calls in `api/<group>.ts` return them.
 */
type HomeSchemas = CommIncCenter.components["schemas"];
type JournalSchemas = TspHbaseProxy.components["schemas"];

/** Spec §3 "User info": menu paths and button permissions of the signed-in account. */
export type Permissions = HomeSchemas["Permissions"];
/** The signed-in account (myInfo). */
export type MyInfo = HomeSchemas["MyInfo"];
/** The home overview (designed call getHomeOverview). */
export type HomeOverview = HomeSchemas["HomeOverview"];
/** One export task of the export file list. */
export type ExportTask = HomeSchemas["ExportTask"];
/** Status of an export task: queued → running → done or failed. */
export type ExportStatus = HomeSchemas["ExportStatus"];
/** A numbered page of export tasks. */
export type ExportTaskPage = HomeSchemas["ExportTaskPage"];
/** One import task of the import task list (issue 21; getImportTask adds its report). */
export type ImportTaskSummary = HomeSchemas["ImportTaskSummary"];
/** A numbered page of import tasks. */
export type ImportTaskPage = HomeSchemas["ImportTaskPage"];

/** Spec §3 "Login log row". */
export type JournalRow = JournalSchemas["JournalRow"];
/** One cursor page of a journal. */
export type JournalPage = JournalSchemas["JournalPage"];
/** What an export call answers (spec §7 "task submitted"). */
export type ExportTaskRef = JournalSchemas["ExportTaskRef"];
/** What an import run as a task answers (issue 21): the task to follow with getImportTask. */
export type ImportTaskRef = TspBss.components["schemas"]["ImportTaskRef"];

type MonitorSchemas = TspBss.components["schemas"];
/** One vehicle of the monitoring list (新能源车辆监控 › 车辆监控列表) with its live state. */
export type MonitorEntry = MonitorSchemas["MonitorEntry"];
/** The monitoring list's query: VIN, kind of watch and paging. */
export type MonitorQuery = MonitorSchemas["MonitorQuery"];
/** What became of each VIN of an add: added, already there, refused with the reason. */
export type MonitorInsertReport = MonitorSchemas["MonitorInsertReport"];
/** The tenant's notification setting as saved (who and when included). */
export type MonitorInform = MonitorSchemas["MonitorInform"];
/** What a save of the notification setting sends. */
export type MonitorInformEdit = MonitorSchemas["MonitorInformEdit"];
/** A vehicle as the VIN picker lists it (findVinListByDim). */
export type VehicleBrief = MonitorSchemas["VehicleBrief"];

type BaseInfoSchemas = TspBss.components["schemas"];
/** One SIM card of the register (base info › SIM卡数据). */
export type SimCardRecord = BaseInfoSchemas["SimCardRecord"];
/** A numbered page of SIM cards. */
export type SimCardPage = BaseInfoSchemas["SimCardRecordPage"];
/** What an edit of a card sends (its fields, ICCID and the `updatedAt` it read). */
export type SimCardUpdate = BaseInfoSchemas["SimCardUpdate"];
/** The list's query: filters, sort and paging. */
export type SimCardQuery = NonNullable<TspBss.operations["listSimCards"]["parameters"]["query"]>;

/** `data` of an operation's success answer, from the generated contract. */
type AnswerOf<Op extends keyof TspBss.operations> = TspBss.operations[Op]["responses"] extends {
  200: { content: { "application/json": { data?: infer D } } };
}
  ? NonNullable<D>
  : never;

/** The four editable groups of a vehicle's filing (business-areas.md §3). */
export type NerGroup = BaseInfoSchemas["ChangeLogEntry"]["group"];
/** A numbered page of the base-info view (a row per vehicle, which groups are filled). */
export type NerBaseInfoPage = AnswerOf<"queryNerBaseInfo">;
/** One row of the base-info view. */
export type NerBaseInfo = BaseInfoSchemas["NerBaseInfo"];
/** A record of any group as the lists and the single-record calls answer it. */
export type NerGroupRecord =
  | BaseInfoSchemas["NerVehicleInfo"]
  | BaseInfoSchemas["NerBatteryInfo"]
  | BaseInfoSchemas["NerDriveInfo"]
  | BaseInfoSchemas["NerTerminalInfo"];
/** A numbered page of one group's records. */
export type NerGroupPage = { list: NerGroupRecord[]; total: number };
/** What an edit of a group sends: its fields, the VIN and the `updateTime` it read. */
export type NerGroupUpdate =
  | BaseInfoSchemas["NerVehicleInfoEdit"]
  | BaseInfoSchemas["NerBatteryInfoEdit"]
  | BaseInfoSchemas["NerDriveInfoEdit"]
  | BaseInfoSchemas["NerTerminalInfoEdit"];
/** A numbered page of a group's change log. */
export type ChangeLogPage = AnswerOf<"getNerBatteryInfoLog">;
/** One save of a group: each changed field with before and after. */
export type ChangeLogEntry = BaseInfoSchemas["ChangeLogEntry"];
/** The search panel of the master-data screens (NerQuery without paging). */
export type NerFilters = BaseInfoSchemas["NerExportFilter"];
/** An operating unit (registered name and unified social credit code). */
export type CreditName = BaseInfoSchemas["CreditName"];
/** An announcement model's parameters (公告型号). */
export type VehicleModelParam = BaseInfoSchemas["VehicleModelParam"];

type RealnameSchemas = TspBss.components["schemas"];
/** A vehicle of 实名认证 with its SIM card's real-name state (owner masked). */
export type RealnameRow = RealnameSchemas["RealnameVehicle"];
/** A numbered page of them. */
export type RealnamePage = RealnameSchemas["RealnamePage"];
/** The list's query: VIN, state and paging. */
export type RealnameQuery = NonNullable<TspBss.operations["getRealnameVinList"]["parameters"]["query"]>;
/** A card's real-name record: material, signed photo links, reviewer, history. */
export type RealnameDetail = RealnameSchemas["RealnameDetail"];
/** What a submission sends. */
export type RealnameSubmitBody = RealnameSchemas["RealnameSubmit"];
/** What a review sends. */
export type RealnameReviewBody = RealnameSchemas["RealnameReview"];
