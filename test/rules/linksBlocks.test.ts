/**
 * Canada.ca link blocks (CL-1, CL-10, CL-11): menu, most requested, carousel, features, activities,
 * sign-in, design-system cards, custom clicks, page feedback, follow and share, and the home-page
 * feature impression, on English and French pages, read back from the beacons sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_CONTEXT_COOKIE } from '../../src/dataElements/clickContext';
import { readCookieGroup } from '../../src/dataElements/cookieGroup';
import { cookies } from '../../src/engine/cookies';
import { NAV_COOKIE } from '../../src/rules/blocks';
import { platformOf } from '../../src/rules/lib/links';
import { click, clicksPrevented, cookie, expectBeacons, openLinksPage, PAGES, preventNavigation, tr, type Expected, type Lang } from './beaconHarness';

const M = '[REDACTED/CAVIARDÉ]';
const HOST = 'https://www.canada.ca';

preventNavigation();
afterEach(() => {
  expect(clicksPrevented.every((prevented) => !prevented)).toBe(true);
  clicksPrevented.length = 0;
  vi.useRealTimers();
});

const menu = (l: Lang, wrapper = '') => `<nav class="gcweb-menu" ${wrapper}><div class="container"><h2 class="wb-inv">Menu</h2>
<button type="button" aria-haspopup="true" aria-expanded="false">${tr(l, 'Main', 'Menu')} <span class="wb-inv">${tr(l, 'Menu', 'principal')}</span></button>
<ul role="menu"><li role="presentation"><a id="section" role="menuitem" aria-haspopup="true" aria-controls="gc-mnu-jobs" href="#">${tr(l, 'Jobs and the workplace', 'Emplois et milieu de travail')}</a>
<ul id="gc-mnu-jobs" role="menu"><li role="presentation"><a id="leaf" role="menuitem" href="/${l}/services/jobs/opportunities.html">${tr(l, 'Find a job', 'Trouver un emploi')}</a></li></ul></li>
<li role="presentation"><a id="top" role="menuitem" href="/${l}/services/taxes.html">${tr(l, 'Taxes', 'Impôts')}</a></li></ul></div></nav>`;

/** A theme page's own menu (GCWeb templates/theme/samples/theme-nav), a flat list that theme.js folds behind its button on small screens. */
const themeMenu = (l: Lang) => `<nav id="theme-nav" aria-labelledby="themesMenu"><div class="container">
<h2 id="themesMenu" class="wb-inv">${tr(l, 'Themes menu', 'Menu de thèmes')}</h2>
<a id="skip" class="wb-sl" href="#wb-cont">${tr(l, 'Skip themes menu and go to main content', 'Passer la navigation de thèmes et sauter au contenu principal')}</a>
<button id="menu-btn" class="btn btn-primary" aria-expanded="false"><span class="wb-inv">${tr(l, 'Toggle ', 'Basculer le ')}</span>Menu<span aria-hidden="true" class="glyphicon glyphicon-chevron-down"></span></button>
<ul class="list-unstyled"><li><a id="t" href="/${l}/services/jobs.html">${tr(l, 'Jobs', 'Emplois')}</a></li><li><a href="https://travel.gc.ca/">${tr(l, 'Travel and tourism', 'Voyage et tourisme')}</a></li></ul></div></nav>`;

interface BlockCase {
  name: string;
  body: string;
  click: string;
  expected: Expected[];
  /** The click context the next page will report (undefined: none saved). */
  clickText?: string;
}

const internal = (l: Lang, path: string) => `${HOST}/${l}/${path}`;

