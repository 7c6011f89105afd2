/**
 * The personal-information patterns of requirement PR-2, apart from the code that applies them so that each
 * one can be tested on its own against hostile input.
 *
 * Convention: group 1 of every pattern is text to keep, and a match is replaced by `$1` + marker.
 * Where a match must not start mid-token, group 1 is the character before it (or the start of the
 * string): the bundle targets Safari 14.1, which throws on regex lookbehind (esbuild turns it into a
 * `new RegExp` that throws there). That left anchor also keeps hostile input linear:
 * inside a run of characters that could begin a match, every position but the first fails on its
 * first character, so the run is scanned once rather than once per position (a bare `[\w.]+@` over
 * 100 KB of `aaaa…` is O(n²)). No quantified group holds another quantifier that could match the
 * same text.
 */

/** A pattern as its users get it: built at its first use, then the same one each time. */
export type Pattern = () => RegExp;

/**
 * Building every pattern as tag.js set up took 0.28 ms of its first task in fresh tabs (V8 parses
 * a pattern when it is made), and most pages never run most of them: their quick tests (redact.ts)
 * rule them out.
 */
export const pattern = (source: string, flags: string): Pattern => {
  let built: RegExp | undefined;
  return () => (built ??= new RegExp(source, flags));
};

// Spaces as French typography writes them: ordinary, no-break and narrow no-break.
const SPACE = String.raw`[ \u00A0\u202F]`;
// The currency signs an amount of money may carry: dollar, euro, pound (as escapes: the built
// files are ASCII, and a String.raw template keeps no other way to write them).
const CURRENCY = String.raw`$\u20AC\u00A3`;
// Letters of English and French, accented ones included, spelled out rather than \p{L}: the /u flag
// that \p{L} needs makes these patterns five to ten times slower. Other scripts count as punctuation.
const LETTER = String.raw`a-zA-Z\u00C0-\u024F`;
const ALNUM = String.raw`${LETTER}\d`;

// Between groups of digits: any of those spaces, or a hyphen; telephone numbers also take a dot, an
// underscore (as WET's own PII check does: 613_555_1234) and the other dashes that word processors
// put in numbers (non-breaking hyphen, en dash…); card numbers also a dot (4916 0739.3667-6891).
const GROUP = String.raw`[ \u00A0\u202F-]`;
const PHONE_GROUP = String.raw`[ ._\u00A0\u202F\u2010-\u2015-]`;
const CARD_GROUP = String.raw`[ .\u00A0\u202F-]`;
/** An extension after a telephone number: `ext. 123`, `x123`, `poste 1234`, `, p. 12`. */
const EXTENSION = String.raw`(?:${SPACE}{0,3}[,;]?${SPACE}{0,3}(?:[eE][xX][tT](?:ension)?\.?|[xX]|[pP]oste|[pP]\.)${SPACE}{0,3}\d{1,6}(?!\d))?`;

/** Nine or more digits in a row, wherever they are (also glued to letters: `SIN123456789`). */
export const DIGITS = pattern(String.raw`(^|\D)\d{9,}`, 'g');

/**
 * A social insurance number written in groups of three (123 456 789, 123-456-789), and a run of more
 * such groups as a whole, so that two SINs in a row go together. Not when the groups continue a
 * grouped number (1 123 456 789), carry decimals (123 456 789,00) or are a price (123 456 789 $),
 * so that French-formatted amounts stay readable.
 */
export const SIN = pattern(
  String.raw`(^${GROUP}?|[^\d \u00A0\u202F${CURRENCY}-]${GROUP}?)\d{3}(?:${GROUP}\d{3}){2,}(?!\d|[,.]\d|${GROUP}\d{3}(?!\d)|${SPACE}?[${CURRENCY}])`,
  'g',
);

/**
 * A payment-card number as cards print it: four groups of four (and up to three more digits), or
 * American Express's 4-6-5 and Diners' 4-6-4. Unbroken runs are DIGITS' already. Only numbers that
 * pass the Luhn check are redacted (redact.ts), so ISBNs and grouped amounts stay.
 */
export const CARD = pattern(
  String.raw`(^|\D)(?:\d{4}(?:${CARD_GROUP}\d{4}){3}(?:${CARD_GROUP}?\d{1,3})?|\d{4}${CARD_GROUP}\d{6}${CARD_GROUP}\d{4,5})(?!\d)`,
  'g',
);

