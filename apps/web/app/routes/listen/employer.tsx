import { Anchor, Card, List, Stack, Text, Title } from "@mantine/core";
import { REPORT_MIN_LISTENERS } from "@serene/contract/business";
import { Link } from "react-router";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { pageMeta } from "../../lib/meta";

export const meta = () =>
  pageMeta({
    title: "What your employer sees",
    description: "What the business that gave you a seat can and cannot see about you.",
  });

/**
 * /listen/account/employer: in plain words, what the business that gave the listener a seat
 * sees (BUSINESS-API.md's last rule), linked from the redeem success and the privacy policy.
 */
export default function EmployerPage() {
  return (
    <Stack gap="lg" maw={720}>
      <PageHeading
        title="What your employer sees"
        intro="If your employer gave you a seat, this is everything it can see about you."
      />
      <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="sees-title">
        <Title order={2} fz="h4" mb="xs" id="sees-title">
          Your employer sees
        </Title>
        <List spacing="xs">
          <List.Item>that a seat is redeemed,</List.Item>
          <List.Item>by which e-mail address,</List.Item>
          <List.Item>and when.</List.Item>
        </List>
      </Card>
      <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="never-title">
        <Title order={2} fz="h4" mb="xs" id="never-title">
          Your employer never sees
        </Title>
        <List spacing="xs">
          <List.Item>what you listen to,</List.Item>
          <List.Item>your moods,</List.Item>
          <List.Item>or your times: when or how long you listen.</List.Item>
        </List>
      </Card>
      <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="report-title">
        <Title order={2} fz="h4" mb="xs" id="report-title">
          The team report
        </Title>
        <Text>
          Your employer gets a report of whole months that have ended, added up over everyone with a seat: how
          many people listened, for how long, the most heard topics and how moods moved. Nothing in it is
          about one person. A figure that rests on fewer than {REPORT_MIN_LISTENERS} people is not shown, and
          only what you do while you hold the seat counts.
        </Text>
      </Card>
      <Text size="sm" c="dimmed">
        More in our <Anchor href="/privacy-policy">privacy policy</Anchor>.{" "}
        <Anchor component={Link} to="/listen/account">
          Back to your account
        </Anchor>
      </Text>
    </Stack>
  );
}
