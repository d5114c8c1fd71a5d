/** Page size of remote selects (platform-shell.md §9 "Selector page size 10"). */
export const SELECTOR_PAGE_SIZE = 10;
/** VIN, SN and ICCID searches ask for this many at once (§9). */
export const BULK_SEARCH_PAGE_SIZE = 10000;

/**
 * The selector "load next page" rule (platform-shell.md §7: the next page loads when the
 * dropdown scrolls to the bottom "and stops once pages passed times page size exceeds total").
 * Decided for the equality case: when pagesLoaded × pageSize equals total every row is already
 * listed, so it stops there too — loading again would only fetch an empty page. So: load
 * while pagesLoaded × pageSize < total.
 */
export function shouldLoadNextPage(pagesLoaded: number, pageSize: number, total: number): boolean {
  return pagesLoaded * pageSize < total;
}
