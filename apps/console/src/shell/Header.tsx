import { buttonClass } from "@tsp/ui";
import { useAtom } from "jotai";
import { lazy, Suspense, useState } from "react";
import type { MyInfo } from "../api/types";
import { LOCALE_STORAGE_KEY, localeAtom, useT } from "../i18n/i18n";
import { MessageBell } from "./MessageBell";

// The dialog (and the dialog kit it brings) loads when first opened, not with the first screen.
const ChangePasswordDialog = lazy(() => import("./ChangePasswordDialog"));

/**
 * The header: who is signed in (myInfo, spec §7), 修改密码, the locale switch and 退出登录.
 * Plain buttons rather than a drop-down: three actions fit, and each stays one click away.
 */
export function Header({ user, onSignOut }: { user: MyInfo | null; onSignOut: () => void }) {
  const t = useT();
  const [locale, setLocale] = useAtom(localeAtom);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const switchLocale = () => {
    const next = locale === "zh-CN" ? "en" : "zh-CN";
    setLocale(next);
    localStorage.setItem(LOCALE_STORAGE_KEY, next);
    document.documentElement.lang = next;
  };
  return (
    <header className="flex h-12 shrink-0 items-center justify-end gap-2 border-b border-gray-200 bg-white px-4 text-sm">
      {user && (
        <span className="mr-2 text-gray-700" title={`${user.tenantName} · ${user.orgName}`}>
          <span className="sr-only">{t("header.user")}：</span>
          <span data-testid="current-user">{user.realName || user.username}</span>
          <span className="ml-2 text-xs text-gray-500">{user.roles.map((r) => r.roleName).join("、")}</span>
        </span>
      )}
      {user && <MessageBell />}
      <button type="button" className={buttonClass("link")} onClick={switchLocale}>
        {t("header.locale")}
      </button>
      <button type="button" className={buttonClass("link")} onClick={() => setPasswordOpen(true)}>
        {t("header.changePassword")}
      </button>
      <button type="button" className={buttonClass("default")} onClick={onSignOut}>
        {t("header.signOut")}
      </button>
      {passwordOpen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
