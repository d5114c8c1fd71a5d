import { useEffect, useState } from "react";
import { getBoundIccid } from "../../../api/tbox";
import type { JournalRow } from "../../../api/types";
import { FrameDetail } from "./FrameDetail";

/**
 * The decoded frame of a journal row with the ICCID checked against the SIM bound to the
 * vehicle in master data (read once per opened frame; a logout frame carries no ICCID).
 */
export function FrameWithSim({ row, checkSim }: { row: JournalRow; checkSim: boolean }) {
  const [bound, setBound] = useState<{ vin: string; iccid: string | null } | null>(null);
  useEffect(() => {
    if (!checkSim) return;
    const ac = new AbortController();
    getBoundIccid(row.vin, ac.signal)
      .then((iccid) => setBound({ vin: row.vin, iccid }))
      .catch(() => {}); // toasted by the shell; the frame still shows
    return () => ac.abort();
  }, [row.vin, checkSim]);
  return <FrameDetail content={row.content} boundIccid={bound?.vin === row.vin ? bound.iccid : undefined} />;
}
