import { formatDateTimeText } from "@tsp/domain";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import type { Column } from "../table/types";

/** Tone of an enum badge. */
export type BadgeTone = "green" | "blue" | "amber" | "red" | "gray";

const TONE: Record<BadgeTone, string> = {
  green: "bg-green-50 text-green-700 ring-green-600/20",
  blue: "bg-blue-50 text-blue-700 ring-blue-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  gray: "bg-gray-50 text-gray-600 ring-gray-500/20",
};

/** A small coloured label (status, state). */
export function Badge({ tone, title, children }: { tone: BadgeTone; title?: string; children: ReactNode }) {
  return (
    <span
      title={title}
      className={clsx("inline-flex items-center rounded px-1.5 py-0.5 text-xs ring-1 ring-inset", TONE[tone])}
    >
      {children}
    </span>
  );
}

type Key<T> = Extract<keyof T, string>;

/** A column of epoch-millisecond times shown as `yyyy-MM-dd HH:mm:ss` (empty when null). */
export function dateTimeColumn<T>(key: Key<T>, title: string, width = 172): Column<T> {
  const text = (row: T) => {
    const v = row[key];
    return typeof v === "number" ? formatDateTimeText(v) : "";
  };
  return { key, title, width, render: text, text };
}

/**
 * A column of days (`yyyy-MM-dd`, the full time on hover). With `expiredText`, a time already
 * past shows that text greyed instead (expiry dates).
 */
export function dateColumn<T>(
  key: Key<T>,
  title: string,
  options: { expiredText?: string; width?: number } = {},
): Column<T> {
  const at = (row: T) => (typeof row[key] === "number" ? (row[key] as number) : null);
  return {
    key,
    title,
    width: options.width ?? 100,
    text: (row) => formatDateTimeText(at(row)),
    render: (row) => {
      const ms = at(row);
      if (ms === null) return "";
      if (options.expiredText !== undefined && ms < Date.now())
        return <span className="text-gray-500">{options.expiredText}</span>;
      const full = formatDateTimeText(ms);
      return <span title={full}>{full.slice(0, 10)}</span>;
    },
  };
}

/** A column of percentages as a small progress bar with its number (task lists). */
export function progressColumn<T>(key: Key<T>, title: string, label: (row: T) => string, width = 112): Column<T> {
  return {
    key,
    title,
    width,
    render: (row) => {
      const value = Number(row[key] ?? 0);
      return (
        <div className="flex items-center gap-2">
          <progress
            className="h-1.5 w-14 overflow-hidden rounded [&::-webkit-progress-bar]:bg-gray-100 [&::-webkit-progress-value]:bg-blue-600"
            max={100}
            value={value}
            aria-label={label(row)}
          />
          <span className="text-xs text-gray-500">{value}%</span>
        </div>
      );
    },
  };
}

/** A single-line column with the full text on hover and one click away (long names, raw frames). */
export function ellipsisColumn<T>(key: Key<T>, title: string, width?: number): Column<T> {
  return width === undefined ? { key, title, ellipsis: true } : { key, title, width, ellipsis: true };
}

/** A column of enum values shown as badges: `labels` names and colours each value. */
export function enumColumn<T>(
  key: Key<T>,
  title: string,
  labels: Readonly<Record<string, { label: string; tone: BadgeTone }>>,
  width = 96,
  /** More about a row's value on hover (e.g. why a task failed). */
  hint?: (row: T) => string | null | undefined,
): Column<T> {
  return {
    key,
    title,
    width,
    text: (row) => String(row[key] ?? ""),
    render: (row) => {
      const v = String(row[key] ?? "");
      const l = labels[v];
      return l ? (
        <Badge tone={l.tone} title={hint?.(row) ?? undefined}>
          {l.label}
        </Badge>
      ) : (
        v
      );
    },
  };
}

/** The actions column (last, right-aligned buttons of a row; render nothing for a row without any). */
export function actionsColumn<T>(title: string, render: (row: T) => ReactNode, width = 140): Column<T> {
  return {
    key: "__actions",
    title,
    width,
    stickyRight: true,
    // Buttons wrap inside the column rather than run past it: the column sticks to the right
    // edge, where anything past its width would be cut off.
    render: (row) => <div className="flex flex-wrap items-center gap-1">{render(row)}</div>,
  };
}
