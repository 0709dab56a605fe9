import { Alert, Button, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCircleCheck, IconTicket } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { redeemCode, redeemPreviewQuery } from "../../features/listen/account/api";
import type { Entitlement } from "@serene/contract";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { EmployerNote } from "../../features/listen/account/employer-note";
import { FormFailure } from "../../features/listen/shared/form-failure";
import { notePremiumUnlocked } from "../../features/listen/account/premium-news";
import { sayError } from "../../features/listen/shared/error-words";
import { SignedInGate } from "../../features/listen/account/signed-in-gate";
import { useApiForm } from "../../features/listen/shared/use-api-form";
import { formatLongDate } from "../../features/listen/shared/format";
import { listenKeys, listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { pageMeta } from "../../lib/meta";

export const meta = () =>
  pageMeta({
    title: "Redeem a code",
    description: "Unlock Serene's paid library with your employer's code.",
  });

/**
 * /listen/redeem?code= (the link of the codes e-mail): signed out, the listener signs up (the
 * code goes with the sign-up) or signs in and comes back; signed in, sees what the code gives,
 * then uses it.
 */
export default function Redeem() {
  const [params, setParams] = useSearchParams();
  const code = params.get("code")?.trim() ?? "";

  return (
    <AuthFrame
      title="Redeem a code"
      intro="Your employer's code unlocks every meditation, sleep story and course."
    >
      <SignedInGate
        here={`/listen/redeem${code ? `?code=${encodeURIComponent(code)}` : ""}`}
        why="Create your Serene account, or sign in, to use this code."
        note={
          code && (
            <Alert variant="light" icon={<IconTicket aria-hidden="true" />}>
              Code <strong>{code}</strong>
            </Alert>
          )
        }
      >
        {() => (code ? <Preview code={code} /> : <CodeForm onCode={(value) => setParams({ code: value })} />)}
      </SignedInGate>
    </AuthFrame>
  );
}

function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const form = useForm({
    initialValues: { code: "" },
    validate: { code: (v) => (v.trim() ? null : "Please enter your code") },
  });
  return (
    <form onSubmit={form.onSubmit((values) => onCode(values.code.trim()))} noValidate>
      <Stack gap="md">
        <TextInput {...form.getInputProps("code")} label="Code" autoComplete="off" size="md" />
        <Button type="submit" size="md" fullWidth>
          Continue
        </Button>
        <Button component={Link} to="/listen" variant="subtle">
          Not now
        </Button>
      </Stack>
    </form>
  );
}

function Preview({ code }: { code: string }) {
  const preview = useQuery({ ...redeemPreviewQuery(code), retry: false });
  const [entitlement, setEntitlement] = useState<Entitlement | null>(null);
  const { busy, failure, run } = useApiForm();
  const use = () =>
    run(async () => {
      // Entitled already, the listener saw the comparison below: using it is their confirmation.
      const { data } = await redeemCode(code, preview.data?.paidUntil !== null);
      notePremiumUnlocked();
      setEntitlement(data.entitlement);
      await listenQueryClient.invalidateQueries({ queryKey: listenKeys.all });
    });

  if (entitlement) {
    return (
      <Stack gap="md" role="status">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden="true" />}
          title="Premium is unlocked"
        >
          {entitlement.paidUntil
            ? `Every meditation, sleep story and course is yours until ${formatLongDate(entitlement.paidUntil)} (${entitlement.daysLeft} days).`
            : "Everything is unlocked."}
          <EmployerNote />
        </Alert>
        <Button component={Link} to="/listen" size="md" fullWidth>
          Start listening
        </Button>
      </Stack>
    );
  }
  if (preview.isPending) return <Loader aria-label="Checking the code" />;
  if (preview.isError) {
    return (
      <Stack gap="md">
        <FormFailure message={sayError(preview.error)} />
        <Button component={Link} to="/listen/redeem" variant="light">
          Enter another code
        </Button>
      </Stack>
    );
  }
  const { businessName, months, alreadyUsed, paidUntil, paidUntilAfter } = preview.data;
  return (
    <Stack gap="md">
      <Alert variant="light" icon={<IconTicket aria-hidden="true" />} title={`From ${businessName}`}>
        Code <strong>{code}</strong> gives you {months} {months === 1 ? "month" : "months"} of the paid
        library.
      </Alert>
      {alreadyUsed ? (
        <FormFailure message="This code has already been used." />
      ) : (
        <>
          {paidUntil && (
            <Text data-testid="redeem-comparison">
              You have premium already. It runs until <strong>{formatLongDate(paidUntil)}</strong>; this code
              would make it <strong>{formatLongDate(paidUntilAfter)}</strong>, and use one of {businessName}
              &rsquo;s seats.
            </Text>
          )}
          <FormFailure message={failure} />
          <Button size="md" fullWidth onClick={() => void use()} loading={busy}>
            {paidUntil ? "Use it and extend my premium" : "Use this code"}
          </Button>
        </>
      )}
      <Button component={Link} to="/listen" variant="subtle">
        Not now
      </Button>
    </Stack>
  );
}
