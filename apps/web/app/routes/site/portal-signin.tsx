import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FormAlert } from "../../components/site/field";
import { signIn } from "../../features/business-portal/api";
import { publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/portal-signin";

export const meta: Route.MetaFunction = () =>
  publicPageMeta(
    { title: "Signing in to the business portal", description: "Signing in by the e-mailed link." },
    "/business/portal/signin",
    { noindex: true },
  );

/** The e-mailed link lands here: its token is traded (once) for a portal session. */
export default function PortalSignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn(params.get("token") ?? "")
      .then(() => navigate("/business/portal", { replace: true }))
      .catch((err: Error) => setError(err.message));
  }, [params, navigate]);
  return (
    <div className="stack">
      <h1>Business portal</h1>
      {error ? (
        <>
          <FormAlert>
            <p>{error}</p>
          </FormAlert>
          <Link className="button" to="/business/portal">
            Ask for a new link
          </Link>
        </>
      ) : (
        <p role="status">Signing you in…</p>
      )}
    </div>
  );
}
