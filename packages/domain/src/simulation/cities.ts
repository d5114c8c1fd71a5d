/** A city the simulated fleet drives between: name and WGS-84 coordinates (degrees, as a terminal reports). */
export interface SimCity {
  readonly name: string;
  readonly longitude: number;
  readonly latitude: number;
}

/**
 * Cities of eastern China within a day's drive of one another (the demo fleet's tenants sit in
 * the Yangtze delta), WGS-84 centres.
 */
export const SIM_CITIES: readonly SimCity[] = [
  { name: "上海", longitude: 121.4737, latitude: 31.2304 },
  { name: "苏州", longitude: 120.5853, latitude: 31.2989 },
  { name: "杭州", longitude: 120.1551, latitude: 30.2741 },
  { name: "南京", longitude: 118.7969, latitude: 32.0603 },
  { name: "无锡", longitude: 120.3119, latitude: 31.4912 },
  { name: "嘉兴", longitude: 120.7555, latitude: 30.7469 },
  { name: "宁波", longitude: 121.544, latitude: 29.8683 },
  { name: "合肥", longitude: 117.2272, latitude: 31.8206 },
  { name: "常州", longitude: 119.9741, latitude: 31.8112 },
  { name: "绍兴", longitude: 120.582, latitude: 29.9971 },
];

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}

/** Initial bearing from the first point to the second, 0–359 degrees clockwise from north. */
export function bearingDeg(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const y = Math.sin(rad(lon2 - lon1)) * Math.cos(rad(lat2));
  const x =
    Math.cos(rad(lat1)) * Math.sin(rad(lat2)) - Math.sin(rad(lat1)) * Math.cos(rad(lat2)) * Math.cos(rad(lon2 - lon1));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) % 360;
}
