/**
 * The byte budgets of the built files, gzip -9, checked on every `npm test` (scripts/checkSizes.ts)
 * and printed by `npm run bench`. Sizes are deterministic: a file over its budget fails the build.
 */
export interface Budget {
  file: string;
  /** What the file is for and when a page downloads it. */
  what: string;
  /** The most it may weigh, gzip -9 bytes. */
  budget: number;
  /** Where the budget is not yet the goal: the goal, and the issue that sets it. */
  goal?: { bytes: number; issue: number };
}

const KB = 1024;

export const BUDGETS: Budget[] = [
  // Every page downloads tag.js and nothing else unless it needs more: it is also what a plain
  // content page downloads in all. The budget comes down as the file does, toward the goal. It
  // went up eleven times: 34.25 -> 34.4 KB, when finding the window's size with media queries, once a
  // page (src/engine/viewport.ts, 113 B), took a forced layout of 7-28 ms out of the page-load
  // request's task on a page whose tag.js comes from the HTTP cache (docs/performance.md);
  // 34.4 -> 34.41 KB for a correctness fix, the bot check reading the notification permission
  // itself where the asynchronous answer comes after the page view (src/dataElements/bot.ts, 11 B);
  // 34.41 -> 34.42 KB when a leaving page came to save its timings once, with one read of the
  // cookie store (src/dataElements/performance.ts, 10 B: 0.1-0.2 ms less work as a page is left);
  // 34.42 -> 34.5 KB when the numbers of a page view came to be written without V8's
  // number-to-text caches (src/engine/decimal.ts, 77 B: 0.07 MB less heap on a tab's first page,
  // 0.1 MB on its later ones; test/e2e/numberCaches.e2e.ts); and 34.5 -> 34.85 KB when the rules
  // came to read the markup of GCWeb 16-19 and of its GC Design System layout, on which they had
  // reported nothing (the All services page's most requested links, a theme page's menu, the
  // design system's topic menu, footer and breadcrumbs, whose links are in shadow DOM, and what an
  // analytics-exempt host holds there: 323 B); and 34.85 -> 34.86 KB when personalization
  // requests came to scrub the referrer's path and mbox and view names, which carried e-mails and
  // SINs from the address of the page before and from a single-page app's routes
  // (src/privacy/url.ts, src/personalization/outbound.ts: 36 B; test/e2e/privacy.e2e.ts); and
  // 34.86 -> 35.09 KB when the scrubber came to know the identity numbers Canadians type in their
  // printed groups (health cards, driver's licences, UCIs, business numbers, bank accounts), all 56
  // cases of which the privacy corpus saw leave in beacons and personalization requests
  // (src/privacy/patterns.ts GROUPED_ID and UCI, and guards that keep a page's dates from
  // compiling them: 229 B); and 35.09 -> 35.16 KB when it came to find, as WET's own PII check
  // does, telephone numbers written with underscores, card numbers with a dot among their groups,
  // e-mails typed with spaces around the @ or the dot, bare `user=` and `pass=` pairs, and the US
  // social security number (3-2-4), 32 corpus cases that all left before (79 B); and 35.16 -> 35.6
  // KB when it came to find street addresses (English and French), passports written with a space
  // or a hyphen, Alberta's driver's licence and webmail addresses without their ending, 76 corpus
  // cases that all left before (src/privacy/patterns.ts STREET_ADDRESS, NAMED_PASSPORT: 450 B); and
  // 35.6 -> 35.64 KB when it came to lend its scrubber to the on-demand files, which carried copies
  // of their own (src/privacy/lent.ts, scripts/lentModules.ts: 49 B here, 3 KB less in each of
  // tag-rules.js, tag-target.js and tag-panel.js); and 35.64 -> 35.76 KB when it came to find the
  // addresses on a Court, Place, Way and the other kinds of street that prose also puts after a
  // number, where the address ends (117 B); and 35.76 -> 35.88 KB when it came to lend tag-rules.js
  // the rules' and data elements' shared pieces, which it carried copies of (src/lent.ts: 115 B
  // here, 6.4 KB less in tag-rules.js, one copy of the data layer and the cookie snapshot; then
  // 4 B for 121 B less in tag-target.js); and 35.88 -> 35.92 KB when it came to fetch a part once
  // more past the browser's cache when the cached copy is of another build (src/engine/onDemand.ts:
  // 42 B; without it, a release that changed the list cost a returning visitor that part's rules
  // until the cached copy expired); and 35.92 -> 35.94 KB when the scrubber's patterns came to be
  // built at their first use (src/privacy/patterns.ts: 17 B, for 0.15-0.6 ms less script CPU to the
  // first beacon in interleaved A/Bs); and 35.94 -> 36.78 KB when the scrubber came to find what
  // visitors write in sentences: a date of birth named as one (`born 1985-03-12`, `née le 3 février
  // 1990`), a name given (`my name is …`, `je m'appelle …`), a user name and password given
  // together or said (`user: jsmith pass: …`, `my password is …`), an address on a Court, Place or
  // Way before a unit or a city, and a route's date split by its slashes or a view name read as a
  // scheme (src/privacy/patterns.ts BIRTH_DATE, SELF_NAME, CREDENTIALS, SAID_CREDENTIAL,
  // src/privacy/url.ts: 861 B), 80 corpus cases of which 72 left in beacons and personalization
  // requests before; and 36.78 -> 36.83 KB when it came to know the older UCI by the name IRCC's
  // help centre also gives it (`Client ID 1234-5678`, `numéro d'identification client`: 39 B) and
  // to end an address on a Court or Way at a slash, as in a page's folder as eVar23 records it
  // (16 B), cases of the privacy corpus that left before (8 and 1); and 36.83 -> 36.88 KB when
  // personalization requests came to take a passport out of a view's name, which the tag lowers
  // as Target keys it (`ga 302118`, src/privacy/patterns.ts LOWERED_PASSPORT: 49 B), as the
  // corpus showed once it put every value in every channel; and 36.88 -> 36.9 KB when the UCI's
  // guard came to ask for `client` beside `id`, so that French pages (clientèle) do not compile
  // the pattern (18 B); and 36.9 -> 37.2 KB when it came to find a home given in prose without its
  // street's kind (`I live at 123 Main`, `j'habite au 12 Principale`), a bank account named as one
  // (`account number 1234567`), an e-mail whose `@` is written `(at)` and a name after `my name:`
  // (src/privacy/patterns.ts SELF_ADDRESS, BANK_ACCOUNT, LOOSE_EMAIL, SELF_NAME: 314 B), 135 cases
  // of the privacy corpus that left before. It came down to 37 KB when the personalization
  // client's reasons for staying off, the outage queue's notes, the survey's reasons for no
  // invitation and the second copy's warning came to be written in the logger's own calls, whose
  // texts the build moves to tag-debug.js (-251 B), with a field named `name`, `first`, `last` or
  // `given` taken as a name (src/privacy/patterns.ts NAME_KEYS: +25 B), 75 cases of the privacy
  // corpus that left before, and an e-mail whose `@` is named in French (`arobase`, LOOSE_EMAIL:
  // +8 B), 30 more, and a loose e-mail at a domain of several parts (`jdoe(at)ssss.gouv.qc.ca`,
  // `cooptel point qc point ca`: +7 B), 45 more. It went up to 37.1 KB when a loose e-mail spelled
  // out in words came to be taken (`jean point tremblay arobase gmail point com`, `john dot smith at
  // gmail dot com`, LOOSE_EMAIL and its guard: +67 B, the pattern's parts written out whole, which
  // gzip takes better than the same parts as constants, 40 B more), 60 cases of the privacy corpus
  // that left before. It went up to 37.45 KB when the scrubber came to take a local number of
  // seven digits after words that name a telephone (`my phone number is 555-0199`, `Tél. :
  // 555-0199`: LOCAL_PHONE and its guard, 170 B), a name by the role of its bearer
  // (`contact_name=`, `nom du demandeur :`: ROLES, also lent to tag-rules.js) and a telephone or
  // an address as a form encodes them (`homePhone=`, `address=`: NAME_KEYS, 228 B with the lent
  // list's two entries), 90 cases of the privacy corpus that left before.
  { file: 'tag.js', what: 'every page (and all a plain content page downloads)', budget: Math.floor(37.45 * KB), goal: { bytes: 28 * KB, issue: 16 } },
  { file: 'tag-survey-file.js', what: 'when the survey file must be read (once per visit) or a survey may be offered', budget: 10 * KB },
  { file: 'tag-survey.js', what: 'only when a survey invitation shows (React)', budget: 72 * KB },
  {
    file: 'tag-target.js',
    what: 'only when the page-load answer has something to render, the page calls adobe.target, or a QA switch is set',
    // 10 -> 6.5 KB once tag.js lent it the scrubber, 6.5 -> 6.4 KB once it lent it the request id
    // and the response's details (4 B there); 6.4 -> 6.41 KB once it came to take a view's name
    // through the lent redactName, which finds a sentence's route split by its slashes (8 B);
    // 6.41 -> 6.3 KB once at.js's log messages came to be written in the logger's own calls,
    // whose texts the build moves to tag-debug.js (-110 B).
    budget: Math.floor(6.3 * KB),
  },
  // 16 -> 16.05 KB with the street-address and passport patterns, when the file bundled its own
  // copy of the scrubber; 16.05 -> 13.1 KB once tag.js lent it its own, and 13.1 -> 7 KB once it
  // lent it the rules' and data elements' shared pieces too; 7 -> 7.03 KB when a tracked form's
  // collected field came to be recorded as the marker where its `autocomplete` names a person's
  // data, or its type is `email` or `tel` (src/rules/lib/forms.ts PERSONAL_FIELD: 164 B), a name
  // alone or a seven-digit telephone number being what no pattern can tell; 7.03 -> 7.2 KB when
  // such a field came to be known also by its name or id, as WET's stepsform and wb-postback
  // templates name theirs without autocomplete (`firstname`, `lastname`, `dateOfBirth`,
  // `nomComplet`: PERSONAL_NAME, 163 B), whose first name and birth date the demo's EI form sent
  // as typed before; 7.2 -> 7.25 KB when it came to know a name by its bearer's role
  // (`BeneficiaryName`, `nom_du_demandeur`: tag.js's ROLES, and the pattern built at its first
  // use) and a field named `tel` (61 B).
  {
    file: 'tag-rules.js',
    what: 'only on pages with rule areas (search, forms, media, widgets, blocks, scroll list, survey pages)',
    budget: Math.floor(7.25 * KB),
  },
  // The report names and the QA log's texts (scripts/logMessages.ts), out of tag.js.
  { file: 'tag-debug.js', what: 'only with logdtm or logim on', budget: 3 * KB },
  // React and the panel: only testers who ask for it with ?logdtm=panel.
  { file: 'tag-panel.js', what: 'only with ?logdtm=panel (the QA panel)', budget: 85 * KB },
];