/** GCWeb's page feedback tool (sites/feedback), as its ajax include leaves it in the page. */
const pft = (l: Lang) => `<section class="pagedetails"><div id="gc-pft" class="row wb-disable-allow"><section class="well">
<form id="gc-pft-form" class="wb-postback wb-pii-scrub" action="https://feedback-retroaction.canada.ca/api/QueueProblemForm" method="post">
<fieldset class="gc-pft-btns chkbxrdio-grp"><legend><span class="field-name">${tr(l, 'Did you find what you were looking for?', 'Avez-vous trouvé ce que vous cherchiez?')}</span></legend>
<div class="nojs-hide"><button id="yes" name="helpful" value="Yes-Oui" class="btn btn-primary">${tr(l, 'Yes', 'Oui')}</button>
<button id="no" type="button" class="btn btn-primary mrgn-lft-sm" data-wb-doaction='{"action":"removeClass"}'>${tr(l, 'No', 'Non')}</button></div></fieldset>
<div class="gc-pft-no nojs-show"><textarea id="gc-pft-prblm" name="details" data-scrub-field></textarea>
<button id="submit" name="helpful" value="No-Non" class="btn btn-primary">${tr(l, 'Submit', 'Soumettre')}</button></div></form></section></div></section>`;
const block =
  (name: string, pev2: string, body: (inner: string) => string) =>
  (l: Lang): BlockCase => {
    const text = tr(l, `${pev2} link`, `Lien ${pev2}`);
    const href = internal(l, 'services/page.html');
    return {
      name,
      body: body(`<a id="t" href="/${l}/services/page.html">${text}</a>`),
      click: '#t',
      expected: [{ pe: 'lnk_o', pev1: href, pev2, v50: text, v51: href, events: 'event500', g: PAGES[l] }],
      clickText: text,
    };
  };

