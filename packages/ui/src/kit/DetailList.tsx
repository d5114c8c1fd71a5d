import type { ReactNode } from "react";

/** One labelled value of a {@link DetailList}. */
export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A record's fields as label / value pairs in two columns (detail dialogs and drawers). */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="flex min-w-0 gap-2 text-sm">
          <dt className="w-28 shrink-0 text-gray-500">{item.label}</dt>
          <dd className="min-w-0 break-words text-gray-800">
            {item.value === null || item.value === "" ? "—" : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
