import { uploadSigned } from "@tsp/sdk";
import { type ImportReport, regionPlacesGeocoder, saveBlob } from "@tsp/ui";
import { sdk } from "../../api/sdk";
import { demoSearchPlaces } from "./demoPlaces";
import type { GalleryLoaders } from "./galleryLoaders";

type Query = Record<string, string | number | boolean | undefined>;

async function get<T>(path: string, query: Query, signal?: AbortSignal): Promise<T> {
  // Empty filters are left out (the contract treats absent and empty alike, but logs stay clean).
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ""));
  const r = await sdk().raw("GET", path, { params: { query: clean }, ...(signal ? { signal } : {}) });
  return (r.data as { data: T }).data;
}

/**
 * The gallery's loaders over the reference server, through the console's SDK client (token,
 * errors and loading overlay as everywhere in the console).
 */
export function sdkGalleryLoaders(): GalleryLoaders {
  return {
    dealers: (q, signal) => get("/tsp-bss/dealer/findList", { ...q }, signal),
    vins: (q, signal) => get("/tsp-bss/v1/vehicle/findVinListByDim", { ...q }, signal),
    tboxSns: (q, signal) => get("/tsp-bss/v1/vehicle/findSnListByDim", { ...q }, signal),
    iccids: (q, signal) =>
      get("/tsp-bss/simCard/findAllIccid", { iccid: q.keyWords, pageNum: q.pageNum, pageSize: q.pageSize }, signal),
    machineryVins: (q, signal) => get("/tsp-bss/machinery/manager/findMeinListByDim", { ...q }, signal),
    meins: (q, signal) =>
      get(
        "/tsp-bss/machinery/manager/findMeinListByDim",
        { vin: q.mein, pageNum: q.pageNum, pageSize: q.pageSize },
        signal,
      ),
    keyword: (q, signal) => get("/tsp-bss/search/getDealer", { ...q }, signal),
    async lookup(q, signal) {
      const path = {
        vin: "/tsp-bss/v1/vehicle/findVinListByDim",
        iccid: "/tsp-bss/v1/vehicle/findIccidList",
        sn: "/tsp-bss/v1/vehicle/findSnListByDim",
      }[q.type];
      const key = { vin: "vin", iccid: "iccid", sn: "tboxSn" }[q.type];
      const page = await get<{ list: Record<string, string>[]; total: number }>(
        path,
        { [key]: q.keyword, pageNum: q.pageNum, pageSize: q.pageSize },
        signal,
      );
      return { list: page.list.map((r) => ({ value: r[key] ?? "" })), total: page.total };
    },
    regions: () => get("/comm-data/v1/basedata/area/allList", {}),
    brands: () => get("/tsp-bss/v1/brands/selectBrandTree", {}),
    async upload(file, { objectKey, contentType, onProgress, signal }) {
      const r = await uploadSigned({
        sign: async () => {
          const a = await sdk().raw("POST", "/comm-saas-cloud/obs/getCommonFileUploadSigned", {
            body: { objectKey, contentType },
          });
          return (a.data as { data: { url: string; accessURL: string; contentType: string } }).data;
        },
        file,
        contentType,
        signal,
        sdk: sdk(),
        onProgress: (p) => onProgress(p.percent),
      });
      return { url: r.objectUrl, objectKey };
    },
    async downloadTemplate() {
      const r = await sdk().raw("GET", "/tsp-bss/import/template/download/nerVehicleModel", { parseAs: "blob" });
      saveBlob(r.data as Blob, "车型导入模板.xlsx");
    },
    async importFile(file, { allowCover }) {
      const body = new FormData();
      body.append("file", file);
      const r = await sdk().raw("POST", "/tsp-bss/nerVehicleExcel/import/vehicleModel", {
        params: { query: { allowCover } },
        body,
        bodySerializer: (b: FormData) => b,
      });
      return (r.data as { data: ImportReport }).data;
    },
    // Places: the server's regions (placed at their province) plus the gallery's demo places
    // with coordinates; reverse lookup from ui's offline province data.
    geocoder: regionPlacesGeocoder(() => get("/comm-data/v1/basedata/area/allList", {}), demoSearchPlaces),
  };
}
