import {
  ERROR_PATH,
  findRoute,
  NOT_FOUND_PATH,
  type RouteNode,
  resolveAddress,
  routePaths,
  UNAUTHORIZED_PATH,
} from "@tsp/domain";
import { Suspense, useEffect } from "react";
import { useT } from "../i18n/i18n";
import { ErrorPage, NotFoundPage, UnauthorizedPage } from "../routes/errors/ErrorPage";
import { ScreenErrorBoundary } from "../routes/errors/ScreenErrorBoundary";
import { NotAvailablePage } from "../routes/notAvailable/NotAvailablePage";
import { GALLERY_MENU_PERMISSION, GALLERY_PATH, GALLERY_TITLE, GalleryScreen, SCREENS } from "../routes/screens";
import { navigateHash } from "../routing/hashLocation";

/** What the content area shows for a path: a screen, an error page, or a redirect to follow. */
export type Outlet =
  | { kind: "screen"; path: string; title: string }
  | { kind: "notFound" }
  | { kind: "unauthorized" }
  | { kind: "error" }
  | { kind: "redirect"; to: string };

/**
 * Decides the content for `path` among the permitted routes. Redirects (/ → home, a group → its
 * first screen) and unknown paths (→ /404) come from @tsp/domain's resolver; this runs only
 * after the routes loaded, which makes it the catch-all "registered last".
 */
export function outletFor(routes: readonly RouteNode[], path: string, search: string): Outlet {
  if (path === NOT_FOUND_PATH) return { kind: "notFound" };
  if (path === UNAUTHORIZED_PATH) return { kind: "unauthorized" };
  if (path === ERROR_PATH) return { kind: "error" };
  if (path === GALLERY_PATH) {
    return GalleryScreen && routePaths(routes).has(GALLERY_MENU_PERMISSION)
      ? { kind: "screen", path, title: GALLERY_TITLE }
      : { kind: "redirect", to: NOT_FOUND_PATH };
  }
  const address = search ? `${path}?${search}` : path;
  const resolved = resolveAddress(routes, address);
  if (resolved !== address) return { kind: "redirect", to: resolved };
  const route = findRoute(routes, path);
  return route ? { kind: "screen", path, title: route.title } : { kind: "redirect", to: NOT_FOUND_PATH };
}

/** Renders the outlet of the current path inside the shell. */
export function ScreenOutlet({
  routes,
  path,
  search,
  onSignIn,
}: {
  routes: readonly RouteNode[];
  path: string;
  search: string;
  onSignIn: () => void;
}) {
  const t = useT();
  const outlet = outletFor(routes, path, search);
  useEffect(() => {
    if (outlet.kind === "redirect") navigateHash(outlet.to, { replace: true });
  }, [outlet]);
  switch (outlet.kind) {
    case "notFound":
      return <NotFoundPage />;
    case "unauthorized":
      return <UnauthorizedPage onSignIn={onSignIn} />;
    case "error":
      return <ErrorPage />;
    case "redirect":
      return null;
    case "screen": {
      const Screen = outlet.path === GALLERY_PATH ? GalleryScreen : SCREENS[outlet.path];
      return (
        <ScreenErrorBoundary key={outlet.path}>
          <Suspense fallback={<p className="p-6 text-sm text-gray-500">{t("app.loading")}</p>}>
            {Screen ? <Screen /> : <NotAvailablePage title={outlet.title} />}
          </Suspense>
        </ScreenErrorBoundary>
      );
    }
  }
}
