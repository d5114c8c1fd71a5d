import { type LookupItem, type LookupQuery, type LookupType, TwoPartSearch } from "@tsp/ui";
import { useCallback, useRef, useState } from "react";
import { lookupVehicles } from "../../../api/vehicleQuery";
import { useT } from "../../../i18n/i18n";

/**
 * 单车查询's two-part box (spec §2): find the vehicle by VIN, SIM card ICCID or T-BOX serial —
 * what an operator has in hand when a terminal or a card is reported, not the vehicle — and open
 * it. The match's VIN comes with the lookup's own rows, so picking one needs no second call.
 */
export function VehicleFinder({ onVin }: { onVin: (vin: string) => void }) {
  const t = useT();
  const [value, setValue] = useState<{ type: LookupType; value: string | null }>({ type: "iccid", value: null });
  const vinOf = useRef(new Map<string, string>());
  const loader = useCallback(async (q: LookupQuery, signal: AbortSignal) => {
    const page = await lookupVehicles(q, signal);
    for (const m of page.list) vinOf.current.set(`${q.type}:${m.value}`, m.vin);
    return { list: page.list.map((m): LookupItem => ({ value: m.value })), total: page.total };
  }, []);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-gray-600">{t("vquery.finder")}</span>
      <TwoPartSearch
        label={t("vquery.finder")}
        loader={loader}
        value={value}
        onChange={(next) => {
          setValue(next);
          const vin = next.value === null ? undefined : vinOf.current.get(`${next.type}:${next.value}`);
          if (vin) onVin(vin);
        }}
      />
    </div>
  );
}
