/**
 * The demo site's page template: the chrome of a Canada.ca (GCWeb/WET) content page around each
 * page's own content. Markup follows the templates closely where the tag reads it (dcterms meta
 * tags, `<html lang>`, #wb-lng, the .gcweb-menu with its button, #wb-bc, #wb-so, page details
 * with report a problem (.gc-rprt-prblm) and the page feedback tool (.gc-pft), #wb-info); the
 * look comes from /assets/demo.css and the behaviour of the widgets from /assets/demo.js (both
 * local: the demo runs offline). A page can instead have GCWeb's GCDS layout (sites/layouts/
 * gcds.html): the design system's header and footer around the same main content.
 *
 * `scripts/build-demo-site.ts` writes every page of pages.ts to demo/site/ with this template.
 */

export type Lang = 'en' | 'fr';

export interface PageDef {
  /** URL path, e.g. '/en/news.html'; the file under demo/site/ has the same path. */
  path: string;
  lang: Lang;
  /** Path of the same page in the other language (the language toggle). */
  twin: string;
  /** dcterms.title and the h1 (the document title adds ' - Canada.ca'). */
  title: string;
  /** The whole document title when it is not `${title} - Canada.ca` (error pages). */
  docTitle?: string;
  /** The h1 when it is not the title (error pages). */
  heading?: string;
  description: string;
  /** dcterms.creator; default ESDC in the page's language. */
  creator?: string;
  /** dcterms.subject (GC core subject terms). */
  subject?: string;
  /** dcterms.type (news pages: 'news releases', 'communiqués de presse'…). */
  type?: string;
  issued?: string;
  modified?: string;
  identifier: string;
  /** Crumbs above the page: [href, label]; Canada.ca comes first on its own. */
  crumbs?: Array<[string, string]>;
  /** The page's main content after the h1. */
  body: string;
  /** Inline script at the end of the body, before the tag (page behaviour, data-layer pushes). */
  script?: string;
  /** Load the GC Design System's web components (the real ones, from their npm package, at /gcds/). */
  designSystem?: boolean;
  /**
   * GCWeb's GCDS layout (sites/layouts/gcds.html) in place of the GCWeb chrome: the design
   * system's header (search, topic menu, breadcrumbs) and footer, whose contextual band lists
   * `contextual` ([heading, [label, href]…]). Loads the design system.
   */
  layout?: 'gcds';
  contextual?: [heading: string, links: Array<[string, string]>];
  /** Load the tag in <head> (personalization pages: the body is hidden until the offer renders). */
  tagInHead?: boolean;
  /** What loads the tag, in place of its script element (the bench: each variant's own script). */
  tagMarkup?: string;
  /** Leave out the demo's stylesheet and script (the bench: only the variant's script runs). */
  noDemoAssets?: boolean;
  /** A sign-in button in the banner (#wb-so). */
  signIn?: { href: string; label: string };
  /** Leave out the page feedback tool and report a problem (survey and error pages). */
  noFeedback?: boolean;
  /**
   * A plain content page: the header's site search and the page feedback tool, as every page
   * has, and nothing the tag needs tag-rules.js for (no report a problem, no block or widget):
   * end-to-end tests use it as the page that loads tag.js alone.
   */
  plain?: boolean;
  /** What the index page says the page demonstrates. */
  demonstrates: string;
  /** Example addresses the index links to besides the page itself: [query or hash, label]. */
  examples?: Array<[string, string]>;
  /** HTTP status the demo server answers with (error pages). */
  status?: number;
}

