import { Alert, Button, Stack } from "@mantine/core";
import { IconBuildingStore, IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { joinBusiness, resendVerification } from "./api";
import type { Entitlement } from "@serene/contract";
import { PremiumUnlocked } from "./premium-unlocked";
import { FormFailure } from "../shared/form-failure";
import { notePremiumUnlocked } from "./premium-news";
import { sayError } from "../shared/error-words";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";

/** Why a join was refused, in words for the listener, and what they can do about it. */
function refusal(error: unknown): { message: string; verify?: boolean } {
  if (!(error instanceof ApiError)) return { message: sayError(error) };
  switch (error.code) {
    case "email_not_verified":
      return {
        message: "Verify your e-mail address first: open the link we sent you, then come back to this page.",
        verify: true,
      };
    case "forbidden":
      // "This join link is for addresses at acme.com": the domains the business set.
      return {
        message: `${error.message}. Sign in with your work address, or ask your admin for a code.`,
      };
    case "not_found":
      return { message: "This join link is not valid any more. Ask your admin for the new one." };
    case "code_same_purchase":
      return { message: "You already hold a seat of this business: nothing more to do." };
    case "conflict":
      return { message: `${error.message}.` };
    default:
      return { message: sayError(error) };
  }
}

export function TakeSeat({ token, email }: { token: string; email: string }) {
  const [entitlement, setEntitlement] = useState<Entitlement | null>(null);
  const [failure, setFailure] = useState<ReturnType<typeof refusal> | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  const join = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await joinBusiness(token);
      notePremiumUnlocked();
      setEntitlement(data.entitlement);
      await listenQueryClient.invalidateQueries({ queryKey: listenKeys.all });
    } catch (error) {
      setFailure(refusal(error));
    } finally {
      setBusy(false);
    }
  };

  if (entitlement) return <PremiumUnlocked title="You have a seat" entitlement={entitlement} />;
  return (
    <Stack gap="md">
      <Alert variant="light" icon={<IconBuildingStore aria-hidden="true" />}>
        You are signed in as <strong>{email}</strong>. A seat goes to a verified address at one of your
        employer&apos;s domains.
      </Alert>
      {failure && <FormFailure message={failure.message} />}
      {failure?.verify &&
        (resent ? (
          <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden="true" />} role="status">
            A new verification link is on its way to {email}.
          </Alert>
        ) : (
          <Button
            variant="light"
            onClick={() =>
              void resendVerification().then(
                () => setResent(true),
                () => setResent(true),
              )
            }
          >
            Send the verification link again
          </Button>
        ))}
      <Button size="md" fullWidth loading={busy} onClick={() => void join()}>
        Take my seat
      </Button>
      <Button component={Link} to="/listen" variant="subtle">
        Not now
      </Button>
    </Stack>
  );
}
