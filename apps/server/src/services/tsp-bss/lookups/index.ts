import type { Handler } from "../../types";
import { selectBrandTree, selectBrandTreeList } from "./brandTree";
import { findDealerByRegion, findDealerList } from "./dealers";
import { keywordSearchHandlers } from "./keywordSearch";
import { findMeinListByDim, listNongjiNoPage } from "./machinery";
import { masterListHandlers } from "./masterLists";
import { findAllIccid, findIccidList, findUnBoundIccid } from "./simCards";
import {
  findByVin,
  findSnListByDim,
  findUnSale,
  findVinListByDim,
  fuzzyFindPlates,
  fuzzyFindTboxSn,
  getExistVinList,
} from "./vehiclePickers";

/** The lookups slice of tsp-bss: master lists, brand tree, dealers, SIM cards, vehicle and machinery pickers, keyword searches. */
export const lookupHandlers: Record<string, Handler> = {
  ...masterListHandlers,
  selectBrandTreeList,
  selectBrandTree,
  findDealerList,
  findDealerByRegion,
  findUnBoundIccid,
  findAllIccid,
  findIccidList,
  getExistVinList,
  findVinListByDim,
  findSnListByDim,
  findByVin,
  fuzzyFindTboxSn,
  fuzzyFindPlates,
  findMeinListByDim,
  listNongjiNoPage,
  findUnSale,
  ...keywordSearchHandlers,
};
