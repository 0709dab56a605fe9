import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page of spec section 2. Public pages share the site layout; /admin/* the back office;
 * /listen/* the listener's web app (APP-API.md), whose code loads only there.
 */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("business", "routes/site/business.tsx"),
    route("about", "routes/site/about.tsx"),
    route("resources", "routes/site/resources.tsx"),
    route("host", "routes/site/host.tsx"),
    route("support", "routes/site/support.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("checkout", "routes/site/checkout.tsx"),
    route("business/portal/signin", "routes/site/portal-signin.tsx"),
    route("delete-account", "routes/site/delete-account.tsx"),
    route("delete-account/confirm", "routes/site/delete-account-confirm.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // The buyer's portal: its own frame, one address per section (the e-mailed link lands on the
  // site's business/portal/signin).
  route("business/portal", "routes/portal/layout.tsx", [
    index("routes/portal/overview.tsx"),
    route("seats", "routes/portal/seats.tsx"),
    route("invite", "routes/portal/invite.tsx"),
    route("eligibility", "routes/portal/eligibility.tsx"),
    route("billing", "routes/portal/billing.tsx"),
    route("report", "routes/portal/report.tsx"),
    route("admins", "routes/portal/admins.tsx"),
    route("activity", "routes/portal/activity.tsx"),
  ]),
  route("md-login", "routes/admin/md-login.tsx"),
  route("md-login/set-password", "routes/admin/set-password.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("contentPage", "routes/admin/content-page.tsx"),
    route("contentPage/:id/review", "routes/admin/content-review.tsx"),
    route("createInterest", "routes/admin/interests.tsx"),
    route("series", "routes/admin/series.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("hostrequest", "routes/admin/host-requests.tsx"),
    route("purchases", "routes/admin/purchases.tsx"),
    route("businesses", "routes/admin/businesses.tsx"),
    route("support", "routes/admin/support.tsx"),
    route("deletion-requests", "routes/admin/deletion-requests.tsx"),
    route("app-management", "routes/admin/app-management.tsx"),
    route("feed", "routes/admin/feed.tsx"),
    route("profile", "routes/admin/profile.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("admins", "routes/admin/admins.tsx"),
    route("trash", "routes/admin/trash.tsx"),
  ]),
  route("listen", "routes/listen/layout.tsx", [
    route("signin", "routes/listen/signin.tsx"),
    route("signup", "routes/listen/signup.tsx"),
    route("forgot", "routes/listen/forgot.tsx"),
    route("reset", "routes/listen/reset.tsx"),
    route("verify", "routes/listen/verify.tsx"),
    route("redeem", "routes/listen/redeem.tsx"),
    route("join/:token", "routes/listen/join.tsx"),
    layout("routes/listen/app-layout.tsx", [
      index("routes/listen/home.tsx"),
      route("welcome", "routes/listen/welcome.tsx"),
      route("search", "routes/listen/search.tsx"),
      route("interest/:id", "routes/listen/interest.tsx"),
      route("content/:id", "routes/listen/content.tsx"),
      route("series/:id", "routes/listen/series.tsx"),
      route("settings/reminders", "routes/listen/reminders.tsx"),
      route("library", "routes/listen/library.tsx"),
      route("inbox", "routes/listen/inbox.tsx"),
      route("account", "routes/listen/account.tsx"),
      route("account/employer", "routes/listen/employer.tsx"),
      route("host", "routes/listen/host.tsx"),
      route("host/new", "routes/listen/host-new.tsx"),
      route("host/content/:id", "routes/listen/host-content.tsx"),
    ]),
    // Any other /listen path: the app's own page, answered with status 404 by the server.
    route("*", "routes/listen/not-found.tsx"),
  ]),
] satisfies RouteConfig;
