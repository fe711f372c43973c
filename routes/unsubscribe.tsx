/**
 * `/unsubscribe/:token`: the one-click unsubscribe link of follower mails (of a listing, or of a
 * founder profile), without signing in. GET shows what the link does and a confirm button (mail
 * scanners that open links change nothing); POST unsubscribes. The signed token is the authorization, so the form carries no CSRF token.
 */
import { type Context, Hono } from "hono";
import type { Deps } from "../services/platform/mod.ts";
import {
  readUnsubscribeLink,
  unsubscribeFollower,
  type UnsubscribeLink,
} from "../services/publishing/mod.ts";
import { NarrowPage } from "./account/_ui.tsx";
import { noStore, rateLimit } from "./middleware.ts";
import { privatePage } from "./pages/_forms.ts";

/** The unsubscribe routes; the app mounts them with `app.route("/", unsubscribeRoutes(deps))`. */
export function unsubscribeRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.use("/unsubscribe/*", noStore());
  app.post("/unsubscribe/*", rateLimit({ deps }));
  app.get("/unsubscribe/:token", async (c) => {
    const link = await readUnsubscribeLink(deps, c.req.param("token"));
    return await linkPage(deps, c, link, false);
  });
  app.post("/unsubscribe/:token", async (c) => {
    const link = await unsubscribeFollower(deps, c.req.param("token"));
    return await linkPage(deps, c, link, true);
  });
  return app;
}

function linkPage(deps: Deps, c: Context, link: UnsubscribeLink, justDone: boolean) {
  const name = link.name;
  const title = link.unsubscribed ? `No more mails about ${name}` : `Stop mails about ${name}?`;
  const body = (
    <NarrowPage
      header={
        <>
          <h1>{title}</h1>
          <p class="lead">
            {link.unsubscribed
              ? justDone
                ? `You are unsubscribed: you will get no more mails about ${name}.`
                : `You unsubscribed before: you get no mails about ${name}.`
              : link.about}
          </p>
        </>
      }
    >
      {!link.unsubscribed && (
        <form class="card form-stack" method="post" action={c.req.path}>
          <button type="submit" class="button">Unsubscribe</button>
        </form>
      )}
      <p>
        <a href={link.path}>Back to {name}</a>
      </p>
    </NarrowPage>
  );
  return privatePage(deps, c, { title, description: title }, body);
}
