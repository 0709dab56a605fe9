import { hostsEndpoints } from "@serene/contract";
import { listWithExport, route } from "../../plugins/route.ts";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { hostRequestCsv, toHostRequest } from "./hosts.presenter.ts";
import { toUser } from "../users/index.ts";
import type { HostsService } from "./hosts.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function hostRoutes(app: App, { hosts }: { hosts: HostsService }) {
  route(app, hostsEndpoints.hosts, async (request) => {
    const { page, limit } = request.query;
    const { rows, total } = await hosts.hosts(page, limit);
    return listReply(
      "Hosts",
      rows.map((r) => ({ ...toUser(r, request.mediaUrl), userID: r.id })),
      pageMeta(page, limit, total),
    );
  });

  listWithExport(
    app,
    { list: hostsEndpoints.requests, export: hostsEndpoints.exportRequests },
    {
      message: "Host requests",
      rows: hosts.requests,
      present: (row, request) => toHostRequest(row, request.mediaUrl),
    },
    { name: "host-requests", columns: hostRequestCsv, rows: hosts.exportRows },
  );

  for (const [endpoint, decision, message] of [
    [hostsEndpoints.approve, "approved", "Host request approved"],
    [hostsEndpoints.decline, "declined", "Host request declined"],
  ] as const) {
    route(app, endpoint, async (request) =>
      ok(
        message,
        toHostRequest(
          await hosts.decide(request.auth, request.params.id, decision, request.body?.reason),
          request.mediaUrl,
        ),
      ),
    );
  }

  route(app, hostsEndpoints.ownRequest, async (request) => {
    const own = await hosts.own(request.auth);
    return ok("Your host request", own && toHostRequest(own, request.mediaUrl));
  });

  route(app, hostsEndpoints.request, async (request) =>
    ok(
      "Your request was sent",
      toHostRequest(await hosts.request(request.auth, request.body, request.origin), request.mediaUrl),
    ),
  );
}
