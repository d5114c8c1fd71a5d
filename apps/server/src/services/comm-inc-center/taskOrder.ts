/**
 * The order of the export file list and the import task list: newest first, the id breaking
 * ties so pages are stable. Both task tables have these columns.
 */
export const NEWEST_TASKS_FIRST = {
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
} as const;
