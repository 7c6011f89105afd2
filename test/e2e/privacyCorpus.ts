/**
 * A corpus of realistic personal information in English and French, and of near misses that
 * must stay readable, for the end-to-end privacy test (privacy.e2e.ts). Every personal value is
 * made unique, so any request that carries one of its needles can be traced to its case.
 */

export type Channel =
  | 'url-query'
  | 'url-path'
  | 'url-hash'
  | 'referrer'
  | 'title'
  | 'link-text'
  | 'link-href'
  | 'form'
  | 'file-name'
  | 'keyword'
  | 'filter'
  | 'data-layer'
  | 'page-params'
  | 'offer-params'
  | 'view-name'
  | 'marked-field';

/** Channels with one case per page load; the others hold any number of cases on one page. */
export const PER_PAGE: readonly Channel[] = ['url-query', 'url-path', 'referrer', 'title', 'page-params'];
export const BATCHED: readonly Channel[] = [
  'url-hash',
  'link-text',
  'link-href',
  'form',
  'file-name',
  'keyword',
  'filter',
  'data-layer',
  'offer-params',
  'view-name',
];
const ALL: readonly Channel[] = [...PER_PAGE, ...BATCHED];

export interface Case {
  id: string;
  /** The classes of requirement PR-2, the beyond-spec classes of the privacy issue, or `near-miss:*`. */
  category: string;
  lang: 'en' | 'fr';
  channel: Channel;
  /** What the visitor typed or the page carries. */
  text: string;
  /** Pieces of which none may leave the page (compared without case, spaces or punctuation). */
  needles: string[];
  /** Near misses only: this must reach the wire unchanged. */
  keep?: string;
  /** The `marked-field` channel's control, which the value is typed in or chosen from. */
  control?: Control;
}

/** A form control as a real template writes it, without the value (or the option) the case fills in. */
export interface Control {
  tag: 'input' | 'select';
  attributes: string;
}

interface Base {
  category: string;
  text: string;
  needles?: string[];
  near?: boolean;
}

const FIRST = ['Jean', 'Marie-Ève', 'Priya', 'Olivier', 'Siobhan', 'Mathieu', 'Aaliyah', 'Gabriel', 'Chloé', 'Noah', 'Émilie', 'Liam'];
const LAST = ['Tremblay', 'Van Houten', 'Gagnon', 'Nguyen', 'St-Pierre', 'MacDonald', 'Côté', 'Bouchard', 'Okafor', 'Lévesque', 'Singh', 'Wilson'];

/** A telephone number's last seven digits, without its extension. */
const number = (phone: string) =>
  phone
    .split(/ext|poste|x/)[0]!
    .replace(/\D/g, '')
    .slice(-7);

/** The distinctive part of a value for the leak check: its letters and digits, at least a few. */
const core = (text: string) => text.replace(/^[^=:]*[=:]\s*/, '');

