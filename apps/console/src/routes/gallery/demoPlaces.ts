import type { Place } from "@tsp/ui";

/**
 * DEMO LOADER (in memory, no fetch): a handful of named places with coordinates for the map
 * picker's autocomplete. The reference server's regions carry no coordinates, so the gallery
 * shows place search with these until a deployment injects its maps service.
 */
const DEMO_PLACES: Place[] = [
  { name: "一汽解放长春服务站", address: "吉林省长春市绿园区东风大街", lng: 125.2736, lat: 43.8663 },
  { name: "东风商用车十堰服务站", address: "湖北省十堰市张湾区车城路", lng: 110.7798, lat: 32.6469 },
  { name: "比亚迪深圳坪山基地", address: "广东省深圳市坪山区比亚迪路", lng: 114.3532, lat: 22.6958 },
  { name: "陕汽西安经开区服务站", address: "陕西省西安市未央区泾渭新城", lng: 109.0393, lat: 34.4409 },
  { name: "上汽红岩重庆服务站", address: "重庆市九龙坡区西彭镇", lng: 106.3309, lat: 29.3473 },
];

/** DEMO LOADER: places whose name or address contains the keyword. */
export async function demoSearchPlaces(keyword: string): Promise<Place[]> {
  const k = keyword.trim();
  return k ? DEMO_PLACES.filter((p) => p.name.includes(k) || p.address.includes(k)) : [];
}
