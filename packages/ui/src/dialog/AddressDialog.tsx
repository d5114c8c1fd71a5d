import { useEffect, useState } from "react";
import { useToast } from "../feedback/Toasts";
import { Dialog } from "./Dialog";

/** Spec §8 messages of the address dialog. */
export const MSG_NO_LOCATION = "暂无车辆位置";
export const MSG_ADDRESS_LOOKUP_FAILED = "根据经纬度查询车辆位置失败";

/**
 * Address dialog 地址详情 (spec §2): looks up the address of a vehicle's position through the
 * injected reverse geocoder. Without a position (or when the lookup finds nothing) it shows
 * 暂无车辆位置; a failed lookup also warns 根据经纬度查询车辆位置失败.
 */
export function AddressDialog({
  open,
  onClose,
  lng,
  lat,
  reverse,
}: {
  open: boolean;
  onClose: () => void;
  lng: number | null | undefined;
  lat: number | null | undefined;
  reverse: (lng: number, lat: number) => Promise<string | null>;
}) {
  const toast = useToast();
  const [state, setState] = useState<{ key: string; address: string | null; loading: boolean }>({
    key: "",
    address: null,
    loading: false,
  });
  const has = typeof lng === "number" && typeof lat === "number" && !(lng === 0 && lat === 0);
  const key = has ? `${lng},${lat}` : "";
  useEffect(() => {
    if (!open || !has) return;
    let live = true;
    reverse(lng, lat)
      .then((address) => live && setState({ key, address, loading: false }))
      .catch(() => {
        if (!live) return;
        setState({ key, address: null, loading: false });
        toast.warning(MSG_ADDRESS_LOOKUP_FAILED);
      });
    return () => {
      live = false;
    };
  }, [open, has, key, lng, lat, reverse, toast]);
  // Until the answer for this position arrives, it is loading.
  const current = state.key === key ? state : { address: null, loading: has };
  return (
    <Dialog open={open} title="地址详情" onClose={onClose} width={480}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-gray-500">地址</dt>
        <dd aria-live="polite">
          {!has ? MSG_NO_LOCATION : current.loading ? "查询中…" : current.address || MSG_NO_LOCATION}
        </dd>
        {has && (
          <>
            <dt className="text-gray-500">经纬度</dt>
            <dd>
              {lng}, {lat}
            </dd>
          </>
        )}
      </dl>
    </Dialog>
  );
}
