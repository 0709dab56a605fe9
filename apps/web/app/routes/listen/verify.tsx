import { Button, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { verifyEmail } from "../../features/listen/account/api";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { FormFailure } from "../../features/listen/shared/form-failure";
import { sayError } from "../../features/listen/shared/error-words";
import { listenKeys, listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { pageMeta } from "../../lib/meta";

export const meta = () =>
  pageMeta({ title: "Verify your e-mail", description: "Confirm your e-mail address for Serene." });

/** /listen/verify?token= from the sign-up e-mail: confirms the address once the page opens. */
export default function Verify() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const result = useQuery({
    queryKey: ["listen", "verify", token],
    queryFn: async () => {
      const answer = await verifyEmail(token);
      await listenQueryClient.invalidateQueries({ queryKey: listenKeys.me });
      return answer;
    },
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <AuthFrame title="Verify your e-mail">
      <Stack gap="md" role="status">
        {!token && (
          <FormFailure message="This link has no token. Open the link of the latest e-mail we sent you." />
        )}
        {result.isPending && token && (
          <Stack align="center">
            <Loader aria-label="Checking the link" />
          </Stack>
        )}
        {result.isError && <FormFailure message={sayError(result.error)} />}
        {result.isSuccess && <Text>Thank you: your e-mail address is verified.</Text>}
        <Button
          component={Link}
          to="/listen"
          size="md"
          fullWidth
          variant={result.isSuccess ? "filled" : "light"}
        >
          Open Serene
        </Button>
      </Stack>
    </AuthFrame>
  );
}
