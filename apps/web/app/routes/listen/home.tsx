import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { LoadError } from "../../components/ui/load-error";
import { ApiError } from "../../lib/api-client";
import { homeOrder } from "../../features/listen/shared/early-reads";
import { ContinueRail } from "../../features/listen/library/continue-rail";
import { PageLoading } from "../../features/listen/shared/cover-art";
import { PremiumNews } from "../../features/listen/account/premium-news";
import { ResourceRail } from "../../features/listen/catalogue/resource-card";
import { SeriesRail } from "../../features/listen/habit/series-card";
import { TodayCard } from "../../features/listen/habit/today-card";
import { homeQuery, useHome } from "../../features/listen/catalogue/api";
import { todayQuery } from "../../features/listen/habit/api";
import { useMe } from "../../features/listen/account/api";
import { hasSignedInHint, listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { OfflineNotice, useOnline } from "../../features/listen/shared/online";
import { OfflineHome } from "../../features/listen/library/offline-home";
import { pageMeta } from "../../lib/meta";
import { greeting } from "../../features/listen/catalogue/greeting";

export const meta = () =>
  pageMeta({ title: "Listen", description: "Your Serene home: continue listening and find something new." });

/**
 * Asks for the home at once, beside the layout's profile read, not after it. Signed out, the layout
 * shows the sign-in form here instead, and nothing is asked (it would only be refused).
 */
export function clientLoader() {
  if (!hasSignedInHint()) return null;
  void listenQueryClient.prefetchQuery(homeQuery);
  void listenQueryClient.prefetchQuery(todayQuery);
  return null;
}

export default function ListenHome() {
  const { data: me } = useMe();
  const home = useHome();
  const online = useOnline();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          {greeting()}
          {me ? `, ${me.username}` : ""}
        </Title>
        <Text c="dimmed">
          {me?.mood ? "Here is what we picked for you today." : "Find a few minutes of calm."}{" "}
          <Anchor component={Link} to="/listen/welcome" size="sm">
            Change your mood and interests
          </Anchor>
        </Text>
      </div>
      <PremiumNews once />
      <TodayCard />
      {/* Offline: what is on this device (downloads, the recent history as last read). */}
      {!online && <OfflineHome />}
      {online && home.isPending && <PageLoading label="Loading your home" />}
      {online &&
        home.isError &&
        (home.error instanceof ApiError && home.error.httpStatus === 0 ? (
          <OfflineNotice />
        ) : (
          <LoadError
            title="Could not load your home"
            error={home.error}
            onRetry={() => void home.refetch()}
          />
        ))}
      {online &&
        home.data &&
        homeOrder(home.data)
          // Today's pick is the card above.
          .filter((section) => section.key !== "today")
          .map((section, index) => (
            <section key={section.key} aria-labelledby={`section-${section.key}`}>
              <Group justify="space-between" mb="xs">
                <Title order={2} fz="h3" id={`section-${section.key}`}>
                  {section.title}
                </Title>
              </Group>
              {section.series ? (
                <SeriesRail
                  series={section.series}
                  items={section.items}
                  label={section.title}
                  eager={index === 0}
                />
              ) : section.key === "continue" ? (
                <ContinueRail items={section.items} label={section.title} />
              ) : (
                <ResourceRail items={section.items} label={section.title} eager={index === 0} />
              )}
            </section>
          ))}
    </Stack>
  );
}
