import { PLATFORM_NAME } from "@tsp/domain";
import { buttonClass } from "@tsp/ui";
import { useT } from "../../i18n/i18n";

/**
 * /login (public, platform-shell.md §2). Sign-in itself happens on the external authorisation
 * page (openapi/CONVENTIONS.md "Sign-in"); this page only explains and sends the person there.
 */
export function LoginPage({ onSignIn }: { onSignIn: () => void }) {
  const t = useT();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100">
      <section aria-labelledby="login-title" className="w-96 rounded-md bg-white p-8 shadow">
        <p className="text-sm text-gray-500">{PLATFORM_NAME}</p>
        <h1 id="login-title" className="mt-1 text-xl font-semibold text-gray-800">
          {t("login.title")}
        </h1>
        <p className="mt-4 text-sm text-gray-600">{t("login.hint")}</p>
        <button type="button" className={buttonClass("primary", "mt-6 w-full")} onClick={onSignIn}>
          {t("login.button")}
        </button>
      </section>
    </main>
  );
}
