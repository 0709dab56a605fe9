import {
  createHostRequestBodySchema,
  decideHostRequestBodySchema,
  hostListResponseSchema,
  hostRequestFilterSchema,
  hostRequestListQuerySchema,
  hostRequestListResponseSchema,
  hostRequestResponseSchema,
  idParamsSchema,
  ownHostRequestResponseSchema,
  pageQuerySchema,
} from "@serene/contract";
import { sendCsv } from "../../lib/csv.ts";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { hostRequestCsv, toHostRequest } from "./hosts.presenter.ts";
import { toUser } from "../users/index.ts";
import type { HostsService } from "./hosts.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function hostRoutes(app: App, { hosts }: { hosts: HostsService }) {
  const tags = ["hosts"];

  app.get(
    "/hosts",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Users with the host role",
        querystring: pageQuerySchema,
        response: { 200: hostListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await hosts.hosts(page, limit);
      return listReply(
        "Hosts",
        rows.map((r) => ({ ...toUser(r, request.mediaUrl), userID: r.id })),
        pageMeta(page, limit, total),
      );
    },
  );

  app.get(
    "/host-requests",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Become-a-host requests (pending unless told), newest first unless sorted (created, name, email)",
        querystring: hostRequestListQuerySchema,
        response: { 200: hostRequestListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await hosts.requests(request.query);
      return listReply(
        "Host requests",
        rows.map((r) => toHostRequest(r, request.mediaUrl)),
        pageMeta(page, limit, total),
      );
    },
  );

  app.get(
    "/host-requests/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The host requests of a state as CSV (pending unless told; newest first, streamed); the export is recorded",
        querystring: hostRequestFilterSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      sendCsv(reply, "host-requests", hostRequestCsv, await hosts.exportRows(request.auth, request.query)),
  );

  for (const [path, decision, message] of [
    ["approve", "approved", "Host request approved"],
    ["decline", "declined", "Host request declined"],
  ] as const) {
    app.post(
      `/host-requests/:id/${path}`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: `${path[0]!.toUpperCase()}${path.slice(1)} a host request; the user is told${decision === "declined" ? " (with the reason, when one is given)" : ""}`,
          params: idParamsSchema,
          body: decideHostRequestBodySchema,
          response: { 200: hostRequestResponseSchema },
        },
      },
      async (request) =>
        ok(
          message,
          toHostRequest(
            await hosts.decide(request.auth, request.params.id, decision, request.body?.reason),
            request.mediaUrl,
          ),
        ),
    );
  }

  app.get(
    "/host-request",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "As a signed-in app user, my latest host request and its decision (null when I never asked)",
        response: { 200: ownHostRequestResponseSchema },
      },
    },
    async (request) => {
      const own = await hosts.own(request.auth);
      return ok("Your host request", own && toHostRequest(own, request.mediaUrl));
    },
  );

  app.post(
    "/host-request",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "As a signed-in app user, ask to become a host",
        body: createHostRequestBodySchema,
        response: { 200: hostRequestResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Your request was sent",
        toHostRequest(await hosts.request(request.auth, request.body, request.origin), request.mediaUrl),
      ),
  );
}