/**
 * Canadian identity numbers as their cards print them, in groups that DIGITS cannot see whole,
 * the alternatives in this order: a health card (Ontario's and British Columbia's 4-3-3, Ontario's
 * with its two-letter version code; Quebec's, four letters and a birth date whose month is 01-12
 * or, for a woman, 51-62), a driver's licence (Ontario's letter and 4-5-5, Quebec's letter and
 * 4-6-2), an immigration client id (UCI, 2-4-4), a United States social security number (3-2-4),
 * a business number with its program account (12345 6789 RC0001) and a bank account
 * (institution, branch and account, 003-12345-12345678, or as a cheque prints it,
 * 12345-003-12345678; with a 7-digit account NANP_PHONE takes the last two groups first, and the
 * branch number it leaves is a public one), and Alberta's driver's licence (6-3, with its
 * hyphen). Each grouping is its own, so dates, years, Statistics Canada tables (14-10-0287-01)
 * and ZIP+4 codes (20500-0003) stay.
 */
export const GROUPED_ID = pattern(
  String.raw`(^|[^${ALNUM}])(?:\d{4}${GROUP}\d{3}${GROUP}\d{3}(?:${GROUP}?[a-zA-Z]{2})?|[a-zA-Z]{4}${GROUP}?\d\d(?:[05][1-9]|[16][0-2])${GROUP}?(?:0[1-9]|[12]\d|3[01])\d\d|[a-zA-Z]\d{4}${GROUP}?(?:\d{5}${GROUP}?\d{5}|\d{6}${GROUP}?\d\d)|\d\d${GROUP}\d{4}${GROUP}\d{4}|\d{3}${GROUP}\d\d${GROUP}\d{4}|\d{5}${GROUP}?\d{4}${GROUP}?[rR][a-zA-Z]${GROUP}?\d{4}|(?:\d{3}${GROUP}\d{5}|\d{5}${GROUP}\d{3})${GROUP}\d{7,12}|\d{6}-\d{3})(?![${ALNUM}])`,
  'g',
);

/**
 * An immigration client id named as one (UCI, IUC in French, or the client ID that IRCC's help
 * centre also calls it) in its older form of eight digits, which alone would be any number:
 * `UCI 1234-5678`, `IUC : 12345678`, `UCI number: 1234 5678`, `Client ID 1234-5678`, `numéro
 * d'identification client : 12345678`.
 */
export const UCI = pattern(
  String.raw`((?:^|[^${ALNUM}])(?:[uU][cC][iI]|[iI][uU][cC]|[cC]lient${SPACE}?(?:[iI][dD]|identification)|(?:[iI][dD]|identification)${SPACE}(?:de${SPACE})?client)(?:${SPACE}{0,3}(?:[:#=]|[nN][oO]\.?|[nN]umber|[nN]um[e\u00E9]ro|[nN]\u00B0)){0,2}${SPACE}{0,3})\d{4}${GROUP}?\d{4}(?!\d)`,
  'g',
);

/**
 * A North American telephone number and its extension: 613-555-0199, (613) 555-0199,
 * 613.555.0199, +1 613 555 0199, 1-800-622-6232, 6135550199, 613-555-0199 ext. 12. Dates
 * (2025-09-17) and versions (2.11.4) have the wrong grouping.
 */
export const NANP_PHONE = pattern(
  String.raw`(^|[^\d+])(?:\+?1${PHONE_GROUP}?)?(?:\(\d{3}\)${PHONE_GROUP}?|\d{3}${PHONE_GROUP}?)\d{3}${PHONE_GROUP}?\d{4}(?!\d)${EXTENSION}`,
  'g',
);

/**
 * A local number of seven digits (`555-0199`, `555 0199`), which alone is any number, where the
 * words before it say it is a telephone's: `phone: 555-0199`, `my phone number is 5550199`, `cell
 * 555 0199`, `call me at 555-0199`, `Tél. : 555-0199`, `mon numéro de téléphone est le 555-0199`,
 * `appelez-moi au 555-0199`. NANP_PHONE has taken the numbers with their area code first.
 */