function personal(): Base[] {
  const b: Base[] = [];
  const add = (category: string, text: string, needles?: string[]) => b.push({ category, text, needles });
  // PR-2: e-mail addresses (Gmail among them), with accents, plus-addressing, sub-domains.
  FIRST.forEach((first, i) => {
    const last = LAST[i]!.toLowerCase().replace(/ /g, '');
    add('email', `${first.toLowerCase()}.${last}${i + 10}@${['gmail.com', 'outlook.com', 'exemple.qc.ca', 'hrsdc-rhdcc.gc.ca'][i % 4]}`, [`${last}${i + 10}`]);
  });
  add('email', 'andré.lévesque+impots@videotron.ca', ['lévesque+impots', 'levesque+impots']);
  add('email', 'JOHN.SMITH77@YAHOO.CA', ['smith77']);
  // Typed loosely, as WET's own PII check also finds them: spaces around the @ or the dot, a comma for the dot.
  add('email', 'marie.cote77 @ gmail.com', ['cote77']);
  add('email', 'jsingh88 @ hotmail,com', ['jsingh88']);
  add('email', 'o.nguyen41@videotron. ca', ['nguyen41']);
  // At a webmail provider, its ending left off (WET's check also takes these).
  add('email', 'jean.tremblay58@gmail', ['tremblay58']);
  add('email', 'pokafor23 @ hotmail', ['pokafor23']);
  add('email', 'Chloe.Bouchard@Outlook', ['chloebouchard']);
  // The at sign written out against spam robots.
  add('email', 'r.thibault64(at)gmail.com', ['thibault64']);
  add('email', 'mlachance19 [at] hotmail', ['mlachance19']);
  add('email', 'écrivez-moi à sboivin72 arobase videotron.ca', ['sboivin72']);
  add('email', 'fdumont58(arobase)gmail.com', ['fdumont58']);
  // At a domain of several parts (a Quebec or a federal department), its dots written or said.
  add('email', 'écrire à mbergeron31 (at) ssss.gouv.qc.ca', ['mbergeron31']);
  add('email', 'kpatel44 @ hrsdc-rhdcc.gc.ca', ['kpatel44']);
  add('email', 'lgirard27 arobase cooptel point qc point ca', ['lgirard27']);
  // Spelled out in words, the name's dots and dashes said too; a bare `at` before a webmail provider said whole.
  add('email', 'écrivez à yannick point desjardins arobase gmail point com', ['yannick', 'desjardins']);
  add('email', 'my email is tobias dot wexford at gmail dot com', ['tobias', 'wexford']);
  add('email', 'contact: ingrid underscore halvorsen at hotmail.com', ['ingrid', 'halvorsen']);
  add('email', 'reach me at kwabena71 at outlook dot com', ['kwabena71']);
  // PR-2: postal codes, every way they are typed; one run into a telephone number.
  ['K1A 0B1', 'h2x1y4', 'M5V-3L9', 'T2P 2M5', 'v6b 4y8', 'E1C4M3', 'J8X 4H7', 'S4P 3Y2', 'B3H 4R2', 'R3C0V8'].forEach((code) =>
    add('postal-code', code, [code.replace(/[ -]/g, '')]),
  );
  add('postal-code', 'K2P 1L46135550147', ['k2p1l4', '6135550147', '5550147']);
  add('postal-code', 'Code postal : G1R 4S9', ['g1r4s9']);
  // PR-2: nine digits or more (a SIN, accounts, cases).
  ['046454286', '130692544', '9876543210', '4520123456789', '000123456789', 'SIN123456784'].forEach((n) => add('digits', n, [n.replace(/\D/g, '')]));
  // PR-2: passports.
  ['AB123456', 'gk738291', 'Passport HP921834', 'passeport qt550812', 'N° de passeport : RK204617'].forEach((p) => add('passport', p, [p.slice(-8)]));
  // Written with a space or a hyphen: in capitals, or named as a passport.
  ['GA 302118', 'HK-774105', 'passport number ab 619023', 'numéro de passeport : ws-482770'].forEach((p) => add('passport', p, [p.slice(-9)]));
  // PR-2: credentials and names as key-value pairs, English and French, names of several words.
  const kv: Array<[string, string]> = [
    ['username', 'jtremblay84'],
    ['user_name', 'priya.n77'],
    ['password', 'Hunter2!Sunny'],
    ['Password', 'Tr0ub4dor&3'],
    ['pwd', 'qwerty2025'],
    ['login', 'mgagnon55'],
    ['loginID', 'oliv_cote'],
    ['user id', 'sbouchard9'],
    ['firstName', 'Siobhan Clare'],
    ['lastName', 'Van Houten'],
    ['last name', 'St-Pierre Lacroix'],
    ['full name', 'Aaliyah Okafor Mensah'],
    ['surname', 'MacDonald-Reid'],
    ['fname', 'Gabriel'],
    ['lname', 'Lévesque-Roy'],
    ['prénom', 'Chloé Anne'],
    ['prenom', 'Émilie'],
    ['nom', 'Tremblay Gagnon'],
    ['nom de famille', 'Côté-Bérubé'],
    ['nom complet', 'Mathieu Paul Bouchard'],
    ["nom d'utilisateur", 'mlevesque42'],
    ['nom_utilisateur', 'cnguyen31'],
    ['mot de passe', 'Soleil!2025'],
    ['courriel', 'jsingh.ottawa'],
    ['identifiant', 'lwilson_88'],
  ];
  kv.forEach(([key, value], i) => add('key-value', `${key}${[' = ', '=', ': ', ' : '][i % 4]}${value}`, [value]));
  // Bare `user` and `pass`, as a URL or a form encodes them (in prose, `pass:` is a boarding pass).
  add('key-value', 'user=gbouchard_61', ['gbouchard_61']);
  add('key-value', 'pass=Ete2025Soleil', ['ete2025soleil']);
  // A field named by a bare word, as a URL or a form encodes it; `nom` was taken, `name` was not.
  add('key-value', 'name=Annick Beaulieu', ['annick beaulieu']);
  add('key-value', 'first=Kwame', ['kwame']);
  add('key-value', 'last=Ouimette-Ferreira', ['ouimette-ferreira']);
  add('key-value', 'given=Ngozi', ['ngozi']);
  add('key-value', 'nom_famille=Desrosiers', ['desrosiers']);
  // A name by the role of its bearer, and a telephone or an address as a GET form encodes them,
  // whose values alone (a name, a local number, a street without its kind) no pattern tells.
  add('key-value', 'contact_name=Gwendolyn Ashcroft', ['gwendolyn', 'ashcroft']);
  add('key-value', 'nom_du_demandeur=Léa-Rose Beauchemin', ['léarose', 'learose', 'beauchemin']);
  add('key-value', 'homePhone=555-0163', ['5550163']);
  add('key-value', 'address=17 Larkspur', ['larkspur']);
  // Beyond SPEC: Canadian telephone numbers in every common format, international ones, extensions.
  [
    '613-555-0101',
    '(613) 555-0102',
    '(613)555-0103',
    '613.555.0104',
    '613 555 0105',
    '6135550106',
    '+1 613 555 0107',
    '+1-613-555-0108',
    '+16135550109',
    '1-613-555-0110',
    '1 (613) 555-0111',
    '613\u2011555\u20110112',
    '819–555–0113',
    '1-800-555-0114',
    '613-555-0115 ext. 2231',
    '613 555-0116, poste 418',
    '613-555-0117 x77',
    '613_555_0118',
  ].forEach((phone) => add('telephone', phone, [number(phone)]));
  // A local number of seven digits, where the words before it name a telephone.
  add('telephone', 'my phone number is 555-0142', ['5550142']);
  add('telephone', 'mon numéro de téléphone est le 555-0187', ['5550187']);
  [
    '+44 20 7946 0958',
    '+33 1 42 68 53 00',
    '+33 (0)6 71 82 93 04',
    '+49 30 901820',
    '+61 2 9374 4000',
    '011 44 20 7946 0123',
    '+44 20 7946 0477 ext 12',
  ].forEach((phone) => add('telephone-international', phone, [phone.split(/ext/)[0]!.replace(/\D/g, '').slice(-8)]));
  // Beyond SPEC: SIN written with spaces or dashes.
  // And the United States' social security number, 3-2-4.
  ['046 454 286', '130-692-544', 'NAS : 193 456 787', 'SIN: 527 418 930', '046\u00a0454\u00a0287', 'SSN 531-72-4408'].forEach((sin) =>
    add('sin-grouped', sin, [sin.replace(/\D/g, '')]),
  );
  // Beyond SPEC: payment cards (Luhn-valid test numbers).
  [
    '4111 1111 1111 1111',
    '5500-0000-0000-0004',
    '3782 822463 10005',
    '6011 0009 9013 9424',
    '4012 8888 8888 1881',
    '5105-1051-0510-5100',
    '3714 496353 98431',
    '4916 0739.3667-6891',
  ].forEach((card) => add('card', card, [card.replace(/\D/g, '')]));
  // Beyond SPEC: identity numbers in their printed groups. Health cards (Ontario with its version
  // code, British Columbia, Quebec's letters and birth date), driver's licences (Ontario, Quebec),
  // immigration client ids (UCI), business numbers with their program account, bank accounts.
  const printedGroups: Record<string, Array<[text: string, needle: string]>> = {
    'health-card': [
      ['OHIP 4532-281-947-KT', '4532281947'],
      ['carte santé : 7391 604 218', '7391604218'],
      ['PHN 9698 658 215', '9698658215'],
      ['RAMQ : TREJ 8501 0112', '85010112'],
      ['gagm 6552 1234', '65521234'],
    ],
    'driver-licence': [
      ["Driver's licence T5621-40983-71265", '56214098371265'],
      ['permis de conduire : L4417-230685-07', '441723068507'],
      ["Alberta driver's licence 154892-307", '154892307'],
      ['permis 203117-558', '203117558'],
    ],
    uci: [
      ['UCI 11-4827-3390', '1148273390'],
      ['IUC : 7734-2619', '77342619'],
      ['my UCI number 5510 2287', '55102287'],
      // IRCC's help centre also calls it the client ID.
      ['Client ID 6612-0394', '66120394'],
      ["numéro d'identification client : 4820 1175", '48201175'],
    ],
    'business-number': [
      ['BN 84512 3397 RT0001', '845123397'],
      ['NE : 71234 5608 RC0002', '712345608'],
    ],
    'bank-account': [
      ['compte 004-21387-5561234', '004213875561234'],
      ['account 21387-004-55612990', '0045561299'],
      // Named as an account, seven or eight digits.
      ['account number 7719024', '7719024'],
      ['numéro de compte : 30418862', '30418862'],
    ],
  };
  for (const [category, values] of Object.entries(printedGroups)) for (const [text, needle] of values) add(category, text, [needle]);
  // Beyond SPEC: a home's street address, the civic number with the street it is on.
  [
    ['42 Maple Crescent', '42 Maple'],
    ['1600 riverside dr', '1600 riverside'],
    ['221B Baker Street, Ottawa', '221B Baker'],
    ['87 Elgin St. apt 4', '87 Elgin'],
    ['1203-45 Dufferin Ave', '45 Dufferin'],
    ['1234 rue Sainte-Catherine Ouest', '1234 rue Sainte'],
    ['56, boulevard des Laurentides', '56 boulevard des Laurentides'],
    ['8 chemin du Lac-Noir', '8 chemin du Lac'],
    ['310 av. Laurier Est', '310 av Laurier'],
    ['15 rang Saint-Joseph, Saint-Lin', '15 rang Saint'],
    // Kinds of street that prose also puts after a number, where the address ends.
    ['14 Birch Court', '14 Birch'],
    ['250 Sheldon Way, Kanata', '250 Sheldon'],
    // The same kinds, then a unit, or a city and its province.
    ['77 Foxglove Court Ottawa ON', '77 Foxglove'],
    ['88 Parkside Way Suite 200', '88 Parkside'],
    ['316 tamarack way kanata', '316 tamarack'],
    ['12 Rosedale Place Gatineau QC', '12 Rosedale'],
  ].forEach(([text, needle]) => add('street-address', text!, [needle!]));
  // Beyond SPEC: a date of birth named as one, in prose or as a key, written every common way.
  [
    ['born 1985-03-12', '19850312'],
    ['date of birth 12/03/1986', '12031986'],
    ['DOB: March 14, 1987', 'march141987'],
    ['my birthday is 15 April 1988', '15april1988'],
    ['née le 3 février 1990', '3février1990'],
    ['date de naissance : 21 juin 1979', '21juin1979'],
  ].forEach(([text, needle]) => add('birth-date', text!, [needle!]));
  // Beyond SPEC: a name its bearer gives in a sentence, as typed into a search box or a comment.
  [
    ['my name is Priya Okafor-Singh and I need help', 'okafor-singh'],
    ["je m'appelle Marie-Ève Lachance-Roy", 'lachance-roy'],
    ['mon nom est Gabriel Thibodeau', 'thibodeau'],
    ["My full name is Siobhan O'Reilly", "o'reilly"],
    ['My name: Olivier Beauchesne', 'beauchesne'],
  ].forEach(([text, needle]) => add('self-name', text!, [needle!]));
  // Beyond SPEC: a home given in a sentence, the street's kind left off.
  [
    ['I live at 4471 Bramble', '4471bramble'],
    ['my address is 915 Kilborn, Ottawa', '915kilborn'],
    ["j'habite au 2286 Principale", '2286principale'],
    ['mon adresse est le 37 des Épinettes', '37desépinettes'],
  ].forEach(([text, needle]) => add('self-address', text!, [needle!]));
  // Beyond SPEC: a user name and a password given in a sentence.
  [
    ['user: jsmith42 pass: Hunter22!', ['jsmith42', 'hunter22']],
    ['username kbouchard password Maple!Leaf7', ['kbouchard', 'mapleleaf7']],
    ['identifiant ltremblay et mot de passe Erable!26', ['ltremblay', 'erable26']],
    ['my password is sunflower88', ['sunflower88']],
    ['mon mot de passe est Caribou!44', ['caribou44']],
    ['my username is pnguyen_ott', ['pnguyenott']],
  ].forEach(([text, needles]) => add('credentials', text as string, needles as string[]));
  // Beyond SPEC: secrets as URLs carry them.
  const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJqdHJlbWJsYXkiLCJpYXQiOjE3MDAwMDAwMDB9.q8Zr1cXh0mKJ3wYf9aT2';
  add('secret', `token=tk_8f3a9c2e71`, ['tk_8f3a9c2e71']);
  add('secret', `access_token=ya29.A0ARrdaM9x`, ['ya29.a0arrdam9x']);
  add('secret', `id_token=${jwt}`, ['q8zr1cxh0mkj3wyf9at2']);
  add('secret', `code=4/0AX4XfWhQz`, ['0ax4xfwhqz']);
  add('secret', `session=sess_7Hq2Lk91`, ['sess_7hq2lk91']);
  add('secret', `auth=Basic_dXNlcjpwYXNz`, ['dxnlcjpwyxnz']);
  add('secret', `key=AIzaSyD4kQ7mP2`, ['aizasyd4kq7mp2']);
  add('secret', `api_key=sk_live_51Hx9Q`, ['sk_live_51hx9q']);
  add('secret', jwt, ['q8zr1cxh0mkj3wyf9at2']);
  add('secret', `jsessionid=0A1B2C3D4E5F`, ['0a1b2c3d4e5f']);
  return b.map((base) => ({ ...base, needles: base.needles ?? [core(base.text)] }));
}

