/** Privacy scrubbing (requirements PR-1 to PR-7): pure functions, no DOM, shared by the data elements and the transports. */
export { REDACTION_MARKER, redactText, containsPersonalInfo } from './redact';
export { TELEPHONE_PLACEHOLDER, redactTelephone } from './telephone';
export {
  STRIPPED_QUERY_PARAMS,
  EMAIL_IN_QUERY,
  INVALID_URL,
  PUBLICATIONS_HOST,
  BLOCKED_REFERRER_DOMAINS,
  redactUrl,
  scrubQueryString,
  recordablePageUrl,
  scrubReferrer,
  stripClientId,
} from './url';
