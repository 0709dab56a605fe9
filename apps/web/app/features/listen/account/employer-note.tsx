import { Anchor } from "@mantine/core";
import { Link } from "react-router";

/** The line a seat's success message ends with: what the employer sees, and the page saying more. */
export function EmployerNote() {
  return (
    <>
      {" "}
      Your employer sees that your seat is redeemed, by which e-mail and when; never what you listen to, your
      moods or your times.{" "}
      <Anchor component={Link} to="/listen/account/employer">
        What your employer sees
      </Anchor>
    </>
  );
}
