// The TBOX message journals over the gateway's frame journal (issue 16).

export { type AlarmChange, type AlarmReport, alarmChanges, episodeDuration, type OpenAlarm } from "./alarmEpisodes";
export {
  CALL_STATES,
  CALL_TRIGGERS,
  CALL_TYPES,
  type CallState,
  type CallTrigger,
  type CallType,
  callText,
  ECALL_ITEM_ID,
  type EmergencyCall,
  emergencyCallItem,
  emergencyCallOf,
} from "./emergencyCall";
export {
  FAULT_SOURCE_KEYS,
  FAULT_SOURCES,
  type FaultSource,
  faultText,
  gbtFaults,
  JT808_FAULT_BITS,
  jt808Faults,
  nameFaults,
  type ReportedFault,
} from "./faultReports";
export {
  DIESEL_FIELDS,
  type DieselValues,
  type FuelCarItem,
  type GearReading,
  gearReading,
  gearShort,
  hj1239Items,
  type JournalReading,
  type ObdValues,
} from "./fuelCar";
export {
  entryHasAlarm,
  entryInJournal,
  type JournalReport,
  journalEntries,
  journalReadsHj1239,
  type Reading,
  readingText,
  realtimeJournalEntry,
  TBOX_ALARM_NAMES,
  TBOX_JOURNAL_COMMANDS,
  TBOX_JOURNALS,
  type TboxJournal,
  type TboxJournalEntry,
  type TboxJournalFilter,
  tboxJournalEntries,
} from "./tboxJournal";
export { legKm, segmentTrips, TRIP_DEFAULTS, type Trip, type TripOptions, type TripPoint } from "./trips";
