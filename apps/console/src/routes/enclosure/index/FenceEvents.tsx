import { Dialog } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/enclosure";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";

/** Most events the dialog lists (the export has them all). */
const SHOWN = 100;

/** 事件 of a fence: the last 7 days' enter/exit/overspeed events computed on ingest, newest first, with 导出事件. */
export function FenceEvents({ fence, onClose }: { fence: api.Enclosure; onClose: () => void }) {
  const t = useT();
  const [page, setPage] = useState<{ list: api.EnclosureEvent[]; total: number } | null>(null);
  useEffect(() => {
    void api.listEnclosureEvents({ fenceId: fence.id, pageNum: 1, pageSize: SHOWN }).then(setPage, () => undefined);
  }, [fence.id]);
  return (
    <Dialog open width={820} title={t("fence.eventsTitle", { name: fence.name })} onClose={onClose}>
      <div className="mb-3 flex items-center gap-2">
        <ExportButton
          op="exportEnclosureEvents"
          label={t("fence.export")}
          run={() => api.exportEnclosureEvents({ fenceId: fence.id })}
        />
        <span className="ml-auto text-sm text-gray-600">{t("fence.event.total", { n: page?.total ?? 0 })}</span>
      </div>
      {page && page.list.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">{t("fence.event.none")}</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="fence-events">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              {[
                "fence.event.at",
                "alarm.vin",
                "fence.event.kind",
                "fence.event.position",
                "fence.event.speed",
                "fence.event.alarmed",
              ].map((k) => (
                <th key={k} scope="col" className="px-2 py-1">
                  {t(k as "fence.event.at")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page?.list.map((e) => (
              <tr key={e.id} className="border-t border-gray-100">
                <td className="px-2 py-1">{formatDateTime(e.at)}</td>
                <td className="px-2 py-1 font-mono">{e.vin}</td>
                <td className="px-2 py-1">{t(`fence.event.${e.kind}`)}</td>
                <td className="px-2 py-1">{`${e.lng.toFixed(6)},${e.lat.toFixed(6)}`}</td>
                <td className="px-2 py-1">{e.speed ?? "—"}</td>
                <td className="px-2 py-1">{e.alarmed ? t("fence.event.yes") : t("fence.event.no")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
