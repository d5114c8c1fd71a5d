import type { MenuItem, RouteNode } from "@tsp/domain";
import { LoadingOverlay } from "@tsp/ui";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import type { MyInfo } from "../api/types";
import { useT } from "../i18n/i18n";
import { useHashPath, useHashSearch } from "../routing/hashLocation";
import { Header } from "./Header";
import { ScreenOutlet } from "./ScreenOutlet";
import { ShellTabs } from "./ShellTabs";
import { SideMenu } from "./SideMenu";
import { pendingCallsAtom } from "./shellAtoms";
import { useTabs } from "./useTabs";

/** Calls shorter than this show no overlay, so polling and quick pages do not flicker. */
const OVERLAY_DELAY_MS = 250;

/** True while calls are pending for longer than {@link OVERLAY_DELAY_MS}. */
function useDelayedLoading(): boolean {
  const busy = useAtomValue(pendingCallsAtom) > 0;
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setLate(true), OVERLAY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [busy]);
  return busy && late;
}

/**
 * The signed-in frame: side menu (240 px, collapsible), header, tab list and the content area
 * with the current screen. Only rendered once the permitted routes exist.
 */
export function Shell({
  routes,
  menu,
  user,
  onSignIn,
  onSignOut,
}: {
  routes: readonly RouteNode[];
  menu: readonly MenuItem[];
  user: MyInfo | null;
  onSignIn: () => void;
  onSignOut: () => void;
}) {
  const t = useT();
  const [path] = useHashPath();
  const search = useHashSearch();
  const tabs = useTabs(routes, path, search);
  const loading = useDelayedLoading();
  return (
    <div className="flex h-screen overflow-hidden bg-slate-50 text-sm text-gray-800">
      <SideMenu entries={menu} activePath={path} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header user={user} onSignOut={onSignOut} />
        <ShellTabs {...tabs} />
        <main className="relative min-h-0 flex-1 overflow-auto p-4" aria-busy={loading}>
          <ScreenOutlet routes={routes} path={path} search={search} onSignIn={onSignIn} />
        </main>
      </div>
      <LoadingOverlay show={loading} fullScreen text={t("app.loading")} />
    </div>
  );
}
