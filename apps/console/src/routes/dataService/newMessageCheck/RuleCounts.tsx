import { FRAME_CHECK_RULES, type FrameCheckRule } from "@tsp/domain";
import { useEffect, useState } from "react";
import { type FrameCheckCounts, getFrameCheckCounts } from "../../../api/dataServiceFrames";
import { useT } from "../../../i18n/i18n";

/**
 * The counts of the searched scope: received, passed, failed, and one button per rule with its
 * count that narrows the list to it (the chosen one pressed).
 */
export function RuleCounts({
  query,
  rule,
  onPick,
}: {
  query: { vin?: string; startTime: number; endTime: number } | null;
  rule: string;
  onPick: (rule: FrameCheckRule | "") => void;
}) {
  const t = useT();
  const [loaded, setLoaded] = useState<{ key: string; counts: FrameCheckCounts } | null>(null);
  const vin = query?.vin;
  const startTime = query?.startTime;
  const endTime = query?.endTime;
  const key = `${vin ?? ""}|${startTime}|${endTime}`;
  useEffect(() => {
    if (startTime === undefined || endTime === undefined) return;
    const ac = new AbortController();
    getFrameCheckCounts({ ...(vin ? { vin } : {}), startTime, endTime }, ac.signal)
      .then((counts) => setLoaded({ key: `${vin ?? ""}|${startTime}|${endTime}`, counts }))
      .catch(() => {}); // toasted by the shell
    return () => ac.abort();
  }, [vin, startTime, endTime]);
  // Counts of an earlier search are not shown while these load.
  const counts = query && loaded?.key === key ? loaded.counts : null;
  if (!counts) return null;
  const byRule = new Map(counts.rules.map((r) => [r.rule, r.count]));
  return (
    <section aria-label={t("frameCheck.summary")} className="flex flex-wrap items-center gap-2 text-xs">
      <span className="text-gray-600">{t("frameCheck.received", { n: counts.received })}</span>
      <span className="text-green-700">{t("frameCheck.passed", { n: counts.passed })}</span>
      <span className="text-red-700">{t("frameCheck.failed", { n: counts.received - counts.passed })}</span>
      {FRAME_CHECK_RULES.map((r) => {
        const label = t(`frameCheck.rule.${r}`);
        const pressed = rule === r;
        return (
          <button
            key={r}
            type="button"
            aria-pressed={pressed}
            title={t("frameCheck.pick", { rule: label })}
            onClick={() => onPick(pressed ? "" : r)}
            className={`rounded-full px-2 py-0.5 ring-1 ring-inset focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40 ${
              pressed ? "bg-blue-600 text-white ring-blue-600" : "bg-white text-gray-700 ring-gray-300 hover:bg-gray-50"
            }`}
          >
            {label} {byRule.get(r) ?? 0}
          </button>
        );
      })}
    </section>
  );
}
