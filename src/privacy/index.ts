/** Privacy scrubbing (SPEC §5): pure functions, no DOM, shared by the data elements and the tracker. */
export { REDACTION_MARKER, PUBLICATIONS_HOST, redactText, redactUrl, containsPersonalInfo } from './redact';
export { TELEPHONE_PLACEHOLDER, redactTelephone } from './telephone';
export {
  STRIPPED_QUERY_PARAMS,
  EMAIL_IN_QUERY,
  INVALID_URL,
  BLOCKED_REFERRER_DOMAINS,
  scrubQueryString,
  recordablePageUrl,
  scrubReferrer,
  stripClientId,
} from './url';