const rows: Array<(l: Lang) => BlockCase> = [
  (l) => ({
    name: 'menu link under a section',
    body: menu(l),
    click: '#leaf',
    expected: [
      {
        pe: 'lnk_o',
        pev2: 'Navigation Tracking',
        v50: tr(l, 'Find a job', 'Trouver un emploi'),
        v51: internal(l, 'services/jobs/opportunities.html'),
        v53: tr(l, 'Jobs and the workplace', 'Emplois et milieu de travail'),
        events: 'event500',
      },
    ],
    clickText: tr(l, 'Find a job', 'Trouver un emploi'),
  }),
  (l) => ({
    name: 'top-level menu link',
    body: menu(l),
    click: '#top',
    expected: [{ pev2: 'Navigation Tracking', v50: tr(l, 'Taxes', 'Impôts'), v53: undefined }],
    clickText: tr(l, 'Taxes', 'Impôts'),
  }),
  (l) => ({ name: 'menu section toggle (href="#")', body: menu(l), click: '#section', expected: [] }),
  (l) => ({ name: 'menu inside an exempt block', body: `<div data-analytics-exempt>${menu(l)}</div>`, click: '#leaf', expected: [] }),
  (l) => ({
    name: 'WET site menu (#wb-sm)',
    body: `<nav id="wb-sm"><ul><li><a id="t" href="/${l}/services/health.html">${tr(l, 'Health', 'Santé')}</a></li></ul></nav>`,
    click: '#t',
    expected: [{ pev2: 'Navigation Tracking', v50: tr(l, 'Health', 'Santé') }],
    clickText: tr(l, 'Health', 'Santé'),
  }),
  (l) => ({
    name: "a theme page's own menu (#theme-nav)",
    body: themeMenu(l),
    click: '#t',
    expected: [
      { pe: 'lnk_o', pev2: 'Navigation Tracking', v50: tr(l, 'Jobs', 'Emplois'), v51: internal(l, 'services/jobs.html'), v53: undefined, events: 'event500' },
    ],
    clickText: tr(l, 'Jobs', 'Emplois'),
  }),
  (l) => ({ name: "a theme menu's skip link (#wb-cont)", body: themeMenu(l), click: '#skip', expected: [] }),
  (l) => ({
    name: "a theme menu's button, on a small screen",
    body: themeMenu(l),
    click: '#menu-btn',
    expected: [{ pe: 'lnk_o', pev2: 'Navigation Menu Initiate', v50: tr(l, 'Toggle Menu', 'Basculer le Menu'), events: 'event500' }],
  }),
  block('most requested', 'Most Requested Link', (a) => `<section class="gc-most-requested"><h2>Most requested</h2><ul><li>${a}</li></ul></section>`),
  block(
    'All services page most requested (GCWeb templates/all-services: the links carry the mark, the section no class)',
    'Most Requested Link',
    (a) =>
      `<section class="bg-light mt-3 pb-3"><div class="container"><h2 class="h3 mb-4">Most requested</h2><ul class="list-unstyled colcount-md-3 compact bold-content lst-spcd-2 fnt-hdng"><li>${a.replace('<a ', '<a data-gc-analytics-mostRequested="manualTag" ')}</li></ul></div></section>`,
  ),
  block(
    'activities and initiatives',
    'GoC Activities',
    (a) =>
      `<aside class="gc-nttvs"><h2>Government of Canada activities and initiatives</h2><div id="gcwb_prts" class="wb-eqht row"><section class="col-lg-4">${a}</section></div></aside>`,
  ),
  block(
    'home-page most requested',
    'Most Requested Link',
    (a) =>
      `<section class="home-most-requested well well-sm brdr-0"><div class="container"><h2>Most requested</h2><ul class="wb-eqht list-unstyled"><li>${a}</li></ul></div></section>`,
  ),
  block('features', 'Features/Contextual Feature Click', (a) => `<section class="gc-features"><h2>Features</h2><div class="col-md-4">${a}</div></section>`),
  block(
    'contextual feature',
    'Features/Contextual Feature Click',
    (a) => `<section class="gc-feature"><h2 class="wb-inv">Features</h2><h3>${a}</h3></section>`,
  ),
  (l) => ({
    name: 'carousel slide link',
    body: `<div class="wb-tabs carousel-s2"><ul role="tablist"><li><a role="tab" href="#panel1">1</a></li><li><a role="tab" href="#panel2">2</a></li></ul>
<div class="tabpanels"><details id="panel1"><summary>1</summary><a href="/${l}/a.html">A</a></details>
<details id="panel2" open><summary>2</summary><a id="t" href="/${l}/b.html">${tr(l, 'Second slide', 'Deuxième diapositive')}</a></details></div></div>`,
    click: '#t',
    expected: [
      { pe: 'lnk_o', pev2: 'Carousel Click', v50: tr(l, 'Second slide', 'Deuxième diapositive'), v53: 'tab2', v51: internal(l, 'b.html'), events: 'event500' },
    ],
    clickText: tr(l, 'Second slide', 'Deuxième diapositive'),
  }),
  (l) => ({
    name: 'carousel tab control',
    body: `<div class="wb-tabs carousel-s1"><ul role="tablist"><li><a id="t" role="tab" href="#panel1">${tr(l, 'Slide 1', 'Diapositive 1')}</a></li></ul><div class="tabpanels"><details id="panel1"></details></div></div>`,
    click: '#t',
    expected: [],
  }),
  (l) => ({
    name: 'sign-in, text and address redacted',
    body: `<section id="wb-so"><a id="t" class="btn btn-primary" href="/${l}/government/sign-in.html?username=jdoe&next=jane.doe@example.com">${tr(l, 'Sign in, jane.doe@example.com', 'Se connecter, jane.doe@example.com')}</a></section>`,
    click: '#t',
    expected: [
      {
        pe: 'lnk_o',
        pev2: 'Sign-in Click',
        v50: tr(l, `Sign in, ${M}`, `Se connecter, ${M}`),
        v51: internal(l, 'government/sign-in.html?removed: email'),
        events: 'event500',
      },
    ],
    clickText: tr(l, `Sign in, ${M}`, `Se connecter, ${M}`),
  }),
  (l) => ({
    name: 'custom click with a label',
    body: `<button id="t" data-gc-analytics-customclick="${tr(l, 'Calculator:start', 'Calculatrice:début')}">${tr(l, 'Start', 'Commencer')}</button>`,
    click: '#t',
    expected: [{ pe: 'lnk_o', pev2: 'Custom Click', v50: tr(l, 'Calculator:start', 'Calculatrice:début'), v51: undefined, pev1: PAGES[l], events: 'event500' }],
  }),
  (l) => ({
    name: 'custom click without a label uses the text',
    body: `<p data-gc-analytics-customclick><span id="t">${tr(l, 'Estimate', 'Estimer')}</span></p>`,
    click: '#t',
    expected: [{ pev2: 'Custom Click', v50: tr(l, 'Estimate', 'Estimer') }],
  }),
  (l) => ({
    name: 'exempt custom click',
    body: `<button id="t" data-analytics-exempt data-gc-analytics-customclick="x">${tr(l, 'Start', 'Commencer')}</button>`,
    click: '#t',
    expected: [],
  }),
  (l) => ({
    name: 'page feedback tool: "Go back and edit comment" in the pii-scrub modal',
    body: `${pft(l)}<section id="wb-pii-scrub-modal" class="modal-dialog modal-content overlay-def" data-form="gc-pft-form"><header class="modal-header"><h2 class="modal-title">${tr(l, 'Personal information detected in your comment', 'Renseignements personnels détectés dans votre commentaire')}</h2></header>
<div class="modal-footer"><button id="t" type="button" class="btn btn-primary btn-block popup-modal-dismiss">${tr(l, 'Go back and edit comment', 'Revenir en arrière et modifier le commentaire')}</button></div></section>`,
    click: '#t',
    expected: [
      {
        pe: 'lnk_o',
        pev2: 'Page Feedback Tool edit comment click',
        v50: tr(l, 'Go back and edit comment', 'Revenir en arrière et modifier le commentaire'),
        events: 'event500',
      },
    ],
  }),
  (l) => ({
    name: 'page feedback tool: the Yes answer, in English in both languages',
    body: pft(l),
    click: '#yes',
    expected: [{ pe: 'lnk_o', pev2: 'Page Feedback Tool', v50: 'Yes', events: 'event500' }],
  }),
  (l) => ({
    name: 'page feedback tool: the No answer, in English in both languages',
    body: pft(l),
    click: '#no',
    expected: [{ pe: 'lnk_o', pev2: 'Page Feedback Tool', v50: 'No', events: 'event500' }],
  }),
  (l) => ({
    name: 'page feedback tool: the follow-up Submit is not another answer',
    body: pft(l),
    click: '#submit',
    expected: [],
  }),
  (l) => ({
    name: 'one click, one beacon: a custom-click link that leaves the site is a custom click, and an exit',
    body: `<a id="t" data-gc-analytics-customclick="${tr(l, 'Partner', 'Partenaire')}" href="https://www.example.org/partner">${tr(l, 'Partner site', 'Site partenaire')}</a>`,
    click: '#t',
    expected: [{ pe: 'lnk_e', pev2: 'Custom Click', v50: tr(l, 'Partner', 'Partenaire'), pev1: 'https://www.example.org/partner', events: 'event42,event500' }],
  }),
  (l) => ({
    name: 'one click, one beacon: a follow link to an RSS feed (.xml) is a follow, not a download',
    body: `<section class="gc-followus"><ul><li><a id="t" class="rss" href="https://www.canada.ca/${l}/news.atom.xml">RSS</a></li></ul></section>`,
    click: '#t',
    expected: [{ pe: 'lnk_o', pev2: 'Follow - link', v50: 'RSS', events: 'event500' }],
  }),
  (l) => ({
    name: 'one click, one beacon: a menu link to another gc.ca host is menu navigation',
    body: `<nav class="gcweb-menu"><ul role="menu"><li role="presentation"><a id="t" role="menuitem" href="https://www.cra-arc.gc.ca/${l}/">${tr(l, 'Taxes', 'Impôts')}</a></li></ul></nav>`,
    click: '#t',
    expected: [{ pe: 'lnk_o', pev2: 'Navigation Tracking', v50: tr(l, 'Taxes', 'Impôts'), events: 'event500' }],
  }),
  (l) => ({
    name: 'contextual sign-in: the label a desktop visitor reads, not both copies glued',
    body: `<section id="wb-so"><h2 class="wb-inv">${tr(l, 'Sign in', 'Se connecter')}</h2><a id="t" class="btn btn-primary" href="/${l}/sign-in.html"><span class="visible-xs">${tr(l, 'Sign in', 'Se connecter')}</span><span class="hidden-xs">${tr(l, 'Sign in to My Service Canada Account', 'Se connecter à Mon dossier Service Canada')}</span></a></section>`,
    click: '#t',
    expected: [{ pev2: 'Sign-in Click', v50: tr(l, 'Sign in to My Service Canada Account', 'Se connecter à Mon dossier Service Canada') }],
    clickText: tr(l, 'Sign in to My Service Canada Account', 'Se connecter à Mon dossier Service Canada'),
  }),
  (l) => ({
    name: 'signed-in header: its buttons are sign-in clicks; the visitor name is never read',
    body: `<section id="wb-so"><h2 class="wb-inv">${tr(l, 'Sign-on information', 'Renseignements de connexion')}</h2><button type="button" class="btn btn-default">${tr(l, 'My account', 'Mon compte')}</button>
<button id="t" type="button" class="btn btn-primary">${tr(l, 'Sign out', 'Se déconnecter')}</button><p class="small">${tr(l, 'Signed in as', 'Connecté en tant que')} <span class="nowrap">Jane Doe</span></p></section>`,
    click: '#t',
    expected: [{ pe: 'lnk_o', pev2: 'Sign-in Click', v50: tr(l, 'Sign out', 'Se déconnecter'), events: 'event500' }],
  }),
  (l) => ({
    name: 'follow us: Twitter, not also an exit',
    body: `<section class="gc-followus"><h2>${tr(l, 'Follow us', 'Suivez-nous')}</h2><ul><li><a id="t" href="https://twitter.com/Canada?_ga=1.2" class="twitter">@Canada</a></li></ul></section>`,
    click: '#t',
    expected: [
      { pe: 'lnk_o', pev2: 'Follow - link', v50: 'Twitter', v51: 'https://twitter.com/Canada', pev1: 'https://twitter.com/Canada', events: 'event500' },
    ],
  }),
  () => ({
    name: 'follow us: the lightbox opener is not a follow',
    body: `<section class="gc-followus"><ul><li><a id="t" href="#facebook" class="facebook wb-lbx">Facebook</a></li></ul></section>`,
    click: '#t',
    expected: [],
  }),
  (l) => ({
    name: 'follow dialog link: Facebook, not also an exit',
    body: `<section class="gc-followus"><ul><li><a href="#fb-pages" class="facebook wb-lbx">Facebook</a></li></ul></section>
<section id="fb-pages" class="mfp-hide modal-dialog modal-content"><ul><li><a id="t" href="https://www.facebook.com/CanadianGovernment">${tr(l, 'Government of Canada', 'Gouvernement du Canada')}</a></li></ul></section>`,
    click: '#t',
    expected: [{ pev2: 'Follow - link', v50: 'Facebook', v51: 'https://www.facebook.com/CanadianGovernment' }],
  }),
  (l) => ({
    name: 'share link from its data attribute, not also an exit',
    body: `<a id="t" data-gc-share="facebook|${tr(l, 'Budget 2025', 'Budget de 2025')}" href="https://www.facebook.com/sharer.php?u=x">Facebook</a>`,
    click: '#t',
    expected: [
      {
        pe: 'lnk_o',
        pev2: 'Share - link',
        v55: 'facebook',
        v54: tr(l, 'Budget 2025', 'Budget de 2025'),
        v51: 'https://www.facebook.com/sharer.php?u=x',
        events: 'event500',
      },
    ],
  }),
  (l) => ({
    name: 'WET share panel link: platform from its class, title of the page',
    body: `<section id="shr-pg0" class="shr-pg mfp-hide modal-dialog"><ul><li><a id="t" class="shr-lnk linkedin btn btn-default" href="https://www.linkedin.com/shareArticle?url=x">LinkedIn</a></li></ul></section>`,
    click: '#t',
    expected: [{ pev2: 'Share - link', v55: 'LinkedIn', v54: tr(l, 'EI benefits', 'Prestations d’AE') }],
  }),
  (l) => ({
    name: 'design-system card to another site: an exit, title redacted',
    body: `<gcds-card id="t" card-title="${tr(l, 'Your file 046454286', 'Votre dossier 046454286')}" href="https://www.example.org/ei"></gcds-card>`,
    click: '#t',
    expected: [
      {
        pe: 'lnk_e',
        pev2: 'GCDS Card Click',
        v50: tr(l, `Your file ${M}`, `Votre dossier ${M}`),
        v51: 'https://www.example.org/ei',
        pev1: 'https://www.example.org/ei',
        events: 'event42,event500',
      },
    ],
  }),
  (l) => ({
    name: 'design-system card to a page here',
    body: `<gcds-card id="t" card-title="${tr(l, 'Apply', 'Présenter une demande')}" href="/${l}/apply.html"></gcds-card>`,
    click: '#t',
    expected: [{ pe: 'lnk_o', pev2: 'GCDS Card Click', v50: tr(l, 'Apply', 'Présenter une demande'), v51: internal(l, 'apply.html'), events: 'event500' }],
    clickText: tr(l, 'Apply', 'Présenter une demande'),
  }),
];

