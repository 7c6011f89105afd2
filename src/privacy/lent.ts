/**
 * The scrubber as tag.js lends it to the on-demand files (src/engine/onDemand.ts): every function
 * and constant of it that they import (the build fails on one that is not here). tag-rules.js,
 * tag-target.js and tag-panel.js used to bundle copies of their own, about 3 KB gzip each. A list,
 * not an object: tag.js carries no names for it. The build finds each import's place in the list
 * by the value the module exports (scripts/lentModules.ts).
 */
import { REDACTION_MARKER, redactCodes, redactText } from './redact';
import { recordablePageUrl, redactUrl, scrubParam, scrubQueryString, scrubReferrer, stripClientId } from './url';

export const LENT_PRIVACY: readonly unknown[] = [
  REDACTION_MARKER,
  redactCodes,
  redactText,
  recordablePageUrl,
  redactUrl,
  scrubParam,
  scrubQueryString,
  scrubReferrer,
  stripClientId,
];