function nearMisses(): Base[] {
  return [
    'Date modified: 2025-09-17',
    'Date de modification : 2025-09-17',
    '17/09/2025',
    'Budget 2025: $1,234,567.89',
    'Coût : 1 234 567,89 $',
    'Total : 123 456 789 $',
    'Version 2.11.4',
    'at.js v2.11.4',
    'Release 28.0.0',
    'Report 12345678',
    'Dossier 87654321',
    'Form IMM 5257',
    'Formulaire T2125',
    'RC4110',
    'Page id 1234567',
    'ISBN 978-0-660-45678-9',
    'Table 14-10-0287-01',
    'Washington, DC 20500-0003',
    'File 1234-5678',
    'Cat. No. Ci4-123/2025E-PDF',
    'Tariff item 8703.23.00.00',
    'Open 8:30 to 16:30',
    'de 8 h 30 à 16 h 30',
    'Chapter 87',
    'Bill C-69',
    'COVID-19 update',
    'Section 3.1.4',
    'Flight AC 871',
    'Highway 401',
    'Room 2B-104',
    '2024-2025 Departmental Plan',
    'Plan ministériel 2024-2025',
    'GST/HST return',
    'T4 slip',
    'NR4 information',
    'Line 10100',
    'Ligne 10100',
    '5 km',
    '30 days',
    '$500',
    '1-800 numbers',
    'Page 2 of 14',
    'Sections 1 to 12',
    'plus de 100000 personnes',
    'In 2019 Supreme Court ruled',
    'Over 300 km of road',
    'se classe au 2e rang mondial',
    'en 300 av. J.-C.',
    'rue Sainte-Catherine, Main Street',
    '2019 Supreme Court ruling',
    'Date of birth (required)',
    'born in 1985',
    'my name is not on the list',
    'Password is required',
    'le mot de passe est invalide',
    'user guide password reset',
    'I live at the end of the road',
    'my address is not updated',
    "j'habite au Québec depuis 2015",
    'la ville compte 1 234 567 habitants',
    'le compte 2024-2025',
    'first=10&last=20',
    'entity.name=Canada Child Benefit',
    'le signe arobase est utilisé',
    'jdoe @ Ottawa point of contact',
    'apply online at canada dot ca',
    'sign in at gmail.com',
    'hotel=Chateau Laurier',
    'Form number 555-0199',
  ].map((text) => ({ category: nearCategory(text), text, near: true }));
}

