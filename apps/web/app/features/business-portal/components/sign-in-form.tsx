import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { BrandLink } from "../../../components/ui/brand-link";
import { requestLink } from "../api";
import { failureAdvice } from "../failure-advice";

/**
 * The prerendered form's address field (see PortalFirstPaint), held while it is still on the page,
 * and whether it lost the focus in the current task: Chromium blurs a focused field as it is taken
 * off the page, so when this form replaces it (one task: the commit and its layout effects),
 * `blurredNow` says the field had the focus at that moment, and a microtask clears it otherwise.
 */
function holdFirstPaintField() {
  const field =
    typeof document === "undefined"
      ? null
      : document.querySelector<HTMLInputElement>('form[data-first-paint] input[name="email"]');
  if (!field) return null;
  const held = { field, blurredNow: false };
  field.addEventListener("blur", () => {
    held.blurredNow = true;
    queueMicrotask(() => (held.blurredNow = false));
  });
  return held;
}

/**
 * The signed-out portal: an e-mail address, and a single-use sign-in link sent to it. As the
 * prerendered first paint (`firstPaint`), it sends nothing (its button waits for the code); the form
 * the code then renders starts with what was typed into it.
 */
export function SignInForm({ firstPaint = false }: { firstPaint?: boolean }) {
  const send = useMutation({ mutationFn: requestLink });
  // The prerendered field is held, not its value: it is read when this form replaces it, so nothing
  // typed before then is lost, and a field that had the focus hands it on (typing goes on here).
  const [prerendered] = useState(() => (firstPaint ? null : holdFirstPaintField()));
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (!prerendered || !input.current) return;
    if (prerendered.field.value && !input.current.value) input.current.value = prerendered.field.value;
    if (prerendered.blurredNow) input.current.focus();
  }, [prerendered]);
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
                ref={input}
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
