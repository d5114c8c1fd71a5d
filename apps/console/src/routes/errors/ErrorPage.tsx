import { buttonClass } from "@tsp/ui";
import type { ReactNode } from "react";
import { useT } from "../../i18n/i18n";
import { hashHref } from "../../routing/hashLocation";

/** Shared frame of the 404, 401 and error pages (platform-shell.md §2 fixed routes). */
function ErrorFrame({ code, body, children }: { code: string; body: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="error-code"
      className="flex flex-col items-center rounded-md bg-white px-6 py-16 shadow-sm"
    >
      <h1 id="error-code" className="text-6xl font-bold text-gray-300">
        {code}
      </h1>
      <p className="mt-4 text-base text-gray-600">{body}</p>
      <div className="mt-8 flex gap-3">{children}</div>
    </section>
  );
}

/** /404: an address that matches no permitted route. */
export function NotFoundPage() {
  const t = useT();
  return (
    <ErrorFrame code={t("error.404.title")} body={t("error.404.body")}>
      <a className={buttonClass("primary")} href={hashHref("/")}>
        {t("error.backHome")}
      </a>
    </ErrorFrame>
  );
}

/** /401: no right to the page, or the session ended. */
export function UnauthorizedPage({ onSignIn }: { onSignIn: () => void }) {
  const t = useT();
  return (
    <ErrorFrame code={t("error.401.title")} body={t("error.401.body")}>
      <button type="button" className={buttonClass("primary")} onClick={onSignIn}>
        {t("error.signInAgain")}
      </button>
      <a className={buttonClass("default")} href={hashHref("/")}>
        {t("error.backHome")}
      </a>
    </ErrorFrame>
  );
}

/**
 * /error, and what a screen that threw shows inside the shell; a screen whose script chunk
 * did not load says so in the spec's words (§8 chunk load error).
 */
export function ErrorPage({ detail, chunkFailed = false }: { detail?: string; chunkFailed?: boolean }) {
  const t = useT();
  const body = chunkFailed
    ? t("common.chunkFailed")
    : detail
      ? `${t("error.500.body")}（${detail}）`
      : t("error.500.body");
  return (
    <ErrorFrame code={t("error.500.title")} body={body}>
      <button type="button" className={buttonClass("primary")} onClick={() => location.reload()}>
        {t("error.reload")}
      </button>
      <a className={buttonClass("default")} href={hashHref("/")}>
        {t("error.backHome")}
      </a>
    </ErrorFrame>
  );
}
