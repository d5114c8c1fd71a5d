// Routes, menus and permissions (platform-shell.md §2, §6; business-areas.md §2, §6).
export {
  checkButtonPermission,
  hasButtonPermission,
  LOGIN_LOG_EXPORT_PERMISSION,
  MSG_EMPTY_PERMISSION,
  type PermissionCheck,
} from "./buttonPermission";
export { filterRoutesByMenuApis, routePaths } from "./menuApis";
export { findRoute, landingPath, pathOf, resolveAddress, rootTarget } from "./resolve";
export { routeName } from "./routeBuilders";
export {
  BIG_SCREEN_PATH,
  CONSTANT_ROUTES,
  ERROR_PATH,
  HOME_PATH,
  LOGIN_PATH,
  NO_TAB_PATHS,
  NOT_FOUND_PATH,
  OPERATE_OVERVIEW_PATH,
  PUBLIC_PATHS,
  ROUTE_TABLE,
  UNAUTHORIZED_PATH,
} from "./routeTable";
export type { MenuItem, RouteNode } from "./routeTypes";
export { buildSideMenu } from "./sideMenu";
