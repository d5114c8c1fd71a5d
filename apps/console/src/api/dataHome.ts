import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { HomeOverview } from "./types";

// The home screen's calls (/dataHome, 首页).

/** The home overview (designed). */
export async function getHomeOverview(): Promise<HomeOverview> {
  return dataOf(await sdk().GET("/comm-inc-center/v1/web/home/overview"));
}
