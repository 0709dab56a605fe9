import { Anchor, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadError } from "../../components/ui/load-error";
import { remindersQuery } from "../../features/listen/habit/api";
import { PageLoading } from "../../features/listen/shared/cover-art";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { pageMeta } from "../../lib/meta";
import { RemindersForm } from "../../features/listen/habit/reminders-form";

export const meta = () =>
  pageMeta({ title: "Reminders", description: "A gentle daily reminder to take a calm moment." });

export function clientLoader() {
  void listenQueryClient.prefetchQuery(remindersQuery);
  return null;
}

export default function RemindersPage() {
  const reminders = useQuery(remindersQuery);
  return (
    <Stack gap="lg" maw={640}>
      <PageHeading
        title="Reminders"
        intro={
          <>
            A gentle nudge at the time you choose, on the days you choose. It stays quiet on days you have
            already listened.{" "}
            <Anchor component={Link} to="/listen/account" underline="always">
              Back to your account
            </Anchor>
          </>
        }
      />
      {reminders.isPending ? (
        <PageLoading label="Loading your reminders" />
      ) : reminders.isError ? (
        <LoadError
          title="Could not load your reminders"
          error={reminders.error}
          onRetry={() => void reminders.refetch()}
        />
      ) : (
        <RemindersForm saved={reminders.data} />
      )}
    </Stack>
  );
}
