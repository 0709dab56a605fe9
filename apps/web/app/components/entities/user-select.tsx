import { type ComboboxItem, Loader, Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useUserSearch } from "../../lib/shared-api";

type UserSelectProps = Omit<
  SelectProps,
  "data" | "value" | "onChange" | "searchable" | "searchValue" | "onSearchChange" | "filter"
> & {
  value?: string | null;
  /** The chosen user's id, and their e-mail (the option's label). */
  onChange: (userID: string | null, email: string | null) => void;
  /** The chosen user's e-mail, known before any search has found them (update mode). */
  valueLabel?: string | null;
};

/** Never filter in the browser: the server searched usernames and e-mails, the options show e-mails. */
const keepServerResults: SelectProps["filter"] = ({ options }) => options;

/** Picks a user by e-mail, searching the server (debounced) as the admin types. */
export function UserSelect({ value, onChange, valueLabel, ...props }: UserSelectProps) {
  const [chosen, setChosen] = useState<ComboboxItem | null>(
    value && valueLabel ? { value, label: valueLabel } : null,
  );
  const [search, setSearch] = useState("");
  // While the box shows the chosen e-mail, the list is not narrowed down to it.
  const [term] = useDebouncedValue(search === chosen?.label ? "" : search.trim(), 250);
  const users = useUserSearch(term);

  const options = useMemo(() => {
    const found: ComboboxItem[] = (users.data ?? []).map((user) => ({ value: user._id, label: user.email }));
    const keepChosen = chosen && term === "" && !found.some((option) => option.value === chosen.value);
    return keepChosen ? [chosen, ...found] : found;
  }, [users.data, chosen, term]);

  return (
    <Select
      {...props}
      data={options}
      value={value ?? null}
      onChange={(userID, option) => {
        setChosen(option);
        onChange(userID, option?.label ?? null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={keepServerResults}
      nothingFoundMessage={users.isFetching ? "Searching…" : "No user has that name or e-mail"}
      rightSection={users.isFetching ? <Loader size={16} /> : undefined}
    />
  );
}