const T = {
  en: {
    skip: 'Skip to main content',
    skipLinks: 'Skip links',
    langHeading: 'Language selection',
    other: 'Français',
    otherLang: 'fr',
    gov: ['Government of Canada', 'Gouvernement du Canada'],
    home: '/en.html',
    searchLabel: 'Search Canada.ca',
    search: 'Search',
    searchPath: '/en/sr/srb.html',
    menu: 'Menu',
    menuHidden: 'main menu',
    youAreHere: 'You are here:',
    pageDetails: 'Page details',
    modified: 'Date modified:',
    about: 'About this site',
    creator: 'Employment and Social Development Canada',
    rp: {
      summary: 'Report a problem on this page',
      legend: 'Please select all that apply:',
      options: [
        'A link, button or video is not working',
        'It has a spelling mistake',
        'Information is missing',
        'Information is outdated or wrong',
        'Something else',
      ],
      submit: 'Submit',
      note: 'You will not receive a reply. Don’t include personal information (telephone, email, SIN, financial, medical, or work details).',
      thanks: 'Thank you for your help! You will not receive a reply.',
    },
    pft: {
      heading: 'Give feedback about this page',
      q: 'Did you find what you were looking for?',
      yes: 'Yes',
      no: 'No',
      why: 'What was wrong?',
      comment: 'Please provide more details (maximum 300 characters). You will not receive a reply.',
      submit: 'Submit',
      thanks: 'Thank you for your feedback.',
      piiTitle: 'Personal information detected in your comment',
      piiEdit: 'Go back and edit comment',
    },
    footer: [
      ['/en/contact.html', 'Contact us'],
      ['/en/services.html', 'All services'],
      ['/en/news.html', 'News'],
      ['/en/info-share.html', 'MP Service Portal'],
      ['https://www.canada.ca/en/transparency/privacy.html', 'Privacy (canada.ca)'],
      ['/', 'Demo index'],
    ],
  },
  fr: {
    skip: 'Passer au contenu principal',
    skipLinks: 'Liens d’évitement',
    langHeading: 'Sélection de la langue',
    other: 'English',
    otherLang: 'en',
    gov: ['Gouvernement du Canada', 'Government of Canada'],
    home: '/fr.html',
    searchLabel: 'Rechercher dans Canada.ca',
    search: 'Recherche',
    searchPath: '/fr/sr/srb.html',
    menu: 'Menu',
    menuHidden: 'principal',
    youAreHere: 'Vous êtes ici :',
    pageDetails: 'Détails de la page',
    modified: 'Date de modification :',
    about: 'À propos de ce site',
    creator: 'Emploi et Développement social Canada',
    rp: {
      summary: 'Signaler un problème sur cette page',
      legend: 'Veuillez cocher toutes les réponses pertinentes :',
      options: [
        'Un lien, un bouton ou une vidéo ne fonctionne pas',
        'Il y a une erreur d’orthographe ou de grammaire',
        'Des renseignements manquent',
        'Les renseignements sont incorrects ou désuets',
        'Autre chose',
      ],
      submit: 'Soumettre',
      note: 'Vous ne recevrez aucune réponse. N’incluez pas de renseignements personnels (téléphone, courriel, NAS, renseignements financiers, médicaux ou professionnels).',
      thanks: 'Merci de votre aide! Vous ne recevrez aucune réponse.',
    },
    pft: {
      heading: 'Donnez votre rétroaction sur cette page',
      q: 'Avez-vous trouvé ce que vous cherchiez?',
      yes: 'Oui',
      no: 'Non',
      why: 'Qu’est-ce qui n’allait pas?',
      comment: 'Veuillez fournir plus de détails (maximum de 300 caractères). Vous ne recevrez aucune réponse.',
      submit: 'Soumettre',
      thanks: 'Merci de vos commentaires.',
      piiTitle: 'Renseignements personnels détectés dans votre commentaire',
      piiEdit: 'Revenir en arrière et modifier le commentaire',
    },
    footer: [
      ['/fr/contact.html', 'Contactez-nous'],
      ['/fr/services.html', 'Tous les services'],
      ['/fr/nouvelles.html', 'Nouvelles'],
      ['/fr/partage-info.html', 'Portail de services des députés'],
      ['https://www.canada.ca/fr/transparence/confidentialite.html', 'Confidentialité (canada.ca)'],
      ['/', 'Index de la démo'],
    ],
  },
} as const;

