import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { LoadError } from "../../../components/ui/load-error";
import { ApiError } from "../../../lib/api-client";
import { homeOrder } from "../shared/early-reads";
import { ContinueRail } from "../library/continue-rail";
import { PageLoading } from "../shared/cover-art";
import { PremiumNews } from "../account/premium-news";
import { ResourceRail } from "./resource-card";
import { SeriesRail } from "../habit/series-card";
import { TodayCard } from "../habit/today-card";
import { useHome } from "./api";
import { useMe } from "../account/api";
import { OfflineNotice, useOnline } from "../shared/online";
import { OfflineHome } from "../library/offline-home";

function greeting(hour = new Date().getHours()) {
  if (hour < 5 || hour >= 18) return "Good evening";
  return hour < 12 ? "Good morning" : "Good afternoon";
}

/** The listener's home (/listen signed in), loaded by routes/listen/home.tsx. */
export function ListenHome() {
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
