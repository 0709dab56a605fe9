import { Alert } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { formatLongDate } from "../shared/format";
import { useMe } from "./api";

const PREMIUM_NEWS_KEY = "serene-listen-premium-news";

/** A code was just redeemed (with the sign-up or later): onboarding and home say so. */
export const notePremiumUnlocked = () => localStorage.setItem(PREMIUM_NEWS_KEY, "1");

/**
 * "Premium is unlocked until …", after a code was redeemed on this device: on the onboarding
 * page, and once on home (`once`: seen there, it is not shown again).
 */
export function PremiumNews({ once = false }: { once?: boolean }) {
  const { data: me } = useMe();
  // Read once: home forgets the news as it shows it, and still shows it until the listener leaves.
  const [news] = useState(
    () => typeof window !== "undefined" && localStorage.getItem(PREMIUM_NEWS_KEY) === "1",
  );
  const [closed, setClosed] = useState(false);
  const entitlement = me?.entitlement;
  useEffect(() => {
    if (once && news && entitlement) localStorage.removeItem(PREMIUM_NEWS_KEY);
  }, [once, news, entitlement]);
  if (!news || closed || !entitlement?.paid || !entitlement.paidUntil) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      radius="lg"
      icon={<IconCircleCheck aria-hidden="true" />}
      title="Premium is unlocked"
      withCloseButton={once}
      closeButtonLabel="Dismiss"
      onClose={() => setClosed(true)}
      data-testid="premium-news"
    >
      Every meditation, sleep story and course is yours until {formatLongDate(entitlement.paidUntil)}
      {entitlement.source ? `, thanks to ${entitlement.source.businessName}` : ""}.
    </Alert>
  );
}
