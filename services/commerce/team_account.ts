/**
 * What a site-team cancel or refund reverses and what it keeps, line by line, in words for the
 * order's console page and the audit log. Nothing a line already delivered is undone by the
 * refund (docs: what each fulfiller in fulfil/ writes, and why it stays); lines not yet applied
 * are never applied once the order is refunded, and the weeks they held are released.
 */
import type { Order, OrderLine, OrderTeamAction } from "../../kv/types.ts";

/** What stays of each product's applied line (what its fulfiller wrote in fulfil/). */
const KEPT: Record<string, string[]> = {
  launch: [
    "the launch stays: the listing keeps the paid plan and its unlocked sections, live or " +
    "scheduled for its week as applied",
  ],
  relaunch: ["the relaunch stays on its week's calendar and board"],
  skip_queue: ["the free-queue week stays moved"],
  featured: ["the Featured period runs to its end (not shortened)"],
  done_for_you: [],
  extra_categories: ["the extra categories stay on the listing"],
  ai_review: ["the written review stays delivered"],
  billboard_min: ["the billboard contribution stays counted in the listing's billboard total"],
  trophy_cabinet: ["the trophy cabinet stays unlocked"],
};
KEPT.launch_bundle = [...KEPT.launch, ...KEPT.featured];

function lineName(line: OrderLine, index: number): string {
  const listing = line.listing_id === undefined ? "" : ` for listing ${line.listing_id}`;
  return `Line ${index + 1}, ${line.name} (${line.product}${listing})`;
}

/** The weeks an order holds for line `index`, in words ("" when none). */
function heldWeek(order: Order, index: number): string {
  const hold = order.holds.find((h) => h.line === index);
  return hold ? `; its ${hold.pool} week of ${hold.week} released` : "";
}

/** Why an applied line's site-team tasks no longer matter, or what was done. */
function taskWords(line: OrderLine): string[] {
  const open = line.tasks.filter((t) => t.status !== "done");
  const done = line.tasks.length - open.length;
  const words: string[] = [];
  if (done > 0) words.push(`the team's work done (${done} task${done > 1 ? "s" : ""}) stays`);
  if (open.length > 0) {
    words.push(
      `${open.length} open task${open.length > 1 ? "s stay" : " stays"} in the task list, ` +
        "marked as of a refunded order (close or drop them)",
    );
  }
  return words;
}

/** The account of a refund, from the order as it was just before it. */
export function refundAccount(
  before: Order,
  payment: string,
): Pick<OrderTeamAction, "reversed" | "kept"> {
  const reversed = [payment];
  const kept: string[] = [];
  before.lines.forEach((line, i) => {
    if (!line.applied_at) {
      reversed.push(
        `${lineName(line, i)}: not applied, and now never will be${heldWeek(before, i)}`,
      );
      return;
    }
    const stays = [...(KEPT[line.product] ?? ["what it delivered stays"]), ...taskWords(line)];
    kept.push(`${lineName(line, i)}: applied (${line.result ?? "no result"}); ${stays.join("; ")}`);
  });
  return { reversed, kept };
}

/** The account of a cancel (a pending order delivered nothing): the weeks it held, released. */
export function cancelAccount(before: Order): Pick<OrderTeamAction, "reversed" | "kept"> {
  const weeks = before.holds.map((h) =>
    `${lineName(before.lines[h.line], h.line)}: its ${h.pool} week of ${h.week} released`
  );
  return { reversed: ["The order can no longer be paid", ...weeks], kept: [] };
}
