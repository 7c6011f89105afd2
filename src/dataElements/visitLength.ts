/** How long a visit lasts, apart from visit.ts so that code needing only the figure does not bundle the visit's cookie code. */
import { MINUTE_MS } from '../engine/durations';

/** A visit ends after 30 minutes without a page view (requirements LM-1). */
export const VISIT_MS = 30 * MINUTE_MS;
/** The same 30 minutes as cookies of the visit are given them, in days (the specification writes 0.0208333). */
export const VISIT_DAYS = 0.0208333;
