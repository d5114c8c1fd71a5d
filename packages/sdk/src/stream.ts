/**
 * `@tsp/sdk/stream`: bulk reads for scripts (the NDJSON journal stream), kept out of the main
 * entry so the runtime every console page loads stays small.
 */
export {
  type JournalRow,
  type StreamJournalOptions,
  type StreamJournalQuery,
  streamJournal,
  streamJournalBatches,
} from "./journalStream";
