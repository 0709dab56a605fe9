import { Button, Group, TextInput } from "@mantine/core";
import type { ActivityAction } from "@serene/contract";
import { UserSelect } from "../../../components/entities/user-select";
import { FilterSelect } from "../../../components/ui/filter-select";
import type { SetListQuery } from "../../../lib/use-list-query";
import { actionLabels, entityTypes } from "../describe-activity";
import { type ActivityFilters, isFiltered, noFilters } from "../api";

const typeOptions = Object.entries(entityTypes).map(([value, info]) => ({ value, label: info.label }));
const actions = Object.keys(actionLabels) as ActivityAction[];
const control = { flex: "1 1 180px" } as const;

/** Actor, action, record type, record (its id) and days; all applied by the server. */
export function ActivityFilterBar({
  filters,
  onChange,
}: {
  filters: ActivityFilters;
  onChange: SetListQuery<ActivityFilters>;
}) {
  // The actions of the chosen record type (or all of them).
  const actionOptions = actions
    .filter((action) => !filters.entityType || action.startsWith(`${filters.entityType}.`))
    .map((value) => ({ value, label: actionLabels[value] }));

  return (
    <Group gap="sm" align="flex-end">
      <FilterSelect
        label="Record type"
        placeholder="All records"
        options={typeOptions}
        value={filters.entityType}
        onChange={(entityType) =>
          onChange({
            entityType,
            action: entityType && filters.action?.startsWith(`${entityType}.`) ? filters.action : undefined,
          })
        }
        searchable
        style={control}
      />
      <FilterSelect
        label="Action"
        placeholder="All actions"
        options={actionOptions}
        value={filters.action}
        onChange={(action) => onChange({ action })}
        searchable
        nothingFoundMessage="No such action"
        style={control}
      />
      <UserSelect
        key={filters.actor ?? "anyone"}
        label="Who"
        placeholder="Anyone (search by e-mail)"
        value={filters.actor ?? null}
        valueLabel={filters.actorEmail}
        onChange={(actor, actorEmail) =>
          onChange({ actor: actor ?? undefined, actorEmail: actorEmail ?? undefined })
        }
        clearable
        style={{ flex: "1 1 220px" }}
      />
      <TextInput
        key={filters.entityId ?? "any record"}
        label="Record id"
        placeholder="Any record"
        defaultValue={filters.entityId ?? ""}
        onBlur={(event) => onChange({ entityId: event.currentTarget.value.trim() || undefined })}
        onKeyDown={(event) => {
          if (event.key === "Enter") onChange({ entityId: event.currentTarget.value.trim() || undefined });
        }}
        style={control}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from ?? ""}
        max={filters.to}
        onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
        style={{ flex: "1 1 150px" }}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to ?? ""}
        min={filters.from}
        onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
        style={{ flex: "1 1 150px" }}
      />
      {isFiltered(filters) && (
        <Button variant="subtle" onClick={() => onChange(noFilters)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
