import { Alert, Button, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconTicket } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { redeemCode, redeemPreviewQuery } from "./api";
import type { Entitlement } from "@serene/contract";
import { PremiumUnlocked } from "./premium-unlocked";
import { formatLongDate } from "../shared/format";
import { FormFailure } from "../shared/form-failure";
import { notePremiumUnlocked } from "./premium-news";
import { sayError } from "../shared/error-words";
import { useApiForm } from "../shared/use-api-form";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";

export function CodeForm({ onCode }: { onCode: (code: string) => void }) {
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

export function Preview({ code }: { code: string }) {
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

  if (entitlement)
    return <PremiumUnlocked title="Premium is unlocked" entitlement={entitlement} showDaysLeft />;
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
