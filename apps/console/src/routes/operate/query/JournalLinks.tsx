import { useT } from "../../../i18n/i18n";
import { hashHref } from "../../../routing/hashLocation";
import { journalFilters } from "../../tbox/journal/TboxJournalPage";
import { journalFilters as loginFilters } from "../../tbox/loginJournal/journalFilters";

const DAY_MS = 24 * 3600 * 1000;

/** The TBOX journals a vehicle's messages are in, by route and menu title. */
const JOURNALS = [
  ["/tbox/locationMessage", "车辆位置报文"],
  ["/tbox/locationResendMessage", "位置补发报文"],
  ["/tbox/warnMessage", "车辆报警报文"],
  ["/tbox/energyCar", "新能源国标数据"],
  ["/tbox/warnsearch", "报警数据查询"],
] as const;

/**
 * Links into every journal with this VIN and the last 7 days filled in (each journal's own
 * address codec, so the link opens the search already made).
 */
export function JournalLinks({ vin, now }: { vin: string; now: number }) {
  const t = useT();
  const range = { vin, start: now - 7 * DAY_MS, end: now };
  const links: [string, string][] = [
    [`/tbox/loginJournal?${loginFilters.format({ ...loginFilters.defaults, ...range })}`, t("journal.login.heading")],
    ...JOURNALS.map(([path, title]): [string, string] => [
      `${path}?${journalFilters.format({ ...journalFilters.defaults, ...range })}`,
      title,
    ]),
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {links.map(([href, title]) => (
        <li key={href}>
          <a className="text-blue-600 hover:underline" href={hashHref(href)}>
            {title}
          </a>
        </li>
      ))}
    </ul>
  );
}
