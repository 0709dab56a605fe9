import { Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { LoadError } from "../../components/ui/load-error";
import { useStaff } from "../../features/staff/api";
import { InviteStaffForm } from "../../features/staff/components/invite-staff-form";
import { StaffTable } from "../../features/staff/components/staff-table";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/admins";

const page: PageInfo = {
  title: "Admins",
  description:
    "Who can use the back office: admins do everything, editors the catalogue and the review queue.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Admins() {
  const staff = useStaff();
  return (
    <Stack gap="lg" maw={960}>
      <Text c="dimmed">{page.description}</Text>
      <Paper component="section" aria-labelledby="invite" withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <Title order={2} fz="h4" id="invite" mb="md">
          Invite by e-mail
        </Title>
        <InviteStaffForm />
      </Paper>
      <Paper
        component="section"
        aria-labelledby="members"
        withBorder
        radius="lg"
        p={{ base: "md", sm: "lg" }}
      >
        <Title order={2} fz="h4" id="members" mb="md">
          Admins and editors{staff.data ? ` (${staff.data.items.length})` : ""}
        </Title>
        {staff.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the admins" />
          </Center>
        ) : staff.isError ? (
          <LoadError
            title="The admins could not be loaded"
            error={staff.error}
            onRetry={() => void staff.refetch()}
          />
        ) : (
          <StaffTable members={staff.data.items} />
        )}
      </Paper>
    </Stack>
  );
}
