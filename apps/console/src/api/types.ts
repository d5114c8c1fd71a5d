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

/** Spec §3 "Login log row". */
export type JournalRow = JournalSchemas["JournalRow"];
/** One cursor page of a journal. */
export type JournalPage = JournalSchemas["JournalPage"];
/** What an export call answers (spec §7 "task submitted"). */
export type ExportTaskRef = JournalSchemas["ExportTaskRef"];

type BaseInfoSchemas = TspBss.components["schemas"];
/** One SIM card of the register (base info › SIM卡数据). */
export type SimCardRecord = BaseInfoSchemas["SimCardRecord"];
/** A numbered page of SIM cards. */
export type SimCardPage = BaseInfoSchemas["SimCardRecordPage"];
/** What an edit of a card sends (its fields, ICCID and the `updatedAt` it read). */
export type SimCardUpdate = BaseInfoSchemas["SimCardUpdate"];
/** The list's query: filters, sort and paging. */
export type SimCardQuery = NonNullable<TspBss.operations["listSimCards"]["parameters"]["query"]>;
