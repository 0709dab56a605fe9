import { Button, Chip, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { meQuery, patchMe, useMe } from "../../features/listen/account/api";
import type { Mood } from "@serene/contract";
import { FormFailure } from "../../features/listen/shared/form-failure";
import { MoodPicker } from "../../features/listen/shared/mood-picker";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { PremiumNews } from "../../features/listen/account/premium-news";
import { useInterests } from "../../features/listen/catalogue/api";
import { useApiForm } from "../../features/listen/shared/use-api-form";
import { listenKeys, listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { pageMeta } from "../../lib/meta";
import { ONBOARDED_KEY } from "../../features/listen/account/onboarded";

export const meta = () =>
  pageMeta({ title: "Your mood and interests", description: "Tell Serene how you feel and what helps." });

/** Onboarding (and later changes): the mood and the interests that shape the home page. */
export default function Welcome() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const interests = useInterests();
  const [mood, setMood] = useState<Mood | null>(me?.mood ?? null);
  const [chosen, setChosen] = useState<string[]>(me?.interests.map((i) => i._id) ?? []);
  const { busy, failure, run } = useApiForm();

  const done = async () => {
    localStorage.setItem(ONBOARDED_KEY, "1");
    await navigate("/listen", { replace: true });
  };
  const save = () =>
    run(async () => {
      const answer = await patchMe({ ...(mood ? { mood } : {}), interests: chosen });
      listenQueryClient.setQueryData(meQuery.queryKey, answer);
      await listenQueryClient.invalidateQueries({ queryKey: listenKeys.home });
      await done();
    });

  return (
    <Stack gap="xl" maw={640} mx="auto">
      <PageHeading
        title={
          me?.mood || me?.interests.length
            ? "Your mood and interests"
            : `Welcome${me ? `, ${me.username}` : ""}`
        }
        intro="Two quick questions, so your home page fits you. You can change them at any time."
      />
      <PremiumNews />
      <MoodPicker question="How do you feel these days?" onPick={setMood} selected={mood} />
      <div>
        <Title order={2} fz="h4" mb="xs">
          What would you like help with?
        </Title>
        {interests.isPending ? (
          <Loader size="sm" aria-label="Loading the interests" />
        ) : (
          <Chip.Group multiple value={chosen} onChange={setChosen}>
            <Group gap="xs">
              {(interests.data ?? []).map((interest) => (
                <Chip key={interest._id} value={interest._id} size="md">
                  {interest.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        {interests.isError && <Text c="dimmed">The interests could not be loaded.</Text>}
      </div>
      <FormFailure message={failure} />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => void done()}>
          Skip for now
        </Button>
        <Button size="md" onClick={() => void save()} loading={busy} disabled={!mood && chosen.length === 0}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
