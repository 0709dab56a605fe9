import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors.ts";
import { publicOrigin, requestSite } from "./request-site.ts";
import type { App } from "./types.ts";

/**
 * A public website form that works without JavaScript posts here as a plain HTML form
 * (application/x-www-form-urlencoded). The route stays the JSON call it is (same schema, same rate
 * limit, same service call); only its answer is turned into what a browser shows: a page in the
 * site's frame with the outcome, or a redirect.
 */
export interface FormPost {
  /** The public page whose form posts here: the result page looks like it and links back to it. */
  page: string;
  /** The page's name in "Back to …". */
  pageName: string;
  /** Heading of the result page when the call succeeded. */
  doneTitle: string;
  /** Where to send the browser instead of a result page, read from a successful answer's data. */
  redirectTo?: (data: unknown) => string | undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route also takes the plain HTML form of a public page (see form-posts.ts). */
    formPost?: FormPost;
  }
  interface FastifyInstance {
    /** A public page's HTML as the server sends it (web-app.ts), or undefined without a web build. */
    sitePageHtml(pagePath: string): Promise<string | undefined>;
  }
}

const FORM_TYPE = "application/x-www-form-urlencoded";

export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").toLowerCase().startsWith(FORM_TYPE);
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

export interface FormResult {
  title: string;
  message: string;
  /** Problems with single fields, shown as a list. */
  problems: string[];
  back: { href: string; label: string };
}

/**
 * The result of a form post as a page: the form page's own HTML (header, footer, styles) with the
 * outcome as its main content, and without its scripts (nothing is left for them to do). A bare
 * page when the web app is not built.
 */
export function formResultPage(template: string | undefined, result: FormResult): string {
  const main = [
    `<section class="form-result" aria-labelledby="form-result-title">`,
    `<h1 id="form-result-title">${escapeHtml(result.title)}</h1>`,
    `<p>${escapeHtml(result.message)}</p>`,
    result.problems.length
      ? `<ul>${result.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join("")}</ul>`
      : "",
    `<p><a class="button" href="${escapeHtml(result.back.href)}">${escapeHtml(result.back.label)}</a></p>`,
    `</section>`,
  ].join("");
  const title = `<title>${escapeHtml(result.title)} · Serene</title>`;
  const mainTag = /(<main\b[^>]*>)[\s\S]*<\/main>/;
  if (!template || !mainTag.test(template)) {
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${title}</head><body><main>${main}</main></body></html>`;
  }
  return template
    .replace(mainTag, (_whole, open: string) => `${open}${main}</main>`)
    .replace(/<title>[\s\S]*?<\/title>/, title)
    .replace(/<script\b[\s\S]*?<\/script>/g, "");
}

interface Envelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
  errors?: { field?: unknown; message?: unknown }[];
}

function readEnvelope(payload: unknown): Envelope | undefined {
  if (typeof payload !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === "object" && parsed !== null ? (parsed as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

async function answerInHtml(app: App, reply: FastifyReply, form: FormPost, envelope: Envelope) {
  const ok = envelope.status === true;
  const redirect = ok ? form.redirectTo?.(envelope.data) : undefined;
  if (redirect) {
    reply.code(303).header("location", redirect).header("content-type", "text/plain; charset=utf-8");
    return "";
  }
  const problems = (envelope.errors ?? []).flatMap(({ message }) =>
    typeof message === "string" ? [message] : [],
  );
  const message = typeof envelope.message === "string" ? envelope.message : "";
  const html = formResultPage(await app.sitePageHtml(form.page), {
    title: ok ? form.doneTitle : "Your form was not sent",
    message: problems.length ? "Please check these fields and send the form again:" : message,
    problems,
    back: { href: form.page, label: ok ? `Back to ${form.pageName}` : `Back to the form` },
  });
  reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store");
  return html;
}

/**
 * Lets the routes that say `config.formPost` take plain HTML form posts from our own pages:
 * parses the urlencoded body (other routes refuse it, so no JSON call can be posted to by a
 * cross-site form), refuses posts from other origins, and answers the JSON envelope (success or
 * error alike) as a result page or a redirect. Register before the routes.
 */
async function formPosts(app: App, { publicUrl }: { publicUrl: string | undefined }) {
  const ownOrigin = publicOrigin(publicUrl);
  app.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 64 * 1024 }, (request, body, done) => {
    if (!request.routeOptions.config.formPost) {
      done(new AppError("unsupported_media_type", "Send this request as JSON"), undefined);
    } else if (requestSite(request, ownOrigin) !== "same-origin") {
      // Cross-site pages may post forms to any address: a form post must prove it is ours.
      done(new AppError("forbidden", "Forms can only be sent from this site's own pages"), undefined);
    } else {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    }
  });

  // Only the form routes carry the answer hook: every other request skips it.
  app.addHook("onRoute", (route) => {
    const form = route.config?.formPost;
    if (!form) return;
    const asHtml: onSendAsyncHookHandler = async (request, reply, payload) => {
      if (!isFormPost(request)) return payload;
      const envelope = readEnvelope(payload);
      return envelope ? answerInHtml(app, reply, form, envelope) : payload;
    };
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), asHtml];
  });
}

export const formPostsPlugin = fp(formPosts, {
  name: "serene-form-posts",
  fastify: "5.x",
  dependencies: ["serene-error-handler"],
});
