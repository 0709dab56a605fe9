import {
  Anchor,
  Button,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { FormFailure } from "../shared/form-failure";
import { NeedsJavaScript } from "../../../components/ui/page-loader";
import { useHydrated } from "../../../lib/use-hydrated";
import { useApiForm } from "../shared/use-api-form";

/**
 * A prerendered form (sign in) shows before its code runs: what the listener typed, or the browser
 * filled in, by then is in the fields but not in the form's values. Taken over once, as the page
 * hydrates, for every field whose `name` is one of the values.
 */
function useValuesEnteredEarly<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>) {
  const element = useRef<HTMLFormElement>(null);
  useEffect(() => {
    for (const field of element.current?.elements ?? []) {
      if (!(field instanceof HTMLInputElement) || !field.value || !(field.name in form.getValues())) continue;
      form.setFieldValue(field.name, field.value as never);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: later typing reaches the form through the fields
  }, []);
  return element;
}

/**
 * The form of the listener's account pages (sign in, sign up, forgot, reset): the fields, why the
 * API refused (per field and above them), and the one submit button; `footer` goes below it.
 */
export function AuthForm<Values extends Record<string, unknown>>({
  form,
  action,
  submitLabel,
  children,
  footer,
}: {
  form: UseFormReturnType<Values>;
  /** Runs with the valid values; an API refusal shows in the form. */
  action: (values: Values) => Promise<void>;
  submitLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { busy, failure, run } = useApiForm(form);
  const element = useValuesEnteredEarly(form);
  // Before its code runs, a prerendered form cannot send: the browser would put the password in
  // the page's address. A disabled default button stops Enter too.
  const hydrated = useHydrated();
  return (
    <form ref={element} onSubmit={form.onSubmit((values) => run(() => action(values)))} noValidate>
      <Stack gap="md">
        <FormFailure message={failure} />
        {children}
        <Button type="submit" size="md" loading={busy} disabled={!hydrated} fullWidth>
          {submitLabel}
        </Button>
        <NeedsJavaScript what="This form" />
        {footer}
      </Stack>
    </form>
  );
}

export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" size="md" {...props} />;
}

/** A password being chosen (sign-up, reset), with its rule. */
export function NewPasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="Password"
      description="At least 8 characters"
      autoComplete="new-password"
      size="md"
      {...props}
    />
  );
}

export const newPasswordProblem = (value: string) =>
  value.length >= 8 ? null : "Please choose a password of at least 8 characters";

/** A centred line of small print below a form: a link and what leads to it. */
export function AuthFormLink({ to, lead, children }: { to: string; lead?: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      {lead && `${lead} `}
      <Anchor component={Link} to={to} fw={lead ? 700 : undefined}>
        {children}
      </Anchor>
    </Text>
  );
}
