import { useParams } from "react-router";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { SignedInGate } from "../../features/listen/account/signed-in-gate";
import { pageMeta } from "../../lib/meta";
import { TakeSeat } from "../../features/listen/account/take-seat";

export const meta = () =>
  pageMeta({
    title: "Join your team on Serene",
    description: "Take a seat of your employer's Serene plan with your work e-mail address.",
  });

/**
 * /listen/join/<token> (a business's join link): signed out, the listener signs up or signs in
 * and comes back; signed in with a verified address at one of the business's domains, takes a
 * free seat. A wrong domain, an unverified address or no free seat is said plainly.
 */
export default function Join() {
  const { token = "" } = useParams();

  return (
    <AuthFrame
      title="Join your team on Serene"
      intro="Your employer gives you every meditation, sleep story and course, free."
    >
      <SignedInGate
        here={`/listen/join/${encodeURIComponent(token)}`}
        why="Create your Serene account with your work e-mail address, or sign in, to take your seat."
      >
        {(me) => <TakeSeat token={token} email={me.email} />}
      </SignedInGate>
    </AuthFrame>
  );
}
