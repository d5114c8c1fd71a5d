import type { ReactNode } from "react";

/** One widget on the gallery page: a titled card with a short note of the rules it shows. */
export function Section({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded border border-gray-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-base font-medium text-gray-800">
        {title}
      </h2>
      {note && <p className="mt-0.5 mb-3 text-xs text-gray-500">{note}</p>}
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** Shows a value a widget emitted, for the reader (and the browser tests). */
export function Emitted({ label, value }: { label: string; value: unknown }) {
  return (
    <p className="mt-2 text-xs text-gray-500">
      {label}：
      <output aria-label={label} className="font-mono break-all text-gray-800">
        {value === null || value === undefined ? "-" : typeof value === "string" ? value : JSON.stringify(value)}
      </output>
    </p>
  );
}
