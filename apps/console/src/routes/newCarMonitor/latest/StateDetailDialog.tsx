import { Dialog } from "@tsp/ui";
import { useEffect, useState } from "react";
import { getVehicleState, type VehicleStateDetail } from "../../../api/vehicleState";
import { useT } from "../../../i18n/i18n";
import { hashHref } from "../../../routing/hashLocation";
import { StateView } from "./StateView";

/** How often an open detail reads the state again (the gateway commits a batch every 50 ms). */
export const STATE_POLL_MS = 5000;

/**
 * A VIN's latest state, read again every {@link STATE_POLL_MS} while shown (the server has no
 * event stream; polling one small row is cheap). The previous answer stays on screen meanwhile.
 */
export function useLiveState(vin: string | null): { state: VehicleStateDetail | null; failed: boolean } {
  const [loaded, setLoaded] = useState<{ vin: string; state: VehicleStateDetail | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (vin === null) return;
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      getVehicleState(vin, ac.signal)
        .then((state) => setLoaded({ vin, state, failed: false }))
        .catch(() => {
          if (!ac.signal.aborted) setLoaded((l) => ({ vin, state: l?.vin === vin ? l.state : null, failed: true }));
        })
        .finally(() => {
          if (!ac.signal.aborted) timer = setTimeout(read, STATE_POLL_MS);
        });
    };
    read();
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, [vin]);
  return loaded?.vin === vin ? loaded : { state: null, failed: false };
}

/** 详情 of the real-time list: the live state of one VIN and the way to 单车查询. */
export function StateDetailDialog({ vin, onClose }: { vin: string; onClose: () => void }) {
  const t = useT();
  const { state } = useLiveState(vin);
  return (
    <Dialog open title={t("vstate.detailTitle", { vin })} onClose={onClose} width={760}>
      <div className="mb-3 flex items-center justify-between gap-4">
        <p className="text-xs text-gray-600">{t("vstate.live", { n: STATE_POLL_MS / 1000 })}</p>
        <a className="text-sm text-blue-600 hover:underline" href={hashHref(`/operate/query?vin=${vin}`)}>
          {t("vstate.query")}
        </a>
      </div>
      {state ? <StateView state={state} /> : <p className="text-sm text-gray-600">…</p>}
    </Dialog>
  );
}
