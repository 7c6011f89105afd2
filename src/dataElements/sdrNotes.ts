/**
 * The analysts' side of the solution design reference: an example and notes for every slot,
 * and when each event is sent. Only `npm run sdr` reads this; the tag does not ship it.
 */
import type { SlotName } from '../analytics/slots';

const BILINGUAL = 'As written on the page: English on English pages, French on French pages.';

export interface SlotNotes {
  example: string;
  notes?: string;
}

export const SLOT_NOTES: Partial<Record<SlotName, SlotNotes>> = {
  pageName: { example: 'Apply for Employment Insurance', notes: `${BILINGUAL} 'Page Not Found' on 404 pages.` },
  pageURL: {
    example: 'https://www.canada.ca/en/services/benefits/ei.html',
    notes: "Search parameters removed; 'removed: email' replaces a query with an e-mail; 'Invalid URL' for non-web pages.",
  },
  referrer: {
    example: 'https://www.google.com/',
    notes: 'Query string removed, path scrubbed as the page URL is; webmail referrers become /redacted-referrer.',
  },
  channel: { example: 'Employment and Social Development Canada', notes: BILINGUAL },
  server: { example: 'www.canada.ca' },
  eVar1: { example: 'Apply for Employment Insurance', notes: BILINGUAL },
  prop1: { example: 'Apply for Employment Insurance', notes: 'First 100 bytes.' },
  eVar2: { example: 'https://www.canada.ca/en/services/benefits/ei.html', notes: 'Last 255 characters.' },
  prop2: { example: 'canada.ca/en/services/benefits/ei.html', notes: 'Last 100 characters.' },
  eVar3: { example: 'en', notes: "'en' or 'fr'." },
  prop3: { example: 'fr' },
  eVar4: { example: 'Emploi et Développement social Canada', notes: BILINGUAL },
  eVar5: { example: 'benefits', notes: 'From /en/services/{theme}/ or /fr/services/{theme}/; the default text elsewhere.' },
  prop5: { example: 'immigration-citizenship' },
  eVar6: { example: '1234567' },
  eVar7: { example: '2025-09-17' },
  eVar8: { example: '42', notes: 'Whole days since dcterms.modified; also the value of event12.' },
  eVar9: { example: 'news releases', notes: 'Only backgrounders, media advisories, news releases, speeches, statements, readouts (EN or FR forms).' },
  eVar10: { example: '2', notes: '1 Authenticated, 2 Public, 3 Intranet.' },
  prop10: { example: 'Public', notes: "Authenticated/Authentifié, Public, Intranet; 'invalid login status' otherwise." },
  eVar11: { example: 'canada', notes: "'MP Service Portal' / its French name on the info-share portal." },
  eVar12: { example: 'mobile', notes: 'mobile, tablet or desktop.' },
  eVar13: { example: 'Mozilla/5.0 (X11; Linux x86_64) …' },
  eVar14: { example: 'Wednesday' },
  eVar15: { example: '09' },
  eVar16: { example: '28.0.0' },
  eVar17: { example: 'utm_source=newsletter', notes: "Search parameters removed; 'blank query string' when there is none." },
  eVar18: { example: 'https://www.canada.ca/en/services/benefits.html', notes: 'From the gpv_page cookie (its URL).' },
  eVar19: { example: 'Benefits' },
  eVar20: { example: 'blank query string' },
  eVar21: { example: 'Service Canada' },
  eVar22: { example: 'benefits' },
  eVar23: { example: '/en/services/benefits/' },
  eVar24: { example: 'ei.html' },
  eVar25: { example: 'Employment insurance;Unemployment', notes: "The data layer's page.program, else dcterms.subject." },
  eVar26: { example: 'Employment and Social Development Canada', notes: "The data layer's page.owner, else the first dcterms.creator entry." },
  eVar27: { example: '3', notes: "The data layer's page.topicLevel, else the breadcrumb depth." },
  eVar28: { example: '404', notes: '404, 403 or 500, from the page title (EN or FR).' },
  eVar30: { example: 'passport renewal', notes: 'Search pages only; news search adds type, institution, ministry, start and end.' },
  prop30: { example: 'passport renewal' },
  eVar31: { example: 'Original Search', notes: 'Advanced Search Used, Original Search or Changed Phrase.' },
  eVar32: { example: '125' },
  eVar33: { example: 'month', notes: 'any, 24hrs, week, month, year.' },
  eVar34: { example: 'title', notes: 'any, title, url, body.' },
  eVar35: { example: 'newsletter', notes: 'Only when the URL has campaign parameters and differs from the last 30 minutes.' },
  eVar36: { example: 'email' },
  eVar37: { example: 'ei-2025' },
  eVar38: { example: 'benefits' },
  eVar39: { example: 'banner' },
  eVar40: { example: 'a1b2c3d4e5', notes: 'The hootPostID parameter that social posts carry.' },
  campaign: {
    example: 'ei-2025',
    notes: 'Tracking code: the utm_campaign of a new campaign (same 30-minute rule as eVar35), else not sent, so no constant value takes last-touch credit.',
  },
  prop35: {
    example: 'parameter:y:y:y:n:n:n',
    notes:
      "Which campaign parameters a new campaign's URL carried (source, medium, name, term, content, social-tool id); 'parameter:n:n:n:n:n:n' for an ad click id alone; 'no-parameter:n:n:n:n:n:n' otherwise (the sampling string).",
  },
  eVar71: {
    example: 'gclid:EAIaIQobChMI2Ljq8',
    notes:
      'Advertising-agency ids: the click ids ad platforms append (gclid, gbraid, wbraid, dclid, msclkid, fbclid, li_fat_id, twclid, ttclid) as name:id, semicolon-separated; same 30-minute rule as eVar35.',
  },
  eVar41: { example: 'no', notes: "'yes' on the app hosts." },
  eVar43: {
    example: '813',
    notes:
      "The PREVIOUS page's first contentful paint, ms: a page view leaves before its page has painted, so each page's final value rides on the next page view, beside eVar18/eVar19 (previous page URL and title) that name the page it measures; reported once (gpv_timing cookie, written when the page is hidden or left; dropped if it does not describe the page whose URL gpv_page holds).",
  },
  eVar44: {
    example: '1420',
    notes:
      "The previous page's largest contentful paint, ms, final as web-vitals reports it (stops at the first key press or click; paints after the page was hidden do not count); like eVar43.",
  },
  eVar49: {
    example: '2.4',
    notes:
      "The previous page's load time: navigation start (or prerender activation) to the end of the load event, seconds, one decimal, 60 at most; blank if that page was left before it loaded; like eVar43.",
  },
  eVar68: {
    example: 'Repeat',
    notes: "'New' unless the browser was seen in the last 30 days (gc_visit cookie); fixed for the visit (30 minutes without a page view).",
  },
  eVar69: {
    example: 'Less than 7 days',
    notes:
      "Time since the previous visit (gc_visit cookie): Less than 1 day, Less than 7 days, Less than 30 days, Less than 1 year, More than 1 year, or 'First visit'; fixed for the visit.",
  },
  prop40: { example: 'No Bot Detected', notes: "'Bot Detected' when one of the 12 checks fails." },
  prop41: { example: 'webdriver', notes: 'The first check that failed.' },
  eVar45: { example: 'Apply online', notes: 'From the gc_click cookie set by the click that led here (its text).' },
  eVar46: { example: 'https://www.canada.ca/en/services/benefits/ei/apply.html' },
  eVar47: { example: 'https://www.canada.ca/en/services/benefits/ei.html' },
  eVar48: { example: 'Employment Insurance' },
  eVar50: { example: 'Apply online', notes: 'Text as shown, scrubbed.' },
  eVar51: { example: 'https://www.canada.ca/content/dam/esdc/form.pdf', notes: 'Client-id parameters removed.' },
  eVar52: { example: 'pdf' },
  eVar53: { example: 'tab2' },
  eVar54: { example: 'How to apply for EI' },
  eVar55: { example: 'video', notes: 'audio or video.' },
  eVar56: { example: 'mp4' },
  eVar57: { example: 'Report a problem' },
  eVar58: { example: 'broken link;spelling', notes: 'Checked options, semicolon-separated.' },
  eVar59: { example: 'Required field missing' },
  eVar60: { example: 'Apply for a passport' },
  eVar61: { example: 'Demander un passeport' },
  eVar62: { example: 'gc-tss' },
  eVar63: { example: 'Help us improve Canada.ca' },
  eVar64: { example: 'GC-SCR-0042' },
  eVar65: { example: 'No search results' },
  eVar66: { example: 'Eligibility' },
  eVar67: { example: 'ontario' },
  eVar70: {
    example: 'ei-2025;passport-renewal',
    notes: "Home and news pages only ('Internal Campaign Impression'): the utm_campaign values of the promotions linked from the page, semicolon-separated.",
  },
  eVar72: {
    example: 'Home page banner test',
    notes: "'Personalization Offer' link call, one per offer shown (the offer's response tokens: activity.name); also data element targetActivityName.",
  },
  eVar73: { example: 'Experience B', notes: 'experience.name; data element targetExperienceName.' },
  eVar74: { example: 'Banner offer B', notes: 'offer.name; data element targetOfferName.' },
  eVar75: { example: '900101:1:554', notes: 'activity.id:experience.id:offer.id; data element targetIds.' },
  eVar76: {
    example: 'target-global-mbox',
    notes: "Where the offer was shown: the page load ('target-global-mbox'), an mbox or a view; data element targetMbox.",
  },
};

export const EVENT_NOTES: Record<number, string> = {
  9: "every page view, and the 'Internal Campaign Impression' that stands in for it on the home and news pages",
  11: "every page view, and the 'Internal Campaign Impression' that stands in for it on the home and news pages",
  12: 'with events 9 and 11 on dated pages; the value is the age in days',
  41: 'download link clicks',
  42: 'exit link clicks',
  50: 'initial search queries',
  52: 'clicks on search results',
  79: 'tracked form submits',
  82: 'first play of a media element',
  84: '20, 50 and 80 % media marks',
  85: "25, 50, 75 and 100 % scroll events ('Custom Scroll Depth 25' …), on the scroll-list pages only",
  100: 'error events from the data layer and no-results searches',
  104: 'survey thank-you pages; the value is seconds since the survey start',
  110: 'task-success survey completion',
  500: 'every tracked click',
};