/** The mega menu: [label, href, children]. A link under a section reports that section (Navigation Tracking). */
const MENU: Record<Lang, Array<[string, string, Array<[string, string]>]>> = {
  en: [
    [
      'Benefits',
      '/en/services/benefits.html',
      [
        ['Benefits (all)', '/en/services/benefits.html'],
        ['Employment Insurance', '/en/services/benefits/ei.html'],
        ['Apply for EI (forms)', '/en/services/benefits/ei/apply.html'],
        ['EI guide (widgets)', '/en/services/benefits/ei/guide.html'],
        ['How to apply (video)', '/en/services/benefits/ei/video.html'],
      ],
    ],
    [
      'Jobs',
      '/en/services/jobs.html',
      [
        ['Jobs and the workplace', '/en/services/jobs.html'],
        ['Training', '/en/services/jobs/training.html'],
      ],
    ],
    ['All services', '/en/services.html', []],
    ['News', '/en/news.html', []],
  ],
  fr: [
    [
      'Prestations',
      '/fr/services/prestations.html',
      [
        ['Prestations (toutes)', '/fr/services/prestations.html'],
        ['Assurance-emploi', '/fr/services/prestations/ae.html'],
        ['Demander l’AE (formulaires)', '/fr/services/prestations/ae/demande.html'],
        ['Guide de l’AE (composants)', '/fr/services/prestations/ae/guide.html'],
        ['Comment présenter une demande (vidéo)', '/fr/services/prestations/ae/video.html'],
      ],
    ],
    [
      'Emplois',
      '/fr/services/emplois.html',
      [
        ['Emplois et milieu de travail', '/fr/services/emplois.html'],
        ['Formation', '/fr/services/emplois/formation.html'],
      ],
    ],
    ['Tous les services', '/fr/services.html', []],
    ['Nouvelles', '/fr/nouvelles.html', []],
  ],
};

/** Escapes text for HTML element content and attribute values. */
export const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function menu(lang: Lang): string {
  const t = T[lang];
  const items = MENU[lang]
    .map(([label, href, children]) => {
      const sub = children.length
        ? `\n        <ul role="menu">\n${children.map(([l, h]) => `          <li role="none"><a role="menuitem" href="${h}">${esc(l)}</a></li>`).join('\n')}\n        </ul>`
        : '';
      return `      <li role="none"><a role="menuitem" href="${href}"${children.length ? ' aria-haspopup="true"' : ''}>${esc(label)}</a>${sub}</li>`;
    })
    .join('\n');
  return `  <nav class="gcweb-menu" typeof="SiteNavigationElement" aria-labelledby="gc-mnu-heading">
    <div class="container">
    <h2 class="wb-inv" id="gc-mnu-heading">${t.menu}</h2>
    <button type="button" aria-haspopup="true" aria-expanded="false" aria-controls="gc-mnu-list">${t.menu}<span class="wb-inv"> ${t.menuHidden}</span></button>
    <ul id="gc-mnu-list" role="menu" aria-orientation="vertical" hidden>
${items}
    </ul>
    </div>
  </nav>`;
}

/** Where www.canada.ca serves the site menu the design system's topic menu loads (sitemenu-v2-en.html, -fr). */
export const SITE_MENU_PATH = '/content/dam/canada/sitemenu/';

const siteMenuItem = ([text, href]: [string, string]) => `<li role="presentation"><a role="menuitem" tabindex="-1" href="${href}">${esc(text)}</a></li>`;

/**
 * The site menu as the topic menu loads it: list items only, each section a menu of its links,
 * its first "<section>: home", and its most requested links in a menu of their own (the component
 * expects one in each section). The demo server points the component here.
 */
