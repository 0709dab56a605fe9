import { Stack } from "@mantine/core";
import { useParams } from "react-router";
import { InfiniteResources } from "../../features/listen/catalogue/infinite-resources";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { interestQuery, useInterests } from "../../features/listen/catalogue/api";
import { pageMeta } from "../../lib/meta";

export const meta = () => pageMeta({ title: "Interest", description: "Everything Serene has on one theme." });

export default function Interest() {
  const { id = "" } = useParams();
  const interest = useInterests().data?.find((i) => i._id === id);
  return (
    <Stack gap="md">
      <PageHeading
        title={interest?.name ?? "Interest"}
        intro={interest ? `${interest.count} to listen to` : undefined}
      />
      <InfiniteResources
        query={interestQuery(id)}
        label={interest?.name ?? "Contents"}
        empty="Nothing here yet."
      />
    </Stack>
  );
}
