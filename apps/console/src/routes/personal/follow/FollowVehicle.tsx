import { useCallback, useEffect, useState } from "react";
import { listFleet } from "../../../api/fleet";
import { FollowToggle } from "./FollowToggle";

/**
 * 关注 / 取消关注 of one VIN on a page of its own (车辆详情, 单车查询): whether the account follows it
 * is read from 高级筛选's list (its `followed`), and read again after a change.
 */
export function FollowVehicle({ vin }: { vin: string }) {
  const [followed, setFollowed] = useState<boolean | null>(null);
  const read = useCallback(() => {
    listFleet({ vin, pageNum: 1, pageSize: 1 })
      .then((page) => setFollowed(page.list.find((r) => r.vin === vin)?.followed ?? false))
      .catch(() => setFollowed(null));
  }, [vin]);
  useEffect(read, [read]);
  return followed === null ? null : <FollowToggle vin={vin} followed={followed} onChanged={read} />;
}
