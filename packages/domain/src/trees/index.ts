// Lists to trees and options (platform-shell.md §3, §9).
export {
  type Brand,
  type BrandModel,
  type BrandSelection,
  type BrandSeries,
  brandOptions,
  brandSelection,
} from "./brandTree";
export {
  ALL,
  AUDIO_CHANNELS,
  type Dealer,
  dealerOptions,
  GENERAL_CHANNELS,
  LOOKUP_TYPES,
  SCREEN_QUERY_DEFAULTS,
  SORT_OPTIONS,
  toOptions,
} from "./options";
export { buildRegionTree, REGION_MAX_LEVEL, type RegionNode, type RegionTreeNode, regionOptions } from "./regionTree";
export type { SelectOption, TreeOption } from "./treeOption";