function nearCategory(text: string): string {
  if (/\d{4}-\d{2}-\d{2}|\d+\/\d+\/\d{4}/.test(text)) return 'near-miss:date';
  if (/\$|€/.test(text)) return 'near-miss:price';
  if (/\d+\.\d+\.\d+/.test(text) && !/tariff/i.test(text)) return 'near-miss:version';
  if (/\b\d{7,8}\b/.test(text)) return 'near-miss:id';
  if (/tariff/i.test(text)) return 'near-miss:tariff';
  if (/form|imm|t\d|rc\d/i.test(text)) return 'near-miss:form';
  return 'near-miss:other';
}

/**
 * Values that only the field they are typed in says are a person's (a given name alone, a local
 * number, a birth date, a nickname, a handle in an e-mail field), in controls as WET's form
 * validation templates and GCWeb's test page write them: their ids, names, types and
 * autocomplete, each control marked only as its template marks it (`nname1` by its autocomplete
 * alone, `preferredNumber` by its type, WET's server-side example by its name). No pattern can
 * tell these, so they are in no other channel: the forms rule records the field as the marker.
 * Beside them, controls that hold no person's data (a city, a country, a title) whose values must
 * stay readable.
 */
const MARKED: ReadonlyArray<{ category: string; control: Control; en: string; fr: string }> = [
  {
    category: 'marked-field:name',
    control: { tag: 'input', attributes: 'id="fname1" name="fname1" type="text" autocomplete="given-name"' },
    en: 'Cormac',
    fr: 'Thérèse',
  },
  {
    category: 'marked-field:name',
    control: { tag: 'input', attributes: 'id="lname1" name="lname1" type="text" autocomplete="family-name"' },
    en: 'Delahunty',
    fr: 'Archambault',
  },
  {
    category: 'marked-field:name',
    control: { tag: 'input', attributes: 'id="nname1" name="nname1" type="text" autocomplete="nickname"' },
    en: 'Mackie',
    fr: 'Titoune',
  },
  {
    category: 'marked-field:name',
    control: { tag: 'input', attributes: 'type="text" autocomplete="name" id="inputFullName"' },
    en: 'Wilhelmina Sato',
    fr: 'Ghislaine Poirier-Dubé',
  },
  {
    category: 'marked-field:name',
    control: { tag: 'input', attributes: 'name="ctl00$MainContent$BeneficiaryName" id="MainContent_BeneficiaryName" type="text" maxlength="16"' },
    en: 'Ruairi Fennelly',
    fr: 'Anselme Vachon',
  },
  {
    category: 'marked-field:telephone',
    control: { tag: 'input', attributes: 'id="preferredNumber1" name="preferredNumber" type="tel"' },
    en: '555-0134',
    fr: '555-0176',
  },
  {
    category: 'marked-field:telephone',
    control: { tag: 'input', attributes: 'id="tel1" name="tel1" type="tel" autocomplete="tel"' },
    en: '555 0128',
    fr: '5550191',
  },
  {
    category: 'marked-field:birth-date',
    control: { tag: 'input', attributes: 'id="dob" name="dob" type="date" autocomplete="bday"' },
    en: '1961-08-23',
    fr: '1974-05-09',
  },
  {
    category: 'marked-field:email',
    control: { tag: 'input', attributes: 'id="email1" name="email1" type="email" autocomplete="email"' },
    en: 'wsato_61',
    fr: 'gpoirier.dube',
  },
  {
    category: 'near-miss:field',
    control: { tag: 'input', attributes: 'type="text" autocomplete="address-level2" id="city" name="city"' },
    en: 'Moose Jaw',
    fr: 'Trois-Rivières',
  },
  {
    category: 'near-miss:field',
    control: { tag: 'input', attributes: 'id="cname1" name="cname1" type="text" autocomplete="country-name"' },
    en: 'New Zealand',
    fr: 'Nouvelle-Zélande',
  },
  {
    category: 'near-miss:field',
    control: { tag: 'select', attributes: 'id="title1" name="title1" autocomplete="honorific-prefix"' },
    en: 'Dr.',
    fr: 'Mme',
  },
];