export const LOCAL_PHONE = pattern(
  String.raw`((?:^|[^${LETTER}])(?:t[e\u00E9]l[e\u00E9]?(?:phone)?\.?|phone|cell[a-z]*|mobile|(?:my|mon)${SPACE}num[a-z\u00E9]*|(?:call|text|reach)${SPACE}me|[a-z]+(?:-|${SPACE})moi)(?:${SPACE}(?:num[a-z\u00E9]*|no\.?|de|t[e\u00E9]l[e\u00E9]phone|is|est|le|at|au)){0,4}${SPACE}{0,3}[:#=]?${SPACE}{0,3})\d{3}${PHONE_GROUP}?\d{4}(?!\d|[,.]\d)${EXTENSION}`,
  'gi',
);

/**
 * Any other number written the international way: `+` (or the 011 that North America dials
 * instead) then at least eight digits and separators, and its extension.
 */
export const INTERNATIONAL_PHONE = pattern(
  String.raw`(^|[^${ALNUM}+])(?:\+|011${PHONE_GROUP}?)[1-9][\d ().\u00A0\u202F\u2010-\u2015-]{6,20}\d(?!\d)${EXTENSION}`,
  'g',
);

/**
 * Passport number: two letters and six digits as a whole token (AB123456), any case, since search
 * terms are typed in lower case; with a hyphen (AB-123456) in any case too, since Target lowers a
 * view's name; with a space (AB 123456) only in capitals, so French prose (`de 100000`) stays.
 */
export const PASSPORT = pattern(String.raw`(^|[^${ALNUM}])(?:[a-zA-Z]{2}-?|[A-Z]{2}${SPACE})\d{6}(?![${ALNUM}])`, 'g');

/**
 * A passport number with a space, in lower case, not named: what `AB 123456` becomes in a Target
 * view's name, which the tag lowers as Target keys it (and the browser encodes, `ab%20123456`,
 * when the name is the route in the URL's hash). Elsewhere lower case with a space is prose
 * (`de 100000`), so only url.ts's redactName applies this, to mbox and view names.
 */
export const LOWERED_PASSPORT = pattern(String.raw`(^|[^${ALNUM}]|%20)[a-z]{2}(?:${SPACE}|%20)\d{6}(?![${ALNUM}])`, 'g');

/** A passport number named as one, in any case and with a space or a hyphen: `passeport : ab-123456`. */
export const NAMED_PASSPORT = pattern(String.raw`((?:^|[^${ALNUM}])[pP]asse?port\D{0,24}?[^${ALNUM}])[a-zA-Z]{2}${GROUP}\d{6}(?![${ALNUM}])`, 'g');

// The kinds of street an address names, English after the street's name (42 Maple Crescent),
// French before it (42 rue Principale), full and as Canada Post abbreviates them. The kinds that
// prose also puts after a number (2019 Supreme Court, 2013 took place, paves the way, a 5 km
// trail) only where an address ends (ADDRESS_END: 14 Birch Court, Kanata).
// French leaves out `bd` (10 BD les plus lues) and `carré`.
const ENGLISH_STREETS = 'st|street|ave|avenue|rd|road|dr|drive|blvd|boulevard|cres|crescent|ln|lane|pl|terr|terrace|cir|pkwy|parkway';
const ENDING_STREETS = 'court|crt|place|way|trail|circle|heights|hts|square|sq|gate|grove';
const FRENCH_STREETS = String.raw`rue|av|avenue|boul|boulevard|ch|chemin|rang|route|place|mont\u00E9e|c\u00F4te|all\u00E9e|impasse|promenade|croissant|terrasse`;
// A word of a street's name: Maple, Sainte-Catherine, Colonel-By, St.
const NAME_WORD = String.raw`[${LETTER}][${LETTER}'\u2019.-]*`;
// The little words of prose that no street's name begins with: 300 km of road, a 2 TB drive, a 3
// m square, 2 events that took place, 450 à la place, 50 av. notre ère.
const PROSE_WORD = String.raw`(?!(?:of|the|an?|and|to|in|on|at|for|from|per|k?m|[gmt]b|that|took|tak(?:es?|ing)|notre|\u00E0)${SPACE})`;
// A numbered street, in English or French: 2nd Ave, 15e Avenue.
const ORDINAL = String.raw`\d{1,3}(?:st|nd|rd|th|er|re|e)`;
// One to three words of an English street's name, each followed by a space.
const ENGLISH_NAME = `(?:${PROSE_WORD}(?:${NAME_WORD}|${ORDINAL})${SPACE}){1,3}`;
// Words that follow `my name is`, `password is` or a street's kind in prose, not a name, a
// password or a city: `my name is not on the list`, `mon nom est mal écrit`, `Password is
// required`, `2019 Supreme Court ruling`. A hyphen ends the word (`case-sensitive`): no name
// begins with one of these and a hyphen.
const NOT_A_NAME = String.raw`(?!(?:and|et|i|je|my|mon|ma|your|votre|is|est|not|pas|on|in|at|au|the|an?|to|for|of|with|sur|dans|since|depuis|mal|too|trop|wrong|missing|spelled|misspelled|incorrect|invalide?|required|requis|obligatoire|expired|expir\u00E9|locked|bloqu\u00E9|sensible|ruling|ruled|rules?|decisions?|cases?)(?![${LETTER}'\u2019]))`;
// What may follow an address on a kind of street that prose also uses: a unit (88 Parkside Way
// Suite 200), or a city at the end of the text or before a province's two letters (45 Elm Court
// Ottawa ON).
const UNIT = `(?:suite|unit|apt|apartment|app|bureau)(?![${ALNUM}])|#`;
// Where such an address ends: a comma, a semicolon, the end of the text, or a slash, as in a
// page's folder as the tag records it, decoded (`/en/profile/14 Birch Court/`).
const ADDRESS_END = `${SPACE}?(?:[,;/]|$)`;
/** Every kind of street, for redact.ts to skip STREET_ADDRESS on text without one. */
export const STREET_KINDS = `${ENGLISH_STREETS}|${ENDING_STREETS}|${FRENCH_STREETS}`;

