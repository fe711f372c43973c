/**
 * Mails to a free listing's founders (its owner and co-founders) when its state changes: scheduled,
 * back to awaiting the badge, week lost. Sent by the writer whose commit made the change, after
 * it, so a second instance or a repeated check that changes nothing sends nothing.
 */
import { getUser } from "../../kv/users.ts";
import type { Listing } from "../../kv/types.ts";
import type { Deps } from "../platform/deps.ts";
import { sendMail } from "../platform/mail.ts";
import { getSettings } from "../platform/settings.ts";
import { isoWeekLabel } from "../platform/weeks.ts";
import type { FreeCommit, FreeEvent } from "./free_queue.ts";

/** Mails each event of a committed change to every founder of the listing with an account. */
export async function mailFreeEvents(deps: Deps, commit: FreeCommit): Promise<void> {
  const { listing } = commit;
  const ids = [listing.owner_id, ...listing.cofounder_ids].filter((id): id is string => !!id);
  const users = (await Promise.all([...new Set(ids)].map((id) => getUser(deps.kv, id))))
    .filter((u) => u !== null);
  if (users.length === 0) return;
  const settings = await getSettings(deps.kv);
  const page = `${deps.config.publicUrl.replace(/\/+$/, "")}/listings/${listing.slug}`;
  for (const event of commit.events) {
    const { subject, text } = mailFor(event, listing, commit, page, settings);
    for (const user of users) {
      try {
        await sendMail(deps, { to: user.email, subject, text });
      } catch (err) {
        // The state change is committed; a mail that cannot be stored must not undo it.
        console.error(`Cannot mail "${user.email}" about listing ${listing.id}:`, err);
      }
    }
  }
}

function weekName(week: string): string {
  return `the week of ${week} (${isoWeekLabel(week)})`;
}

function mailFor(
  event: FreeEvent,
  listing: Listing,
  commit: FreeCommit,
  page: string,
  settings: { free_queue_min_weeks: number; free_queue_max_weeks: number },
): { subject: string; text: string } {
  const check = commit.plan.badge_check;
  const lastCheck = check ? `\n\nLast check (${check.checked_at}): ${check.reason}.` : "";
  switch (event.type) {
    case "scheduled":
      return {
        subject: `${listing.name} is scheduled to launch in ${weekName(event.week)}`,
        text:
          `We found the badge on ${listing.url}: ${listing.name} goes live on Monday ${event.week}.\n\nKeep the badge on your homepage until then: it is checked again every day, and a listing whose badge is gone waits again.\n\nYour listing: ${page}${lastCheck}`,
      };
    case "badge_gone":
      return {
        subject: `The badge is gone from ${listing.url}: ${listing.name} is waiting again`,
        text:
          `The badge link to ${page} is no longer on ${listing.url}, so ${listing.name} is waiting for the badge again. Its launch week, ${
            weekName(event.week)
          }, stays reserved until it begins: put the badge back before then to launch that week.${lastCheck}`,
      };
    case "week_lost":
      return {
        subject: `${listing.name} lost its launch week (${isoWeekLabel(event.week)})`,
        text: `The week of ${event.week} (${
          isoWeekLabel(event.week)
        }) began without the badge found on ${listing.url}, so its free launch slot was given up. Once the badge is found, ${listing.name} is queued again for the earliest free week ${settings.free_queue_min_weeks} to ${settings.free_queue_max_weeks} weeks ahead.${lastCheck}`,
      };
  }
}