describe.each(['en', 'fr'] as const)('link blocks (%s)', (lang) => {
  it.each(rows.map((row) => row(lang)))('$name', ({ body, click: target, expected, clickText }) => {
    const page = openLinksPage(body, lang);
    click(target);
    expectBeacons(page.beacons(), expected);
    // The click context the next page reads, in its one cookie.
    expect(cookie(CLICK_CONTEXT_COOKIE.name) && readCookieGroup(CLICK_CONTEXT_COOKIE, 'text')).toBe(clickText);
    if (clickText) expect(readCookieGroup(CLICK_CONTEXT_COOKIE, 'sourceUrl')).toBe(PAGES[lang]);
  });

  it('navigation menu initiate: once, when the menu first opens', () => {
    const page = openLinksPage(menu(lang), lang);
    const button = document.querySelector('.gcweb-menu button')!;
    click(button);
    button.setAttribute('aria-expanded', 'true'); // what the menu script does
    click(button); // closes
    button.setAttribute('aria-expanded', 'false');
    click(button); // opens again
    expectBeacons(page.beacons(), [{ pe: 'lnk_o', pev2: 'Navigation Menu Initiate', v50: tr(lang, 'Main Menu', 'Menu principal'), events: 'event500' }]);
  });

  it('a click on a feature sets the navigation cookie for about 30 minutes', () => {
    const set = vi.spyOn(cookies, 'set');
    openLinksPage(`<section class="gc-features"><a href="/${lang}/f.html">F</a><a data-analytics-exempt href="/${lang}/g.html">G</a></section>`, lang);
    click('[data-analytics-exempt]');
    expect(cookie(NAV_COOKIE[0])).toBeUndefined();
    click('.gc-features a');
    expect(cookie(NAV_COOKIE[0])).toBe('GoC Features');
    expect(set).toHaveBeenCalledWith('dtm_gpv_nav', 'GoC Features', { days: 0.0208333, domain: '.canada.ca' });
  });

  it("the design system's topic menu (GCWeb's GCDS layout): its button and links are in its shadow root", () => {
    const page = openLinksPage(`<gcds-header lang-href="/x.html" skip-to-href="#wb-cont"><gcds-topic-menu slot="menu"></gcds-topic-menu></gcds-header>`, lang);
    // What <gcds-topic-menu> draws (@gcds-core/components), with the site menu it loads.
    const tree = document.querySelector('gcds-topic-menu')!.attachShadow({ mode: 'open' });
    tree.innerHTML = `<nav class="gcds-topic-menu" aria-labelledby="gcds-topic-menu__heading"><gcds-sr-only id="gcds-topic-menu__heading" tag="h2">Menu</gcds-sr-only>
<button aria-haspopup="true" aria-expanded="false" aria-label="${tr(lang, 'Press the SPACEBAR to expand or the escape key to collapse this menu.', "Appuyez sur la barre d'espacement pour ouvrir ou sur la touche d'échappement pour fermer le menu.")}">${tr(lang, '<gcds-sr-only tag="span">Main </gcds-sr-only>Menu', 'Menu<gcds-sr-only tag="span"> principal</gcds-sr-only>')}</button>
<ul role="menu" aria-orientation="vertical" data-top-menu="true"><li role="presentation"><a role="menuitem" tabindex="-1" aria-haspopup="true" aria-controls="gc-mnu-jobs" aria-expanded="false" href="#">${tr(lang, 'Jobs and the workplace', 'Emplois et milieu de travail')}</a>
<ul id="gc-mnu-jobs" role="menu" aria-orientation="vertical"><li role="presentation"><a id="leaf" role="menuitem" tabindex="-1" href="https://www.canada.ca/${lang}/services/jobs/opportunities.html">${tr(lang, 'Find a job', 'Trouver un emploi')}</a></li></ul></li></ul></nav>`;
    click(tree.querySelector('button')!);
    click(tree.querySelector('[aria-controls]')!);
    click(tree.getElementById('leaf')!);
    expectBeacons(page.beacons(), [
      { pev2: 'Navigation Menu Initiate', v50: tr(lang, 'Main Menu', 'Menu principal') },
      {
        pev2: 'Navigation Tracking',
        v50: tr(lang, 'Find a job', 'Trouver un emploi'),
        v53: tr(lang, 'Jobs and the workplace', 'Emplois et milieu de travail'),
      },
    ]);
  });

  it("the design system's footer (GCWeb's GCDS layout): a link it draws in its shadow root is a link to the rules", () => {
    const page = openLinksPage(
      `<gcds-footer id="footer" display="full" contextual-heading="${tr(lang, 'Employment Insurance', 'Assurance-emploi')}"></gcds-footer>`,
      lang,
    );
    // What <gcds-footer> draws: its <gcds-link>s get their address as a property, so only the <a> each draws has it.
    const tree = document.querySelector('gcds-footer')!.attachShadow({ mode: 'open' });
    tree.innerHTML = `<div class="gcds-footer__contextual"><nav><ul><li><gcds-link id="bank" class="hydrated">${tr(lang, 'Job Bank', 'Guichet-Emplois')}</gcds-link></li></ul></nav></div>`;
    const link = tree.getElementById('bank')!;
    link.attachShadow({ mode: 'open' }).innerHTML = '<a class="link--small" href="https://www.jobbank.gc.ca/home" part="link"><slot></slot></a>';
    click(link.shadowRoot!.querySelector('a')!);
    expectBeacons(page.beacons(), [
      { pev2: 'Non-outbound cross domain click', v50: tr(lang, 'Job Bank', 'Guichet-Emplois'), v51: 'https://www.jobbank.gc.ca/home' },
    ]);
  });

  it('nothing in the shadow tree of an analytics-exempt host is tracked (the QA panel, whose exports are links to blob: files)', () => {
    const page = openLinksPage('<tag-qa-panel data-analytics-exempt></tag-qa-panel><x-widget data-analytics-exempt></x-widget>', lang);
    const panel = document.querySelector('tag-qa-panel')!.attachShadow({ mode: 'open' });
    panel.innerHTML = '<div><a download="tag-qa-log.json" href="blob:https://www.canada.ca/0b7c">Export</a></div>';
    click(panel.querySelector('a')!);
    const widget = document.querySelector('x-widget')!.attachShadow({ mode: 'open' });
    widget.innerHTML = '<a href="https://www.example.org/">Partner</a>';
    click(widget.querySelector('a')!);
    expect(page.beacons()).toEqual([]);
  });

  it('a click in a shadow-DOM card reaches the card', () => {
    const page = openLinksPage(`<gcds-card card-title="${tr(lang, 'Benefits', 'Prestations')}" href="/${lang}/b.html"></gcds-card>`, lang);
    const card = document.querySelector('gcds-card')!;
    const inner = card.attachShadow({ mode: 'open' });
    inner.innerHTML = '<a href="#"><h3>Inner</h3></a>';
    click(inner.querySelector('h3')!);
    expect(page.beacons().map((b) => [b.pev2, b.v50])).toEqual([['GCDS Card Click', tr(lang, 'Benefits', 'Prestations')]]);
  });
});

