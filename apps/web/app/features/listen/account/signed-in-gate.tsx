import { Button, Loader, Stack, Text } from "@mantine/core";
import type { Profile } from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { FormFailure } from "../shared/form-failure";
import { sayError } from "../shared/error-words";
import { meQuery } from "./api";
import { hasSignedInHint } from "../shared/listen-query-client";

/**
 * What a link sent to a listener opens (a business's join link, a code's redeem link): the profile
 * read first; signed out, the way to sign up or sign in and come back to `here`, after `note` and
 * `why`; signed in, `children` with the profile.
 */
export function SignedInGate({
  here,
  why,
  note,
  children,
}: {
  here: string;
  why: string;
  note?: ReactNode;
  children: (me: Profile) => ReactNode;
}) {
  // Known to be signed out (no hint): the profile is not asked for, it would only be refused.
  const [hinted] = useState(hasSignedInHint);
  const me = useQuery({ ...meQuery, retry: false, enabled: hinted });
  const signedOut = !hinted || (me.error instanceof ApiError && me.error.httpStatus === 401);
  const next = encodeURIComponent(here);
  return (
    <>
      {hinted && me.isPending && <Loader aria-label="Loading" />}
      {signedOut && (
        <Stack gap="md">
          {note}
          <Text>{why}</Text>
          <Button component={Link} to={`/listen/signup?next=${next}`} size="md" fullWidth>
            Create an account
          </Button>
          <Button component={Link} to={`/listen/signin?next=${next}`} size="md" variant="light" fullWidth>
            I have an account
          </Button>
        </Stack>
      )}
      {me.isSuccess && children(me.data)}
      {me.isError && !signedOut && <FormFailure message={sayError(me.error)} />}
    </>
  );
}
