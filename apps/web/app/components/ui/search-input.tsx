import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type CSSProperties, useState } from "react";

interface SearchInputProps {
  /** The search applied now (the URL's `q`). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (q: string) => void;
  /** The box's accessible name ("Search users by username or e-mail"). */
  label: string;
  placeholder: string;
  style?: CSSProperties;
}

/** A list's search box: the server searches once typing pauses for 300 ms. */
export function SearchInput({ value, onSearch, label, placeholder, style }: SearchInputProps) {
  const [search, setSearch] = useState(value);
  // The applied search can also change from outside (Back, a link): show it in the box then.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== search.trim()) setSearch(value);
  }
  const apply = useDebouncedCallback((q: string) => onSearch(q.trim()), 300);

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={search}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      style={style}
    />
  );
}
