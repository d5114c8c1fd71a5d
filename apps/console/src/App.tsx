import { PLATFORM_NAME } from "@tsp/domain";
import { EmptyState } from "@tsp/ui";
import { useEffect } from "react";

/** The shell frame. Session, menu and tabs arrive with the console-shell issue. */
export function App() {
  useEffect(() => {
    document.title = PLATFORM_NAME;
  }, []);
  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-800">
      <aside className="w-60 shrink-0 bg-slate-900 text-slate-100" aria-label="侧边菜单">
        <div className="px-4 py-4 text-base font-semibold">{PLATFORM_NAME}</div>
      </aside>
      <main className="flex-1 p-6">
        <h1 className="mb-4 text-lg font-medium">首页</h1>
        <EmptyState />
      </main>
    </div>
  );
}
