/** invite_cofounder, and a co-founder adding their own founder profile through the invite link. */
import { acceptInvite, getDraftEntry, getInviteEntry, putInvite } from "../../kv/drafts.ts";
import type { CofounderInvite, User } from "../../kv/types.ts";
import type { Caller } from "../access/access.ts";
import type { Deps } from "../platform/deps.ts";
import { ApiError, badRequest, conflict } from "../platform/errors.ts";
import { draftView, requireOwnDraft } from "./drafts.ts";
import { syncSubmittedListing } from "./draft_listing.ts";
import { emailNamesPerson, mergeFounder, samePerson } from "./founder_merge.ts";
import type { IdempotencySeal } from "../access/idempotency.ts";
import { backoff } from "../../kv/retry.ts";
import { sendMail } from "../platform/mail.ts";
import { randomSecret, sha256Hex } from "../platform/secrets.ts";

/** Co-founder invites one draft may hold. */
export const MAX_INVITES = 10;

/**
 * invite_cofounder: mails an invite link (up to 10 per draft; once per address). With `seal`, the
 * answer is stored with the invite; the mail is written after it.
 */
export async function inviteCofounder(
  deps: Deps,
  caller: Caller,
  draftId: string,
  email: string,
  seal?: IdempotencySeal,
) {
  const address = email.trim().toLowerCase();
  for (let attempt = 0; attempt < 30; attempt++) {
    const entry = await requireOwnDraft(deps, caller, draftId);
    const draft = entry.value!;
    if (draft.invites.some((i) => i.email === address)) {
      throw conflict(`"${address}" is already invited to this draft`);
    }
    if (draft.invites.length >= MAX_INVITES) {
      throw badRequest(`A draft takes at most ${MAX_INVITES} invites`, [{
        path: "email",
        message: "Invite limit reached",
      }]);
    }
    const token = randomSecret(32);
    const now = deps.now().toISOString();
    const invite: CofounderInvite = {
      draft_id: draftId,
      email: address,
      invited_by: caller.userId,
      created_at: now,
      accepted_by: null,
    };
    const next = {
      ...draft,
      invites: [...draft.invites, { email: address, invited_at: now, accepted_by: null }],
      updated_at: now,
    };
    const answer = {
      draft_id: draftId,
      email: address,
      invited_at: now,
      invites_left: MAX_INVITES - next.invites.length,
    };
    const hash = await sha256Hex(token);
    const stored = await putInvite(
      deps.kv,
      hash,
      invite,
      entry,
      next,
      seal && ((op) => seal(op, answer)),
    );
    if (!stored) {
      await backoff(attempt);
      continue;
    }
    const name = String(draft.fields.name?.value ?? draft.domain);
    const link = `${deps.config.publicUrl}/invites/${token}`;
    await sendMail(deps, {
      to: address,
      subject: `${caller.email} invited you to add your founder profile to ${name}`,
      text:
        `${caller.email} is listing ${name} on Launch Directory and invited you as a co-founder.\n\nOpen this link to sign in and add your own founder profile (name, role, bio, links):\n${link}\n\nThe link works for 14 days. If you did not expect this, ignore this mail.`,
    });
    return answer;
  }
  throw conflict(`Draft "${draftId}" changed while inviting: retry`);
}

/** An invite by its link token, or a 404 when unknown, expired or already used. */
export async function readInvite(deps: Deps, token: string) {
  const entry = await getInviteEntry(deps.kv, await sha256Hex(token));
  if (!entry.value || entry.value.accepted_by) {
    throw new ApiError(404, "not_found", "This invite link is unknown, expired or already used");
  }
  const draft = (await getDraftEntry(deps.kv, entry.value.draft_id)).value;
  if (!draft) throw new ApiError(404, "not_found", "The draft of this invite no longer exists");
  return { invite: entry.value, productName: String(draft.fields.name?.value ?? draft.domain) };
}

/** The profile a co-founder adds for themselves. */
export interface CofounderProfile {
  name: string;
  title: string;
  bio: string;
}

/**
 * Adds the signed-in person's founder profile to the invite's draft (and to its listing when the
 * draft was saved). The invite must be addressed to their email; it works once.
 */
export async function acceptCofounderInvite(
  deps: Deps,
  user: User,
  token: string,
  profile: CofounderProfile,
) {
  const details = [
    ...(profile.name.trim() && profile.name.length <= 160
      ? []
      : [{ path: "name", message: "1 to 160 characters" }]),
    ...(profile.title.length <= 160 ? [] : [{ path: "title", message: "At most 160 characters" }]),
    ...(profile.bio.length <= 3000 ? [] : [{ path: "bio", message: "At most 3000 characters" }]),
  ];
  if (details.length) throw badRequest("Check your founder profile", details);
  const hash = await sha256Hex(token);
  for (let attempt = 0; attempt < 10; attempt++) {
    const inviteEntry = await getInviteEntry(deps.kv, hash);
    const invite = inviteEntry.value;
    if (!invite || invite.accepted_by) {
      throw new ApiError(404, "not_found", "This invite link is unknown, expired or already used");
    }
    if (invite.email !== user.email) {
      throw new ApiError(
        403,
        "forbidden",
        `This invite is for ${invite.email}; you are signed in as ${user.email}`,
      );
    }
    const draftEntry = await getDraftEntry(deps.kv, invite.draft_id);
    const draft = draftEntry.value;
    if (!draft) throw new ApiError(404, "not_found", "The draft of this invite no longer exists");
    const own = {
      name: profile.name.trim(),
      title: profile.title.trim() || null,
      bio: profile.bio.trim() || null,
      user_id: user.id,
    };
    // The founder the AI drafted from the site, when it is this person: merged, not listed twice.
    const drafted = draft.founders.find((f) =>
      f.user_id === null && (samePerson(f, own) || emailNamesPerson(user.email, f.name))
    );
    if (!drafted && draft.founders.length >= 6) {
      throw badRequest("The draft already lists 6 founders", [{
        path: "name",
        message: "Founder limit reached",
      }]);
    }
    const next = {
      ...draft,
      founders: drafted
        ? draft.founders.map((f) => f === drafted ? mergeFounder(f, own) : f)
        : [...draft.founders, { ...own, evidence: [] }],
      invites: draft.invites.map((
        i,
      ) => (i.email === invite.email ? { ...i, accepted_by: user.id } : i)),
      updated_at: deps.now().toISOString(),
    };
    if (await acceptInvite(deps.kv, inviteEntry, draftEntry, next)) {
      if (next.listing_id) await syncSubmittedListing(deps, next, new Set(["founders"]));
      return draftView(deps, next);
    }
  }
  throw conflict("The draft changed while adding your profile: retry");
}