/**
 * A home's street address: its civic number (with a letter, 221B, or a unit before it, 1203-45),
 * then one to three words of the street's name and its kind in English (42 Maple Crescent, 1600
 * riverside dr, 3050, 15e Avenue, 14 Birch Court), or the kind then one or two words of the name
 * in French (1234 rue Sainte-Catherine Ouest, 8 chemin du Lac-Noir). The number and the street go
 * together; the street alone names no one. Not a decimal (2.5 Main St), a French ordinal (2e rang
 * mondial) or a one-letter name (300 av. J.-C.).
 */
export const STREET_ADDRESS = pattern(
  String.raw`(^|[^${ALNUM}.,-])(?:\d{1,5}-)?\d{1,5}[a-df-z]?(?:,?${SPACE}(?:${ENGLISH_NAME}(?:${ENGLISH_STREETS})\.?|(?:${FRENCH_STREETS})\.?${SPACE}(?:(?:de|du|des|la|le|les)${SPACE}|[dl]['\u2019]){0,2}${PROSE_WORD}[${LETTER}]${NAME_WORD}(?:${SPACE}${NAME_WORD})?)|${SPACE}${ENGLISH_NAME}(?:${ENDING_STREETS})(?=${ADDRESS_END}|${SPACE}(?:${UNIT}|${NOT_A_NAME}${NAME_WORD}(?:${SPACE}[a-z]{2}(?![${ALNUM}])|${ADDRESS_END}))))(?![${ALNUM}])`,
  'gi',
);

/**
 * Canadian postal code, with or without the space, any case (K1A 0B1, k1a0b1). Only letters Canada
 * Post uses (never D, F, I, O, Q, U; W and Z not first), so codes like D1A 1B1 and most identifiers
 * are left alone. A digit may follow: a form run together gives `K1A0B16135550199`, and a
 * telephone pattern would otherwise take the code's last digit and leave the rest behind.
 */
// Both cases spelled out: the `i` flag makes this pattern twice as slow.
const FIRST = 'abceghj-nprstvxyABCEGHJ-NPRSTVXY';
const OTHER = 'abceghj-nprstv-zABCEGHJ-NPRSTV-Z';
export const POSTAL_CODE = pattern(String.raw`(^|[^${ALNUM}])[${FIRST}]\d[${OTHER}][ \u00A0\u202F-]?\d[${OTHER}]\d(?![${LETTER}])`, 'g');

/**
 * E-mail address, Gmail or any other, plain or percent-encoded as URLs carry it: `@` as `%40` (or
 * `%2540` in a URL nested in a parameter), `+` as `%2B`. Any other percent escape is a boundary,
 * so `%20jdoe%40x.ca` keeps its `%20` whole.
 */