export function siteMenu(lang: Lang): string {
  const mostRequested = lang === 'en' ? 'Most requested' : 'En demande';
  const home = lang === 'en' ? ': home' : ' : accueil';
  return MENU[lang]
    .filter(([, , children]) => children.length)
    .map(([label, href, children], n) => {
      const id = `gc-mnu-${n + 1}`;
      const links = children.slice(1);
      return (
        `<li role="presentation"><a role="menuitem" tabindex="-1" aria-haspopup="true" aria-controls="${id}" aria-expanded="false" href="#">${esc(label)}</a>` +
        `<ul id="${id}" role="menu" aria-orientation="vertical">${siteMenuItem([`${label}${home}`, href])}<li role="separator"></li>${links.map(siteMenuItem).join('')}` +
        `<li role="separator" aria-orientation="vertical"></li><li role="presentation"><a data-keep-expanded="md-min" href="#" role="menuitem" tabindex="-1" aria-haspopup="true" aria-controls="${id}-sub" aria-expanded="true">${mostRequested}</a>` +
        `<ul id="${id}-sub" role="menu" aria-orientation="vertical">${links.slice(0, 2).map(siteMenuItem).join('')}</ul></li></ul></li>`
      );
    })
    .join('');
}

function breadcrumbs(page: PageDef): string {
  const t = T[page.lang];
  const crumbs: Array<[string, string]> = [[t.home, 'Canada.ca'], ...(page.crumbs || [])];
  return `  <nav id="wb-bc" property="breadcrumb" aria-labelledby="wb-bc-heading">
    <h2 class="wb-inv" id="wb-bc-heading">${t.youAreHere}</h2>
    <div class="container">
      <ol class="breadcrumb">
${crumbs.map(([href, label]) => `        <li><a href="${href}">${esc(label)}</a></li>`).join('\n')}
      </ol>
    </div>
  </nav>`;
}

/** GCWeb's report-a-problem checkbox value: this language's label, a hyphen, the other's. */
const rapValue = (lang: Lang, i: number) => `${T[lang].rp.options[i]}-${T[lang === 'en' ? 'fr' : 'en'].rp.options[i]}`;

/**
 * Page details as GCWeb's page-details footer includes them (sites/page-details, sites/feedback):
 * the page feedback tool `#gc-pft` (Yes submits; No opens the follow-up comment, which wet-boew's
 * pii-scrub checks before sending), report a problem (`.gc-rprt-prblm`, with GCWeb's bilingual
 * `data-gc-analytics-rap` values), and the date modified.
 */
function pageDetails(page: PageDef): string {
  const t = T[page.lang];
  const modified = page.modified || '2025-09-17';
  const pft = page.noFeedback
    ? ''
    : `
    <div class="row">
      <div class="col-sm-8 col-md-9">
        <div id="gc-pft" class="row wb-disable-allow">
          <div class="col-sm-10 col-lg-9">
            <section class="well">
              <h3 class="wb-inv">${t.pft.heading}</h3>
              <form id="gc-pft-form" class="wb-postback wb-disable-allow wb-pii-scrub" action="#" method="post">
                <fieldset class="gc-pft-btns chkbxrdio-grp">
                  <legend><span class="field-name">${t.pft.q}</span></legend>
                  <div class="nojs-hide">
                    <button type="submit" name="helpful" value="Yes-Oui" class="btn btn-primary">${t.pft.yes}</button>
                    <button type="button" class="btn btn-primary mrgn-lft-sm" data-wb-doaction='{"action":"removeClass","source":".gc-pft-no","class":"nojs-show"}'>${t.pft.no}</button>
                  </div>
                </fieldset>
                <div class="gc-pft-no nojs-show">
                  <p id="gc-pft-why">${t.pft.why}</p>
                  <label for="gc-pft-prblm">${t.pft.comment}</label>
                  <textarea id="gc-pft-prblm" name="details" class="form-control" maxlength="300" data-scrub-field></textarea>
                  <button type="submit" name="helpful" value="No-Non" class="btn btn-primary mrgn-tp-md">${t.pft.submit}</button>
                </div>
                <template data-pft-scrub-modal>
                  <header class="modal-header"><h2 class="modal-title">${t.pft.piiTitle}</h2></header>
                  <div class="modal-footer"><button type="button" class="btn btn-primary btn-block popup-modal-dismiss">${t.pft.piiEdit}</button></div>
                </template>
              </form>
              <div class="gc-pft-thnk hide"><p role="status">${t.pft.thanks}</p></div>
            </section>
          </div>
        </div>
      </div>
    </div>`;
  const rap =
    page.noFeedback || page.plain
      ? ''
      : `
    <details class="brdr-0">
      <summary class="btn btn-default">${t.rp.summary}</summary>
      <div class="gc-rprt-prblm">
        <div class="gc-rprt-prblm-frm">
          <form id="gc-rprt-prblm-form" class="wb-postback" action="#" method="post">
            <fieldset>
              <legend>${t.rp.legend}</legend>
${t.rp.options.map((option, i) => `              <div class="checkbox"><label for="problem${i + 1}"><input type="checkbox" id="problem${i + 1}" name="problem${i + 1}" value="Yes" data-gc-analytics-rap="${esc(rapValue(page.lang, i))}"> ${esc(option)}</label></div>`).join('\n')}
            </fieldset>
            <p class="small">${esc(t.rp.note)}</p>
            <button type="submit" class="btn btn-primary">${t.rp.submit}</button>
          </form>
        </div>
        <p class="gc-rprt-prblm-thanks" role="status" hidden>${t.rp.thanks}</p>
      </div>
    </details>`;
  return `  <section class="pagedetails">
    <h2 class="wb-inv">${t.pageDetails}</h2>${pft}${rap}
    <dl id="wb-dtmd">
      <dt>${t.modified}</dt>
      <dd><time property="dateModified">${modified}</time></dd>
    </dl>
  </section>`;
}