const word = (n: number) => `case ${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}x`;

/**
 * The language of a value's `k`th case. Channels step by 3: through an even number of them, a
 * language turning with `i + k` would go with the channel's parity, and English would never meet
 * half the channels. Turning with `i / run` instead, every channel meets both languages whatever
 * their number, and the one-per-page channels fill about as many pages in each (193 page loads).
 */
const languageOf = (i: number, k: number, run: number): 'en' | 'fr' => ((Math.floor(i / run) + k) % 2 ? 'fr' : 'en');

/**
 * Every personal value in every channel, and every near miss in three, the channels turning so
 * that each near miss's category meets each of its channels, and each channel both languages.
 * Four channels a value, turning, once let leaks through that only another layout showed (an
 * address before the slash of the page's folder, a passport in a view's name that the tag lowers).
 * Then each marked field's value in its own field, in both languages.
 */
export function buildCorpus(): Case[] {
  const cases: Case[] = [];
  const nearChannels: readonly Channel[] = ['url-query', 'link-text', 'form', 'data-layer', 'page-params', 'keyword', 'title', 'offer-params', 'view-name'];
  personal().forEach((base, i) => {
    ALL.forEach((channel, k) => {
      cases.push({ id: `p${i}-${k}`, category: base.category, lang: languageOf(i, k, 2), channel, text: base.text, needles: base.needles! });
    });
  });
  const near = nearMisses();
  near.forEach((base, i) => {
    for (let k = 0; k < 3; k++) {
      const channel = nearChannels[(i + k * 3) % nearChannels.length]!;
      // A word of letters of its own, so that each near miss is looked for in its own channel.
      const text = `${base.text} ${word(i * 3 + k)}`;
      cases.push({ id: `n${i}-${k}`, category: base.category, lang: languageOf(i, k, 3), channel, text, needles: [], keep: text });
    }
  });
  // Words of their own after the near misses' 3 each.
  const words = near.length * 3;
  const channel = 'marked-field';
  MARKED.forEach(({ category, control, en, fr }, i) => {
    for (const lang of ['en', 'fr'] as const) {
      const value = lang === 'en' ? en : fr;
      const id = `m${i}-${lang}`;
      if (!category.startsWith('near-miss:')) cases.push({ id, category, lang, channel, text: value, needles: [value], control });
      else {
        const text = `${value} ${word(words + i * 2 + (lang === 'en' ? 0 : 1))}`;
        cases.push({ id, category, lang, channel, text, needles: [], keep: text, control });
      }
    }
  });
  return cases;
}
