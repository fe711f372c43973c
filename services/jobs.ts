/** The queue's one dispatcher: each job type and the domain handler that runs it. */
import { jobDispatcher, runMailJob } from "./platform/mod.ts";
import { runCompetitorQueueJob, runDraftQueueJob } from "./drafting/mod.ts";
import { runFollowersJob } from "./publishing/mod.ts";
import { runOrderExpiryJob, runOrderFulfilmentJob } from "./commerce/mod.ts";

/** Runs one queue message; `kv.listenQueue((m) => handleJob(deps, m))` in the entrypoint. */
export const handleJob = jobDispatcher({
  mail: runMailJob,
  draft: runDraftQueueJob,
  competitor: runCompetitorQueueJob,
  followers: runFollowersJob,
  order_fulfilment: runOrderFulfilmentJob,
  order_expiry: runOrderExpiryJob,
});
