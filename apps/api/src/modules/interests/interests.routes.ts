import {
  createInterestBodySchema,
  idBodySchema,
  idParamsSchema,
  interestDeleteResponseSchema,
  interestListResponseSchema,
  interestResponseSchema,
  updateInterestBodySchema,
} from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import { toInterest } from "./interests.presenter.ts";
import type { InterestsService } from "./interests.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function interestRoutes(app: App, { interests }: { interests: InterestsService }) {
  const tags = ["interests"];

  app.get(
    "/interests",
    {
      config: { access: "staff" },
      schema: { tags, summary: "Interests, by position", response: { 200: interestListResponseSchema } },
    },
    async (request) => {
      const list = (await interests.list()).map((i) => toInterest(i, request.mediaUrl));
      return listReply("Interests", list, { total: list.length });
    },
  );

  app.post(
    "/interest",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Create an interest (icon: a URL from POST /upload)",
        body: createInterestBodySchema,
        response: { 200: interestResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Interest created",
        toInterest(await interests.create(request.auth, request.body, request.origin), request.mediaUrl),
      ),
  );

  app.put(
    "/interest/:id",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Update an interest's name, icon or position",
        params: idParamsSchema,
        body: updateInterestBodySchema,
        response: { 200: interestResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Interest updated",
        toInterest(
          await interests.update(request.auth, request.params.id, request.body, request.origin),
          request.mediaUrl,
        ),
      ),
  );

  app.post(
    "/interest/delete",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Delete an interest; its contents stay, uncategorised",
        body: idBodySchema,
        response: { 200: interestDeleteResponseSchema },
      },
    },
    async (request) => {
      const result = await interests.remove(request.auth, request.body.id);
      return ok("User interests deleted", {
        id: request.body.id,
        uncategorisedResources: result.uncategorised,
      });
    },
  );
}
