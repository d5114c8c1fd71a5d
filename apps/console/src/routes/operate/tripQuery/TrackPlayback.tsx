import { sampleIndexAt, trackPointStates } from "@tsp/domain";
import { buttonClass, inputClass } from "@tsp/ui";
import { useEffect, useMemo, useRef, useState } from "react";
import type { VehicleTrack } from "../../../api/track";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";

/** Simulated seconds per real second. */
export const PLAYBACK_RATES = [10, 60, 300, 1800] as const;
const TICK_MS = 100;

/**
 * Where the playback is (a point index), as a tiny store outside React state: the page sets it
 * (a new track, 回放至此) without re-rendering itself per tick, and only the part that shows it
 * subscribes (useSyncExternalStore).
 */
export interface PlaybackCursor {
  readonly get: () => number;
  readonly set: (index: number) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createPlaybackCursor(): PlaybackCursor {
  let index = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => index,
    set: (next) => {
      if (next === index) return;
      index = next;
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Playback of a track: play / pause, restart, the rate, and a slider over the points (arrow
 * keys step one point, Page Up/Down ten, Home/End the ends — the native range input's keys).
 * Time advances at the chosen rate and the point shown is the last one at or before it, so a
 * gap in the reports is crossed at the same pace as the road.
 */
export function TrackPlayback({
  track,
  index,
  onIndex,
}: {
  track: VehicleTrack;
  index: number;
  onIndex: (index: number) => void;
}) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<number>(PLAYBACK_RATES[1]);
  const last = track.at.length - 1;
  const times = useMemo(() => track.at.map((at) => ({ at })), [track]);
  const states = useMemo(() => trackPointStates(track.at.length, track.summary), [track]);
  // The playback clock: simulated time, kept in a ref so a tick does not re-render twice.
  const clock = useRef(track.at[index] ?? 0);
  // The index on screen, for the timer (it outlives renders); set after each render.
  const indexRef = useRef(index);
  useEffect(() => {
    indexRef.current = index;
  });

  useEffect(() => {
    if (!playing) return;
    clock.current = track.at[indexRef.current] ?? 0;
    const timer = setInterval(() => {
      clock.current += rate * TICK_MS;
      const next = sampleIndexAt(times, clock.current);
      if (next !== indexRef.current) onIndex(next);
      if (next >= last) setPlaying(false);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, rate, track, times, last, onIndex]);

  const speed = track.speed[index];
  const mileage = track.mileage[index];
  const speedText = speed === null || speed === undefined ? t("track.none") : t("track.kmh", { v: speed });
  const time = formatDateTime(track.at[index]);
  return (
    <section aria-label={t("track.playback")} className="flex flex-col gap-2 rounded border border-gray-200 p-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={() => {
            if (!playing && index >= last) onIndex(0);
            setPlaying(!playing);
          }}
        >
          {playing ? t("track.pause") : t("track.play")}
        </button>
        <button
          type="button"
          className={buttonClass("default")}
          onClick={() => {
            setPlaying(false);
            onIndex(0);
          }}
        >
          {t("track.restart")}
        </button>
        <label className="flex items-center gap-1 text-sm">
          {t("track.rate")}
          <select className={inputClass("w-24")} value={rate} onChange={(e) => setRate(Number(e.target.value))}>
            {PLAYBACK_RATES.map((x) => (
              <option key={x} value={x}>
                {t("track.rate.value", { x })}
              </option>
            ))}
          </select>
        </label>
        <input
          type="range"
          min={0}
          max={last}
          step={1}
          value={index}
          aria-label={t("track.position")}
          aria-valuetext={t("track.position.value", { time, speed: speedText })}
          className="min-w-48 flex-1"
          onChange={(e) => onIndex(Number(e.target.value))}
        />
      </div>
      <output aria-label={t("track.playback")} className="flex flex-wrap gap-x-6 text-sm text-gray-700">
        <span>
          {t("track.now.time")}：{time}
        </span>
        <span>
          {t("track.now.speed")}：{speedText}
        </span>
        <span>
          {t("track.now.mileage")}：{mileage === null || mileage === undefined ? t("track.none") : `${mileage} km`}
        </span>
        <span>
          {t("track.now.state")}：{t(`track.state.${states[index] ?? "driving"}`)}
        </span>
      </output>
    </section>
  );
}
