// Tab list (platform-shell.md §2, §4; business-areas.md §4).
export {
  HOME_TAB,
  initialTabs,
  reduceTabs,
  type Tab,
  type TabsAction,
  type TabsResult,
  type TabsState,
} from "./tabsReducer";
export { deserializeTabs, serializeTabs, TABS_STORAGE_KEY } from "./tabsStorage";
