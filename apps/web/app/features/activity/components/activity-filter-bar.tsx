import { Button, Group, Select } from "@mantine/core";
import { UserSelect } from "../../../components/entities/user-select";
import type { SetListQuery } from "../../../lib/use-list-query";
import { actionLabels, entityTypes } from "../describe-activity";
import type { ActivityFilters } from "../hooks/use-activity-filters";

const typeOptions = Object.entries(entityTypes).map(([value, info]) => ({ value, label: info.label }));
const control = { flex: "1 1 180px" } as const;

/** Record type, action and actor; all applied by the server. */
export function ActivityFilterBar({
  filters,
  onChange,
}: {
  filters: ActivityFilters;
  onChange: SetListQuery<ActivityFilters>;
}) {
  // The actions of the chosen record type (or all of them).
  const actionOptions = Object.entries(actionLabels)
    .filter(([action]) => !filters.entityType || action.startsWith(`${filters.entityType}.`))
    .map(([value, label]) => ({ value, label }));
  const filtered = Boolean(filters.entityType || filters.action || filters.actor);

  return (
    <Group gap="sm" align="flex-end">
      <Select
        aria-label="Record type"
        placeholder="All records"
        data={typeOptions}
        value={filters.entityType ?? null}
        onChange={(entityType) =>
          onChange({
            entityType: entityType ?? undefined,
            action: entityType && filters.action?.startsWith(`${entityType}.`) ? filters.action : undefined,
          })
        }
        clearable
        searchable
        style={control}
      />
      <Select
        aria-label="Action"
        placeholder="All actions"
        data={actionOptions}
        value={filters.action ?? null}
        onChange={(action) => onChange({ action: action ?? undefined })}
        clearable
        searchable
        nothingFoundMessage="No such action"
        style={control}
      />
      <UserSelect
        key={filters.actor ?? "anyone"}
        aria-label="Who"
        placeholder="Anyone (search by e-mail)"
        value={filters.actor ?? null}
        valueLabel={filters.actorEmail}
        onChange={(actor, actorEmail) =>
          onChange({ actor: actor ?? undefined, actorEmail: actorEmail ?? undefined })
        }
        clearable
        style={{ flex: "1 1 220px" }}
      />
      {filtered && (
        <Button
          variant="subtle"
          onClick={() =>
            onChange({ entityType: undefined, action: undefined, actor: undefined, actorEmail: undefined })
          }
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
