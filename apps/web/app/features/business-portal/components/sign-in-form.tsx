import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { BrandLink } from "../../../components/ui/brand-link";
import { requestLink } from "../api";
import { failureAdvice } from "../failure-advice";

/** The signed-out portal: an e-mail address, and a single-use sign-in link sent to it. */
export function SignInForm() {
  const send = useMutation({ mutationFn: requestLink });
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
          <Paper component="form" withBorder p="lg" onSubmit={submit}>
            <Stack>
              {send.isError && (
                <Alert role="alert" color="red" variant="light" title="The link was not sent">
                  {failureAdvice(send.error)}
                </Alert>
              )}
              <TextInput label="E-mail address" name="email" type="email" autoComplete="email" required />
              <Button type="submit" loading={send.isPending}>
                E-mail me a sign-in link
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
