import { clsx } from "clsx";
import { useId } from "react";
import type { SelectOption } from "../select/types";

/**
 * A switch between a few views (e.g. 登录日志 / 登出日志): radio buttons drawn as one segmented
 * control, so arrow keys move between them and a screen reader hears a radio group.
 */
export function Segmented({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex rounded border border-gray-300 bg-white p-0.5">
      <legend className="sr-only">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className={clsx(
            "cursor-pointer rounded px-3 py-1 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600/40",
            value === o.value ? "bg-blue-600 text-white" : "text-gray-600 hover:text-blue-600",
          )}
        >
          <input
            type="radio"
            name={name}
            className="sr-only"
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