export const EMAIL = pattern(
  String.raw`(^|[^${ALNUM}_.+%-]|%(?!2[bB])[\da-fA-F]{2})(?:[${ALNUM}_.+-]|%2[bB])+(?:@|%(?:25)?40)[${ALNUM}-]+(?:\.[${ALNUM}-]+)*\.[${LETTER}]{2,}`,
  'g',
);

/**
 * An e-mail address typed loosely, as WET's own PII check also finds it: spaces around the `@` or
 * the dot (`jean.tremblay @ gmail.com`, `jdoe@gmail. com`), a comma for the dot (`jdoe @
 * gmail,com`), the `@` written out against spam robots (`jdoe(at)gmail.com`, `jdoe [at]
 * gmail.com`) or in French (`jtremblay arobase gmail.com`: the word is only ever the sign's name),
 * at a domain of several parts (`jdoe(at)ssss.gouv.qc.ca`), its dots said (`videotron point ca`),
 * or a webmail provider's ending left off (`jdoe@hotmail`), once EMAIL has taken every
 * strict one. Only the common endings and providers, so a handle before a sentence (`Follow
 * @CanadaDotCa. Thanks`) or a place (`us @ Ottawa, ON`) stays.
 *
 * An address spelled out in words (`jean point tremblay arobase gmail point com`, `john dot smith
 * at gmail dot com`) is taken whole. A bare `at` also reads out a site's address (`apply at canada
 * dot ca`), so it counts as the sign only after a name said with its dots, dashes or underscores,
 * or before a webmail provider said with its ending (`jsmith at hotmail dot com`): the three
 * alternatives after the name's first word. At most three said separators in the name: each word
 * of a sentence may start a match, and a longer chain would be read again from each of its words.
 * The parts are written out rather than shared as constants: gzip takes the repeats in one
 * literal for 40 B less in tag.js.
 */
export const LOOSE_EMAIL = pattern(
  String.raw`(^|[^${ALNUM}_.+%-])[${ALNUM}_.+%-]+(?:(?:${SPACE}(?:dot|point|underscore|dash|tiret)${SPACE}[${ALNUM}_.+%-]+){0,3}${SPACE}{0,3}(?:@|[([]at[)\]]|[([]?arobase?[)\]]?)${SPACE}{0,3}(?:(?:[${ALNUM}-]+(?:${SPACE}?\.${SPACE}?|,|${SPACE}(?:point|dot)${SPACE}))+(?:com|ca|net|org)|gmail|hotmail|outlook|yahoo|icloud|videotron|sympatico)|(?:${SPACE}(?:dot|point|underscore|dash|tiret)${SPACE}[${ALNUM}_.+%-]+){1,3}${SPACE}at${SPACE}(?:[${ALNUM}-]+(?:${SPACE}?\.${SPACE}?|,|${SPACE}(?:point|dot)${SPACE}))+(?:com|ca|net|org)|${SPACE}at${SPACE}(?:gmail|hotmail|outlook|yahoo|icloud|videotron|sympatico)${SPACE}(?:point|dot)${SPACE}(?:com|ca|net|org))(?![${ALNUM}])`,
  'gi',
);

/**
 * A JSON Web Token (an id or access token): three base64url parts, the first two JSON objects, so
 * both begin `eyJ`. In any case: Target keys a view by its name in lower case, and a single-page
 * app that names its views after the route lowers a token in the address with it.
 */
export const JWT = pattern(String.raw`(^|[^\w-])eyJ[\w-]{4,}\.eyJ[\w-]{4,}\.[\w-]*`, 'gi');

// Between the words of a key: user name, user_name, first-name, first+name, first%20name.
const JOIN = '(?:[ _.+-]|%20)?';
// A key's `=` or `:` (also `%3D`, `%3A`), with spaces around it.
const SEPARATOR = `${SPACE}{0,3}(?:[:=]|%3[ad])${SPACE}{0,3}`;

/**
 * The keys whose one-word values identify a person or open an account: user name, password, login
 * and login id, user id, e-mail, date of birth, tokens, API keys and session ids, in English and
 * French. Not a bare `id` or `name`: URLs and forms are full of those and their values are rarely
 * a person.
 */
