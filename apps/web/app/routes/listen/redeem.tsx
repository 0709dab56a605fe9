import { Alert } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { SignedInGate } from "../../features/listen/account/signed-in-gate";
import { pageMeta } from "../../lib/meta";
import { CodeForm, Preview } from "../../features/listen/account/redeem-code";

export const meta = () =>
  pageMeta({
    title: "Redeem a code",
    description: "Unlock Serene's paid library with your employer's code.",
  });

/**
 * /listen/redeem?code= (the link of the codes e-mail; a portal invitation's adds &email=): signed out, the listener signs up (the
 * code goes with the sign-up) or signs in and comes back; signed in, sees what the code gives,
 * then uses it.
 */
export default function Redeem() {
  const [params, setParams] = useSearchParams();
  const code = params.get("code")?.trim() ?? "";
  // A portal invitation's link also names the invited address: sign-up is filled in with it.
  const email = params.get("email")?.trim() ?? "";
  const back = new URLSearchParams({ ...(code ? { code } : {}), ...(email ? { email } : {}) }).toString();

  return (
    <AuthFrame
      title="Redeem a code"
      intro="Your employer's code unlocks every meditation, sleep story and course."
    >
      <SignedInGate
        here={`/listen/redeem${back ? `?${back}` : ""}`}
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
