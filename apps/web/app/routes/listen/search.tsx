import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { moods } from "@serene/contract/listener";
import { InfiniteResources } from "../../features/listen/catalogue/infinite-resources";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { searchQuery, useInterests } from "../../features/listen/catalogue/api";
import { useRecentSearches } from "../../features/listen/catalogue/use-recent-searches";
import { moodLabels } from "../../features/listen/shared/format";
import { useOnline } from "../../features/listen/shared/online";
import { OfflineResults } from "../../features/listen/library/offline-search";
import { pageMeta } from "../../lib/meta";
import { durations, filtersFrom } from "../../features/listen/catalogue/search-filters";

export const meta = () =>
  pageMeta({ title: "Search", description: "Find meditations by mood, interest and length." });

export default function Search() {
  const [params, setParams] = useSearchParams();
  const interests = useInterests();
  const [text, setText] = useState(params.get("q") ?? "");
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // A search the listener stopped typing at (or pressed Enter on) is one to offer again.
  const [settled] = useDebouncedValue(text.trim(), 1500);
  const { recent, remember, clear } = useRecentSearches();
  useEffect(() => remember(settled), [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- on a settled query only
  const [filtersOpen, setFiltersOpen] = useState(false);
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if ((params.get("q") ?? "") !== debounced) setParam("q", debounced || null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the typed text only
  }, [debounced]);
  const filters = filtersFrom(params);
  const online = useOnline();
  const chosen = [filters.mood, filters.interest, filters.access, params.get("length"), filters.sort].filter(
    Boolean,
  ).length;

  return (
    <Stack gap="md">
      <PageHeading title="Search" />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          remember(text);
        }}
      >
        <TextInput
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          placeholder="Sleep, anxiety, focus…"
          aria-label="Search"
          type="search"
          size="md"
          enterKeyHint="search"
        />
      </form>
      {!text.trim() && recent.length > 0 && (
        <section aria-labelledby="recent-searches">
          <Group justify="space-between" mb={4}>
            <Text id="recent-searches" fw={700} size="sm">
              Recent searches
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              Clear
            </Button>
          </Group>
          <Group gap="xs">
            {recent.map((q) => (
              <Button key={q} variant="default" size="compact-sm" radius="xl" onClick={() => setText(q)}>
                {q}
              </Button>
            ))}
          </Group>
        </section>
      )}
      {/* On a phone the filters fold under one button; from 600 px they are always shown. */}
      <Button
        className="listen-filters-toggle"
        variant="light"
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
        aria-expanded={filtersOpen}
        aria-controls="search-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        Filters{chosen > 0 ? ` (${chosen})` : ""}
      </Button>
      <SimpleGrid
        id="search-filters"
        className="listen-filters"
        data-open={filtersOpen || undefined}
        cols={{ base: 2, sm: 5 }}
        spacing="xs"
      >
        <Select
          label="Mood"
          placeholder="Any"
          clearable
          data={moods.map((m) => ({ value: m, label: moodLabels[m].label }))}
          value={filters.mood ?? null}
          onChange={(value) => setParam("mood", value)}
        />
        <Select
          label="Interest"
          placeholder="Any"
          clearable
          data={(interests.data ?? []).map((i) => ({ value: i._id, label: i.name }))}
          value={filters.interest ?? null}
          onChange={(value) => setParam("interest", value)}
        />
        <Select
          label="Access"
          placeholder="Free and paid"
          clearable
          data={[
            { value: "free", label: "Free" },
            { value: "paid", label: "Paid" },
          ]}
          value={filters.access ?? null}
          onChange={(value) => setParam("access", value)}
        />
        <Select
          label="Length"
          placeholder="Any"
          clearable
          data={durations}
          value={params.get("length")}
          onChange={(value) => setParam("length", value)}
        />
        <Select
          label="Sort"
          data={[
            { value: "new", label: "Newest" },
            { value: "popular", label: "Most played" },
            { value: "shortest", label: "Shortest" },
          ]}
          value={filters.sort ?? "new"}
          onChange={(value) => setParam("sort", value === "new" ? null : value)}
          allowDeselect={false}
        />
      </SimpleGrid>
      {online ? (
        <InfiniteResources
          query={searchQuery(filters)}
          label="Results"
          empty="Nothing matches. Try fewer filters or another word."
        />
      ) : (
        <OfflineResults q={filters.q} />
      )}
    </Stack>
  );
}
