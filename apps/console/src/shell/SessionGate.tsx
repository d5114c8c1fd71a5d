import { PLATFORM_NAME } from "@tsp/domain";
import { TOKEN_STORAGE_KEY } from "@tsp/sdk";
import { useAtom } from "jotai";
import { useEffect } from "react";
import { sdk } from "../api/sdk";
import { exchangeGrant, getMyInfo, getPermissions, signOut } from "../api/session";
import type { RuntimeConfig } from "../config/runtimeConfig";
import { useT } from "../i18n/i18n";
import { UnauthorizedPage } from "../routes/errors/ErrorPage";
import { currentHashPath, currentHashSearch, navigateHash } from "../routing/hashLocation";
import { appRedirectUri, readGrant, takeRequestedPath, withoutGrant } from "../session/address";
import { sessionAtom } from "../session/sessionAtoms";
import { goToSignIn } from "../session/signIn";
import { startSession } from "../session/startSession";
import { Shell } from "./Shell";

/** The one session start of this page (StrictMode runs effects twice; a code is single-use). */
let starting: ReturnType<typeof startSession> | null = null;

/**
 * Runs the session start once per page (exchange, permissions, routes, landing) and shows
 * the shell only when the permitted routes exist — before that a neutral splash, so no menu
 * the account may not see ever flashes.
 */
export function SessionGate({ config }: { config: RuntimeConfig }) {
  const t = useT();
  const [session, setSession] = useAtom(sessionAtom);
  const signIn = () => goToSignIn(config, () => void sdk().tokens.clear());
  useEffect(() => {
    if (session.status !== "starting") return;
    starting ??= startSession({
      address: () => {
        const search = currentHashSearch();
        return currentHashPath() + (search ? `?${search}` : "");
      },
      grant: () => readGrant(location.href),
      forgetGrant: () => history.replaceState(history.state, "", withoutGrant(location.href)),
      token: () => localStorage.getItem(TOKEN_STORAGE_KEY),
      exchange: async (code, state) => {
        await exchangeGrant({ clientId: config.clientId, code, state, redirectUri: appRedirectUri(location.href) });
      },
      authorize: signIn,
      permissions: getPermissions,
      myInfo: getMyInfo,
      requestedPath: () => takeRequestedPath(),
      navigate: (to) => navigateHash(to, { replace: true }),
    });
    void starting.then((outcome) => {
      setSession(outcome);
    });
  });
  if (session.status === "ready") {
    return (
      <Shell
        routes={session.routes}
        menu={session.menu}
        user={session.user}
        onSignIn={signIn}
        onSignOut={() => {
          void signOut().finally(signIn);
        }}
      />
    );
  }
  if (session.status === "failed") {
    return (
      <main className="p-8">
        <UnauthorizedPage onSignIn={signIn} />
      </main>
    );
  }
  return (
    <main className="flex h-screen items-center justify-center bg-slate-50 text-sm text-gray-500" aria-busy="true">
      <span>
        {PLATFORM_NAME} · {session.status === "redirecting" ? t("session.redirecting") : t("session.signingIn")}
      </span>
    </main>
  );
}
