import { Group, Select } from "@mantine/core";
import { moods, paymentTypes, type ResourceListQuery, reviewStates } from "@serene/contract";
import { useInterests } from "../../../api/interests";
import { useMe } from "../../../api/me";
import { moodLabels } from "../../../components/entities/mood-badge";
import { UserSelect } from "../../../components/entities/user-select";
import { SearchInput } from "../../../components/ui/search-input";
import { oneOf, type SetListQuery } from "../../../lib/use-list-query";
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
      <Select
        aria-label="Mood"
        placeholder="All moods"
        data={moodOptions}
        value={filters.mood ?? null}
        onChange={(mood) => onChange({ mood: oneOf(moods, mood) })}
        clearable
        style={control}
      />
      <Select
        aria-label="Interest"
        placeholder="All interests"
        data={(interests.data ?? []).map((interest) => ({ value: interest._id, label: interest.name }))}
        value={filters.interest ?? null}
        onChange={(interest) => onChange({ interest: interest ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No interest has that name"
        style={control}
      />
      <Select
        aria-label="Payment type"
        placeholder="Paid and free"
        data={paymentOptions}
        value={filters.paymentType ?? null}
        onChange={(paymentType) => onChange({ paymentType: oneOf(paymentTypes, paymentType) })}
        clearable
        style={control}
      />
      <Select
        aria-label="Review state"
        placeholder="Every review state"
        data={reviewStateOptions}
        value={filters.reviewState ?? null}
        onChange={(reviewState) => onChange({ reviewState: oneOf(reviewStates, reviewState) })}
        clearable
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
