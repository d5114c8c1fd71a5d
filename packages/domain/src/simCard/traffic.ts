/**
 * Data traffic of a card, kept in MB (carriers bill IoT plans in MB per month). Designed:
 * the spec names "traffic" only (issue 20).
 */

const MB_PER_GB = 1024;

/** A traffic amount as the table shows it: MB below 1 GB, else GB with two decimals ("1.50 GB"). */
export function formatTrafficMb(mb: number): string {
  if (mb < MB_PER_GB) return `${Number(mb.toFixed(1))} MB`;
  return `${(mb / MB_PER_GB).toFixed(2)} GB`;
}

/**
 * How much of the monthly plan is used, in whole percent (may pass 100 when over the plan),
 * or null when the card has no plan to measure against.
 */
export function trafficUsagePercent(usedMb: number, planMb: number | null): number | null {
  if (planMb === null || planMb <= 0) return null;
  return Math.round((usedMb / planMb) * 100);
}
