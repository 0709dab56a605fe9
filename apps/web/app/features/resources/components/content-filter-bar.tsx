import { Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { moods, paymentTypes } from "@serene/contract";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useInterests } from "../../interests/hooks/use-interests";
import type { ContentFilters, SetContentFilters } from "../hooks/use-content-filters";
import { moodLabels } from "./mood-badge";

const moodOptions = moods.map((mood) => ({ value: mood, label: moodLabels[mood] }));
const paymentOptions = paymentTypes.map((type) => ({
  value: type,
  label: type === "paid" ? "Paid" : "Free",
}));
const control = { flex: "1 1 140px" } as const;

/** Title search and the mood, interest and payment type filters; all applied by the server. */
export function ContentFilterBar({
  filters,
  onChange,
}: {
  filters: ContentFilters;
  onChange: SetContentFilters;
}) {
  const interests = useInterests();
  const [search, setSearch] = useState(filters.q);
  // The URL's search can also change from outside (Back, a link): show it in the box then.
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    if (filters.q !== search.trim()) setSearch(filters.q);
  }
  const applySearch = useDebouncedCallback((q: string) => onChange({ q: q.trim() }, { replace: true }), 300);

  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        type="search"
        aria-label="Search contents by title"
        placeholder="Search by title"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        style={{ flex: "2 1 240px" }}
      />
      <Select
        aria-label="Mood"
        placeholder="All moods"
        data={moodOptions}
        value={filters.mood}
        onChange={(mood) => onChange({ mood })}
        clearable
        style={control}
      />
      <Select
        aria-label="Interest"
        placeholder="All interests"
        data={(interests.data ?? []).map((interest) => ({ value: interest._id, label: interest.name }))}
        value={filters.interest}
        onChange={(interest) => onChange({ interest })}
        searchable
        clearable
        nothingFoundMessage="No interest has that name"
        style={control}
      />
      <Select
        aria-label="Payment type"
        placeholder="Paid and free"
        data={paymentOptions}
        value={filters.paymentType}
        onChange={(paymentType) => onChange({ paymentType })}
        clearable
        style={control}
      />
    </Group>
  );
}
