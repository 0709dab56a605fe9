import {
  ActionIcon,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  useMantineTheme,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { RECENT_CONTENTS, type Resource } from "@serene/contract";
import { IconCheck, IconDots, IconMessage2, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ContentCover } from "../../../components/entities/content-cover";
import { MoodBadge } from "../../../components/entities/mood-badge";
import { DashboardPanel } from "../../../components/ui/dashboard-panel";
import { TableHeader } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { LoadError } from "../../../components/ui/load-error";
import { useApproveResource, useDeleteResource } from "../actions";
import { useResourceList } from "../api";
import { FeedbackModal } from "./feedback-modal";
import { ReviewStateBadge } from "./review-state-badge";

const columns = ["Image", "Title", "Mood type", "Duration", "Time created", "Action"] as const;

/** Recent content: the 6 newest contents, with Approve, Send feedback and Delete. */
export function RecentContent() {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const list = useResourceList({ limit: RECENT_CONTENTS });
  const [feedback, setFeedback] = useState<{ opened: boolean; resource: Resource | null }>({
    opened: false,
    resource: null,
  });
  const menu = (resource: Resource) => (
    <ContentActions resource={resource} onFeedback={() => setFeedback({ opened: true, resource })} />
  );

  return (
    <DashboardPanel title="Recent content" more={{ to: "/admin/contentPage", label: "See all data" }}>
      {list.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label="Loading recent content" />
        </Center>
      ) : list.isError ? (
        <LoadError
          title="Recent content could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          No contents yet.
        </Text>
      ) : phone ? (
        <Stack gap="xs" component="ul" m={0} p={0} aria-label="Recent content" style={{ listStyle: "none" }}>
          {list.data.items.map((resource) => (
            <Paper key={resource._id} component="li" withBorder radius="md" p="sm">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <ContentCover resource={resource} />
                <Stack gap={4} miw={0} style={{ flex: 1 }}>
                  <Title resource={resource} />
                  <Group gap={6}>
                    <MoodBadge mood={resource.moodType} />
                    <Text size="xs" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
                      {resource.duration || "—"} · <DateText iso={resource.time_created} />
                    </Text>
                  </Group>
                </Stack>
                {menu(resource)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={0} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover aria-label="Recent content">
            <TableHeader columns={columns} />
            <Table.Tbody>
              {list.data.items.map((resource) => (
                <Table.Tr key={resource._id}>
                  <Table.Td w={64}>
                    <ContentCover resource={resource} />
                  </Table.Td>
                  <Table.Td miw={150}>
                    <Title resource={resource} />
                  </Table.Td>
                  <Table.Td>
                    <MoodBadge mood={resource.moodType} />
                  </Table.Td>
                  <Table.Td style={{ fontVariantNumeric: "tabular-nums" }}>
                    {resource.duration || "—"}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <DateText iso={resource.time_created} />
                  </Table.Td>
                  <Table.Td w={56}>{menu(resource)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FeedbackModal
        opened={feedback.opened}
        onClose={() => setFeedback((current) => ({ ...current, opened: false }))}
        resource={feedback.resource}
      />
    </DashboardPanel>
  );
}

function Title({ resource }: { resource: Resource }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text fw={700} size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
        {resource.title}
      </Text>
      {resource.reviewState !== "published" && <ReviewStateBadge state={resource.reviewState} />}
    </Stack>
  );
}

/** The row menu: Approve (content waiting for review), Send feedback (to its uploader), Delete. */
function ContentActions({ resource, onFeedback }: { resource: Resource; onFeedback: () => void }) {
  const approve = useApproveResource();
  const confirmDelete = useDeleteResource();
  return (
    <Menu position="bottom-end" width={190} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${resource.title}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconCheck size={16} aria-hidden="true" />}
          disabled={resource.reviewState === "published"}
          onClick={() => approve(resource)}
        >
          {resource.reviewState === "published" ? "Approved" : "Approve"}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMessage2 size={16} aria-hidden="true" />}
          disabled={!resource.userID}
          onClick={onFeedback}
        >
          Send feedback
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => confirmDelete(resource)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
