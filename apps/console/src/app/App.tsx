import { BIG_SCREEN_PATH, LOGIN_PATH, PLATFORM_NAME } from "@tsp/domain";
import { ToastProvider } from "@tsp/ui";
import { lazy, Suspense, useCallback, useEffect } from "react";
import { sdk } from "../api/sdk";
import type { RuntimeConfig } from "../config/runtimeConfig";
import { ConsoleUiText } from "../kit/ConsoleUiText";
import { LoginPage } from "../routes/login/LoginPage";
import { useHashPath } from "../routing/hashLocation";
import { goToSignIn } from "../session/signIn";
import { SessionGate } from "../shell/SessionGate";
import { ClientBridge } from "./ClientBridge";

const BigScreenPage = lazy(() => import("../routes/bigScreen/BigScreenPage"));

/**
 * The console: the public pages (/login, /bigScreen) and, for every other path, the session
 * gate and the shell (platform-shell.md §2). The page title is always the platform name.
 */
export function App({ config }: { config: RuntimeConfig }) {
  const [path] = useHashPath();
  const signIn = useCallback(() => goToSignIn(config, () => void sdk().tokens.clear()), [config]);
  // Spec §2: the page title is always the platform name — re-asserted after every render.
  useEffect(() => {
    document.title = PLATFORM_NAME;
  });
  let page: React.ReactNode;
  if (path === LOGIN_PATH) page = <LoginPage onSignIn={signIn} />;
  else if (path === BIG_SCREEN_PATH) {
    page = (
      <Suspense fallback={null}>
        <BigScreenPage />
      </Suspense>
    );
  } else page = <SessionGate config={config} />;
  return (
    <ConsoleUiText>
      <ToastProvider>
        <ClientBridge onUnauthorized={signIn} />
        {page}
      </ToastProvider>
    </ConsoleUiText>
  );
}