/** GCWeb's header: skip link, language toggle, brand, sign-in, site search, menu, breadcrumbs. */
function gcwebHeader(page: PageDef): string {
  const t = T[page.lang];
  const signIn = page.signIn
    ? `
    <section id="wb-so">
      <h2 class="wb-inv">${page.lang === 'en' ? 'Sign in' : 'Connexion'}</h2>
      <a class="btn btn-primary" href="${page.signIn.href}">${esc(page.signIn.label)}</a>
    </section>`
    : '';
  return `<nav aria-label="${t.skipLinks}">
  <ul id="wb-tphp">
    <li><a class="wb-sl" href="#wb-cont">${t.skip}</a></li>
  </ul>
</nav>
<header>
  <div id="wb-bnr" class="container">
    <section id="wb-lng">
      <h2 class="wb-inv">${t.langHeading}</h2>
      <ul>
        <li><a lang="${t.otherLang}" hreflang="${t.otherLang}" href="${page.twin}">${t.other}</a></li>
      </ul>
    </section>
    <div class="brand" property="publisher" typeof="GovernmentOrganization">
      <a href="${t.home}" property="url"><span lang="${page.lang}">${t.gov[0]}</span><span lang="${t.otherLang}">${t.gov[1]}</span></a>
      <meta property="name" content="${t.gov[0]}">
    </div>${signIn}
    <section id="wb-srch">
      <h2 class="wb-inv" id="wb-srch-heading">${t.search}</h2>
      <form action="${t.searchPath}" method="get" name="cse-search-box" role="search" aria-labelledby="wb-srch-heading">
        <label for="wb-srch-q" class="wb-inv">${t.searchLabel}</label>
        <input id="wb-srch-q" type="search" name="q" size="27" maxlength="150" placeholder="${t.searchLabel}">
        <button type="submit" id="wb-srch-sub">${t.search}</button>
      </form>
    </section>
  </div>
${menu(page.lang)}
${breadcrumbs(page)}
</header>`;
}

/** GCWeb's footer. */
function gcwebFooter(lang: Lang): string {
  const t = T[lang];
  return `<footer id="wb-info">
  <div class="container">
    <h2 class="wb-inv">${t.about}</h2>
    <ul>
${t.footer.map(([href, label]) => `      <li><a href="${href}">${esc(label)}</a></li>`).join('\n')}
    </ul>
    <div class="wordmark">Canada</div>
  </div>
</footer>`;
}

