/**
 * The site team's console: the audit log of its actions (who, when, what, why), and the
 * decisions the console makes that no other domain owns.
 */
export { auditEntry, listAuditLog, REASON_MAX, recordAudit, requiredReason } from "./audit.ts";
export type { AuditFilter, AuditInput } from "./audit.ts";
export { stageAudit } from "../../kv/audit.ts";
export {
  acceptEdit,
  type EditReviewItem,
  editReviewPage,
  revertEdit,
  TEAM_VIA,
  type TeamActor,
} from "./edits.ts";
export {
  findListings,
  LISTING_MATCHES_MAX,
  removalOf,
  removeListing,
  restoreListing,
} from "./listings.ts";
export { type WaitingCounts, waitingCounts } from "./counts.ts";
export {
  type EditableSettings,
  PRICE_RANGE,
  pricedProducts,
  readNote,
  readPricesForm,
  readSettingsForm,
  SELLER_LIMITS,
  SETTING_RANGES,
  updatePrices,
  updateSettings,
} from "./settings.ts";
export {
  addDomainRating,
  addRevenue,
  fetchAllDomainRatings,
  fetchDomainRating,
  hasDomainRatingProvider,
  IMPORT_MAX_LINES,
  importDomainRatings,
  type ImportResult,
  readReading,
  readRevenue,
} from "./metrics.ts";
export {
  type DomainRatingProvider,
  domainRatingProvider,
  httpDomainRatingProvider,
} from "./domain_rating_provider.ts";
export {
  assignTaskAsTeam,
  cancelOrderAsTeam,
  completeTaskAsTeam,
  refundOrderAsTeam,
} from "./orders.ts";
