import { Group } from "@mantine/core";
import { moods, paymentTypes, type ResourceListQuery } from "@serene/contract";
import { useInterests, useMe } from "../../../lib/shared-api";
import { moodLabels } from "../../../components/entities/mood-badge";
import { UserSelect } from "../../../components/entities/user-select";
import { FilterSelect } from "../../../components/ui/filter-select";
import { SearchInput } from "../../../components/ui/search-input";
import type { SetListQuery } from "../../../lib/use-list-query";
import { reviewStateOptions } from "./review-state-badge";

const moodOptions = moods.map((mood) => ({ value: mood, label: moodLabels[mood] }));
const paymentOptions = paymentTypes.map((type) => ({
  value: type,
  label: type === "paid" ? "Paid" : "Free",
}));
const control = { flex: "1 1 140px" } as const;

/** The contents list's filters (its order is the table's headers). */
export const noContentFilters = {
  q: undefined,
  mood: undefined,
  interest: undefined,
  paymentType: undefined,
  reviewState: undefined,
  uploader: undefined,
} satisfies Partial<ResourceListQuery>;

export const isContentFiltered = (filters: ResourceListQuery) =>
  Object.keys(noContentFilters).some((name) => filters[name as keyof typeof noContentFilters] !== undefined);

/**
 * Title search and the mood, interest, payment type, review state and uploader filters; all
 * applied by the server. `uploaderEmail` names the chosen uploader after a reload (the rows say it).
 */
export function ContentFilterBar({
  filters,
  onChange,
  uploaderEmail,
}: {
  filters: ResourceListQuery;
  onChange: SetListQuery<ResourceListQuery>;
  uploaderEmail?: string | null;
}) {
  const interests = useInterests();
  // Searching uploaders reads the users list, an admin's (an editor would only hear 403).
  const admin = useMe().data?.user_role === "admin";
  return (
    <Group gap="sm" align="flex-end">
      <SearchInput
        value={filters.q ?? ""}
        onSearch={(q) => onChange({ q }, { replace: true })}
        label="Search contents by title"
        placeholder="Search by title"
        style={{ flex: "2 1 240px" }}
      />
      <FilterSelect
        aria-label="Mood"
        placeholder="All moods"
        options={moodOptions}
        value={filters.mood}
        onChange={(mood) => onChange({ mood })}
        style={control}
      />
      <FilterSelect
        aria-label="Interest"
        placeholder="All interests"
        options={(interests.data ?? []).map((interest) => ({ value: interest._id, label: interest.name }))}
        value={filters.interest}
        onChange={(interest) => onChange({ interest })}
        searchable
        nothingFoundMessage="No interest has that name"
        style={control}
      />
      <FilterSelect
        aria-label="Payment type"
        placeholder="Paid and free"
        options={paymentOptions}
        value={filters.paymentType}
        onChange={(paymentType) => onChange({ paymentType })}
        style={control}
      />
      <FilterSelect
        aria-label="Review state"
        placeholder="Every review state"
        options={reviewStateOptions}
        value={filters.reviewState}
        onChange={(reviewState) => onChange({ reviewState })}
        style={{ flex: "1 1 170px" }}
      />
      {admin && (
        <UserSelect
          key={`${filters.uploader ?? "anyone"} ${uploaderEmail ?? ""}`}
          aria-label="Uploader"
          placeholder="Any uploader (search by e-mail)"
          value={filters.uploader ?? null}
          valueLabel={uploaderEmail}
          onChange={(uploader) => onChange({ uploader: uploader ?? undefined })}
          clearable
          style={{ flex: "1 1 220px" }}
        />
      )}
    </Group>
  );
}