/** GCWeb's GCDS layout header (sites/header/includes/gcds-header.html): the design system draws Canada.ca's crumb itself. */
function gcdsHeader(page: PageDef): string {
  return `<gcds-header lang-href="${page.twin}" skip-to-href="#wb-cont">
  <gcds-search slot="search"></gcds-search>
  <gcds-topic-menu slot="menu"></gcds-topic-menu>
  <gcds-breadcrumbs slot="breadcrumb" class="mt-2">
${(page.crumbs || []).map(([href, label]) => `    <gcds-breadcrumbs-item href="${href}">${esc(label)}</gcds-breadcrumbs-item>`).join('\n')}
  </gcds-breadcrumbs>
</gcds-header>`;
}

/** GCWeb's GCDS layout footer (sites/footers/includes/gcds-footer.html): its links are JSON in single-quoted attributes. */
function gcdsFooter(page: PageDef): string {
  const json = (links: Array<[string, string]>) => esc(JSON.stringify(Object.fromEntries(links))).replace(/'/g, '&#39;');
  const [heading, links] = page.contextual ?? ['', []];
  const contextual = links.length ? ` contextual-heading="${esc(heading)}" contextual-links='${json(links)}'` : '';
  return `<gcds-footer id="footer" display="full"${contextual}></gcds-footer>`;
}

/** The whole HTML document of a page. */
export function renderPage(page: PageDef): string {
  const t = T[page.lang];
  const creator = page.creator || t.creator;
  const docTitle = page.docTitle || `${page.title} - Canada.ca`;
  const metas = [
    `<meta name="description" content="${esc(page.description)}">`,
    `<meta name="author" content="${esc(creator)}">`,
    `<meta name="dcterms.title" content="${esc(page.title)}">`,
    `<meta name="dcterms.description" content="${esc(page.description)}">`,
    `<meta name="dcterms.creator" content="${esc(creator)}">`,
    `<meta name="dcterms.language" title="ISO639-2/T" content="${page.lang === 'en' ? 'eng' : 'fra'}">`,
    page.subject ? `<meta name="dcterms.subject" title="gccore" content="${esc(page.subject)}">` : '',
    page.type ? `<meta name="dcterms.type" title="gctype" content="${esc(page.type)}">` : '',
    `<meta name="dcterms.issued" title="W3CDTF" content="${page.issued || '2024-03-12'}">`,
    `<meta name="dcterms.modified" title="W3CDTF" content="${page.modified || '2025-09-17'}">`,
    `<meta name="dcterms.identifier" content="${esc(page.identifier)}">`,
  ].filter(Boolean);
  const tag = page.tagMarkup ?? '<script src="/dist/tag.js"></script>';
  const gcds = page.layout === 'gcds';
  return `<!DOCTYPE html>
<!-- Generated by scripts/build-demo-site.ts from demo/site-src/: edit there, then run \`npx tsx scripts/build-demo-site.ts\`. -->
<html class="no-js" lang="${page.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<title>${esc(docTitle)}</title>
<meta content="width=device-width,initial-scale=1" name="viewport">
${metas.join('\n')}
<link rel="alternate" hreflang="${t.otherLang}" href="${page.twin}">
${page.noDemoAssets ? '' : '<link rel="stylesheet" href="/assets/demo.css">\n<script src="/assets/demo.js" defer></script>'}${page.designSystem || gcds ? '\n<link rel="stylesheet" href="/gcds/gcds.css">\n<script type="module" src="/gcds/gcds.esm.js"></script>' : ''}${page.tagInHead ? `\n${tag}` : ''}
</head>
<body vocab="http://schema.org/" typeof="WebPage">
${gcds ? gcdsHeader(page) : gcwebHeader(page)}
<main property="mainContentOfPage" resource="#wb-main" class="container" typeof="WebPageElement">
  <h1 property="name" id="wb-cont">${esc(page.heading || page.title)}</h1>
${page.body.replace(/^\n+|\n+$/g, '')}
${pageDetails(page)}
</main>
${gcds ? gcdsFooter(page) : gcwebFooter(page.lang)}${page.script ? `\n<script>\n${page.script.replace(/^\n+|\n+$/g, '')}\n</script>` : ''}${page.tagInHead ? '' : `\n${tag}`}
</body>
</html>
`;
}
