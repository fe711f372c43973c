/** The paths of the founders' pages (kept apart so that the app mounts them without loading them). */
export const DASHBOARD_PATHS = ["/submit", "/dashboard", "/dashboard/*"];
