import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Interest } from "@serene/contract";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useInterests } from "../../lib/shared-api";
import { LoadError } from "../../components/ui/load-error";
import { InterestCard } from "../../features/interests/components/interest-card";
import { InterestModal } from "../../features/interests/components/interest-modal";
import { useDeleteInterest } from "../../features/interests/actions";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/interests";

const page: PageInfo = {
  title: "Interests",
  description: "The interests (categories) that group the audio content.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Interests() {
  const interests = useInterests();
  const confirmDelete = useDeleteInterest();
  const [modal, setModal] = useState<{ opened: boolean; interest: Interest | null }>({
    opened: false,
    interest: null,
  });
  const closeModal = () => setModal((current) => ({ ...current, opened: false }));
  const openCreate = () => setModal({ opened: true, interest: null });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3">
          All Interests
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={openCreate}>
          Create Interest
        </Button>
      </Group>

      {interests.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading interests" />
        </Center>
      ) : interests.isError ? (
        <LoadError
          title="The interests could not be loaded"
          error={interests.error}
          onRetry={() => void interests.refetch()}
        />
      ) : interests.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <Text fw={700}>No interests yet</Text>
            <Text c="dimmed" size="sm">
              Interests group the contents in the app. Create the first one with Create Interest.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {interests.data.map((interest) => (
            <InterestCard
              key={interest._id}
              interest={interest}
              onEdit={(chosen) => setModal({ opened: true, interest: chosen })}
              onDelete={confirmDelete}
            />
          ))}
        </SimpleGrid>
      )}

      <InterestModal opened={modal.opened} onClose={closeModal} interest={modal.interest} />
    </Stack>
  );
}
