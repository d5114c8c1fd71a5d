import * as d from "@tsp/domain";
import { buttonClass } from "@tsp/ui";
import { useEffect, useState } from "react";
import { useT } from "../../../i18n/i18n";
import { hashHref, useHashSearch } from "../../../routing/hashLocation";
import { FollowVehicle } from "../../personal/follow/FollowVehicle";
import { loadMasterData, type MasterData, VehicleSheet } from "../query/VehicleQueryPage";

/**
 * 车辆详情 (/operate/details?vin&name, hidden; opened from a row of 高级筛选, 车辆详细信息 or
 * 我的关注): one vehicle's full page — 单车查询's sheet (master data of every group, T-BOX, SIM,
 * live state, last position, recent alarms, journal links) with 关注 / 取消关注. The spec's `name`
 * (default carCondition-common) names a tab of the old page; every part is on this one.
 */
export default function DetailsPage() {
  const t = useT();
  const search = useHashSearch();
  const vin = d.normalizeVin(new URLSearchParams(search).get("vin") ?? "");
  const ready = d.isVin(vin);
  const [loaded, setLoaded] = useState<{ vin: string; data: MasterData | null; now: number } | null>(null);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const now = Date.now();
    loadMasterData(vin, now)
      .then((data) => live && setLoaded({ vin, data, now }))
      .catch(() => live && setLoaded({ vin, data: null, now }));
    return () => {
      live = false;
    };
  }, [vin, ready]);
  const current = loaded?.vin === vin ? loaded : null;
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-medium text-gray-800">
          {t("details.heading")}
          {ready && <span className="ml-2 font-mono text-base">{vin}</span>}
        </h1>
        {ready && <FollowVehicle vin={vin} />}
        {ready && (
          <a className={buttonClass("link")} href={hashHref(`/operate/query?vin=${vin}`)}>
            {t("vquery.heading")}
          </a>
        )}
      </div>
      {!ready ? (
        <p className="text-sm text-gray-600">{t("details.noVin")}</p>
      ) : current === null ? (
        <p className="text-sm text-gray-600">…</p>
      ) : current.data === null ? (
        <p className="text-sm text-gray-600">{t("vquery.notFound")}</p>
      ) : (
        <VehicleSheet vin={vin} data={current.data} now={current.now} />
      )}
    </div>
  );
}