const ACCOUNT_KEYS = [
  `user${JOIN}name`,
  'pass(?:word|wd)',
  'pwd',
  `login(?:${JOIN}id)?`,
  `user${JOIN}id`,
  `nom${JOIN}(?:d(?:['’]|%27)|_)?utilisateur`,
  `mot${JOIN}de${JOIN}passe`,
  'identifiant',
  'courriel',
  `(?:\\b|_)e${JOIN}mail`,
  `(?:\\b|_)dob`,
  `date${JOIN}(?:of${JOIN}birth|de${JOIN}naissance)`,
  `birth${JOIN}date`,
  `(?:\\b|_)(?:(?:access|id|refresh|auth|bearer)${JOIN})?token`,
  `api${JOIN}key`,
  `client${JOIN}secret`,
  `j?session${JOIN}id`,
].join('|');

/**
 * The people a form asks about by their role, whose name a field gives: in English before `name`
 * (`applicantName`, `contact_name`, WET's `BeneficiaryName`), in French after `nom` (`nom du
 * demandeur`, `nom de l'enfant`). The form rules read fields' names and ids with them too
 * (src/rules/lib/forms.ts).
 */
export const ROLES =
  'applicant|beneficiary|contact|spouse|partner|parent|guardian|child|dependant|requester|requestor|sender|caller|client|customer|employee|member|holder|patient|student';
export const ROLES_FR = String.raw`demandeur|requ[e\u00E9]rant|b[e\u00E9]n[e\u00E9]ficiaire|conjoint|parent|enfant|client|contact|titulaire|personne`;

/**
 * The keys whose values are a person's name, often of two or more words (Van Houten, Marie-Ève
 * St-Pierre): first, last, middle, full, given, family and maiden name, surname, a role's name;
 * prénom, nom, nom de famille, nom complet, a role's nom; a bare name, first, last or given as a
 * field's name; and, as a form encodes them (with `=`), a telephone number and an address, whose
 * values alone (`555-0199`, `42 Maple`) no pattern can tell from other numbers and words.
 */
const NAME_KEYS = [
  `(?:first|last|full|given|family|middle|maiden|sur|${ROLES})${JOIN}name`,
  `nom${JOIN}(?:d[ue]${JOIN}(?:la${JOIN})?|d(?:e${JOIN}l)?['’])?(?:${ROLES_FR})`,
  // Right before the `=`, as a form encodes them, so code (`var address = …`) stays; `tel` only
  // whole, since `hotel=` names no one; `phone` ends `homePhone` and `téléphone`.
  String.raw`(?:phone|(?:\b|_)t[e\u00E9]l|ad+ress?e?)(?==|%3d)`,
  // Short enough to end unrelated names (channelname, pdfname), so only as a word or after `_`.
  '(?:\\b|_)[flm]name',
  'pr(?:[ée]|%c3%a9)nom',
  `nom${JOIN}(?:(?:de${JOIN})?famille|complet)`,
  '(?:\\b|_)nom',
  // A field named by a bare word, as a URL or a form encodes it (`?name=Jean+Tremblay`, `first=Jean`):
  // only right before `=` and a value that starts with a letter, so a `Name:` label, `first=10` and
  // code (`last = list.length`) stay, and not after a dot: Target's `entity.name` is an item's.
  String.raw`(?:^|[^\w.])(?:name|first|last|given)(?=(?:=|%3d)[${LETTER}%])`,
].join('|');

/**
 * A sensitive account key, its separator, then its value up to a space, `&`, `;` or `#` (raw or
 * percent-encoded). Group 1 keeps the key and separator: analysts see what was removed. The key
 * may end a longer field name (new_password, txtFirstName), so the pattern starts at the key
 * itself and needs no left anchor: from any position it only tries a few short keys.
 */
export const KEY_VALUE = pattern(String.raw`((?:${ACCOUNT_KEYS})${SEPARATOR})(?:[^\s&#%;]|%(?!2[36]|3[bB]))+`, 'gi');

/**
 * A name key and its whole value, spaces included, up to the next `&`, `;`, `,`, `|`, `#`, line
 * break or markup character: `lastName=Van Houten` loses both words, not only the first.
 */
export const NAME_VALUE = pattern(String.raw`((?:${NAME_KEYS})${SEPARATOR})(?:[^&#%;,|<>"\r\n\t]|%(?!2[36c]|3[bB]))+`, 'gi');

/**
 * Words that make a URL parameter a secret wherever they stand in its name (access_token,
 * client-secret, postal_code, jsessionid): sign-in codes, tokens, keys, sessions, signatures.
 * url.ts removes the value of any parameter so named; SECRET_VALUE does the same in text.
 */
