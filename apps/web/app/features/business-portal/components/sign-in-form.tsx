import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { BrandLink } from "../../../components/ui/brand-link";
import { requestLink } from "../api";
import { failureAdvice } from "../failure-advice";

/** The prerendered form's address (see PortalFirstPaint): what was typed there before the code ran. */
const typedBeforeCode = () =>
  typeof document === "undefined"
    ? ""
    : (document.querySelector<HTMLInputElement>('form[data-first-paint] input[name="email"]')?.value ?? "");

/**
 * The signed-out portal: an e-mail address, and a single-use sign-in link sent to it. As the
 * prerendered first paint (`firstPaint`), it sends nothing (its button waits for the code); the form
 * the code then renders starts with what was typed into it.
 */
export function SignInForm({ firstPaint = false }: { firstPaint?: boolean }) {
  const send = useMutation({ mutationFn: requestLink });
  const [typed] = useState(() => (firstPaint ? "" : typedBeforeCode()));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(String(new FormData(event.currentTarget).get("email") ?? ""));
  };
  return (
    <Container size={480} py="xl" component="main" id="main">
      <Stack gap="lg">
        <BrandLink />
        <Title order={1}>Business portal</Title>
        <Text>Sign in with the e-mail address you bought seats with.</Text>
        {send.isSuccess ? (
          <Alert role="status" color="teal" variant="light">
            {send.data.message} The link works once, for 15 minutes.
          </Alert>
        ) : (
          <Paper
            component="form"
            withBorder
            p="lg"
            onSubmit={submit}
            data-first-paint={firstPaint || undefined}
          >
            <Stack>
              {send.isError && (
                <Alert role="alert" color="red" variant="light" title="The link was not sent">
                  {failureAdvice(send.error)}
                </Alert>
              )}
              <TextInput
                label="E-mail address"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={typed}
              />
              <Button type="submit" loading={send.isPending} disabled={firstPaint}>
                E-mail me a sign-in link
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
