import { EmptyState } from "@tsp/ui";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect, useState } from "react";
import { getHomeOverview } from "../../api/dataHome";
import type { HomeOverview } from "../../api/types";
import { formatDateTime } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { hashHref } from "../../routing/hashLocation";
import { sessionAtom } from "../../session/sessionAtoms";
import { TaskStatusBadge } from "../exportFile/TaskStatusBadge";

const ActivityChart = lazy(() => import("./ActivityChart"));

/**
 * 首页 (/dataHome): what an operator wants first — how many vehicles, terminals and SIM cards
 * are in reach, the journal activity of the last 7 days, and the latest export tasks — from
 * the designed overview call (comm-inc-center getHomeOverview; the spec does not show home).
 */
export default function DataHomePage() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const user = session.status === "ready" ? session.user : null;
  const [overview, setOverview] = useState<HomeOverview | null>(null);
  useEffect(() => {
    let live = true;
    getHomeOverview()
      .then((o) => live && setOverview(o))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  const counts: { label: string; value: number | undefined }[] = [
    { label: t("home.vehicles"), value: overview?.vehicleCount },
    { label: t("home.terminals"), value: overview?.terminalCount },
    { label: t("home.simCards"), value: overview?.simCardCount },
  ];
  return (
    <section aria-labelledby="home-heading" className="flex flex-col gap-4">
      <h1 id="home-heading" className="text-base font-medium text-gray-800">
        {user ? t("home.welcome", { name: user.realName || user.username }) : t("home.heading")}
      </h1>
      <ul className="grid grid-cols-3 gap-4">
        {counts.map((c) => (
          <li key={c.label} className="rounded-md bg-white p-5 shadow-sm">
            <p className="text-sm text-gray-500">{c.label}</p>
            <p className="mt-2 text-3xl font-semibold text-gray-800 tabular-nums">
              {c.value?.toLocaleString("zh-CN") ?? "—"}
            </p>
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <section aria-labelledby="home-activity" className="rounded-md bg-white p-5 shadow-sm">
          <h2 id="home-activity" className="mb-3 text-sm font-medium text-gray-700">
            {t("home.activity")}
          </h2>
          {overview ? (
            overview.journalActivity.length > 0 ? (
              <Suspense fallback={<div className="h-56" />}>
                <ActivityChart days={overview.journalActivity} />
              </Suspense>
            ) : (
              <EmptyState text={t("common.noData")} />
            )
          ) : (
            <div className="h-56" />
          )}
        </section>
        <section aria-labelledby="home-exports" className="rounded-md bg-white p-5 shadow-sm">
          <div className="mb-3 flex items-center justify-between">
            <h2 id="home-exports" className="text-sm font-medium text-gray-700">
              {t("home.latestExports")}
            </h2>
            <a href={hashHref("/exportFile/index")} className="text-xs text-blue-600 hover:underline">
              {t("home.allExports")}
            </a>
          </div>
          {overview && overview.latestExports.length === 0 && <EmptyState text={t("exportFile.empty")} />}
          <ul className="divide-y divide-gray-100">
            {overview?.latestExports.map((task) => (
              <li key={task.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 flex-1 truncate" title={task.name}>
                  {task.name}
                </span>
                <span className="text-xs text-gray-500">{formatDateTime(task.createdAt)}</span>
                <TaskStatusBadge task={task} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
