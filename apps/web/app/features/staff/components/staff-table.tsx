import { Badge, Button, Group, Select, Table, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { StaffMember, StaffRole } from "@serene/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useMe } from "../../../lib/shared-api";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { removeStaff, setStaffRole, staffKeys } from "../api";

const roleLabels: Record<StaffRole, string> = { admin: "Admin", editor: "Editor" };

/** The admins and editors: role (changeable), two-factor, invitation; remove with confirmation (not oneself). */
export function StaffTable({ members }: { members: StaffMember[] }) {
  const queryClient = useQueryClient();
  const me = useMe().data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.list });

  async function changeRole(member: StaffMember, role: StaffRole) {
    try {
      await setStaffRole(member._id, role);
      notifySuccess(`${member.email} is now ${role === "admin" ? "an admin" : "an editor"}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("The role was not changed", error.message);
    }
    await refresh();
  }

  function confirmRemove(member: StaffMember) {
    modals.openConfirmModal({
      title: `Remove ${member.email}?`,
      children: (
        <Text>They lose access to the back office at once and are signed out; their app account stays.</Text>
      ),
      labels: { confirm: "Remove", cancel: "Cancel" },
      confirmProps: { color: "red.9" },
      onConfirm: () =>
        void (async () => {
          try {
            notifySuccess((await removeStaff(member._id)).message);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            notifyFailure("They were not removed", error.message);
          }
          await refresh();
        })(),
    });
  }

  return (
    // Fluid: no sideways scroll at any width (an e-mail breaks where it must).
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Admins">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Two-factor</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member._id}>
              <Table.Td>
                <Text fw={600}>{member.username}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {member.email}
                  {member.id === me?._id ? " (you)" : ""}
                </Text>
                {member.invited && (
                  <Badge variant="light" color="yellow" mt={4}>
                    Invitation sent
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Role of ${member.email}`}
                  value={member.role}
                  data={Object.entries(roleLabels).map(([value, label]) => ({ value, label }))}
                  allowDeselect={false}
                  onChange={(role) =>
                    role && role !== member.role && void changeRole(member, role as StaffRole)
                  }
                  w={130}
                />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={member.twoFactor ? "teal" : "gray"}>
                  {member.twoFactor ? "On" : "Off"}
                </Badge>
              </Table.Td>
              <Table.Td>
                {/* One's own access is not removed from here (another admin can). */}
                {member.id !== me?._id && (
                  <Group justify="flex-end">
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      aria-label={`Remove ${member.email}`}
                      onClick={() => confirmRemove(member)}
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
