import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { inputClass, optionClass, popoverListClass } from "../theme/classes";

/** Spec §9: general list channels 1 to 13. */
export const GENERAL_CHANNELS: readonly number[] = Array.from({ length: 13 }, (_, i) => i + 1);
/** Spec §9: audio list channels 33, 36, 37. */
export const AUDIO_CHANNELS: readonly number[] = [33, 36, 37];

/** Channel selector (camera / audio channel of a JT/T 1078 terminal): a fixed list, no loader. */
export function ChannelSelect({
  kind = "general",
  value,
  onChange,
  label = "通道",
}: {
  kind?: "general" | "audio";
  value: number | null;
  onChange: (channel: number) => void;
  label?: string;
}) {
  const channels = kind === "audio" ? AUDIO_CHANNELS : GENERAL_CHANNELS;
  return (
    <Listbox value={value} onChange={(v: number | null) => v !== null && onChange(v)}>
      <ListboxButton aria-label={label} className={inputClass("w-40 text-left")}>
        {value === null ? <span className="text-gray-400">请选择{label}</span> : `通道 ${value}`}
      </ListboxButton>
      <ListboxOptions anchor="bottom start" className={popoverListClass}>
        {channels.map((c) => (
          <ListboxOption key={c} value={c} className={optionClass}>
            通道 {c}
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
