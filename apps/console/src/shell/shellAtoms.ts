import { atom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";

/** Number of SDK calls in flight; the loading overlay shows while it is above zero (spec §7). */
export const pendingCallsAtom = atom(0);

/** Layout state `hiddenSidebar` (spec §3): the side menu collapsed to icons. Remembered locally. */
export const sidebarCollapsedAtom = atomWithStorage("tsp-console-sidebar-collapsed", false);

/** Storage for state that must survive a reload of this browser tab but not leak to others. */
export const sessionJson = createJSONStorage<unknown>(() => sessionStorage);
