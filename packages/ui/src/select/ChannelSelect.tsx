import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { AUDIO_CHANNELS, GENERAL_CHANNELS } from "@tsp/domain";
import { inputClass, optionClass, popoverListClass } from "../theme/classes";

/** Channel selector (spec §9: general channels 1–13, audio 33/36/37) (camera / audio channel of a JT/T 1078 terminal): a fixed list, no loader. */
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
      <ListboxButton aria-label={label} className={inputClass("flex w-40 items-center justify-between text-left")}>
        {value === null ? <span className="text-gray-500">请选择{label}</span> : `通道 ${value}`}
        <span aria-hidden="true" className="text-gray-500">
          ▾
        </span>
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
