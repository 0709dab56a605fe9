import { useParams } from "react-router";
import type { Route } from "./+types/host-content";
import { LoadError } from "../../components/ui/load-error";
import { hostResourceQuery, useHostResource } from "../../features/listen/host/api";
import { PageLoading } from "../../features/listen/shared/cover-art";
import { listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { pageMeta } from "../../lib/meta";
import { HostItem } from "../../features/listen/host/host-item";

export const meta = () =>
  pageMeta({ title: "My content", description: "One of your uploads and its review." });

/** The decision e-mails and inbox messages link here: the item is asked for at once. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  void listenQueryClient.prefetchQuery(hostResourceQuery(params.id));
  return null;
}

export default function HostContentPage() {
  const { id = "" } = useParams();
  const item = useHostResource(id);
  if (item.isError)
    return (
      <LoadError title="Could not load this content" error={item.error} onRetry={() => void item.refetch()} />
    );
  if (!item.data) return <PageLoading label="Loading your content" page />;
  return <HostItem item={item.data} />;
}
