import type { Brand, RegionNode } from "@tsp/domain";
import type {
  DealerQuery,
  GeocodingProvider,
  ImportReport,
  KeyWordsQuery,
  KeywordQuery,
  LookupItem,
  LookupQuery,
  MachineryVinQuery,
  MeinQuery,
  RemotePage,
  SelectOption,
  TboxSnQuery,
  UploadFn,
  VinQuery,
} from "@tsp/ui";
import { createContext, useContext } from "react";

/**
 * Everything the gallery's widgets load. The widgets take these as props (ui makes no calls);
 * the console provides SDK-backed ones (sdkLoaders.ts) through {@link GalleryLoadersContext},
 * and demoLoaders.ts holds in-memory ones for the parts the reference server has no call for.
 */
export interface GalleryLoaders {
  dealers(q: DealerQuery, signal: AbortSignal): Promise<RemotePage<{ dealerCode: string; dealerName: string }>>;
  vins(q: VinQuery, signal: AbortSignal): Promise<RemotePage<{ vin: string }>>;
  tboxSns(q: TboxSnQuery, signal: AbortSignal): Promise<RemotePage<{ tboxSn: string }>>;
  iccids(q: KeyWordsQuery, signal: AbortSignal): Promise<RemotePage<{ iccid: string }>>;
  machineryVins(q: MachineryVinQuery, signal: AbortSignal): Promise<RemotePage<{ vin: string }>>;
  meins(q: MeinQuery, signal: AbortSignal): Promise<RemotePage<{ mein: string; vin: string }>>;
  keyword(q: KeywordQuery, signal: AbortSignal): Promise<RemotePage<SelectOption>>;
  lookup(q: LookupQuery, signal: AbortSignal): Promise<RemotePage<LookupItem>>;
  regions(): Promise<RegionNode[]>;
  brands(): Promise<Brand[]>;
  upload: UploadFn;
  downloadTemplate(): Promise<void>;
  importFile(file: File, options: { allowCover: boolean }): Promise<ImportReport>;
  geocoder: GeocodingProvider;
}

/** The loaders in use; the gallery page provides the SDK-backed set by default. */
export const GalleryLoadersContext = createContext<GalleryLoaders | null>(null);

/** The loaders of the surrounding provider. */
export function useGalleryLoaders(): GalleryLoaders {
  const loaders = useContext(GalleryLoadersContext);
  if (!loaders) throw new Error("GalleryLoadersContext is missing");
  return loaders;
}
