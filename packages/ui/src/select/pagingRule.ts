/**
 * Spec §7: the next page loads when the dropdown scrolls to the bottom "and stops once pages
 * passed times page size exceeds total". Read with the list's answer: more pages exist while
 * pagesLoaded × pageSize < total (at equality every row is already on screen).
 * TODO(domain): replace with @tsp/domain's selector rule once it is exported.
 */
export function hasNextSelectPage(pagesLoaded: number, pageSize: number, total: number): boolean {
  return pagesLoaded * pageSize < total;
}
