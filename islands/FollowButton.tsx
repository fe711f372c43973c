/**
 * The follow button of a listing ("Follow", or "Notify me when it launches" while it is upcoming)
 * or of a founder profile: a real form, so it posts and comes back without JavaScript. Hydrated,
 * it posts with fetch and toggles in place (`aria-pressed`) with the new follower count. Signed
 * out, the form is left to post, and the site sends the person to sign in and back.
 */
import { useState } from "preact/hooks";

/** Props: what is followed, the person's state, the count and the form's fields. */
export interface FollowButtonProps {
  /** Where the form posts (`/listings/:slug/follow` or `/founders/:slug/follow`). */
  action: string;
  name: string;
  /** `follow` a live listing, `notify` for an upcoming one, `founder` for a founder profile. */
  mode: "follow" | "notify" | "founder";
  following: boolean;
  /** Their own listing or profile: the count without a button. */
  own: boolean;
  followers: number;
  signedIn: boolean;
  csrf: string;
  returnTo: string;
}

const LABELS = { follow: "Follow", notify: "Notify me when it launches", founder: "Follow" };

function followingNote(mode: FollowButtonProps["mode"], name: string): string {
  if (mode === "notify") return `We will mail you when ${name} launches.`;
  if (mode === "founder") return `You get a mail when ${name}'s listings launch or post news.`;
  return `You get ${name}'s updates by mail.`;
}

const countText = (n: number) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? "follower" : "followers"}`;

async function postFollow(
  form: HTMLFormElement,
): Promise<{ following: boolean; followers: number }> {
  const body = new URLSearchParams(new FormData(form) as never);
  // `form.action` would be the hidden input named "action".
  const res = await fetch(form.getAttribute("action") ?? "", {
    method: "POST",
    body,
    headers: { Accept: "application/json" },
  });
  const answer = await res.json();
  if (res.ok) return answer;
  if (res.status === 401) {
    const back = form.querySelector<HTMLInputElement>("input[name=return_to]")?.value ?? "/";
    location.assign(`/signin?next=${encodeURIComponent(back)}`);
  }
  throw new Error(answer?.error?.message ?? `Could not save the follow (${res.status})`);
}

/** The follower count and the toggle button. */
export default function FollowButton(props: FollowButtonProps) {
  const [following, setFollowing] = useState(props.following);
  const [followers, setFollowers] = useState(props.followers);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function toggle(form: HTMLFormElement) {
    setBusy(true);
    try {
      const answer = await postFollow(form);
      setFollowing(answer.following);
      setFollowers(answer.followers);
      setError("");
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not save the follow; try again");
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: SubmitEvent) {
    // Signed out, the form posts: the site sends the person to sign in and back.
    if (props.signedIn) event.preventDefault();
    if (props.signedIn && !busy) toggle(event.currentTarget as HTMLFormElement);
  }

  const count = (
    <span class="follow-count" aria-live="polite" data-follower-count>
      {countText(followers)}
    </span>
  );
  if (props.own) {
    return (
      <div class="follow-form">
        {count}
        <span class="muted small">
          {props.mode === "founder" ? "This is your profile." : "This is your listing."}
        </span>
      </div>
    );
  }
  return (
    <form method="post" action={props.action} class="follow-form" onSubmit={onSubmit}>
      <input type="hidden" name="_csrf" value={props.csrf} />
      <input type="hidden" name="return_to" value={props.returnTo} />
      <input type="hidden" name="action" value={following ? "unfollow" : "follow"} />
      <button
        type="submit"
        class={following ? "button follow-button" : "button button-ghost follow-button"}
        aria-pressed={following ? "true" : "false"}
        aria-busy={busy ? "true" : "false"}
        title={following ? `You follow ${props.name}: press to stop` : undefined}
      >
        {following && <span aria-hidden="true">✓</span>}
        {LABELS[props.mode]}
      </button>
      {count}
      {following && (
        <span class="muted small follow-note">{followingNote(props.mode, props.name)}</span>
      )}
      {error && <span class="follow-error" role="alert">{error}</span>}
    </form>
  );
}
