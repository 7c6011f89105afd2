// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REDACTION_MARKER, containsPersonalInfo, redactCodes, redactText } from '../../src/privacy/redact';
import {
  BANK_ACCOUNT,
  BIRTH_DATE,
  CARD,
  CREDENTIALS,
  DIGITS,
  GROUPED_ID,
  INTERNATIONAL_PHONE,
  KEY_VALUE,
  LOCAL_PHONE,
  LOOSE_EMAIL,
  NAME_VALUE,
  NAMED_PASSPORT,
  NANP_PHONE,
  PASSPORT,
  POSTAL_CODE,
  SAID_CREDENTIAL,
  SECRET_VALUE,
  SELF_ADDRESS,
  SELF_NAME,
  SIN,
  STREET_ADDRESS,
  UCI,
  type Pattern,
} from '../../src/privacy/patterns';
import { PUBLICATIONS_HOST, redactUrl } from '../../src/privacy/url';

const R = REDACTION_MARKER;

describe('redactText', () => {
  it.each([
    // 9 or more digits, and a SIN written in groups
    ['digits', 'Dossier 123456789', `Dossier ${R}`],
    ['long digit run', 'ref 12345678901234', `ref ${R}`],
    ['digits glued to letters', 'SIN123456789', `SIN${R}`],
    ['SIN with spaces', 'My SIN is 123 456 789.', `My SIN is ${R}.`],
    ['SIN with hyphens', 'NAS : 123-456-789', `NAS : ${R}`],
    ['two SINs in a row', 'SIN 123 456 789 987 654 321', `SIN ${R}`],
    ['SIN then a number', 'NAS 123-456-789 2', `NAS ${R} 2`],
    ['SIN with no-break spaces', 'NAS\u00A0: 123\u00A0456\u00A0789', `NAS\u00A0: ${R}`],
    // identity numbers in groups: health cards, driver's licences, UCI, business number, bank account
    ['Ontario health card and version code', 'OHIP 1234-567-890-AB', `OHIP ${R}`],
    ['health card 4-3-3', 'Health card: 9123 456 789 please', `Health card: ${R} please`],
    ['Quebec health card', 'RAMQ : TREJ 8501 0112', `RAMQ : ${R}`],
    ['Quebec health card of a woman, run together', 'gagm65521234', R],
    ['Ontario licence', 'Permis : T1234-56789-01234', `Permis : ${R}`],
    ['Quebec licence', 'licence T1234 567890 12', `licence ${R}`],
    ['UCI in groups', 'UCI 12-3456-7890 status', `UCI ${R} status`],
    ['US social security number', 'SSN 123-45-6789', `SSN ${R}`],
    ['older UCI, named', 'UCI: 1234-5678', `UCI: ${R}`],
    ['older UCI, named in French', 'IUC n° 12345678', `IUC n° ${R}`],
    ["Alberta driver's licence", 'licence 123456-789 expired', `licence ${R} expired`],
    // passports with a space or a hyphen: in capitals, or named
    ['passport with a space', 'AB 123456', R],
    ['passport with a hyphen', 'Passport: AB-123456', `Passport: ${R}`],
    ['passport with a hyphen, in lower case as a view name', 'applicant/hk-774105', `applicant/${R}`],
    ['passport in lower case, named', 'passport number ab 123456', `passport number ${R}`],
    ['passport in French, named', 'numéro de passeport : ws-482770', `numéro de passeport : ${R}`],
    // a webmail address with its ending left off
    ['Gmail address without .com', 'email jean.tremblay@gmail please', `email ${R} please`],
    ['Hotmail address, spaced', 'pokafor23 @ hotmail', R],
    ['Outlook address in capitals', 'Chloe.Bouchard@OUTLOOK', R],
    // street addresses, English and French
    ['English address', '42 Maple Crescent', R],
    ['English address typed in lower case', 'change address 1600 riverside dr', `change address ${R}`],
    ['English address with a letter and a city', '221B Baker Street, Ottawa', `${R}, Ottawa`],
    ['English address, abbreviated, with an apartment', '87 Elgin St. apt 4', `${R} apt 4`],
    ['English address with a unit', '1203-45 Dufferin Ave', R],
    ['English address with a three-word name', '55 Colonel By Drive', R],
    ['numbered street', '45 2nd St', R],
    ['English address whose name begins with a French particle', '42 Des Meurons St', R],
    ['French address', '1234 rue Sainte-Catherine Ouest', R],
    ['French address with a comma and a particle', '56, boulevard des Laurentides', R],
    ['French address, abbreviated', '310 av. Laurier Est', R],
    ['French address with an elided particle', "12 place d'Youville", R],
    ['French address with an accent', '3 côte de la Montagne', R],
    ['French numbered avenue', '3050, 15e Avenue', R],
    ['English address on a court, at the end', '14 Birch Court', R],
    ['English address on a way, then the city', '250 Sheldon Way, Kanata', `${R}, Kanata`],
    ['English address on a place, abbreviated, typed in lower case', 'moved to 9 elm crt; new phone', `moved to ${R}; new phone`],
    ['older UCI, named with a number', 'my UCI number: 1234 5678', `my UCI number: ${R}`],
    ['older UCI as a parameter', 'uci=12345678&lang=fr', `uci=${R}&lang=fr`],
    ['older UCI named a client ID, as IRCC also calls it', 'my Client ID 1234-5678 status', `my Client ID ${R} status`],
    ['older UCI named a client identification number', 'client identification number: 12345678', `client identification number: ${R}`],
    ['older UCI named in French', "numéro d'identification client : 1234 5678", `numéro d'identification client : ${R}`],
    ['older UCI named ID client', 'ID client 12345678', `ID client ${R}`],
    // what WET's own PII check (wet-boew src/core/test.js) also finds
    ['telephone with underscores', 'phone: 613_555_1234', `phone: ${R}`],
    ['card with a dot among its groups', 'Visa: 4916 0739.3667-6891', `Visa: ${R}`],
    ['e-mail with spaces around the @', 'Write to jean.tremblay @ gmail.com today', `Write to ${R} today`],
    ['e-mail with a comma for the dot', 'courriel 1gf. @ gmail,com', `courriel ${R}`],
    ['e-mail with spaces around the dot', 'jdoe@gmail . com', R],
    ['e-mail with a space after the dot', 'jdoe@gmail. com', R],
    ['bare user in a form encoding', 'user=John&lang=en', `user=${R}&lang=en`],
    ['bare pass in a form encoding', 'pass=P123456', `pass=${R}`],
    // Target keys a view by its name in lower case (a route named after the address carries a token lowered)
    ['JSON Web Token in lower case', 'callback/eyjhbgcioijiuzi1nij9.eyjzdwiioijqdhjlbwjsyxkifq.q8zr1cxh0mkj3w', `callback/${R}`],
    ['business number with its program account', 'NE 12345 6789 RC0001', `NE ${R}`],
    ['bank account', 'compte 003-12345-1234567', `compte ${R}`],
    ['bank account as a cheque prints it', 'account 12345-003-12345678', `account ${R}`],
    // A 7-digit account reads as a telephone number with the institution: the public branch number stays.
    ['bank account of 7 digits as a cheque prints it', 'account 12345-003-1234567', `account 12345-${R}`],
    // telephone numbers
    ['phone with hyphens', 'Call 613-555-0199 today', `Call ${R} today`],
    ['phone with parentheses', 'Téléphone : (613) 555-0199', `Téléphone : ${R}`],
    ['phone with dots', '613.555.0199', R],
    ['phone with country code', '+1 613 555 0199', R],
    ['toll-free', 'Appelez le 1-800-622-6232', `Appelez le ${R}`],
    // passport
    ['passport', 'Passport AB123456 expired', `Passport ${R} expired`],
    ['passport in lower case', 'passeport ab123456', `passeport ${R}`],
    ['passport before punctuation', 'numéro: XY987654.', `numéro: ${R}.`],
    // e-mail
    ['e-mail', 'Write to jdoe@example.com now', `Write to ${R} now`],
    ['Gmail with plus-addressing', 'john.doe+tax@gmail.com', R],
    ['e-mail on a subdomain', 'Courriel : a_b-c@sub.example.gc.ca', `Courriel : ${R}`],
    ['e-mail with accents', 'rené.lévesque@exemple.québec', R],
    ['e-mail in parentheses', '(jdoe@example.com)', `(${R})`],
    ['two e-mails', 'a@b.ca,c@d.ca', `${R},${R}`],
    // postal codes
    ['postal code', 'Ottawa ON K1A 0B1', `Ottawa ON ${R}`],
    ['postal code without space', 'code postal k1a0b1', `code postal ${R}`],
    ['postal code with no-break space', 'H3Z\u00A02Y7', R],
    ['postal code with a hyphen', 'V6B-4Y8', R],
    // key-value pairs: the key stays, the value goes
    ['username=', 'username=jdoe', `username=${R}`],
    ['Password:', 'Password: hunter2', `Password: ${R}`],
    ['password with spaces around =', 'password = hunter2 ok', `password = ${R} ok`],
    ['login', 'login=jdoe&lang=en', `login=${R}&lang=en`],
    ['login id', 'Login ID: jd42', `Login ID: ${R}`],
    ['loginid', 'loginid=jd42', `loginid=${R}`],
    ['user_id', 'user_id=jd42', `user_id=${R}`],
    ['first name', 'First name: Jean', `First name: ${R}`],
    ['firstname', 'firstname=Jean', `firstname=${R}`],
    ['first_name and last-name', 'first_name=Jean&last-name=Roy', `first_name=${R}&last-name=${R}`],
    ['fname', 'fname=Jean', `fname=${R}`],
    ['user_lname', 'user_lname=Roy', `user_lname=${R}`],
    ['full name', 'Full name: Jean', `Full name: ${R}`],
    ['nom complet', 'Nom complet : Jean', `Nom complet : ${R}`],
    ['surname', 'Surname: Roy', `Surname: ${R}`],
    ['prefixed form field', 'ctl00$txtFirstName=Jean', `ctl00$txtFirstName=${R}`],
    ['new_password', 'new_password=s3cret', `new_password=${R}`],
    ['prénom', 'Prénom : Jean', `Prénom : ${R}`],
    ['PRÉNOM', 'PRÉNOM: Jean', `PRÉNOM: ${R}`],
    ['prenom without accent', 'prenom=Jean', `prenom=${R}`],
    ['nom de famille', 'Nom de famille : Tremblay', `Nom de famille : ${R}`],
    ["nom d'utilisateur", "Nom d'utilisateur : jtremblay", `Nom d'utilisateur : ${R}`],
    ['nom d’utilisateur', 'nom d’utilisateur=jtremblay', `nom d’utilisateur=${R}`],
    ['mot de passe', 'Mot de passe : secret', `Mot de passe : ${R}`],
    ['identifiant', 'identifiant=jt42', `identifiant=${R}`],
    ['value with an e-mail', 'username=jdoe@example.com', `username=${R}`],
    // mixed
    [
      'a sentence with several',
      'Jean (jean@example.ca, 613-555-0199) lives at K1A 0B1, passport AB123456, SIN 123 456 789',
      `Jean (${R}, ${R}) lives at ${R}, passport ${R}, SIN ${R}`,
    ],
  ])('%s', (_name, input, expected) => {
    expect(redactText(input)).toBe(expected);
    expect(containsPersonalInfo(input)).toBe(true);
  });

  it.each([
    ['ISO date', 'Date modified: 2025-09-17'],
    ['day/month/year', 'Date de modification : 17/09/2025'],
    ['8-digit number', 'Report 12345678'],
    ['8-digit date', '20250917'],
    ['dollar price', 'Budget: $1,234,567.89'],
    ['French price', 'Budget : 1 234 567,89 $'],
    ['price in groups of three', 'Total : 123 456 789 $'],
    ['amount with decimals', '123 456 789,00'],
    ['amount in billions', '1 234 567 890 dollars'],
    ['French price in groups of three', '123 456 789 012 $'],
    ['dollar amount in groups of three', '$123 456 789'],
    ['library version', 'Version 28.0.0'],
    ['prefixed version', 'at.js v2.11.4'],
    ['version', '2.27.0'],
    ['page id', 'page id 1234567'],
    ['report id', 'Report ID: RPT-2025-0042'],
    ['catalogue number', 'Cat. No. Ci4-123/2025E-PDF'],
    ['ISBN', 'ISBN 978-0-660-45678-9'],
    ['Statistics Canada table', 'Table 14-10-0287-01'],
    ['ZIP+4 code', 'Washington, DC 20500-0003'],
    ['fiscal years', 'Plan 2024 2025'],
    ['a word and two years', 'Rate 2024-2025'],
    ['8 digits in groups, not named a UCI', 'Order 1234-5678'],
    ['8 digits after the word client, not named an id', 'Client 12345678'],
    ['a handle before a sentence', 'Follow @CanadaDotCa. Thanks'],
    ['a place after an at sign', 'Meet us @ Ottawa, ON'],
    ['a handle and a site', 'Tweet @ GCIndigenous, canada.ca'],
    ['user and pass in prose', 'User: guide. Boarding pass: mobile'],
    ['a user agent parameter', 'useragent=Chrome&passive=true'],
    ['tariff item with dots', 'Tariff item 8703.23.00.00'],
    ['an IP address', '192.168.100.200'],
    ['a form number and a year', 'Form T1234 2025'],
    ['time', 'Open 8:30 to 16:30'],
    ['French time', 'de 8 h 30 à 16 h 30'],
    ['passport near miss: 7 digits', 'AB1234567'],
    ['passport near miss: 5 digits', 'AB12345'],
    ['passport near miss: inside a token', 'XAB123456'],
    ['passport near miss: 3 letters', 'ABC123456'],
    ['passport near miss: French prose', 'plus de 100000 personnes'],
    ['passport near miss: a word and a number, not named', 'Form ab 123456'],
    ['address near miss: a year before the Supreme Court', 'In 2019 Supreme Court ruled'],
    ['address near miss: a year that took place', 'CodeFest 2013 took place in August'],
    ['address near miss: a year that paves the way', 'Budget 2024 paves the way'],
    ['address near miss: a distance of road', 'Over 300 km of road'],
    ['address near miss: a trail', 'A 5 km trail'],
    ['address near miss: a circle', '20 approximates a circle'],
    ['address near miss: French place', 'utiliser 450 à la place'],
    ['address near miss: a French date before Christ', 'en 300 av. J.-C.'],
    ['address near miss: a French date before the common era', 'vers 50 av. notre ère'],
    ['address near miss: French comics', 'les 10 BD les plus lues'],
    ['address near miss: a disk', 'a 2 TB drive'],
    ['address near miss: a year that took place, at the end', 'CodeFest 2013 took place'],
    ['address near miss: events that took place, at the end', 'the 2 events that took place'],
    ['address near miss: a year, a comma and a court', 'Decisions of 2019, Supreme Court'],
    ['address near miss: a square metre, at the end', 'about 3 m square'],
    ['address near miss: a French ordinal', 'se classe au 2e rang mondial'],
    ['address near miss: a decimal', 'Version 2.5 Main St'],
    ['address near miss: a highway', 'Highway 401 and Route 117'],
    ['address near miss: a street without a number', 'rue Sainte-Catherine, Main Street'],
    ['postal code with D', 'D1A 1B1'],
    ['postal code starting with W', 'W1A 1B1'],
    ['postal code with O', 'K1O 0B1'],
    ['postal code inside a token', 'XK1A0B1'],
    ['French accents', 'Énoncé économique de l’automne — Ministère des Finances'],
    ['a bare id', 'id=1234567&page=2'],
    // A bare name, first, last or given is a field only before `=` and a letter (see the names below).
    ['a label with a bare name', 'Name: Canada Dental Care Plan'],
    ['first and last as numbers', 'first=10&last=20'],
    ["a recommended item's name", 'entity.name=Canada Child Benefit'],
    ['a file name', 'file_name=report.pdf'],
    ['code', 'last = feeds.length - 1; const name = el.getAttribute("name");'],
    ['names ending in lname or fname', 'channelname=news&pdfname=guide'],
    ['a key without value', 'password='],
    ['the word password', 'Forgot your password?'],
    ['the word login', 'Sign in / login'],
    ['a handle', 'Follow @CanadaDotCa'],
    ['no domain dot', 'user@localhost'],
    ['empty', ''],
    ['already redacted', `username=${R} ${R}`],
  ])('leaves alone: %s', (_name, input) => {
    expect(redactText(input)).toBe(input);
    expect(containsPersonalInfo(input)).toBe(false);
  });

  it('skips a number pattern only where it could not match: the same result as every pattern tried on every text', () => {
    // The reference: the number patterns in redactText's order, each tried whatever the text holds.
    const luhn = (text: string) => {
      const digits = text.replace(/\D/g, '');
      let sum = 0;
      for (let i = 0; i < digits.length; i++) {
        const digit = Number(digits[digits.length - 1 - i]) * (i % 2 ? 2 : 1);
        sum += digit > 9 ? digit - 9 : digit;
      }
      return digits.length >= 13 && sum % 10 === 0;
    };
    const mark = (_: string, keep: string) => keep + R;
    const unguarded = (text: string) =>
      [
        [POSTAL_CODE, mark],
        [CARD, (match: string, keep: string) => (luhn(match.slice(keep.length)) ? keep + R : match)],
        [NANP_PHONE, mark],
        [LOCAL_PHONE, mark],
        [INTERNATIONAL_PHONE, mark],
        [SIN, mark],
        [GROUPED_ID, mark],
        [UCI, mark],
        [DIGITS, mark],
        [PASSPORT, mark],
        [NAMED_PASSPORT, mark],
        [STREET_ADDRESS, mark],
      ].reduce((result, [pattern, replace]) => result.replace((pattern as Pattern)(), replace as typeof mark), text);
    // Digits and every separator the patterns allow, a few letters, the prefixes: near misses of every length.
    const alphabet = '0123456789012345678901234567890123456789 -._()+\u00A0\u202F\u2013ABkx';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const texts = [
      '4111 1111 1111 1111',
      '378282 246310005',
      '+44 20 7946 0958',
      '011 33 1 23 45 67 89',
      '(613) 555-0199',
      '123 456 789',
      'AB123456',
      'K1A 0B1',
      '1234 567 890 AB',
      'TREJ 8501 0112',
      'UCI 1234-5678',
      '12345 6789 RT0001',
    ];
    for (let n = 0; n < 20000; n++)
      texts.push(Array.from({ length: 4 + Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    // Words that make passports and addresses, and words that nearly do.
    const words = [
      '42',
      '1203-45',
      '15e',
      '2.5',
      'Maple',
      'of',
      'St',
      'St.',
      'Drive',
      'rue',
      'av.',
      'de',
      "l'",
      'Passport',
      'ab',
      'AB',
      '123456',
      'Court',
      'client',
      'Client',
      'ID',
      'identification',
      'UCI',
      '12345678',
      '1234',
      '5678',
      'phone',
      'Tél.',
      'cellulaire',
      'Mobile',
      'my number',
      'mon numéro',
      'call me',
      'appelez-moi',
      'is',
      'le',
      'au',
      '555-0199',
      '555 0199',
      '5550199',
    ];
    for (let n = 0; n < 20000; n++)
      texts.push(Array.from({ length: 2 + Math.floor(random() * 6) }, () => words[Math.floor(random() * words.length)]).join(random() < 0.8 ? ' ' : '-'));
    const differ = texts.filter((text) => redactText(text) !== unguarded(text));
    expect(differ).toEqual([]);
    expect(texts.filter((text) => unguarded(text) !== text).length).toBeGreaterThan(2000);
  });

  it('skips a prose pattern only where it could not match: the same result as every key pattern tried on every text', () => {
    const mark = (_: string, keep: string) => keep + R;
    const unguarded = (text: string) =>
      (
        [
          [LOOSE_EMAIL, mark],
          [BIRTH_DATE, mark],
          [KEY_VALUE, mark],
          [NAME_VALUE, mark],
          [SECRET_VALUE, mark],
          [SELF_NAME, mark],
          [SELF_ADDRESS, mark],
          [BANK_ACCOUNT, mark],
          [CREDENTIALS, (_: string, keep: string, between: string) => keep + R + between + R],
          [SAID_CREDENTIAL, mark],
        ] as const
      ).reduce((result, [pattern, replace]) => result.replace(pattern(), replace as typeof mark), text);
    // The keys of every prose pattern, each space as prose writes it, and the words that nearly make one.
    const words = [
      'my',
      'name',
      'is',
      "name's",
      'name:',
      'name=',
      'applicantName=',
      'contact',
      'nom du',
      'demandeur',
      "de l'",
      'enfant',
      'homePhone=',
      'tel=',
      'hotel=',
      'address=',
      'adresse%3D',
      'phone',
      'Name',
      'first',
      'last=',
      'Given',
      'entity.name=',
      'je',
      "m'appelle",
      'me',
      'nomme',
      'mon',
      'nom',
      'est',
      'Jean',
      'Marie-Ève',
      'not',
      'born',
      'on',
      'birthday',
      'date',
      'of',
      'birth',
      'naissance',
      'né',
      'née',
      'le',
      'dob',
      'DDN',
      ':',
      '1985-03-12',
      '12/03/1985',
      '12',
      'mars',
      'March',
      '12,',
      '1er',
      'user',
      'username',
      'user_id',
      'login',
      'id',
      'identifiant',
      'utilisateur',
      "d'utilisateur",
      'pass',
      'pass:',
      'password',
      'passwd',
      'pwd',
      'mot',
      'de',
      'passe',
      'passeport',
      'résident',
      'année',
      'and',
      'et',
      'jsmith',
      'Hunter22!',
      'sunshine',
      'required',
      '=',
      'my name is',
      "je m'appelle",
      'mon nom est',
      'date of birth',
      'né le',
      'née\u00A0le',
      "nom d'utilisateur",
      'mot de passe',
      'user id',
      'login id',
      'user%20name',
      'I',
      'we',
      'live',
      'reside',
      'at',
      'dot',
      'point',
      'dash',
      'underscore',
      'tiret',
      'gmail',
      'com',
      'ca',
      'john dot smith',
      'at gmail dot',
      'address',
      'address:',
      'home',
      "j'habite",
      'au',
      'à',
      'demeure',
      'adresse',
      'nouvelle',
      'ma',
      'I live at',
      'my address is',
      "j'habite au",
      'mon adresse est le',
      '123',
      '221B',
      'Main',
      'account',
      'compte',
      'number',
      '#',
      '1234567',
      '123-4567-8',
      '2024-2025',
      'numéro',
      'jdoe',
      'arobase',
      'AROBASE',
      '(Arobas)',
      '[at]',
      '(AT)',
      'gmail.com',
      'hotmail',
    ];
    const spaces = [' ', ' ', ' ', '\u00A0', '\u202F', '  ', '_'];
    // Mulberry32: a word and the space after it are drawn one after the other, which a small LCG's
    // draws are too related for (some pairs of words then never meet).
    let seed = 11;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const texts: string[] = [];
    for (let n = 0; n < 30000; n++) texts.push(Array.from({ length: 2 + Math.floor(random() * 6) }, () => pick(words) + pick(spaces)).join(''));
    expect(texts.filter((text) => redactText(text) !== redactText(unguarded(text)))).toEqual([]);
    expect(texts.filter((text) => unguarded(text) !== text).length).toBeGreaterThan(1500);
  });

  it('is idempotent', () => {
    const once = redactText('jdoe@example.com AB123456 K1A 0B1 123456789 password=x 613-555-0199');
    expect(redactText(once)).toBe(once);
  });
});

describe('redactCodes (product codes such as tariff items)', () => {
  it.each(['8703230000', '870-323-0000', '123456789012'])('keeps the code %s that the text variant would remove', (code) => {
    expect(redactText(code)).toContain(R);
    expect(redactCodes(code)).toBe(code);
  });

  it.each([
    ['jane.doe@example.com 8703', `${R} 8703`],
    ['K1A 0B1', R],
    ['AB123456', R],
    ['password=hunter2 8703230000', `password=${R} 8703230000`],
  ])('still removes e-mails, postal codes, passports and key-value pairs: %s', (input, expected) => {
    expect(redactCodes(input)).toBe(expected);
  });
});

describe('redactUrl', () => {
  it.each([
    // An @ anywhere in the query: the whole query becomes the notice, as for the page URL.
    ['raw e-mail in the query', 'https://www.canada.ca/en.html?email=jdoe@example.com&lang=en', 'https://www.canada.ca/en.html?removed: email'],
    ['percent-encoded @', 'https://www.canada.ca/p?email=jdoe%40example.com&lang=en', 'https://www.canada.ca/p?removed: email'],
    ['lower-case escape and encoded +', 'https://x.ca/p?e=j.doe%2bnews%40gmail.com', 'https://x.ca/p?removed: email'],
    ['double-encoded @ in a nested URL', 'https://x.ca/p?next=%2Fa%3Fe%3Djdoe%2540x.ca%26b%3D1', 'https://x.ca/p?removed: email'],
    ['an @ without a domain', 'https://x.ca/p?to=jdoe@gmail', 'https://x.ca/p?removed: email'],
    ['e-mail in a fragment', 'https://x.ca/p#to=contact%20jdoe%40x.ca%20now', `https://x.ca/p#to=contact%20${R}%20now`],
    ['e-mail in the path', 'https://x.ca/users/jdoe@example.com/profile', `https://x.ca/users/${R}/profile`],
    ['mailto', 'mailto:jdoe@example.com?subject=Hi', `mailto:${R}?subject=Hi`],
    ['user info before the host is dropped', 'https://jdoe%40x.ca@publications.gc.ca/p', 'https://publications.gc.ca/p'],
    ['password in the query', 'https://x.ca/login?user=1&password=hunter2#top', `https://x.ca/login?user=${R}&password=${R}#top`],
    ['bare user and pass in the query', 'https://x.ca/login?user=jdoe&pass=hunter2&lang=fr', `https://x.ca/login?user=${R}&pass=${R}&lang=fr`],
    ['username in an encoded nested URL', 'https://x.ca/p?next=%2Fa%3Fusername%3Djdoe%26lang%3Den', `https://x.ca/p?next=%2Fa%3Fusername%3D${R}%26lang%3Den`],
    ['encoded : separator', 'https://x.ca/p?text=login%3Ajdoe', `https://x.ca/p?text=login%3A${R}`],
    ['encoded space in the key and value', 'https://x.ca/p?first%20name=Jean%20Paul&x=1', `https://x.ca/p?first%20name=${R}&x=1`],
    ['+ in the key and value', 'https://x.ca/p?last+name=Van+der+Berg', `https://x.ca/p?last+name=${R}`],
    ['French keys', 'https://x.ca/fr/p?prenom=Jean&nom=Roy&page=2', `https://x.ca/fr/p?prenom=${R}&nom=${R}&page=2`],
    ['a query value gets every pattern', 'https://x.ca/p?id=987654321&tel=613-555-0199', `https://x.ca/p?id=${R}&tel=${R}`],
    ['grouped SIN and phone in the path', 'https://x.ca/123-456-789/613-555-0199', `https://x.ca/${R}/${R}`],
    // Every pattern in every component, beyond PR-3's URL variant: a path can carry them too.
    ['9 digits and a phone number in the path', 'https://x.ca/en/news/2025/09/123456789.html/6135550199', `https://x.ca/en/news/2025/09/${R}.html/${R}`],
    ['passport in the path', 'https://x.ca/docs/AB123456.pdf', `https://x.ca/docs/${R}.pdf`],
    ['postal codes in the path', 'https://x.ca/fr/k1a0b1/K1A%200B1', `https://x.ca/fr/${R}/${R}`],
    ['encoded French key', 'https://x.ca/fr/p?pr%C3%A9nom=Jean', `https://x.ca/fr/p?pr%C3%A9nom=${R}`],
    ['a bare name and first', 'https://x.ca/p?id=12&name=Jean+Tremblay&first=10', `https://x.ca/p?id=12&name=${R}&first=10`],
    ['encoded French key with spaces', 'https://x.ca/fr/p?nom%20d%27utilisateur=jt', `https://x.ca/fr/p?nom%20d%27utilisateur=${R}`],
  ])('%s', (_name, input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it.each([
    ['8-digit ids and dates in the path', 'https://x.ca/en/news/2025/09/12345678.html?id=12345678&d=2025-09-17'],
    ['ordinary parameters', 'https://x.ca/p?id=12&sort=name&utm_source=news&page=2#section-3'],
    ['percent escapes', 'https://x.ca/fr/%C3%A9t%C3%A9.html?a=%20b%3Dc%26d'],
    ['relative href', '/en/services/benefits.html?wbdisable=true'],
  ])('leaves alone: %s', (_name, input) => {
    expect(redactUrl(input)).toBe(input);
  });

  it.each([`https://${PUBLICATIONS_HOST}/site/eng/home.html?email=jdoe@example.com`, 'https://PUBLICATIONS.gc.ca:443/p?password=x'])(
    'leaves the publications host unscrubbed: %s',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );

  it.each([
    ['a subdomain', 'https://www.publications.gc.ca/p?e=jdoe@example.com', 'https://www.publications.gc.ca/p?removed: email'],
    ['a lookalike', 'https://publications.gc.ca.example/p?password=x', `https://publications.gc.ca.example/p?password=${R}`],
    ['the host only in the query', 'https://x.ca/?u=publications.gc.ca&password=x', `https://x.ca/?u=publications.gc.ca&password=${R}`],
  ])('still scrubs %s', (_name, input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe('redactText: names, telephone numbers, cards, secrets', () => {
  it.each([
    // names of two or more words lose every word, up to the next separator
    ['last name of two words', 'lastName=Van Houten', `lastName=${R}`],
    ['full name with a comma after', 'Full name: Marie-Ève St-Pierre, Ottawa', `Full name: ${R}, Ottawa`],
    ['nom de famille', 'nom de famille = Van der Berg & fils', `nom de famille = ${R}& fils`],
    ['nom', 'nom=Tremblay Gagnon', `nom=${R}`],
    ['nom_utilisateur', 'nom_utilisateur=jtremblay', `nom_utilisateur=${R}`],
    ['courriel', 'courriel : jtremblay', `courriel : ${R}`],
    ['given name', 'given name: Jean Paul; age 4', `given name: ${R}; age 4`],
    ['middle name', 'middle_name=Anne', `middle_name=${R}`],
    // a field named by a bare word, as a URL or form encodes it; `nom` already was, `name` is its English
    ['a bare name', 'name=Jean Tremblay', `name=${R}`],
    ['a bare name after a parameter', 'id=12&Name=Jean&first=Marie-Ève&last=St-Pierre&given=Liam', `id=12&Name=${R}&first=${R}&last=${R}&given=${R}`],
    ['a bare name, encoded', 'name%3D%C3%89milie', `name%3D${R}`],
    ['nom_famille', 'nom_famille=Côté-Bérubé', `nom_famille=${R}`],
    // telephone numbers, Canadian and international, with extensions
    ['phone without separators', 'Call 6135550199', `Call ${R}`],
    ['phone with +1 and no separators', '+16135550199', R],
    ['phone with parentheses and no space', '(613)555-0199', R],
    ['phone with 1 and parentheses', '1 (613) 555-0199', R],
    ['phone with non-breaking hyphens', '613\u2011555\u20110199', R],
    ['phone with en dashes', '613–555–0199', R],
    ['phone with ext.', 'Tel. 613-555-0199 ext. 1234 today', `Tel. ${R} today`],
    ['phone with x', '613-555-0199 x12', R],
    ['phone with poste', '613 555-0199, poste 221', R],
    ['UK number', 'London +44 20 7946 0958', `London ${R}`],
    ['French number', 'Paris : +33 1 23 45 67 89', `Paris : ${R}`],
    ['French number with (0)', '+33 (0)1 23 45 67 89', R],
    ['German number', '+49 30 1234567', R],
    ['international number with extension', '+44 20 7946 0958 ext 12', R],
    ['North American international prefix', '011 44 20 7946 0958', R],
    // postal code run into a telephone number: nothing of either survives
    ['postal code then phone', 'K1A 0B16135550199', R + R],
    ['postal code then phone, no spaces', 'k1a0b1 613-555-0199', `${R} ${R}`],
    // payment cards (Luhn-valid test numbers)
    ['Visa in groups', 'card 4111 1111 1111 1111', `card ${R}`],
    ['Mastercard with dashes', '5500-0000-0000-0004', R],
    ['Amex 4-6-5', 'Amex 3782 822463 10005', `Amex ${R}`],
    ['Visa unbroken', '4012888888881881', R],
    // SIN in groups
    ['SIN with dashes', 'SIN: 046-454-286', `SIN: ${R}`],
    ['SIN with spaces', 'NAS 046 454 286', `NAS ${R}`],
    // secrets
    ['code= as a URL writes it', 'Return code=4/0AX4XfWhQz', `Return code=${R}`],
    ['key=', 'key=AIzaSyD4kQ7mP2 ok', `key=${R} ok`],
    ['JWT', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc_DEF-123', `token ${R}`],
    ['access_token pair', 'access_token=ya29.a0AfH6SMB', `access_token=${R}`],
    ['api key pair', 'API key: AIzaSyD-abc123', `API key: ${R}`],
    ['session id pair', 'JSESSIONID=0A1B2C3D', `JSESSIONID=${R}`],
    ['date of birth', 'Date of birth: 1984-03-12', `Date of birth: ${R}`],
    ['date de naissance', 'date de naissance=12/03/1984', `date de naissance=${R}`],
    // a date of birth named as one in prose, written every common way
    ['born and an ISO date', 'born 1985-03-12 in Ottawa', `born ${R} in Ottawa`],
    ['date of birth without a separator', 'date of birth 12/03/1985', `date of birth ${R}`],
    ['dob and a date in words', 'DOB: March 12, 1985', `DOB: ${R}`],
    ['birthday, the day first', 'my birthday is 12 March 1985', `my birthday is ${R}`],
    ['birthdate run together', 'birthdate 19850312', `birthdate ${R}`],
    ['born on, dotted', 'Born on 12.03.85', `Born on ${R}`],
    ['née le', 'née le 1er février 1990', `née le ${R}`],
    ['né le, an abbreviated month', 'né le 3 déc. 1979 à Laval', `né le ${R} à Laval`],
    ['date de naissance est le', 'ma date de naissance est le 21 juin 1979', `ma date de naissance est le ${R}`],
    ['DDN', 'DDN : 1979-06-21', `DDN : ${R}`],
    ['né le with a no-break space', 'né\u00A0le 3 mars 1990', `né\u00A0le ${R}`],
    // a name given in prose
    ['my name is', 'my name is John Smith and I need help', `my name is ${R} and I need help`],
    ['my name is, in lower case', 'hi my name is priya okafor-singh', `hi my name is ${R}`],
    ['my full name is', "My full name is Siobhan Clare O'Reilly.", `My full name is ${R}`],
    ["my name's", "my name's Gabriel", `my name's ${R}`],
    ["je m'appelle", "Bonjour, je m'appelle Marie-Ève St-Pierre et j'ai besoin d'aide", `Bonjour, je m'appelle ${R} et j'ai besoin d'aide`],
    ['je me nomme', 'je me nomme Jean Tremblay', `je me nomme ${R}`],
    ['mon nom est', 'mon nom est Côté, Émilie', `mon nom est ${R}, Émilie`],
    // a user name and its password in prose
    ['user: and pass:', 'user: jsmith pass: Hunter22!', `user: ${R} pass: ${R}`],
    ['user name and password with spaces only', 'username jsmith password hunter2', `username ${R} password ${R}`],
    ['login, a comma, and my password', 'login mgagnon55, my password: Soleil', `login ${R}, my password: ${R}`],
    ['identifiant et mot de passe', 'identifiant ltremblay et mot de passe Erable!26', `identifiant ${R} et mot de passe ${R}`],
    ['password is', 'my password is sunflower', `my password is ${R}`],
    ['mot de passe est', 'mon mot de passe est Caribou!44 merci', `mon mot de passe est ${R} merci`],
    ['user name is', 'my username is pnguyen_ott', `my username is ${R}`],
    ["nom d'utilisateur est", "mon nom d'utilisateur est jtremblay", `mon nom d'utilisateur est ${R}`],
    ['password, then a value that looks like one', 'reset password Maple!Leaf7', `reset password ${R}`],
    // an address on a kind of street that prose also uses, then a unit or a city
    ['on a court, then the city', '45 elm court ottawa', `${R} ottawa`],
    ['on a place, then the city and the province', '12 Rosedale Place Gatineau QC', `${R} Gatineau QC`],
    ['on a way, then a suite', '88 Parkside Way Suite 200', `${R} Suite 200`],
    ["on a court, in a page's folder", '/en/profile/14 Birch Court/', `/en/profile/${R}/`],
    ["on a way, then the city, in a page's folder", '/fr/316 tamarack way kanata/', `/fr/${R} kanata/`],
    ['on a way, then the city, the province and the postal code', '250 Sheldon Way Kanata ON K2H 8X7', `${R} Kanata ON ${R}`],
    // a name after `my name:`
    ['my name and a colon', 'My name: John Smith', `My name: ${R}`],
    // as a form or a query names its field
    ['my name and an equals sign', 'my name=Jean Roy', `my name=${R}`],
    // a home given in prose, the street's kind left off
    ['I live at', 'I live at 123 Main and need a form', `I live at ${R} and need a form`],
    ['my address is, then the city', 'my address is 55 Bank, Ottawa', `my address is ${R}, Ottawa`],
    ['my home address and a colon', 'My home address: 12 Rosedale', `My home address: ${R}`],
    ['a civic number with a letter', 'we live at 221B Baker', `we live at ${R}`],
    ["j'habite au", "j'habite au 1450 Principale depuis 2015", `j'habite au ${R} depuis 2015`],
    ['mon adresse est le', 'Mon adresse est le 8 des Érables', `Mon adresse est le ${R}`],
    ['ma nouvelle adresse', 'ma nouvelle adresse : 22 Laval', `ma nouvelle adresse : ${R}`],
    ['je demeure au', 'je demeure au 33 Champlain', `je demeure au ${R}`],
    // a bank account named as one
    ['account number', 'account number 1234567', `account number ${R}`],
    ['account and a hash', 'Account # 7654321 please', `Account # ${R} please`],
    ['numéro de compte', 'numéro de compte : 12345678', `numéro de compte : ${R}`],
    ['an account in hyphenated groups', 'account 123-4567-8', `account ${R}`],
    // the at sign written out against spam robots
    ['an e-mail with (at)', 'jane.doe(at)gmail.com', R],
    ['an e-mail with [at] and spaces', 'write to jdoe [at] hotmail', `write to ${R}`],
    ['an e-mail with (AT) in capitals', 'JDOE(AT)GMAIL.COM', R],
    ['an e-mail with [At]', 'jdoe [At] videotron.ca', R],
    // and in French, where the sign's name is its only meaning
    ['an e-mail with arobase', 'mon courriel est jean.tremblay arobase gmail.com', `mon courriel est ${R}`],
    ['an e-mail with arobas, its other spelling', 'écrivez à jtremblay arobas hotmail', `écrivez à ${R}`],
    ['an e-mail with (arobase)', 'jtremblay(arobase)videotron.ca', R],
    ['an e-mail with AROBASE in capitals', 'JTREMBLAY AROBASE GMAIL.COM', R],
    // at a domain of several parts, its dots written or said
    ['an e-mail with (at) at a Quebec department', 'jdoe(at)ssss.gouv.qc.ca', R],
    ['an e-mail with @ and spaces at a federal department', 'write jdoe @ hrsdc-rhdcc.gc.ca today', `write ${R} today`],
    ['an e-mail with arobase and point', 'jtremblay arobase cooptel point qc point ca', R],
    // spelled out in words, the name's dots and dashes said too
    ['an e-mail spelled out in French', 'écrivez à jean point tremblay arobase gmail point com', `écrivez à ${R}`],
    ['an e-mail spelled out in English', 'my email is john dot smith at gmail dot com', `my email is ${R}`],
    ['an e-mail spelled out in capitals', 'JOHN DOT SMITH AT GMAIL DOT COM', R],
    ['a name said with a dash, at a written domain', 'contact mary dash ann at cooptel.qc.ca today', `contact ${R} today`],
    ['a name said with a dash and a dot', 'mary dash ann dot lee at outlook dot com', R],
    ['a name with an underscore said, at a written domain', 'john underscore smith at hotmail.com', R],
    ['a webmail provider said with its ending', 'reach me: jsmith72 at hotmail dot com', `reach me: ${R}`],
    ['a French name said with tiret', 'marie tiret eve arobase videotron point ca', R],
    // a local number, seven digits, where the words before it name a telephone
    ['a local number after phone', 'my phone number is 555-0199', `my phone number is ${R}`],
    ['a local number with its extension', 'Phone: 555-0199 ext. 12, thanks', `Phone: ${R}, thanks`],
    ['a local number after cell', 'cell 555 0199', `cell ${R}`],
    ['a local number after call me at', 'call me at 5550199 after 5', `call me at ${R} after 5`],
    ['a local number after Tél.', 'Tél. : 555-0199', `Tél. : ${R}`],
    ['a local number after TÉLÉPHONE', 'TÉLÉPHONE 555.0199', `TÉLÉPHONE ${R}`],
    ['a local number after mon numéro', 'mon numéro de téléphone est le 555-0199', `mon numéro de téléphone est le ${R}`],
    ['a local number after appelez-moi', 'appelez-moi au 555-0199', `appelez-moi au ${R}`],
    ['a local number after my number', 'my number is 5550199', `my number is ${R}`],
    // a name by the role of its bearer, and a telephone or an address as a form encodes them
    ['a role and its name', 'contact_name=Jean Tremblay&lang=en', `contact_name=${R}&lang=en`],
    ['a role and its name, joined', 'applicantName=Jean Tremblay', `applicantName=${R}`],
    ["WET's beneficiary name", 'ctl00$MainContent$BeneficiaryName=Jean Tremblay', `ctl00$MainContent$BeneficiaryName=${R}`],
    ['a role after nom', 'nom du demandeur : Jean Tremblay', `nom du demandeur : ${R}`],
    ['a role after prénom', 'prénom du demandeur : Jean', `prénom du demandeur : ${R}`],
    ["a role after nom de l'", "nom de l'enfant=Léa Roy", `nom de l'enfant=${R}`],
    ['a role after nom de la', 'Nom de la personne : Léa Roy', `Nom de la personne : ${R}`],
    ['a telephone as a form encodes it', 'homePhone=555-0199&lang=en', `homePhone=${R}&lang=en`],
    ['tel as a form encodes it', 'tel=555 0199', `tel=${R}`],
    ['an address as a form encodes it', 'address=42 Maple&city=Ottawa', `address=${R}&city=Ottawa`],
    ['an adresse as a form encodes it, encoded', 'adresse%3D12 des Érables', `adresse%3D${R}`],
  ])('%s', (_name, input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it.each([
    ['a card-shaped number that fails the Luhn check', '4111 1111 1111 1112'],
    ['ISBN-13 with hyphens', 'ISBN 978-0-660-45678-9'],
    ['grouped amount', '1 234 567 890 123 $'],
    ['date', '2025-09-17'],
    ['version', 'v2.11.4'],
    ['8-digit number', 'Dossier 12345678'],
    ['tariff item', 'Tariff item 8703.23.00.00'],
    ['form number', 'Form IMM 5257, T2125'],
    ['word token', 'Use tokens wisely'],
    ['code and key with a colon', 'Tariff code: 8703.23 — key: see notes'],
    ['pronoun', 'pronom : il'],
    ['an 8-digit phone-like number', '555-0199'],
    ['a local number with no telephone word', 'Form number 555-0199'],
    ['a span of years after telephone', 'telephone 2024-2025'],
    ['a decimal after mobile', 'mobile 555-0199.5 release'],
    ['eight digits after tel', 'tel 555-01999'],
    ['an hotel', 'hotel=Chateau Laurier'],
    ['a mailing address label', 'Mailing address: PO Box 14000'],
    ['code that names an address', 'var address = form.querySelector(data.location).value;'],
    ['a date that is no birth', 'Canada Day 2025-07-01'],
    ['born, and only a year', 'born in 1985'],
    ['the words date of birth', 'Date of birth (required)'],
    ['a birth certificate and a year', 'Birth certificate 2024'],
    ['my name is, then not a name', 'my name is not on the list'],
    ['mon nom est, then not a name', 'mon nom est mal écrit'],
    ['a name change', 'Name change form'],
    ["a setting's name", '- name: Build GCWeb'],
    ['user guide and password reset', 'user guide password reset'],
    ['a sign-in error', 'Password is required'],
    ['a French sign-in error', 'le mot de passe est invalide'],
    ['a sign-in hint', 'Password is case-sensitive'],
    ['a French sign-in hint', 'Le mot de passe est sensible à la casse'],
    ["a password's length", 'Your password is at least 8 characters'],
    ['user name and password, asked about', 'forgot username and password'],
    ['a password, then a count', 'change my password 2 times'],
    ['a court ruling', '2019 supreme court ruling'],
    ['a court, then a word that is no city', 'In 2019 Supreme Court ruled'],
    ['I live at, then no number', 'I live at the end of the road'],
    ['my address is, then not an address', 'my address is not updated'],
    ['a change of address, then a count', 'Change my address in 3 steps'],
    ['an IP address', 'IP address: 192.168.1.24'],
    ["j'habite au, then a province", "j'habite au Québec depuis 2015"],
    ['a town counting its people', 'la ville compte 1 234 567 habitants'],
    ['an account and a span of years', 'le compte 2024-2025'],
    ['an account and a decimal', 'compte de 1234567,50'],
    ['an account and six digits', 'account 123456'],
    ['My Account and a step', 'My Account 2-step verification'],
    ['a place after (at)', 'see [at] ottawa, on'],
    ['the sign named in a sentence', "le signe arobase est utilisé dans l'adresse"],
    ['the sign named, then a domain', "Qu'est-ce qu'une arobase? canada.ca"],
    ['a place, then a point', 'jdoe @ Ottawa point of contact'],
    ["a site's address read out", 'apply at canada dot ca'],
    ["a site's address read out after a name with a dot", 'the red dot at canada.ca'],
    ['a webmail site, written', 'sign in at gmail.com'],
    ['at and point as words', 'meet at the point at noon'],
    ['a French point, then arobase as a word', 'le point de service arobase'],
  ])('leaves alone: %s', (_name, input) => {
    expect(redactText(input)).toBe(input);
  });
});
