import type { HomeOverview } from "../../api/types";
import { useT } from "../../i18n/i18n";

type Day = HomeOverview["journalActivity"][number];

const W = 640;
const H = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 40 };

/** A rounded-up axis maximum (1, 2, 5 × 10ⁿ) so grid lines fall on readable numbers. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Login and logout frames per day over the last 7 days as grouped bars (a lazy chunk of the
 * home screen). Plain SVG: seven pairs of bars need no chart library; the numbers are also in
 * a visually hidden table for screen readers.
 */
export default function ActivityChart({ days }: { days: readonly Day[] }) {
  const t = useT();
  const max = niceMax(Math.max(0, ...days.map((d) => Math.max(d.logins, d.logouts))));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const bar = Math.min(18, slot / 3);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-56 w-full" role="img" aria-label={t("home.activity")}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#e5e7eb" />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#6b7280">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          return (
            <g key={d.date}>
              <rect
                x={cx - bar - 1}
                y={y(d.logins)}
                width={bar}
                height={PAD.top + plotH - y(d.logins)}
                fill="#2563eb"
                rx="2"
              />
              <rect
                x={cx + 1}
                y={y(d.logouts)}
                width={bar}
                height={PAD.top + plotH - y(d.logouts)}
                fill="#93c5fd"
                rx="2"
              />
              <text x={cx} y={H - 8} textAnchor="middle" fontSize="11" fill="#6b7280">
                {d.date.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex justify-center gap-4 text-xs text-gray-500">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-blue-600" />
          {t("home.activity.login")}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-blue-300" />
          {t("home.activity.logout")}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>{t("home.activity")}</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>
                {t("home.activity.login")} {d.logins}
              </td>
              <td>
                {t("home.activity.logout")} {d.logouts}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
