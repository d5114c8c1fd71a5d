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
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={clsx("inline-flex items-center rounded px-1.5 py-0.5 text-xs ring-1 ring-inset", TONE[tone])}>
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
): Column<T> {
  return {
    key,
    title,
    width,
    text: (row) => String(row[key] ?? ""),
    render: (row) => {
      const v = String(row[key] ?? "");
      const l = labels[v];
      return l ? <Badge tone={l.tone}>{l.label}</Badge> : v;
    },
  };
}

/** The actions column (last, right-aligned buttons of a row; render nothing for a row without any). */
export function actionsColumn<T>(title: string, render: (row: T) => ReactNode, width = 140): Column<T> {
  return {
    key: "__actions",
    title,
    width,
    render: (row) => <div className="flex items-center gap-1">{render(row)}</div>,
  };
}