export const SECRET_WORDS = 'token|code|(?:api)?key|j?session(?:id)?|sid|auth(?:orization)?|secret|signature|sig|jwt|ticket|nonce|saml(?:request|response)';

/**
 * A secret word as a parameter in text, and a bare `user` or `pass` (which WET's own PII check
 * also takes). In prose these words are ordinary (`Tariff code: 8703`, `Boarding pass: mobile`), so
 * only with `=`, the way a URL or a form encoding writes them.
 */
export const SECRET_VALUE = pattern(
  String.raw`((?:\b|_)(?:${SECRET_WORDS}|user|pass)${SPACE}{0,3}(?:=|%3d)${SPACE}{0,3})(?:[^\s&#%;]|%(?!2[36]|3[bB]))+`,
  'gi',
);

// Months as dates spell them, in English and French, in full and cut short (Sept., févr., août):
// each by its first letters.
const MONTH = String.raw`(?:jan|fe[bv]|f\u00E9v|mar|a[pv]r|ma[iy]|ju[nil]|aug|ao[u\u00FB]|sep|oct|nov|d[e\u00E9]c)[${LETTER}]*`;
// A whole date: 1985-03-12, 12/03/1985, 12.03.85, 19850312, 12 mars 1985, 1er mars 1985, March 12, 1985.
const DATE = String.raw`\d{1,4}[-/. ]\d\d?[-/. ]\d{2,4}|\d{8}|\d\d?(?:er)?${SPACE}${MONTH}\.?${SPACE}\d{4}|${MONTH}\.?${SPACE}\d\d?(?:st|nd|rd|th)?,?${SPACE}\d{4}`;

/**
 * A date named as someone's birth, in prose as well as as a key: `born 1985-03-12`, `date of birth
 * 12/03/1985`, `birthday: March 12, 1985`, `née le 12 mars 1985`, `DDN : 1985/03/12`. A date alone
 * is any day of the year (a page's date modified); named a birth date, it helps name a person.
 * KEY_VALUE would stop at the date's first space, so this runs first and takes the date whole.
 */
export const BIRTH_DATE = pattern(
  String.raw`((?:(?:^|[^${ALNUM}])(?:dob|ddn|n\u00E9e?${SPACE}le)|birth${JOIN}(?:date|day)|date${JOIN}of${JOIN}birth|born(?:${SPACE}on)?|naissance)${SPACE}{0,3}(?:[:=]|%3[ad])?${SPACE}{0,3}(?:(?:is|was|est)${SPACE}{1,3})?(?:(?:on|le)${SPACE}{1,3})?)(?:${DATE})(?![${ALNUM}])`,
  'gi',
);

/**
 * A name that its bearer gives in prose, as visitors type into a search box or a form's comment:
 * `my name is John Smith`, `my name: Jean Roy`, `je m'appelle Marie-Ève St-Pierre`, `mon nom est
 * Jean Tremblay`. Up to four words, stopping at the little words that end a name in a sentence
 * (`… and I need help`). A name alone cannot be told from other words, nor a bare `name:` from a
 * setting's (`name: Build`).
 */
export const SELF_NAME = pattern(
  String.raw`((?:^|[^${LETTER}])(?:my${SPACE}(?:full${SPACE})?name(?:(?:${SPACE}is|['\u2019]s)${SPACE}|${SPACE}?[:=])|(?:je${SPACE}m['\u2019]appelle|je${SPACE}me${SPACE}nomme|mon${SPACE}nom${SPACE}(?:complet${SPACE})?(?:est|c['\u2019]est))${SPACE})${SPACE}{0,3})${NOT_A_NAME}${NAME_WORD}(?:${SPACE}${NOT_A_NAME}${NAME_WORD}){0,3}`,
  'gi',
);

// The keys of a sign-in: those that name a user name or a password whatever follows them, and
// the bare ones (user, login, pass) that do only beside each other.
const NAMED_USER = String.raw`user${JOIN}(?:name|id)|login${JOIN}id|nom${SPACE}d['\u2019]utilisateur|identifiant`;
const NAMED_PASSWORD = `pass(?:word|wd)|pwd|mot${SPACE}de${SPACE}passe`;
// A value that looks like a password: a digit or a symbol in it, and four characters at least.
const PASSWORD_LIKE = String.raw`(?=[^\s&#;,]*[\d!$%*?@^~])(?=[^\s&#;,]{4})`;
// How prose gives a key its value: `:`, `=`, `is`, `est`, or a space before a password-like value.
const GIVES = `${SPACE}{0,3}[:=]${SPACE}{0,3}|${SPACE}{1,3}(?:is|est)${SPACE}{1,3}`;
const CREDENTIAL = String.raw`[^\s&#;,]+`;