describe.each(['en', 'fr'] as const)('home-page feature impression (%s)', (lang) => {
  const tile = (n: string, text: string, hidden: boolean) =>
    `<section class="well well-sm eqht-trgt${hidden ? ' hide' : ''}"><h3><a class="stretched-link" href="/${lang}/${n}.html">${text}</a></h3><p>About ${n}</p></section>`;
  // GCWeb's home features: the no-JavaScript list of them all (hidden once scripts run), and pairs
  // of tiles from which the randomizer shows one (`.hide` on the other).
  const features = `<section class="gc-features"><div class="container"><h2>${tr(lang, 'Government initiatives', 'Initiatives du gouvernement')}</h2>
<ul class="nojs-show"><li><a href="/${lang}/one.html">One</a></li><li><a href="/${lang}/hidden.html">Hidden</a></li><li><a href="/${lang}/two.html">Two</a></li></ul>
<div class="row wb-eqht-grd"><div class="col-sm-6" data-wb-randomize='{ "toggle": "hide" }'>${tile('one', tr(lang, 'Feature one', 'Article un'), false)}${tile('hidden', 'Hidden', true)}</div>
<div class="col-sm-6" data-wb-randomize='{ "toggle": "hide" }'>${tile('two', tr(lang, 'Feature two', 'Article deux'), false)}<a data-analytics-exempt href="/${lang}/x.html">X</a></div></div></div></section>`;
  // jsdom has no layout: what GCWeb's CSS hides (.hide, .nojs-show once scripts run) has no box.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
      return (this.closest('.hide, .nojs-show') ? [] : [{}]) as unknown as DOMRectList;
    });
  });
  afterEach(() => void vi.restoreAllMocks());

  it('sends one impression after 3 s and one after 6 s on the page', () => {
    vi.useFakeTimers();
    const page = openLinksPage(features, lang, `${HOST}/${lang}.html`);
    vi.advanceTimersByTime(2900);
    expect(page.beacons()).toEqual([]);
    vi.advanceTimersByTime(200);
    vi.advanceTimersByTime(3000);
    vi.advanceTimersByTime(60_000);
    const titles = tr(lang, 'Feature one | Feature two', 'Article un | Article deux');
    expectBeacons(page.beacons(), [
      { pe: 'lnk_o', pev2: 'Home-page feature impression', v50: titles, v53: '3s', events: undefined, g: `${HOST}/${lang}.html` },
      { pe: 'lnk_o', pev2: 'Home-page feature impression', v50: titles, v53: '6s', events: undefined },
    ]);
  });

  it.each([
    ['another page', features, `${HOST}/${lang}/services.html`],
    ['a home page without features', '<main></main>', `${HOST}/${lang}.html`],
    ['a home page whose features are exempt', `<div data-analytics-exempt>${features}</div>`, `${HOST}/${lang}.html`],
  ])('sends nothing on %s', (_name, body, url) => {
    vi.useFakeTimers();
    const page = openLinksPage(body, lang, url);
    vi.advanceTimersByTime(10_000);
    expect(page.beacons()).toEqual([]);
  });
});

describe('social platforms (CL-7)', () => {
  it.each([
    ['facebook', 'https://www.facebook.com/x', 'Facebook'],
    ['', 'https://x.com/CanadaGov', 'Twitter'],
    ['twitter', 'https://twitter.com/x', 'Twitter'],
    ['', 'https://www.youtube.com/@canada', 'YouTube'],
    ['', 'https://youtu.be/abc', 'YouTube'],
    ['instagram', 'https://www.instagram.com/x', 'Instagram'],
    ['', 'https://www.linkedin.com/company/x', 'LinkedIn'],
    ['rss', '/en/news.atom', 'RSS'],
    ['pinterest', 'https://www.pinterest.ca/x', 'Pinterest'],
    ['gplus', 'https://plus.google.com/x', 'Google+'],
    ['', 'https://www.flickr.com/photos/x', 'Flickr'],
    ['', 'https://www.box.com/x', 'Box files'],
  ])('class "%s", %s → %s', (className, href, platform) => {
    const a = document.createElement('a');
    a.className = className;
    a.href = href;
    a.textContent = 'Box files';
    expect(platformOf(a)).toBe(platform);
  });
});
