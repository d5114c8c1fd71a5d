// The TBOX message journals over the gateway's frame journal (issue 16).

export { type AlarmChange, type AlarmReport, alarmChanges, episodeDuration, type OpenAlarm } from "./alarmEpisodes";
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
  TBOX_ALARM_NAMES,
  TBOX_JOURNAL_COMMANDS,
  TBOX_JOURNALS,
  type TboxJournal,
  type TboxJournalEntry,
  type TboxJournalFilter,
  tboxJournalEntries,
} from "./tboxJournal";
