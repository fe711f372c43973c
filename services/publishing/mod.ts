/**
 * Publishing: how a saved listing reaches a launch week and what happens when it does. The free
 * queue (a week reserved in the window of the site settings), the badge check on the listing's
 * homepage and the hourly re-check that schedules, sends back or releases free listings; the
 * weekly rollover (scheduled listings go live, Launch of the Week awards); mails to followers and
 * their one-click unsubscribe links.
 */
export { ROLLOVER_LEASE_MS, runWeeklyRollover } from "./rollover.ts";
export type { RolloverResult, WeekRollover } from "./rollover.ts";
export { mailFollowers, queueLiveNotice, runFollowersJob, stageUpdateNotice } from "./followers.ts";
export {
  founderUnsubscribeUrl,
  readUnsubscribeLink,
  unsubscribeFollower,
  unsubscribeUrl,
} from "./unsubscribe.ts";
export type { UnsubscribeLink } from "./unsubscribe.ts";
export { chooseFreeListing } from "./choose_free.ts";
export { badgeRequirement, checkBadge, findServiceLink } from "./badge_check.ts";
export type { BadgeCheckResult } from "./badge_check.ts";
export { freeQueueWeeks, stageFreeWeekRelease } from "./free_queue.ts";
export { recheckBadges } from "./recheck.ts";
export type { RecheckSummary } from "./recheck.ts";
export { freePlanView } from "./view.ts";
export { freeWeekPreview } from "./preview.ts";
export type { FreeWeekPreview } from "./preview.ts";
