import { PLATFORM_NAME } from "@tsp/domain";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/i18n";
import { hashHref } from "../../routing/hashLocation";
import { BIG_SCREEN_DESIGN_HEIGHT, BIG_SCREEN_DESIGN_WIDTH, bigScreenScale } from "./scale";

/**
 * /bigScreen (public, platform-shell.md §2/§9): laid out in design pixels at 3840 × 2160 and
 * scaled to the viewport as one block, so a wall display and a laptop show the same picture.
 * Its data panels are not shown by the spec; it carries the frame and platform name only.
 */
export default function BigScreenPage() {
  const t = useT();
  const [scale, setScale] = useState(() => bigScreenScale(innerWidth, innerHeight));
  useEffect(() => {
    const onResize = () => setScale(bigScreenScale(innerWidth, innerHeight));
    addEventListener("resize", onResize);
    return () => removeEventListener("resize", onResize);
  }, []);
  return (
    <div className="h-screen w-screen overflow-hidden bg-slate-950">
      <div
        data-testid="big-screen-canvas"
        className="origin-top-left text-slate-100"
        style={{ width: BIG_SCREEN_DESIGN_WIDTH, height: BIG_SCREEN_DESIGN_HEIGHT, transform: `scale(${scale})` }}
      >
        <header className="flex h-[160px] items-center justify-between border-b-4 border-sky-700 px-[96px]">
          <h1 className="text-[72px] font-bold tracking-widest">{t("bigScreen.title")}</h1>
          <span className="flex items-center gap-[48px] text-[40px] text-sky-300">
            {PLATFORM_NAME}
            <a className="rounded-[12px] border-2 border-sky-700 px-[32px] py-[8px] text-sky-200" href={hashHref("/")}>
              {t("bigScreen.back")}
            </a>
          </span>
        </header>
        <div className="grid h-[2000px] grid-cols-3 gap-[64px] p-[96px]">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-[24px] border-2 border-sky-900 bg-slate-900/60" />
          ))}
        </div>
      </div>
    </div>
  );
}
