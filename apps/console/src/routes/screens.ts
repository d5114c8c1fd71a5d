import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * The screens that are really built, by route path; each loads lazily as its own chunk
 * (platform-shell.md §2 "Pages load lazily"). Every other route of @tsp/domain's table shows
 * the honest 暂未开放 page with its title.
 */
export const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  "/dataHome": lazy(() => import("./dataHome/DataHomePage")),
  "/tbox/loginJournal": lazy(() => import("./tbox/loginJournal/LoginJournalPage")),
  "/exportFile/index": lazy(() => import("./exportFile/ExportFileListPage")),
};

/** Paths of the real screens (for the README's list and tests). */
export const BUILT_SCREEN_PATHS: readonly string[] = Object.keys(SCREENS);

/** The widget gallery of @tsp/ui (its engineer's `routes/gallery/GalleryPage.tsx`), hidden from the menu. */
export const GALLERY_PATH = "/gallery";
/** Title of the gallery's tab. */
export const GALLERY_TITLE = "组件示例";
/**
 * Who may open the gallery: accounts permitted menu management (/permit/menu) — the people who
 * decide what the console shows. The spec has no such page; this guard is a design decision.
 */
export const GALLERY_MENU_PERMISSION = "/permit/menu";

// Found at build time when the file exists, so the console builds before and after it lands.
const galleryModules = import.meta.glob<{ default: ComponentType }>("./gallery/GalleryPage.tsx");
const loadGallery = Object.values(galleryModules)[0];
/** The gallery screen, or null while its file does not exist. */
export const GalleryScreen: LazyExoticComponent<ComponentType> | null = loadGallery ? lazy(loadGallery) : null;
