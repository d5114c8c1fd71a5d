import { buttonClass, Dialog } from "@tsp/ui";
import { useState } from "react";
import { useT } from "../../../i18n/i18n";
import { CommandTimeline } from "./CommandTimeline";

/** The vehicle's timeline in a dialog (TBOX唤醒, 远程控制 and 远程控制联调 open it after sending, and from a row). */
export function TimelineDialog({ vin, onClose }: { vin: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open title={t("cmd.timeline")} onClose={onClose} width={720}>
      <CommandTimeline vin={vin} />
    </Dialog>
  );
}

/** 时间线 of a row: opens {@link TimelineDialog}. */
export function TimelineButton({ vin }: { vin: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("cmd.showTimeline")}
      </button>
      {open && <TimelineDialog vin={vin} onClose={() => setOpen(false)} />}
    </>
  );
}