/**
 * A user name and its password given together in prose: `user: jsmith pass: Hunter22!`,
 * `username jsmith password hunter2`, `identifiant mgagnon et mot de passe : Soleil!25`. A `user:`
 * or a `pass:` alone is ordinary prose (`Boarding pass: mobile`); the two side by side are a
 * sign-in. The password keeps group 2, its key, and loses its value.
 */
export const CREDENTIALS = pattern(
  `((?:^|[^${LETTER}])(?:${NAMED_USER}|user|login|utilisateur)(?:${GIVES}|${SPACE}{1,3}))${CREDENTIAL}([,;/|]?${SPACE}{1,3}(?:(?:and|et)${SPACE}{1,3})?(?:(?:my|mon)${SPACE}{1,3})?(?:${NAMED_PASSWORD}|pass)(?:${GIVES}|${SPACE}{1,3}${PASSWORD_LIKE}))${CREDENTIAL}`,
  'gi',
);

/**
 * A password, or a user name, that a sentence gives: `my password is sunshine`, `mon mot de passe
 * est Ete2025`, `my username is jtremblay`, `password Hunter22!` (a value that looks like one).
 * Not the messages of a sign-in form: `Password is required`, `le mot de passe est invalide`.
 */
export const SAID_CREDENTIAL = pattern(
  `((?:^|[^${LETTER}])(?:${NAMED_PASSWORD}|${NAMED_USER})(?:${SPACE}{1,3}(?:is|est)${SPACE}{1,3}${NOT_A_NAME}|${SPACE}{1,3}${PASSWORD_LIKE}))${CREDENTIAL}`,
  'gi',
);

/**
 * A home's civic number and street that a visitor gives in prose, where the street's kind may be
 * left off: `I live at 123 Main`, `my address is 55 Bank, Ottawa`, `j'habite au 12 Principale`,
 * `mon adresse est le 8 des Érables`. STREET_ADDRESS needs the kind; here the words before the
 * number say it is a home. Up to three words of the street's name, stopping where a name does
 * (`I live at 5 minutes from…` loses `5 minutes`, which names no one either).
 */
export const SELF_ADDRESS = pattern(
  String.raw`((?:^|[^${LETTER}])(?:(?:i|we)${SPACE}(?:live|reside)${SPACE}at|(?:my|our)${SPACE}(?:[a-z]+${SPACE})?address(?:${SPACE}is|${SPACE}?:)|j['\u2019]habite${SPACE}(?:au|\u00E0)|(?:je|nous)${SPACE}(?:demeur|r\u00E9sid)[a-z]*${SPACE}(?:au|\u00E0)|(?:mon|ma|notre)${SPACE}(?:nouvelle${SPACE})?adresse(?:${SPACE}(?:est|c['\u2019]est)|${SPACE}?:)(?:${SPACE}(?:le|au))?)${SPACE}{1,3})(?:\d{1,5}-)?\d{1,5}[a-z]?,?(?:${SPACE}${NOT_A_NAME}${NAME_WORD}){1,3}`,
  'gi',
);

/**
 * A bank account number named as one: `account number 1234567`, `account # 76543210`, `numéro de
 * compte : 1234567`, seven to twelve digits in a run or hyphenated, as Canadian banks print them.
 * DIGITS takes nine and more anywhere; seven or eight are an account's only beside its name. Not
 * an amount (`compte 1 234 567 habitants`: French groups by spaces), a decimal, a span of years
 * (`compte 2024-2025`) or the first groups of a longer number, which the other patterns take whole.
 */
export const BANK_ACCOUNT = pattern(
  String.raw`((?:^|[^${LETTER}])(?:account|compte)(?:${SPACE}(?:number|no\.?|num[e\u00E9]ro|bancaire))?${SPACE}{0,3}[:#=]?${SPACE}{0,3})(?!(?:19|20)\d\d-\d{4}(?!\d))\d(?:-?\d){6,11}(?!\d|[,.-]\d)`,
  'gi',
);
