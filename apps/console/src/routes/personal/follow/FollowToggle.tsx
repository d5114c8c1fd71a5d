import { buttonClass, useToast } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/fleet";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { useCan } from "../../../permission/useCan";

/**
 * 关注 / 取消关注 of one vehicle (我的关注), for the rows of 高级筛选, 车辆详细信息 and 我的关注;
 * absent without /personal/follow/edit. The surrounding list is read again, so a followed vehicle
 * moves to the top.
 */
export function FollowToggle({ vin, followed, onChanged }: { vin: string; followed: boolean; onChanged?: () => void }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [busy, setBusy] = useState(false);
  if (!can("followVehicle")) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      if (followed) await api.unfollow(vin);
      else await api.follow(vin);
      toast.success(t(followed ? "follow.undone" : "follow.done", { vin }));
      (onChanged ?? reload)();
    } catch {
      // The client's hook toasts the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={buttonClass("link")}
      disabled={busy}
      aria-pressed={followed}
      aria-label={`${t(followed ? "follow.unfollow" : "follow.follow")} ${vin}`}
      onClick={toggle}
    >
      {t(followed ? "follow.unfollow" : "follow.follow")}
    </button>
  );
}
