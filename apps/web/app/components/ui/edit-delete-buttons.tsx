import { Button, Group, type GroupProps } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";

interface EditDeleteButtonsProps extends Omit<GroupProps, "children"> {
  /** What they act on, for screen readers ("Edit Sleep"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A card's Edit and Delete buttons, side by side. */
export function EditDeleteButtons({ name, onEdit, onDelete, ...group }: EditDeleteButtonsProps) {
  return (
    <Group gap="xs" grow {...group}>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPencil size={16} aria-hidden="true" />}
        aria-label={`Edit ${name}`}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button
        variant="light"
        color="red"
        size="xs"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </Group>
  );
}
