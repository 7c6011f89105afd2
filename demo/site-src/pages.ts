/**
 * Every page of the demo site, English and French: what each shows and which routes of the requirements (docs/requirements.md)
 * and which rules (src/rules) it exercises. `scripts/build-demo-site.ts` writes them to
 * demo/site/ with layout.ts; the index page (/) lists them with `demonstrates`.
 */
import type { Lang, PageDef } from './layout';
import { newsSearchScript, searchResultsScript } from './search';

const FIN = { en: 'Department of Finance Canada', fr: 'Ministère des Finances Canada' };

type Half = Omit<PageDef, 'lang' | 'twin'>;
/** An English page and its French twin. */
const pair = (en: Half, fr: Half): PageDef[] => [
  { ...en, lang: 'en', twin: fr.path },
  { ...fr, lang: 'fr', twin: en.path },
];

// ---------------------------------------------------------------------------------------------
// Shared blocks

/** Follow-us links (Follow - link) and share links (Share - link, data-gc-share="platform|title"). */
const social = (lang: Lang, title: string) => {
  const enc = encodeURIComponent(title);
  return lang === 'en'
    ? `
  <section class="gc-followus">
    <h2>Follow us</h2>
    <ul class="list-inline">
      <li><a class="facebook" href="https://www.facebook.com/SocialDevSoc"><span>Facebook</span></a></li>
      <li><a class="twitter" href="https://x.com/SocialDevSoc"><span>X (Twitter)</span></a></li>
      <li><a class="youtube" href="https://www.youtube.com/user/HRSDCanada"><span>YouTube</span></a></li>
      <li><a class="linkedin" href="https://www.linkedin.com/company/esdc-edsc/"><span>LinkedIn</span></a></li>
    </ul>
  </section>
  <section class="shr-pg">
    <h2>Share this page</h2>
    <ul class="list-inline">
      <li><a data-gc-share="Facebook|${title}" href="https://www.facebook.com/sharer.php?u=https%3A%2F%2Fwww.canada.ca%2F&amp;t=${enc}">Facebook</a></li>
      <li><a data-gc-share="LinkedIn|${title}" href="https://www.linkedin.com/shareArticle?mini=true&amp;url=https%3A%2F%2Fwww.canada.ca%2F">LinkedIn</a></li>
      <li><a data-gc-share="Email|${title}" href="mailto:?subject=${enc}">Email</a></li>
    </ul>
  </section>`
    : `
  <section class="gc-followus">
    <h2>Suivez-nous</h2>
    <ul class="list-inline">
      <li><a class="facebook" href="https://www.facebook.com/DevSocSocial"><span>Facebook</span></a></li>
      <li><a class="twitter" href="https://x.com/DevSocSocial"><span>X (Twitter)</span></a></li>
      <li><a class="youtube" href="https://www.youtube.com/user/RHDCCanada"><span>YouTube</span></a></li>
      <li><a class="linkedin" href="https://www.linkedin.com/company/esdc-edsc/"><span>LinkedIn</span></a></li>
    </ul>
  </section>
  <section class="shr-pg">
    <h2>Partager cette page</h2>
    <ul class="list-inline">
      <li><a data-gc-share="Facebook|${title}" href="https://www.facebook.com/sharer.php?u=https%3A%2F%2Fwww.canada.ca%2F&amp;t=${enc}">Facebook</a></li>
      <li><a data-gc-share="LinkedIn|${title}" href="https://www.linkedin.com/shareArticle?mini=true&amp;url=https%3A%2F%2Fwww.canada.ca%2F">LinkedIn</a></li>
      <li><a data-gc-share="Courriel|${title}" href="mailto:?subject=${enc}">Courriel</a></li>
    </ul>
  </section>`;
};

/** The chat wizard's bubble (Chat Initiate) and its (demo) panel. */
const chat = (lang: Lang) =>
  lang === 'en'
    ? `
  <p><a class="wb-chtwzrd-link btn btn-default" href="#wb-chtwzrd-panel" aria-controls="wb-chtwzrd-panel">Chat with us: find the right EI page</a></p>
  <div id="wb-chtwzrd-panel" class="chtwzrd-panel" role="dialog" aria-label="Chat wizard" hidden>
    <p><strong>Chat wizard (demo)</strong>: on Canada.ca, a guided chat asks a few questions and points to the right page. Here it only opens.</p>
    <button type="button" class="btn btn-default" data-chtwzrd-close>Close</button>
  </div>`
    : `
  <p><a class="wb-chtwzrd-link btn btn-default" href="#wb-chtwzrd-panel" aria-controls="wb-chtwzrd-panel">Clavardez avec nous : trouvez la bonne page sur l’AE</a></p>
  <div id="wb-chtwzrd-panel" class="chtwzrd-panel" role="dialog" aria-label="Assistant de clavardage" hidden>
    <p><strong>Assistant de clavardage (démo)</strong> : sur Canada.ca, un clavardage guidé pose quelques questions et mène à la bonne page. Ici, il ne fait que s’ouvrir.</p>
    <button type="button" class="btn btn-default" data-chtwzrd-close>Fermer</button>
  </div>`;

// ---------------------------------------------------------------------------------------------
// Home and news (PB-3: internal-campaign impression instead of the page view)

const home = pair(
  {
    path: '/en.html',
    title: 'Canada.ca',
    description: 'Home page of the demo site: the personalization banner activity runs here.',
    subject: 'Government information;Services',
    identifier: 'ESDC-EDSC-demo-home',
    tagInHead: true,
    signIn: { href: '/en/info-share.html', label: 'Sign in' },
    demonstrates:
      'Home page: the Internal Campaign Impression (utm_campaign promotions) instead of a page view, the personalization banner (#gc-pz-banner), most requested, features (with the 3 s and 6 s feature impressions), GoC activities, sign-in, a carousel.',
    body: `
  <div id="gc-pz-banner"><p>Welcome to the demo site.</p></div>
  <section class="home-most-requested well well-sm brdr-0">
    <div class="container">
    <h2>Most requested</h2>
    <ul class="wb-eqht list-unstyled lst-spcd-2 list-responsive">
      <li><a href="/en/services/benefits/ei.html?utm_campaign=ei-2025">Employment Insurance</a></li>
      <li><a href="/en/services/demo.html?utm_campaign=demo-home">Demo page</a></li>
      <li><a href="/en/sr/srb.html?q=employment+insurance">Search: employment insurance</a></li>
      <li><a href="/en/pz-services.html">Services (a view rendered by the personalization client)</a></li>
      <li><a href="/en/pz-redirect-test.html">Redirect test</a></li>
    </ul>
    </div>
  </section>
  <section class="gc-features">
    <div class="container">
    <h2>Government initiatives</h2>
    <ul class="nojs-show">
      <li><a href="/en/services/benefits/ei/video.html">How to apply for EI</a></li>
      <li><a href="/en/services/jobs/training.html?utm_campaign=skills-2025">Training and skills</a></li>
      <li><a href="/en/news/2025/09/demo-news-release.html">Changes to Employment Insurance</a></li>
      <li><a href="/en/contact.html">Contact Employment and Social Development Canada</a></li>
    </ul>
    <div class="row wb-eqht-grd">
      <div class="col-sm-6" data-wb-randomize='{ "toggle": "hide" }'>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/en/services/benefits/ei/video.html">How to apply for EI</a></h3><p>Watch a short video on applying online.</p></section>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/en/services/jobs/training.html?utm_campaign=skills-2025">Training and skills</a></h3><p>Apprenticeships and funding for workers.</p></section>
      </div>
      <div class="col-sm-6" data-wb-randomize='{ "toggle": "hide" }'>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/en/news/2025/09/demo-news-release.html">Changes to Employment Insurance</a></h3><p>Read the news release.</p></section>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/en/contact.html">Contact Employment and Social Development Canada</a></h3><p>Telephone numbers and addresses.</p></section>
      </div>
    </div>
    </div>
  </section>
  <div class="wb-tabs carousel-s1">
    <ul role="tablist">
      <li role="presentation" class="active"><a role="tab" id="car-tab-1" href="#car-1" aria-controls="car-1" aria-selected="true">Slide 1</a></li>
      <li role="presentation"><a role="tab" id="car-tab-2" href="#car-2" aria-controls="car-2" aria-selected="false" tabindex="-1">Slide 2</a></li>
      <li role="presentation"><a role="tab" id="car-tab-3" href="#car-3" aria-controls="car-3" aria-selected="false" tabindex="-1">Slide 3</a></li>
    </ul>
    <div class="tabpanels">
      <div role="tabpanel" id="car-1" aria-labelledby="car-tab-1"><p><a href="/en/services/benefits/ei/apply.html">Apply for Employment Insurance online</a></p></div>
      <div role="tabpanel" id="car-2" aria-labelledby="car-tab-2" hidden><p><a href="/en/news.html">What’s new: news releases and statements</a></p></div>
      <div role="tabpanel" id="car-3" aria-labelledby="car-tab-3" hidden><p><a href="/en/contact.html">Contact us: telephone, mail and chat</a></p></div>
    </div>
    <p class="carousel-controls"><button type="button" data-carousel-step="-1">Previous slide</button> <button type="button" data-carousel-step="1">Next slide</button></p>
  </div>
  <aside class="gc-nttvs">
    <h2>Government of Canada activities and initiatives</h2>
    <div id="gcwb_prts" class="wb-eqht row">
      <section class="col-lg-4 col-md-6"><a href="/en/services/jobs.html"><h3>Jobs and the workplace</h3></a></section>
      <section class="col-lg-4 col-md-6"><a rel="external" href="https://www.canada.ca/en/department-finance/services/publications/federal-budget.html"><h3>Federal budget (canada.ca)</h3></a></section>
    </div>
  </aside>`,
  },
  {
    path: '/fr.html',
    title: 'Canada.ca',
    description: 'Page d’accueil du site de démonstration : l’activité de bannière personnalisée s’y applique.',
    subject: 'Information gouvernementale;Services',
    identifier: 'ESDC-EDSC-demo-accueil',
    tagInHead: true,
    signIn: { href: '/fr/partage-info.html', label: 'Se connecter' },
    demonstrates:
      'Page d’accueil : l’impression de campagne interne (promotions utm_campaign) au lieu d’une page vue, la bannière personnalisée, en demande, en vedette (impressions à 3 s et 6 s), activités du GC, connexion, un carrousel.',
    body: `
  <div id="gc-pz-banner"><p>Bienvenue sur le site de démonstration.</p></div>
  <section class="home-most-requested well well-sm brdr-0">
    <div class="container">
    <h2>En demande</h2>
    <ul class="wb-eqht list-unstyled lst-spcd-2 list-responsive">
      <li><a href="/fr/services/prestations/ae.html?utm_campaign=ae-2025">Assurance-emploi</a></li>
      <li><a href="/fr/services/demo.html?utm_campaign=demo-accueil">Page de démonstration</a></li>
      <li><a href="/fr/sr/srb.html?q=assurance-emploi">Recherche : assurance-emploi</a></li>
      <li><a href="/fr/pz-services.html">Services (une vue affichée par le client de personnalisation)</a></li>
      <li><a href="/fr/pz-redirect-test.html">Test de redirection</a></li>
    </ul>
    </div>
  </section>
  <section class="gc-features">
    <div class="container">
    <h2>Initiatives du gouvernement</h2>
    <ul class="nojs-show">
      <li><a href="/fr/services/prestations/ae/video.html">Comment demander l’AE</a></li>
      <li><a href="/fr/services/emplois/formation.html?utm_campaign=competences-2025">Formation et compétences</a></li>
      <li><a href="/fr/nouvelles/2025/09/communique-demo.html">Changements à l’assurance-emploi</a></li>
      <li><a href="/fr/contact.html">Contactez Emploi et Développement social Canada</a></li>
    </ul>
    <div class="row wb-eqht-grd">
      <div class="col-sm-6" data-wb-randomize='{ "toggle": "hide" }'>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/fr/services/prestations/ae/video.html">Comment demander l’AE</a></h3><p>Regardez une courte vidéo sur la demande en ligne.</p></section>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/fr/services/emplois/formation.html?utm_campaign=competences-2025">Formation et compétences</a></h3><p>Apprentissage et financement pour les travailleurs.</p></section>
      </div>
      <div class="col-sm-6" data-wb-randomize='{ "toggle": "hide" }'>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/fr/nouvelles/2025/09/communique-demo.html">Changements à l’assurance-emploi</a></h3><p>Lisez le communiqué.</p></section>
        <section class="well well-sm eqht-trgt hide"><h3><a class="stretched-link" href="/fr/contact.html">Contactez Emploi et Développement social Canada</a></h3><p>Numéros de téléphone et adresses.</p></section>
      </div>
    </div>
    </div>
  </section>
  <div class="wb-tabs carousel-s1">
    <ul role="tablist">
      <li role="presentation" class="active"><a role="tab" id="car-tab-1" href="#car-1" aria-controls="car-1" aria-selected="true">Diapositive 1</a></li>
      <li role="presentation"><a role="tab" id="car-tab-2" href="#car-2" aria-controls="car-2" aria-selected="false" tabindex="-1">Diapositive 2</a></li>
      <li role="presentation"><a role="tab" id="car-tab-3" href="#car-3" aria-controls="car-3" aria-selected="false" tabindex="-1">Diapositive 3</a></li>
    </ul>
    <div class="tabpanels">
      <div role="tabpanel" id="car-1" aria-labelledby="car-tab-1"><p><a href="/fr/services/prestations/ae/demande.html">Demandez l’assurance-emploi en ligne</a></p></div>
      <div role="tabpanel" id="car-2" aria-labelledby="car-tab-2" hidden><p><a href="/fr/nouvelles.html">Quoi de neuf : communiqués et déclarations</a></p></div>
      <div role="tabpanel" id="car-3" aria-labelledby="car-tab-3" hidden><p><a href="/fr/contact.html">Contactez-nous : téléphone, courrier et clavardage</a></p></div>
    </div>
    <p class="carousel-controls"><button type="button" data-carousel-step="-1">Diapositive précédente</button> <button type="button" data-carousel-step="1">Diapositive suivante</button></p>
  </div>
  <aside class="gc-nttvs">
    <h2>Activités et initiatives du gouvernement du Canada</h2>
    <div id="gcwb_prts" class="wb-eqht row">
      <section class="col-lg-4 col-md-6"><a href="/fr/services/emplois.html"><h3>Emplois et milieu de travail</h3></a></section>
      <section class="col-lg-4 col-md-6"><a rel="external" href="https://www.canada.ca/fr/ministere-finances/services/publications/budget-federal.html"><h3>Budget fédéral (canada.ca)</h3></a></section>
    </div>
  </aside>`,
  },
);

const news = pair(
  {
    path: '/en/news.html',
    title: 'News',
    description: 'News releases, statements, speeches and media advisories of the demo site.',
    subject: 'Government information;News',
    identifier: 'ESDC-EDSC-demo-news',
    crumbs: [],
    demonstrates: 'News page: the Internal Campaign Impression (no page view), follow-us and share links, a link to the news search.',
    body: `
  <p><a href="/en/news/search.html">Search the news</a> by keyword, type, department and date.</p>
  <section>
    <h2>Latest news</h2>
    <ul class="news-list">
      <li id="news-release"><a href="/en/news/2025/09/demo-news-release.html?utm_campaign=ei-2025">Government announces demo changes to Employment Insurance</a> <span class="small">News release, 2025-09-10</span></li>
      <li id="news-statement">Statement by the Minister of Employment on Labour Day <span class="small">Statement, 2025-09-01</span></li>
      <li id="news-backgrounder">Backgrounder: updates to the tariff product list (<a href="/en/department-finance/programs/tariff-product-list.html?utm_campaign=tariff-2025">see the list</a>) <span class="small">Backgrounder, 2025-06-15</span></li>
      <li id="news-speech">Speech: skills for the jobs of the future (<a href="/en/services/jobs/training.html?utm_campaign=skills-2025">training programs</a>) <span class="small">Speech, 2025-05-05</span></li>
      <li id="news-advisory">Media advisory: technical briefing on the federal budget <span class="small">Media advisory, 2025-03-20</span></li>
    </ul>
  </section>${social('en', 'News')}`,
  },
  {
    path: '/fr/nouvelles.html',
    title: 'Nouvelles',
    description: 'Communiqués, déclarations, discours et avis aux médias du site de démonstration.',
    subject: 'Information gouvernementale;Nouvelles',
    identifier: 'ESDC-EDSC-demo-nouvelles',
    crumbs: [],
    demonstrates:
      'Page des nouvelles : l’impression de campagne interne (pas de page vue), liens Suivez-nous et de partage, lien vers la recherche de nouvelles.',
    body: `
  <p><a href="/fr/nouvelles/rechercher.html">Rechercher les nouvelles</a> par mot-clé, type, ministère et date.</p>
  <section>
    <h2>Dernières nouvelles</h2>
    <ul class="news-list">
      <li id="news-release"><a href="/fr/nouvelles/2025/09/communique-demo.html?utm_campaign=ae-2025">Le gouvernement annonce des changements à l’assurance-emploi (démo)</a> <span class="small">Communiqué, 2025-09-10</span></li>
      <li id="news-statement">Déclaration du ministre de l’Emploi à l’occasion de la fête du Travail <span class="small">Déclaration, 2025-09-01</span></li>
      <li id="news-backgrounder">Document d’information : mise à jour de la liste des produits tarifaires (<a href="/fr/ministere-finances/programmes/liste-produits-tarifaires.html?utm_campaign=tarif-2025">voir la liste</a>) <span class="small">Document d’information, 2025-06-15</span></li>
      <li id="news-speech">Discours : les compétences pour les emplois de demain (<a href="/fr/services/emplois/formation.html?utm_campaign=competences-2025">programmes de formation</a>) <span class="small">Discours, 2025-05-05</span></li>
      <li id="news-advisory">Avis aux médias : séance d’information technique sur le budget fédéral <span class="small">Avis aux médias, 2025-03-20</span></li>
    </ul>
  </section>${social('fr', 'Nouvelles')}`,
  },
);

const newsRelease = pair(
  {
    path: '/en/news/2025/09/demo-news-release.html',
    title: 'Government announces demo changes to Employment Insurance',
    description: 'A demo news release.',
    subject: 'Employment insurance;News',
    type: 'News releases',
    issued: '2025-09-10',
    modified: '2025-09-10',
    identifier: 'ESDC-EDSC-demo-news-release',
    crumbs: [['/en/news.html', 'News']],
    demonstrates: 'A news release: the page type (dcterms.type "News releases" → eVar9), content age.',
    body: `
  <p class="small"><strong>From:</strong> Employment and Social Development Canada · <strong>News release</strong> · September 10, 2025 · Ottawa, Ontario</p>
  <p>This demo news release announces nothing at all. Its page type is one of the six the tag keeps (news releases), so the page view carries it.</p>
  <p>Read about <a href="/en/services/benefits/ei.html">Employment Insurance</a>.</p>
  <h2>Contacts</h2>
  <p>Media Relations Office<br>Employment and Social Development Canada<br><a href="tel:+18199946313">819-994-6313</a><br><a href="mailto:media@hrsdc-rhdcc.gc.ca">media@hrsdc-rhdcc.gc.ca</a></p>${social('en', 'Government announces demo changes to Employment Insurance')}`,
  },
  {
    path: '/fr/nouvelles/2025/09/communique-demo.html',
    title: 'Le gouvernement annonce des changements à l’assurance-emploi (démo)',
    description: 'Un communiqué de démonstration.',
    subject: 'Assurance-emploi;Nouvelles',
    type: 'Communiqués de presse',
    issued: '2025-09-10',
    modified: '2025-09-10',
    identifier: 'ESDC-EDSC-demo-communique',
    crumbs: [['/fr/nouvelles.html', 'Nouvelles']],
    demonstrates: 'Un communiqué : le type de page (dcterms.type « Communiqués de presse » → eVar9), l’âge du contenu.',
    body: `
  <p class="small"><strong>De :</strong> Emploi et Développement social Canada · <strong>Communiqué de presse</strong> · 10 septembre 2025 · Ottawa (Ontario)</p>
  <p>Ce communiqué de démonstration n’annonce rien du tout. Son type de page est l’un des six que la balise conserve (communiqués de presse) : la page vue le transmet.</p>
  <p>Renseignez-vous sur l’<a href="/fr/services/prestations/ae.html">assurance-emploi</a>.</p>
  <h2>Personnes-ressources</h2>
  <p>Bureau des relations avec les médias<br>Emploi et Développement social Canada<br><a href="tel:+18199946313">819-994-6313</a><br><a href="mailto:media@hrsdc-rhdcc.gc.ca">media@hrsdc-rhdcc.gc.ca</a></p>${social('fr', 'Le gouvernement annonce des changements à l’assurance-emploi (démo)')}`,
  },
);

// ---------------------------------------------------------------------------------------------
// Services: the index pages (no theme) and theme pages (/{lang}/services/{theme}/…)

const services = pair(
  {
    path: '/en/services.html',
    title: 'All services',
    description: 'The services index of the demo site.',
    subject: 'Government information;Services',
    identifier: 'ESDC-EDSC-demo-services',
    demonstrates: 'The services index: an index page gives no theme (eVar5 blank).',
    body: `
  <section class="gc-most-requested">
    <h2>Most requested</h2>
    <ul>
      <li><a href="/en/services/benefits/ei/apply.html">Apply for Employment Insurance</a></li>
      <li><a href="/en/contact.html">Contact us</a></li>
    </ul>
  </section>
  <h2>Services and information</h2>
  <ul>
    <li><a href="/en/services/benefits.html">Benefits</a>: Employment Insurance, family and sickness leave, pensions.</li>
    <li><a href="/en/services/jobs.html">Jobs and the workplace</a>: find a job, training, workplace standards.</li>
    <li><a href="/en/services/demo.html">Demo page</a>: the first demo page of the project.</li>
    <li><a href="/en/department-finance/programs/tariff-product-list.html">Tariff product list</a> (Department of Finance Canada).</li>
  </ul>`,
  },
  {
    path: '/fr/services.html',
    title: 'Tous les services',
    description: 'L’index des services du site de démonstration.',
    subject: 'Information gouvernementale;Services',
    identifier: 'ESDC-EDSC-demo-services-fr',
    demonstrates: 'L’index des services : une page d’index ne donne pas de thème (eVar5 vide).',
    body: `
  <section class="gc-most-requested">
    <h2>En demande</h2>
    <ul>
      <li><a href="/fr/services/prestations/ae/demande.html">Demander l’assurance-emploi</a></li>
      <li><a href="/fr/contact.html">Contactez-nous</a></li>
    </ul>
  </section>
  <h2>Services et renseignements</h2>
  <ul>
    <li><a href="/fr/services/prestations.html">Prestations</a> : assurance-emploi, congés familiaux et de maladie, pensions.</li>
    <li><a href="/fr/services/emplois.html">Emplois et milieu de travail</a> : trouver un emploi, formation, normes du travail.</li>
    <li><a href="/fr/services/demo.html">Page de démonstration</a> : la première page de démonstration du projet.</li>
    <li><a href="/fr/ministere-finances/programmes/liste-produits-tarifaires.html">Liste des produits tarifaires</a> (ministère des Finances Canada).</li>
  </ul>`,
  },
);

const demo = pair(
  {
    path: '/en/services/demo.html',
    title: 'Demo page',
    description: 'A demonstration page for the Canada.ca analytics tag.',
    subject: 'Government information;Services',
    identifier: 'ESDC-EDSC-demo-0001',
    plain: true,
    crumbs: [['/en/services.html', 'Services']],
    demonstrates: 'The first demo page: a plain page view (no form or block: tag.js alone, no tag-rules.js), a download, an outbound link.',
    examples: [['?logdtm=true', 'with tag logging in the console (logdtm=true)']],
    body: `
  <p>This page stands in for a Canada.ca content page. It loads the analytics tag at the end of the body, like every page of the site.</p>
  <h2>Things to try</h2>
  <ul>
    <li><a href="/content/dam/demo/demo-guide.pdf">Download the demo guide (PDF, 1 KB)</a></li>
    <li><a href="https://www.w3.org/WAI/standards-guidelines/wcag/">Web Content Accessibility Guidelines (W3C)</a></li>
    <li><a href="/demo/no-tracking/demo.html">A page where tracking is off</a></li>
    <li><a href="/fr/services/demo.html" lang="fr" hreflang="fr">Page de démonstration (en français)</a></li>
  </ul>`,
  },
  {
    path: '/fr/services/demo.html',
    title: 'Page de démonstration',
    description: 'Une page de démonstration pour la balise d’analyse de Canada.ca.',
    subject: 'Information gouvernementale;Services',
    identifier: 'ESDC-EDSC-demo-0001-fr',
    plain: true,
    crumbs: [['/fr/services.html', 'Services']],
    demonstrates:
      'La première page de démonstration : une page vue simple (ni formulaire ni bloc : tag.js seul, sans tag-rules.js), un téléchargement, un lien sortant.',
    body: `
  <p>Cette page tient lieu de page de contenu de Canada.ca. Elle charge la balise d’analyse à la fin du corps, comme toutes les pages du site.</p>
  <h2>À essayer</h2>
  <ul>
    <li><a href="/content/dam/demo/demo-guide.pdf">Télécharger le guide de démonstration (PDF, 1 Ko)</a></li>
    <li><a href="https://www.w3.org/WAI/standards-guidelines/wcag/fr">Règles pour l’accessibilité des contenus Web (W3C)</a></li>
    <li><a href="/en/services/demo.html" lang="en" hreflang="en">Demo page (in English)</a></li>
  </ul>`,
  },
);

const benefits = pair(
  {
    path: '/en/services/benefits.html',
    title: 'Benefits',
    description: 'Benefits: the index page of the benefits theme.',
    subject: 'Benefits;Employment insurance',
    identifier: 'ESDC-EDSC-demo-benefits',
    crumbs: [['/en/services.html', 'Services']],
    demonstrates: 'A theme’s index page (/en/services/benefits.html): still no theme; the pages under /en/services/benefits/ get "benefits".',
    body: `
  <section class="gc-most-requested">
    <h2>Most requested</h2>
    <ul>
      <li><a href="/en/services/benefits/ei/apply.html">Apply for Employment Insurance</a></li>
      <li><a href="/en/services/benefits/ei/guide.html">EI guide</a></li>
    </ul>
  </section>
  <h2>Services and information</h2>
  <ul>
    <li><a href="/en/services/benefits/ei.html">Employment Insurance</a>: temporary income support if you lost your job.</li>
    <li><a href="/en/services/benefits/ei/video.html">How to apply for EI (video)</a></li>
    <li><a href="https://www.canada.ca/en/services/benefits/publicpensions.html">Public pensions (canada.ca)</a>: a link to another government host (cross-domain).</li>
  </ul>`,
  },
  {
    path: '/fr/services/prestations.html',
    title: 'Prestations',
    description: 'Prestations : la page d’index du thème des prestations.',
    subject: 'Prestations;Assurance-emploi',
    identifier: 'ESDC-EDSC-demo-prestations',
    crumbs: [['/fr/services.html', 'Services']],
    demonstrates: 'La page d’index d’un thème (/fr/services/prestations.html) : pas de thème; les pages sous /fr/services/prestations/ ont « prestations ».',
    body: `
  <section class="gc-most-requested">
    <h2>En demande</h2>
    <ul>
      <li><a href="/fr/services/prestations/ae/demande.html">Demander l’assurance-emploi</a></li>
      <li><a href="/fr/services/prestations/ae/guide.html">Guide de l’AE</a></li>
    </ul>
  </section>
  <h2>Services et renseignements</h2>
  <ul>
    <li><a href="/fr/services/prestations/ae.html">Assurance-emploi</a> : un soutien temporaire du revenu si vous avez perdu votre emploi.</li>
    <li><a href="/fr/services/prestations/ae/video.html">Comment présenter une demande d’AE (vidéo)</a></li>
    <li><a href="https://www.canada.ca/fr/services/prestations/pensionspubliques.html">Pensions publiques (canada.ca)</a> : un lien vers un autre hôte du gouvernement (interdomaine).</li>
  </ul>`,
  },
);

const ei = pair(
  {
    path: '/en/services/benefits/ei.html',
    title: 'Employment Insurance (EI)',
    description: 'Employment Insurance: the theme page with links of every kind.',
    subject: 'Benefits;Employment insurance',
    identifier: 'ESDC-EDSC-demo-ei',
    designSystem: true,
    crumbs: [
      ['/en/services.html', 'Services'],
      ['/en/services/benefits.html', 'Benefits'],
    ],
    demonstrates:
      'A theme page (eVar5 "benefits"): downloads, outbound, cross-domain, e-mail (government and not), telephone, same-page anchor, custom click, a <gcds-card>, share and follow links.',
    body: `
  <p>Employment Insurance (EI) provides regular benefits to people who lost their job through no fault of their own. This page holds one link of each kind the tag tells apart.</p>
  <ul class="toc">
    <li><a href="#links">Links of every kind</a></li>
    <li><a href="#cards">Cards</a></li>
  </ul>
  <section class="gc-most-requested">
    <h2>Most requested</h2>
    <ul>
      <li><a href="/en/services/benefits/ei/apply.html">Apply for EI</a></li>
      <li><a href="/en/services/benefits/ei/guide.html">EI guide</a></li>
      <li><a href="/en/services/benefits/ei/video.html">How to apply (video)</a></li>
    </ul>
  </section>
  <h2 id="links">Links of every kind</h2>
  <ul class="link-kinds">
    <li>Download: <a href="/content/dam/demo/demo-guide.pdf">EI demo guide (PDF, 1 KB)</a></li>
    <li>Download by the <code>download</code> attribute: <a href="/content/dam/demo/demo-guide.pdf?version=2" download="ei-guide.pdf">EI guide, saved as ei-guide.pdf</a></li>
    <li>Outbound: <a href="https://www.w3.org/WAI/">W3C Web Accessibility Initiative</a></li>
    <li>Cross-domain (another government host): <a href="https://www.servicecanada.gc.ca/">Service Canada</a> and <a href="https://www.canada.ca/en/services/benefits/ei.html">EI on canada.ca</a></li>
    <li>Government e-mail: <a href="mailto:ei-ae@servicecanada.gc.ca">ei-ae@servicecanada.gc.ca</a></li>
    <li>Other e-mail (recorded as "non-gc email"): <a href="mailto:employer@example.com">employer@example.com</a></li>
    <li>Telephone (the number is never recorded): <a href="tel:+18002067218">1-800-206-7218</a></li>
    <li>Same page: <a href="#cards">go to the cards below</a></li>
    <li>Custom click: <button type="button" class="btn btn-default" data-gc-analytics-customclick="EI page: print button" onclick="window.print()">Print this page</button></li>
    <li>Exempt (never tracked): <a href="https://www.example.com/" data-analytics-exempt>A link marked data-analytics-exempt</a></li>
  </ul>
  <h2 id="cards">Cards</h2>
  <div class="cards">
    <gcds-card card-title="EI for employers (canada.ca)" href="https://www.canada.ca/en/employment-social-development/programs/ei/ei-list/ei-employers.html" description="A GC Design System card (GCDS Card Click)."></gcds-card>
    <gcds-card card-title="Job Bank" href="https://www.jobbank.gc.ca/" description="Another card, to a government site."></gcds-card>
  </div>${social('en', 'Employment Insurance (EI)')}`,
  },
  {
    path: '/fr/services/prestations/ae.html',
    title: 'Assurance-emploi (AE)',
    description: 'Assurance-emploi : la page thématique avec des liens de toutes sortes.',
    subject: 'Prestations;Assurance-emploi',
    identifier: 'ESDC-EDSC-demo-ae',
    crumbs: [
      ['/fr/services.html', 'Services'],
      ['/fr/services/prestations.html', 'Prestations'],
    ],
    demonstrates:
      'Une page thématique (eVar5 « prestations ») : téléchargements, liens sortants, interdomaines, courriels (gouvernement ou non), téléphone, ancre, clic personnalisé, une <gcds-card>, partage et Suivez-nous.',
    body: `
  <p>L’assurance-emploi (AE) offre des prestations régulières aux personnes qui ont perdu leur emploi sans en être responsables. Cette page contient un lien de chaque sorte que la balise distingue.</p>
  <ul class="toc">
    <li><a href="#liens">Liens de toutes sortes</a></li>
    <li><a href="#cartes">Cartes</a></li>
  </ul>
  <section class="gc-most-requested">
    <h2>En demande</h2>
    <ul>
      <li><a href="/fr/services/prestations/ae/demande.html">Demander l’AE</a></li>
      <li><a href="/fr/services/prestations/ae/guide.html">Guide de l’AE</a></li>
      <li><a href="/fr/services/prestations/ae/video.html">Comment présenter une demande (vidéo)</a></li>
    </ul>
  </section>
  <h2 id="liens">Liens de toutes sortes</h2>
  <ul class="link-kinds">
    <li>Téléchargement : <a href="/content/dam/demo/demo-guide.pdf">Guide de démonstration de l’AE (PDF, 1 Ko)</a></li>
    <li>Téléchargement par l’attribut <code>download</code> : <a href="/content/dam/demo/demo-guide.pdf?version=2" download="guide-ae.pdf">Guide de l’AE, enregistré sous guide-ae.pdf</a></li>
    <li>Lien sortant : <a href="https://www.w3.org/WAI/fr">Initiative pour l’accessibilité du Web du W3C</a></li>
    <li>Interdomaine (un autre hôte du gouvernement) : <a href="https://www.servicecanada.gc.ca/">Service Canada</a> et <a href="https://www.canada.ca/fr/services/prestations/ae.html">l’AE sur canada.ca</a></li>
    <li>Courriel du gouvernement : <a href="mailto:ei-ae@servicecanada.gc.ca">ei-ae@servicecanada.gc.ca</a></li>
    <li>Autre courriel (enregistré comme « non-gc email ») : <a href="mailto:employeur@example.com">employeur@example.com</a></li>
    <li>Téléphone (le numéro n’est jamais enregistré) : <a href="tel:+18002067218">1-800-206-7218</a></li>
    <li>Même page : <a href="#cartes">aller aux cartes ci-dessous</a></li>
    <li>Clic personnalisé : <button type="button" class="btn btn-default" data-gc-analytics-customclick="Page AE : bouton imprimer" onclick="window.print()">Imprimer cette page</button></li>
    <li>Exempté (jamais suivi) : <a href="https://www.example.com/" data-analytics-exempt>Un lien marqué data-analytics-exempt</a></li>
  </ul>
  <h2 id="cartes">Cartes</h2>
  <div class="cards">
    <gcds-card card-title="L’AE pour les employeurs (canada.ca)" href="https://www.canada.ca/fr/emploi-developpement-social/programmes/assurance-emploi/ae-liste/ae-employeurs.html" description="Une carte du Système de design du GC (GCDS Card Click)."></gcds-card>
    <gcds-card card-title="Guichet-Emplois" href="https://www.guichetemplois.gc.ca/" description="Une autre carte, vers un site du gouvernement."></gcds-card>
  </div>${social('fr', 'Assurance-emploi (AE)')}`,
  },
);

const apply = pair(
  {
    path: '/en/services/benefits/ei/apply.html',
    title: 'Apply for Employment Insurance',
    description: 'The EI application form (demo): validated submit, reset, keyword consultation, chat wizard.',
    subject: 'Benefits;Employment insurance',
    identifier: 'ESDC-EDSC-demo-ei-apply',
    crumbs: [
      ['/en/services.html', 'Services'],
      ['/en/services/benefits.html', 'Benefits'],
      ['/en/services/benefits/ei.html', 'Employment Insurance'],
    ],
    demonstrates:
      'Forms: a tracked form (Form Submit only when every required field, the "Select one" select and the required fieldset are filled; Form Reset), keyword consultation, the chat wizard, report a problem. The page-scope demo survey targets this page.',
    examples: [['?im_scope=page&im_nocookiecheck=1', 'with the page-scope survey invitation (QA parameters)']],
    body: `
  <p>Fill in the form to see the <em>Form Submit</em> beacon; submit it incomplete to see that none is sent (the page shows the errors instead). Nothing is sent anywhere: this is a demo.</p>
  <div id="apply-errors" class="alert alert-danger" role="alert" hidden><p>The form could not be submitted: fill in every field marked <strong>required</strong>.</p></div>
  <form id="apply-form" action="#" method="post" novalidate data-gc-analytics-formname="EI application (demo)">
    <div class="form-group">
      <label for="apply-province"><span class="field-name">Province or territory where you live</span> <strong class="required">(required)</strong></label>
      <select id="apply-province" name="province" required data-gc-analytics-collect>
        <option value="">Select one</option>
        <option value="on">Ontario</option>
        <option value="qc">Quebec</option>
        <option value="bc">British Columbia</option>
        <option value="ns">Nova Scotia</option>
      </select>
    </div>
    <fieldset>
      <legend class="required"><span class="field-name">Why did you stop working?</span> <strong class="required">(required)</strong></legend>
      <div class="radio"><label><input type="radio" name="reason" value="shortage of work" data-gc-analytics-collect> Shortage of work or layoff</label></div>
      <div class="radio"><label><input type="radio" name="reason" value="end of contract" data-gc-analytics-collect> End of a contract</label></div>
      <div class="radio"><label><input type="radio" name="reason" value="illness" data-gc-analytics-collect> Illness or injury</label></div>
    </fieldset>
    <div class="form-group">
      <label for="apply-weeks"><span class="field-name">Weeks worked in the last year</span> <strong class="required">(required)</strong></label>
      <input id="apply-weeks" name="weeks" type="number" min="0" max="52" required data-gc-analytics-collect>
    </div>
    <div class="form-group">
      <label for="apply-firstname"><span class="field-name">First name (optional; recorded as the redaction marker, never as typed: its name, as WET's form templates write it, says it is a person's)</span></label>
      <input class="form-control" id="apply-firstname" name="firstname" type="text" data-gc-analytics-collect>
    </div>
    <div class="form-group">
      <label for="apply-dob"><span class="field-name">Date of birth (optional; recorded as the redaction marker)</span></label>
      <input class="form-control" id="apply-dob" name="dateOfBirth" type="date" data-gc-analytics-collect>
    </div>
    <div class="form-group" data-private>
      <label for="apply-email">E-mail address (optional, never recorded: <code>data-private</code>)</label>
      <input id="apply-email" name="email" type="email" data-gc-analytics-collect>
    </div>
    <div class="form-group">
      <label for="apply-record"><span class="field-name">Record of employment (optional; recorded only as attached, its file name never)</span></label>
      <input id="apply-record" name="record" type="file" accept=".pdf" data-gc-analytics-collect>
    </div>
    <div class="checkbox"><label><input type="checkbox" name="direct-deposit" data-gc-analytics-collect> I want direct deposit</label></div>
    <p>
      <button type="submit" class="btn btn-primary">Submit application</button>
      <button type="reset" class="btn btn-default">Clear the form</button>
    </p>
  </form>
  <div id="apply-done" class="alert alert-success" role="status" hidden><p>Thank you: your (demo) application was received.</p></div>
  <h2>Keyword consultation</h2>
  <p>Tell us which words you would use to find EI information (the keyword is recorded, scrubbed).</p>
  <form id="keyword-form" action="#" data-gc-analytics-keyword="EI keyword consultation">
    <label for="keyword">Keyword</label>
    <input id="keyword" name="keyword" type="text">
    <button type="submit" class="btn btn-default">Send</button>
  </form>
  <p id="keyword-done" role="status" hidden>Thank you for your keyword.</p>
  <h2>Need help?</h2>${chat('en')}`,
    script: applyScript(),
  },
  {
    path: '/fr/services/prestations/ae/demande.html',
    title: 'Demander des prestations d’assurance-emploi',
    description: 'Le formulaire de demande d’AE (démo) : soumission validée, effacement, consultation par mot-clé, assistant de clavardage.',
    subject: 'Prestations;Assurance-emploi',
    identifier: 'ESDC-EDSC-demo-ae-demande',
    crumbs: [
      ['/fr/services.html', 'Services'],
      ['/fr/services/prestations.html', 'Prestations'],
      ['/fr/services/prestations/ae.html', 'Assurance-emploi'],
    ],
    demonstrates:
      'Formulaires : un formulaire suivi (Form Submit seulement si tous les champs obligatoires, la liste « Sélectionnez » et le groupe obligatoire sont remplis; Form Reset), consultation par mot-clé, assistant de clavardage, signaler un problème. Le sondage de démonstration de portée « page » vise cette page.',
    examples: [['?im_scope=page&im_nocookiecheck=1', 'avec l’invitation au sondage de portée « page » (paramètres d’AQ)']],
    body: `
  <p>Remplissez le formulaire pour voir la balise <em>Form Submit</em>; soumettez-le incomplet pour voir qu’aucune n’est envoyée (la page affiche plutôt les erreurs). Rien n’est envoyé nulle part : c’est une démo.</p>
  <div id="apply-errors" class="alert alert-danger" role="alert" hidden><p>Le formulaire n’a pas pu être soumis : remplissez tous les champs marqués <strong>obligatoire</strong>.</p></div>
  <form id="apply-form" action="#" method="post" novalidate data-gc-analytics-formname="Demande d’AE (démo)">
    <div class="form-group">
      <label for="apply-province"><span class="field-name">Province ou territoire de résidence</span> <strong class="required">(obligatoire)</strong></label>
      <select id="apply-province" name="province" required data-gc-analytics-collect>
        <option value="">Sélectionnez</option>
        <option value="on">Ontario</option>
        <option value="qc">Québec</option>
        <option value="bc">Colombie-Britannique</option>
        <option value="ns">Nouvelle-Écosse</option>
      </select>
    </div>
    <fieldset>
      <legend class="required"><span class="field-name">Pourquoi avez-vous cessé de travailler?</span> <strong class="required">(obligatoire)</strong></legend>
      <div class="radio"><label><input type="radio" name="reason" value="manque de travail" data-gc-analytics-collect> Manque de travail ou mise à pied</label></div>
      <div class="radio"><label><input type="radio" name="reason" value="fin de contrat" data-gc-analytics-collect> Fin d’un contrat</label></div>
      <div class="radio"><label><input type="radio" name="reason" value="maladie" data-gc-analytics-collect> Maladie ou blessure</label></div>
    </fieldset>
    <div class="form-group">
      <label for="apply-weeks"><span class="field-name">Semaines travaillées au cours de la dernière année</span> <strong class="required">(obligatoire)</strong></label>
      <input id="apply-weeks" name="weeks" type="number" min="0" max="52" required data-gc-analytics-collect>
    </div>
    <div class="form-group">
      <label for="apply-firstname"><span class="field-name">Prénom (facultatif; enregistré comme la marque de caviardage, jamais tel que tapé : son nom, écrit comme dans les gabarits de formulaire de la BOEW, dit qu’il est celui d’une personne)</span></label>
      <input class="form-control" id="apply-firstname" name="firstname" type="text" data-gc-analytics-collect>
    </div>
    <div class="form-group">
      <label for="apply-dob"><span class="field-name">Date de naissance (facultative; enregistrée comme la marque de caviardage)</span></label>
      <input class="form-control" id="apply-dob" name="dateOfBirth" type="date" data-gc-analytics-collect>
    </div>
    <div class="form-group" data-private>
      <label for="apply-email">Adresse courriel (facultative, jamais enregistrée : <code>data-private</code>)</label>
      <input id="apply-email" name="email" type="email" data-gc-analytics-collect>
    </div>
    <div class="form-group">
      <label for="apply-record"><span class="field-name">Relevé d’emploi (facultatif; enregistré seulement comme joint, jamais son nom de fichier)</span></label>
      <input id="apply-record" name="record" type="file" accept=".pdf" data-gc-analytics-collect>
    </div>
    <div class="checkbox"><label><input type="checkbox" name="direct-deposit" data-gc-analytics-collect> Je veux le dépôt direct</label></div>
    <p>
      <button type="submit" class="btn btn-primary">Soumettre la demande</button>
      <button type="reset" class="btn btn-default">Effacer le formulaire</button>
    </p>
  </form>
  <div id="apply-done" class="alert alert-success" role="status" hidden><p>Merci : votre demande (de démonstration) a été reçue.</p></div>
  <h2>Consultation par mot-clé</h2>
  <p>Dites-nous quels mots vous utiliseriez pour trouver de l’information sur l’AE (le mot-clé est enregistré, nettoyé).</p>
  <form id="keyword-form" action="#" data-gc-analytics-keyword="Consultation par mot-clé AE">
    <label for="keyword">Mot-clé</label>
    <input id="keyword" name="keyword" type="text">
    <button type="submit" class="btn btn-default">Envoyer</button>
  </form>
  <p id="keyword-done" role="status" hidden>Merci pour votre mot-clé.</p>
  <h2>Besoin d’aide?</h2>${chat('fr')}`,
    script: applyScript(),
  },
);

/** The application form's own validation (as WET's form validation would do) and the keyword form. */
function applyScript(): string {
  return `
(function () {
  var form = document.getElementById('apply-form');
  var errors = document.getElementById('apply-errors');
  var done = document.getElementById('apply-done');
  var filled = function () {
    if (!form.province.value || !form.weeks.value.trim()) return false;
    return Array.prototype.some.call(form.querySelectorAll('input[name=reason]'), function (r) { return r.checked; });
  };
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var ok = filled();
    errors.hidden = ok;
    form.hidden = ok;
    done.hidden = !ok;
  });
  form.addEventListener('reset', function () { errors.hidden = true; });
  var keywordForm = document.getElementById('keyword-form');
  keywordForm.addEventListener('submit', function (e) {
    e.preventDefault();
    document.getElementById('keyword-done').hidden = keywordForm.keyword.value.trim() === '';
  });
})();`;
}

const guide = pair(
  {
    path: '/en/services/benefits/ei/guide.html',
    title: 'EI guide: eligibility, benefit amounts and reporting',
    description: 'A guide to Employment Insurance with expand/collapse sections, tabs and a filterable table.',
    subject: 'Benefits;Employment insurance',
    identifier: 'ESDC-EDSC-demo-ei-guide',
    crumbs: [
      ['/en/services.html', 'Services'],
      ['/en/services/benefits.html', 'Benefits'],
      ['/en/services/benefits/ei.html', 'Employment Insurance'],
    ],
    demonstrates:
      'Widgets: expand/collapse (details > summary, only when opening), expand all (.wb-toggle), tabs (.wb-tabs, not the active tab), a carousel (.wb-tabs.carousel-s1: Carousel Click with tabN), a filterable table (.wb-tables with input.wb-fltr-inpt: Data Table Filter, scrubbed), a screen id.',
    body: `
  <ul class="toc">
    <li><a href="#eligibility">Eligibility</a></li>
    <li><a href="#amounts">Benefit amounts</a></li>
    <li><a href="#offices">Service Canada offices</a></li>
  </ul>
  <h2 id="eligibility">Eligibility</h2>
  <p>
    <button type="button" class="wb-toggle btn btn-default" data-toggle='{"type":"on","selector":"#eligibility-list details"}'>Expand all</button>
    <button type="button" class="wb-toggle btn btn-default" data-toggle='{"type":"off","selector":"#eligibility-list details"}'>Collapse all</button>
  </p>
  <div id="eligibility-list">
    <details><summary>Who can get EI regular benefits</summary><p>You may be eligible if you lost your job through no fault of your own and worked enough insurable hours in the last 52 weeks.</p></details>
    <details><summary>Insurable hours you need</summary><p>Between 420 and 700 hours, depending on the unemployment rate in your region.</p></details>
    <details><summary>When you are not eligible</summary><p>If you quit your job without just cause, or were dismissed for misconduct.</p></details>
  </div>
  <h2 id="amounts">Benefit amounts</h2>
  <div class="wb-tabs">
    <ul role="tablist">
      <li role="presentation" class="active"><a role="tab" id="tab-rate" href="#tabpanel-rate" aria-controls="tabpanel-rate" aria-selected="true">Rate</a></li>
      <li role="presentation"><a role="tab" id="tab-maximum" href="#tabpanel-maximum" aria-controls="tabpanel-maximum" aria-selected="false" tabindex="-1">Maximum</a></li>
      <li role="presentation"><a role="tab" id="tab-duration" href="#tabpanel-duration" aria-controls="tabpanel-duration" aria-selected="false" tabindex="-1">Duration</a></li>
    </ul>
    <div class="tabpanels">
      <div role="tabpanel" id="tabpanel-rate" aria-labelledby="tab-rate"><p>For most people, the basic rate is 55% of average insurable weekly earnings.</p></div>
      <div role="tabpanel" id="tabpanel-maximum" aria-labelledby="tab-maximum" hidden><p>In 2025, the maximum is $695 a week (demo figure).</p></div>
      <div role="tabpanel" id="tabpanel-duration" aria-labelledby="tab-duration" hidden><p>From 14 to 45 weeks, depending on your hours and your region.</p></div>
    </div>
  </div>
  <h3>Tips (carousel)</h3>
  <div class="wb-tabs carousel-s1">
    <ul role="tablist">
      <li role="presentation" class="active"><a role="tab" id="tip-tab-1" href="#tip-1" aria-controls="tip-1" aria-selected="true">Tip 1</a></li>
      <li role="presentation"><a role="tab" id="tip-tab-2" href="#tip-2" aria-controls="tip-2" aria-selected="false" tabindex="-1">Tip 2</a></li>
    </ul>
    <div class="tabpanels">
      <div role="tabpanel" id="tip-1" aria-labelledby="tip-tab-1"><p>Apply as soon as you stop working: <a href="/en/services/benefits/ei/apply.html">apply for EI</a>.</p></div>
      <div role="tabpanel" id="tip-2" aria-labelledby="tip-tab-2" hidden><p>Not sure how? <a href="/en/services/benefits/ei/video.html">Watch the video</a>.</p></div>
    </div>
    <p class="carousel-controls"><button type="button" data-carousel-step="-1">Previous tip</button> <button type="button" data-carousel-step="1">Next tip</button></p>
  </div>
  <h2 id="offices">Service Canada offices</h2>
  <div class="wb-filter">
    <label for="offices-filter">Filter the offices</label>
    <input id="offices-filter" class="wb-fltr-inpt" type="search" data-table="#offices-table" data-status="#offices-status">
    <p id="offices-status" class="small" aria-live="polite"></p>
  </div>
  <table id="offices-table" class="wb-tables table">
    <thead><tr><th>City</th><th>Province</th><th>Address</th></tr></thead>
    <tbody>
      <tr><td>Ottawa</td><td>Ontario</td><td>110 O’Connor Street</td></tr>
      <tr><td>Toronto</td><td>Ontario</td><td>25 St. Clair Avenue East</td></tr>
      <tr><td>Montréal</td><td>Quebec</td><td>200 René-Lévesque Boulevard West</td></tr>
      <tr><td>Halifax</td><td>Nova Scotia</td><td>1800 Argyle Street</td></tr>
      <tr><td>Vancouver</td><td>British Columbia</td><td>125 East 10th Avenue</td></tr>
    </tbody>
  </table>`,
  },
  {
    path: '/fr/services/prestations/ae/guide.html',
    title: 'Guide de l’AE : admissibilité, montants et déclarations',
    description: 'Un guide de l’assurance-emploi avec des sections à développer, des onglets et un tableau filtrable.',
    subject: 'Prestations;Assurance-emploi',
    identifier: 'ESDC-EDSC-demo-ae-guide',
    crumbs: [
      ['/fr/services.html', 'Services'],
      ['/fr/services/prestations.html', 'Prestations'],
      ['/fr/services/prestations/ae.html', 'Assurance-emploi'],
    ],
    demonstrates:
      'Composants : développer/réduire (details > summary, à l’ouverture seulement), tout développer (.wb-toggle), onglets (.wb-tabs), un carrousel (.wb-tabs.carousel-s1 : Carousel Click avec tabN), un tableau filtrable (input.wb-fltr-inpt : Data Table Filter, nettoyé).',
    body: `
  <ul class="toc">
    <li><a href="#admissibilite">Admissibilité</a></li>
    <li><a href="#montants">Montants des prestations</a></li>
    <li><a href="#bureaux">Bureaux de Service Canada</a></li>
  </ul>
  <h2 id="admissibilite">Admissibilité</h2>
  <p>
    <button type="button" class="wb-toggle btn btn-default" data-toggle='{"type":"on","selector":"#admissibilite-liste details"}'>Tout développer</button>
    <button type="button" class="wb-toggle btn btn-default" data-toggle='{"type":"off","selector":"#admissibilite-liste details"}'>Tout réduire</button>
  </p>
  <div id="admissibilite-liste">
    <details><summary>Qui peut recevoir des prestations régulières</summary><p>Vous pourriez être admissible si vous avez perdu votre emploi sans en être responsable et avez travaillé assez d’heures assurables au cours des 52 dernières semaines.</p></details>
    <details><summary>Heures assurables nécessaires</summary><p>Entre 420 et 700 heures, selon le taux de chômage de votre région.</p></details>
    <details><summary>Quand vous n’êtes pas admissible</summary><p>Si vous avez quitté votre emploi sans motif valable ou avez été congédié pour inconduite.</p></details>
  </div>
  <h2 id="montants">Montants des prestations</h2>
  <div class="wb-tabs">
    <ul role="tablist">
      <li role="presentation" class="active"><a role="tab" id="tab-taux" href="#tabpanel-taux" aria-controls="tabpanel-taux" aria-selected="true">Taux</a></li>
      <li role="presentation"><a role="tab" id="tab-maximum" href="#tabpanel-maximum" aria-controls="tabpanel-maximum" aria-selected="false" tabindex="-1">Maximum</a></li>
      <li role="presentation"><a role="tab" id="tab-duree" href="#tabpanel-duree" aria-controls="tabpanel-duree" aria-selected="false" tabindex="-1">Durée</a></li>
    </ul>
    <div class="tabpanels">
      <div role="tabpanel" id="tabpanel-taux" aria-labelledby="tab-taux"><p>Pour la plupart des gens, le taux de base est de 55 % de la rémunération hebdomadaire assurable moyenne.</p></div>
      <div role="tabpanel" id="tabpanel-maximum" aria-labelledby="tab-maximum" hidden><p>En 2025, le maximum est de 695 $ par semaine (chiffre de démonstration).</p></div>
      <div role="tabpanel" id="tabpanel-duree" aria-labelledby="tab-duree" hidden><p>De 14 à 45 semaines, selon vos heures et votre région.</p></div>
    </div>
  </div>
  <h3>Conseils (carrousel)</h3>
  <div class="wb-tabs carousel-s1">
    <ul role="tablist">
      <li role="presentation" class="active"><a role="tab" id="tip-tab-1" href="#tip-1" aria-controls="tip-1" aria-selected="true">Conseil 1</a></li>
      <li role="presentation"><a role="tab" id="tip-tab-2" href="#tip-2" aria-controls="tip-2" aria-selected="false" tabindex="-1">Conseil 2</a></li>
    </ul>
    <div class="tabpanels">
      <div role="tabpanel" id="tip-1" aria-labelledby="tip-tab-1"><p>Présentez votre demande dès que vous cessez de travailler : <a href="/fr/services/prestations/ae/demande.html">demander l’AE</a>.</p></div>
      <div role="tabpanel" id="tip-2" aria-labelledby="tip-tab-2" hidden><p>Vous ne savez pas comment? <a href="/fr/services/prestations/ae/video.html">Regardez la vidéo</a>.</p></div>
    </div>
    <p class="carousel-controls"><button type="button" data-carousel-step="-1">Conseil précédent</button> <button type="button" data-carousel-step="1">Conseil suivant</button></p>
  </div>
  <h2 id="bureaux">Bureaux de Service Canada</h2>
  <div class="wb-filter">
    <label for="offices-filter">Filtrer les bureaux</label>
    <input id="offices-filter" class="wb-fltr-inpt" type="search" data-table="#offices-table" data-status="#offices-status">
    <p id="offices-status" class="small" aria-live="polite"></p>
  </div>
  <table id="offices-table" class="wb-tables table">
    <thead><tr><th>Ville</th><th>Province</th><th>Adresse</th></tr></thead>
    <tbody>
      <tr><td>Ottawa</td><td>Ontario</td><td>110, rue O’Connor</td></tr>
      <tr><td>Toronto</td><td>Ontario</td><td>25, avenue St. Clair Est</td></tr>
      <tr><td>Montréal</td><td>Québec</td><td>200, boulevard René-Lévesque Ouest</td></tr>
      <tr><td>Halifax</td><td>Nouvelle-Écosse</td><td>1800, rue Argyle</td></tr>
      <tr><td>Vancouver</td><td>Colombie-Britannique</td><td>125, 10e Avenue Est</td></tr>
    </tbody>
  </table>`,
  },
);
// The guide's screen id (eVar64), as the page details of a Canada.ca app page show it.
for (const page of guide)
  page.body = page.body.replace(
    '<ul class="toc">',
    `<p class="small" data-gc-screen-id="EI-GUIDE-01">${page.lang === 'en' ? 'Screen ID' : 'Identificateur d’écran'}: EI-GUIDE-01</p>\n  <ul class="toc">`,
  );

const video = pair(
  {
    path: '/en/services/benefits/ei/video.html',
    title: 'How to apply for EI (video)',
    description: 'A short video on applying for Employment Insurance online.',
    subject: 'Benefits;Employment insurance',
    identifier: 'ESDC-EDSC-demo-ei-video',
    crumbs: [
      ['/en/services.html', 'Services'],
      ['/en/services/benefits.html', 'Benefits'],
      ['/en/services/benefits/ei.html', 'Employment Insurance'],
    ],
    demonstrates: 'A real video (10 s WebM, generated test pattern): Media Play once, then Media Progress 20, 50 and 80.',
    body: `
  <figure class="wb-mltmd">
    <video id="ei-video" title="How to apply for EI (demo video)" controls preload="metadata" width="640" height="360">
      <source src="/content/dam/demo/ei-video.webm" type="video/webm">
      <track kind="captions" src="/content/dam/demo/ei-video-en.vtt" srclang="en" label="English" default>
    </video>
    <figcaption>How to apply for EI (demo video: a generated test pattern with a 440 Hz tone, 10 seconds).</figcaption>
  </figure>
  <details>
    <summary>Transcript</summary>
    <p>[Test pattern] This demo video stands in for the EI video. Press play: the tag reports the first play and the 20, 50 and 80 percent marks.</p>
  </details>
  <p><a href="/content/dam/demo/ei-video.webm">Download the video (WebM, 167 KB)</a></p>`,
  },
  {
    path: '/fr/services/prestations/ae/video.html',
    title: 'Comment présenter une demande d’AE (vidéo)',
    description: 'Une courte vidéo sur la demande de prestations d’assurance-emploi en ligne.',
    subject: 'Prestations;Assurance-emploi',
    identifier: 'ESDC-EDSC-demo-ae-video',
    crumbs: [
      ['/fr/services.html', 'Services'],
      ['/fr/services/prestations.html', 'Prestations'],
      ['/fr/services/prestations/ae.html', 'Assurance-emploi'],
    ],
    demonstrates: 'Une vraie vidéo (WebM de 10 s, mire générée) : Media Play une fois, puis Media Progress 20, 50 et 80.',
    body: `
  <figure class="wb-mltmd">
    <video id="ei-video" title="Comment présenter une demande d’AE (vidéo de démonstration)" controls preload="metadata" width="640" height="360">
      <source src="/content/dam/demo/ei-video.webm" type="video/webm">
      <track kind="captions" src="/content/dam/demo/ei-video-fr.vtt" srclang="fr" label="Français" default>
    </video>
    <figcaption>Comment présenter une demande d’AE (vidéo de démonstration : une mire générée avec un son de 440 Hz, 10 secondes).</figcaption>
  </figure>
  <details>
    <summary>Transcription</summary>
    <p>[Mire] Cette vidéo de démonstration tient lieu de la vidéo sur l’AE. Lancez la lecture : la balise signale la première lecture et les repères de 20, 50 et 80 pour cent.</p>
  </details>
  <p><a href="/content/dam/demo/ei-video.webm">Télécharger la vidéo (WebM, 167 Ko)</a></p>`,
  },
);

const jobs = pair(
  {
    path: '/en/services/jobs.html',
    title: 'Jobs and the workplace',
    description: 'Jobs and the workplace: the index page of the jobs theme.',
    subject: 'Employment;Jobs',
    identifier: 'ESDC-EDSC-demo-jobs',
    crumbs: [['/en/services.html', 'Services']],
    demonstrates: 'Another theme index page (no theme).',
    body: `
  <h2>Services and information</h2>
  <ul>
    <li><a href="/en/services/jobs/training.html">Training and skills development</a></li>
    <li><a href="https://www.jobbank.gc.ca/">Job Bank</a> (another government host: a cross-domain click)</li>
  </ul>`,
  },
  {
    path: '/fr/services/emplois.html',
    title: 'Emplois et milieu de travail',
    description: 'Emplois et milieu de travail : la page d’index du thème des emplois.',
    subject: 'Emploi;Emplois',
    identifier: 'ESDC-EDSC-demo-emplois',
    crumbs: [['/fr/services.html', 'Services']],
    demonstrates: 'Une autre page d’index de thème (pas de thème).',
    body: `
  <h2>Services et renseignements</h2>
  <ul>
    <li><a href="/fr/services/emplois/formation.html">Formation et perfectionnement des compétences</a></li>
    <li><a href="https://www.guichetemplois.gc.ca/">Guichet-Emplois</a> (un autre hôte du gouvernement : un clic interdomaine)</li>
  </ul>`,
  },
);

const training = pair(
  {
    path: '/en/services/jobs/training.html',
    title: 'Training and skills development',
    description: 'Apprenticeship, skills training and funding for workers.',
    subject: 'Employment;Training',
    identifier: 'ESDC-EDSC-demo-training',
    crumbs: [
      ['/en/services.html', 'Services'],
      ['/en/services/jobs.html', 'Jobs and the workplace'],
    ],
    demonstrates: 'A page of the "jobs" theme: the theme-scope demo survey targets it.',
    examples: [['?im_scope=theme&im_nocookiecheck=1', 'with the theme-scope survey invitation (QA parameters)']],
    body: `
  <p>Programs that help workers get the skills employers need.</p>
  <ul>
    <li>Apprenticeship grants</li>
    <li>Skills for Success</li>
    <li>Canada Training Benefit</li>
  </ul>
  <details><summary>Who can apply</summary><p>Workers aged 25 to 64 with earnings between $10,000 and $150,000 in the previous year (demo figures).</p></details>`,
  },
  {
    path: '/fr/services/emplois/formation.html',
    title: 'Formation et perfectionnement des compétences',
    description: 'Apprentissage, formation professionnelle et financement pour les travailleurs.',
    subject: 'Emploi;Formation',
    identifier: 'ESDC-EDSC-demo-formation',
    crumbs: [
      ['/fr/services.html', 'Services'],
      ['/fr/services/emplois.html', 'Emplois et milieu de travail'],
    ],
    demonstrates: 'Une page du thème « emplois » : le sondage de démonstration de portée « thème » la vise.',
    examples: [['?im_scope=theme&im_nocookiecheck=1', 'avec l’invitation au sondage de portée « thème » (paramètres d’AQ)']],
    body: `
  <p>Des programmes qui aident les travailleurs à acquérir les compétences recherchées par les employeurs.</p>
  <ul>
    <li>Subventions aux apprentis</li>
    <li>Compétences pour réussir</li>
    <li>Allocation canadienne pour la formation</li>
  </ul>
  <details><summary>Qui peut présenter une demande</summary><p>Les travailleurs de 25 à 64 ans dont le revenu était entre 10 000 $ et 150 000 $ l’année précédente (chiffres de démonstration).</p></details>`,
  },
);

// ---------------------------------------------------------------------------------------------
// The MP Service Portal (PV-13: app name, login status 1)

const infoShare = pair(
  {
    path: '/en/info-share.html',
    title: 'MP Service Portal',
    description: 'The service portal for members of Parliament and their staff (demo).',
    subject: 'Government information;Parliament',
    identifier: 'ESDC-EDSC-demo-infoshare',
    signIn: { href: '/en/info-share/dashboard.html', label: 'Sign in' },
    demonstrates: 'The info-share portal: app name "MP Service Portal", login status 1 (Authenticated); the sign-in button (#wb-so: Sign-in Click).',
    body: `
  <p>Members of Parliament and their staff use this portal to follow up on constituents’ files with Service Canada. Sign in to see your dashboard.</p>
  <p><a class="btn btn-primary" href="/en/info-share/dashboard.html">Go to my dashboard</a></p>`,
  },
  {
    path: '/fr/partage-info.html',
    title: 'Portail de services des députés',
    description: 'Le portail de services des députés et de leur personnel (démo).',
    subject: 'Information gouvernementale;Parlement',
    identifier: 'ESDC-EDSC-demo-partageinfo',
    signIn: { href: '/fr/partage-info/tableau-de-bord.html', label: 'Se connecter' },
    demonstrates:
      'Le portail partage-info : nom d’application « Portail de services des députés », statut de connexion 1 (Authentifié); le bouton de connexion (#wb-so).',
    body: `
  <p>Les députés et leur personnel utilisent ce portail pour faire le suivi des dossiers de leurs électeurs auprès de Service Canada. Connectez-vous pour voir votre tableau de bord.</p>
  <p><a class="btn btn-primary" href="/fr/partage-info/tableau-de-bord.html">Aller à mon tableau de bord</a></p>`,
  },
);

const infoShareDashboard = pair(
  {
    path: '/en/info-share/dashboard.html',
    title: 'Dashboard - MP Service Portal',
    description: 'The dashboard of the MP Service Portal (demo).',
    subject: 'Government information;Parliament',
    identifier: 'ESDC-EDSC-demo-infoshare-dashboard',
    crumbs: [['/en/info-share.html', 'MP Service Portal']],
    demonstrates: 'A page inside the portal (/en/info-share/…): same app name and login status.',
    body: `
  <p>Welcome. You have 2 open requests (demo data).</p>
  <table class="table">
    <thead><tr><th>Request</th><th>Program</th><th>Status</th></tr></thead>
    <tbody>
      <tr><td>R-1001</td><td>Employment Insurance</td><td>In progress</td></tr>
      <tr><td>R-1002</td><td>Canada Pension Plan</td><td>Waiting for documents</td></tr>
    </tbody>
  </table>
  <p><a href="/en/info-share.html">Sign out</a></p>`,
  },
  {
    path: '/fr/partage-info/tableau-de-bord.html',
    title: 'Tableau de bord - Portail de services des députés',
    description: 'Le tableau de bord du portail de services des députés (démo).',
    subject: 'Information gouvernementale;Parlement',
    identifier: 'ESDC-EDSC-demo-partageinfo-tableau',
    crumbs: [['/fr/partage-info.html', 'Portail de services des députés']],
    demonstrates: 'Une page dans le portail (/fr/partage-info/…) : même nom d’application et statut de connexion.',
    body: `
  <p>Bienvenue. Vous avez 2 demandes ouvertes (données de démonstration).</p>
  <table class="table">
    <thead><tr><th>Demande</th><th>Programme</th><th>État</th></tr></thead>
    <tbody>
      <tr><td>R-1001</td><td>Assurance-emploi</td><td>En cours</td></tr>
      <tr><td>R-1002</td><td>Régime de pensions du Canada</td><td>En attente de documents</td></tr>
    </tbody>
  </table>
  <p><a href="/fr/partage-info.html">Se déconnecter</a></p>`,
  },
);

// ---------------------------------------------------------------------------------------------
// Search (SR-1: search pages; news search)

const searchForm = (lang: Lang, action: string) =>
  lang === 'en'
    ? `
  <form action="${action}" method="get" role="search" class="sr-form" aria-label="Search results page">
    <label for="sr-q">Search Canada.ca</label>
    <input id="sr-q" name="q" type="search" size="40">
    <button type="submit" class="btn btn-primary">Search</button>
    <a href="/en/search/advanced-search.html">Advanced search</a>
  </form>`
    : `
  <form action="${action}" method="get" role="search" class="sr-form" aria-label="Page de résultats de recherche">
    <label for="sr-q">Rechercher dans Canada.ca</label>
    <input id="sr-q" name="q" type="search" size="40">
    <button type="submit" class="btn btn-primary">Rechercher</button>
    <a href="/fr/rechercher/recherche-avancee.html">Recherche avancée</a>
  </form>`;

const searchResults = pair(
  {
    path: '/en/sr/srb.html',
    title: 'Search results',
    description: 'Search results of the demo site.',
    identifier: 'ESDC-EDSC-demo-srb',
    demonstrates:
      'Search results: no page view; the Search Query beacon stands in for it (event 50 with the page-view events); pagination (Search Pagination), result clicks (Search Result Click with the rank), no results (Error Event "No search results").',
    examples: [
      ['?q=employment+insurance', 'results for “employment insurance” (2 pages)'],
      ['?q=zzzz', 'no results'],
      ['?allq=insurance&exctq=employment+insurance&fqupdate=month&fqocct=title_t', 'from the advanced search'],
    ],
    body: `${searchForm('en', '/en/sr/srb.html')}
  <div id="gc-search" data-gc-search='{"searchHub":"canada-gouv-public-websites","lang":"en"}'>
    <section id="wb-land"><div id="query-summary" aria-live="polite"></div><div id="result-list" class="results"></div><div class="text-center wb-paginate-pager"></div></section>
  </div>`,
    script: searchResultsScript('en'),
  },
  {
    path: '/fr/sr/srb.html',
    title: 'Résultats de recherche',
    description: 'Résultats de recherche du site de démonstration.',
    identifier: 'ESDC-EDSC-demo-srb-fr',
    demonstrates:
      'Résultats de recherche : pas de page vue; la balise Search Query la remplace; pagination, clics sur les résultats (avec le rang), aucun résultat (« Aucun résultat » : Error Event).',
    examples: [
      ['?q=assurance-emploi', 'résultats pour « assurance-emploi » (2 pages)'],
      ['?q=zzzz', 'aucun résultat'],
    ],
    body: `${searchForm('fr', '/fr/sr/srb.html')}
  <div id="gc-search" data-gc-search='{"searchHub":"canada-gouv-public-websites","lang":"fr"}'>
    <section id="wb-land"><div id="query-summary" aria-live="polite"></div><div id="result-list" class="results"></div><div class="text-center wb-paginate-pager"></div></section>
  </div>`,
    script: searchResultsScript('fr'),
  },
);

const advancedSearch = pair(
  {
    path: '/en/search/advanced-search.html',
    title: 'Advanced search',
    description: 'The advanced search form of the demo site.',
    identifier: 'ESDC-EDSC-demo-advanced-search',
    demonstrates:
      'Advanced search: its fields (allq, exctq, anyq, noneq, fqupdate, dmn, fqocct) give the search type "Advanced Search Used", the date filter and the field scope on the results page.',
    body: `
  <form action="/en/sr/srb.html" method="get" class="advanced-search">
    <fieldset>
      <legend>Find pages with…</legend>
      <div class="form-group"><label for="allq">All these words:</label> <input id="allq" name="allq" type="text" value="insurance"></div>
      <div class="form-group"><label for="exctq">This exact word or phrase:</label> <input id="exctq" name="exctq" type="text" value="employment insurance"></div>
      <div class="form-group"><label for="anyq">Any of these words:</label> <input id="anyq" name="anyq" type="text"></div>
      <div class="form-group"><label for="noneq">None of these words:</label> <input id="noneq" name="noneq" type="text"></div>
    </fieldset>
    <fieldset>
      <legend>Then narrow your results by…</legend>
      <div class="form-group"><label for="fqupdate">Date:</label>
        <select id="fqupdate" name="fqupdate"><option value="any">Any time</option><option value="day">Past 24 hours</option><option value="week">Past week</option><option value="month" selected>Past month</option><option value="year">Past year</option></select></div>
      <div class="form-group"><label for="dmn">Site or domain:</label> <input id="dmn" name="dmn" type="text" placeholder="canada.ca"></div>
      <div class="form-group"><label for="fqocct">Terms appearing:</label>
        <select id="fqocct" name="fqocct"><option value="any">anywhere in the page</option><option value="title_t" selected>in the title of the page</option><option value="url_t">in the URL of the page</option><option value="body_t">in the body of the page</option></select></div>
    </fieldset>
    <button type="submit" class="btn btn-primary">Search</button>
  </form>`,
  },
  {
    path: '/fr/rechercher/recherche-avancee.html',
    title: 'Recherche avancée',
    description: 'Le formulaire de recherche avancée du site de démonstration.',
    identifier: 'ESDC-EDSC-demo-recherche-avancee',
    demonstrates:
      'Recherche avancée : ses champs donnent le type de recherche « Advanced Search Used », le filtre de date et la portée des champs sur la page de résultats.',
    body: `
  <form action="/fr/sr/srb.html" method="get" class="advanced-search">
    <fieldset>
      <legend>Trouver les pages qui contiennent…</legend>
      <div class="form-group"><label for="allq">Tous ces mots :</label> <input id="allq" name="allq" type="text" value="assurance"></div>
      <div class="form-group"><label for="exctq">Ce mot ou cette phrase exacte :</label> <input id="exctq" name="exctq" type="text" value="assurance-emploi"></div>
      <div class="form-group"><label for="anyq">N’importe lequel de ces mots :</label> <input id="anyq" name="anyq" type="text"></div>
      <div class="form-group"><label for="noneq">Aucun de ces mots :</label> <input id="noneq" name="noneq" type="text"></div>
    </fieldset>
    <fieldset>
      <legend>Puis affiner les résultats par…</legend>
      <div class="form-group"><label for="fqupdate">Date :</label>
        <select id="fqupdate" name="fqupdate"><option value="any">N’importe quand</option><option value="day">Dernières 24 heures</option><option value="week">Dernière semaine</option><option value="month" selected>Dernier mois</option><option value="year">Dernière année</option></select></div>
      <div class="form-group"><label for="dmn">Site ou domaine :</label> <input id="dmn" name="dmn" type="text" placeholder="canada.ca"></div>
      <div class="form-group"><label for="fqocct">Termes présents :</label>
        <select id="fqocct" name="fqocct"><option value="any">n’importe où dans la page</option><option value="title_t" selected>dans le titre de la page</option><option value="url_t">dans l’URL de la page</option><option value="body_t">dans le corps de la page</option></select></div>
    </fieldset>
    <button type="submit" class="btn btn-primary">Rechercher</button>
  </form>`,
  },
);

const newsSearch = pair(
  {
    path: '/en/news/search.html',
    title: 'News search',
    description: 'Search the news of the demo site by keyword, type, department, minister and date.',
    identifier: 'ESDC-EDSC-demo-news-search',
    crumbs: [['/en/news.html', 'News']],
    demonstrates:
      'News search: the search term gets the filter parts (type, institution, ministry, start, end), e.g. "employment|type:newsreleases|institution:esdc|…".',
    examples: [
      ['?q=employment&typ=newsreleases&dprtmnt=esdc&start=2025-01-01&end=2025-12-31', 'employment news releases of ESDC in 2025'],
      ['?typ=backgrounders', 'backgrounders only (no keyword: a page view and a Search Query)'],
    ],
    body: `
  <form action="/en/news/search.html" method="get" class="news-search">
    <div class="form-group"><label for="news-q">Keywords</label> <input id="news-q" name="q" type="search"></div>
    <div class="form-group"><label for="news-typ">Content type</label>
      <select id="news-typ" name="typ"><option value="">All</option><option value="newsreleases">News releases</option><option value="statements">Statements</option><option value="backgrounders">Backgrounders</option><option value="speeches">Speeches</option><option value="mediaadvisories">Media advisories</option></select></div>
    <div class="form-group"><label for="news-dprtmnt">Department</label>
      <select id="news-dprtmnt" name="dprtmnt"><option value="">All</option><option value="esdc">Employment and Social Development Canada</option><option value="fin">Department of Finance Canada</option></select></div>
    <div class="form-group"><label for="news-mnstr">Minister</label>
      <select id="news-mnstr" name="mnstr"><option value="">All</option><option value="employment">Minister of Employment</option><option value="finance">Minister of Finance</option></select></div>
    <div class="form-group"><label for="news-start">From</label> <input id="news-start" name="start" type="date"> <label for="news-end">to</label> <input id="news-end" name="end" type="date"></div>
    <button type="submit" class="btn btn-primary">Search</button>
  </form>
  <div id="news-results"></div>`,
    script: newsSearchScript('en'),
  },
  {
    path: '/fr/nouvelles/rechercher.html',
    title: 'Recherche de nouvelles',
    description: 'Rechercher les nouvelles du site de démonstration par mot-clé, type, ministère, ministre et date.',
    identifier: 'ESDC-EDSC-demo-recherche-nouvelles',
    crumbs: [['/fr/nouvelles.html', 'Nouvelles']],
    demonstrates: 'Recherche de nouvelles : le terme de recherche reçoit les parties des filtres (type, institution, ministry, start, end).',
    examples: [['?q=emploi&typ=declarations&dprtmnt=edsc', 'déclarations d’EDSC sur l’emploi']],
    body: `
  <form action="/fr/nouvelles/rechercher.html" method="get" class="news-search">
    <div class="form-group"><label for="news-q">Mots-clés</label> <input id="news-q" name="q" type="search"></div>
    <div class="form-group"><label for="news-typ">Type de contenu</label>
      <select id="news-typ" name="typ"><option value="">Tous</option><option value="communiques">Communiqués</option><option value="declarations">Déclarations</option><option value="documentsinformation">Documents d’information</option><option value="discours">Discours</option><option value="avisauxmedias">Avis aux médias</option></select></div>
    <div class="form-group"><label for="news-dprtmnt">Ministère</label>
      <select id="news-dprtmnt" name="dprtmnt"><option value="">Tous</option><option value="edsc">Emploi et Développement social Canada</option><option value="fin">Ministère des Finances Canada</option></select></div>
    <div class="form-group"><label for="news-mnstr">Ministre</label>
      <select id="news-mnstr" name="mnstr"><option value="">Tous</option><option value="emploi">Ministre de l’Emploi</option><option value="finances">Ministre des Finances</option></select></div>
    <div class="form-group"><label for="news-start">Du</label> <input id="news-start" name="start" type="date"> <label for="news-end">au</label> <input id="news-end" name="end" type="date"></div>
    <button type="submit" class="btn btn-primary">Rechercher</button>
  </form>
  <div id="news-results"></div>`,
    script: newsSearchScript('fr'),
  },
);

// ---------------------------------------------------------------------------------------------
// The task-success survey (SV-9: start and thank-you pages; src/rules/survey.ts)

const TASKS: Array<[string, string]> = [
  ['Apply for Employment Insurance', 'Demander l’assurance-emploi'],
  ['Find out if I am eligible', 'Savoir si je suis admissible'],
  ['Check the status of my claim', 'Vérifier l’état de ma demande'],
  ['Something else', 'Autre chose'],
];
const YES_NO: Array<[string, string]> = [
  ['Yes', 'Oui'],
  ['No', 'Non'],
];

function surveyStartBody(lang: Lang): string {
  const i = lang === 'en' ? 0 : 1;
  const radios = (name: string, options: Array<[string, string]>) =>
    options
      .map(
        (option, n) =>
          `      <div class="radio"><label><input type="radio" name="${name}" value="${n}" data-en="${option[0]}" data-fr="${option[1]}" required> ${option[i]}</label></div>`,
      )
      .join('\n');
  return lang === 'en'
    ? `
  <p>Tell us why you came to Canada.ca today. Your answers stay in this browser tab (session storage) until the thank-you page reports them.</p>
  <form id="tss-form" action="/en/surveys/thank-you.html" method="get">
    <fieldset>
      <legend class="required">What did you come to do today? <strong class="required">(required)</strong></legend>
${radios('task', TASKS)}
    </fieldset>
    <fieldset>
      <legend class="required">Were you able to do it? <strong class="required">(required)</strong></legend>
${radios('q1', YES_NO)}
    </fieldset>
    <button type="submit" class="btn btn-primary">Submit</button>
  </form>`
    : `
  <p>Dites-nous pourquoi vous êtes venu sur Canada.ca aujourd’hui. Vos réponses restent dans cet onglet (stockage de session) jusqu’à ce que la page de remerciement les transmette.</p>
  <form id="tss-form" action="/fr/sondages/merci.html" method="get">
    <fieldset>
      <legend class="required">Qu’êtes-vous venu faire aujourd’hui? <strong class="required">(obligatoire)</strong></legend>
${radios('task', TASKS)}
    </fieldset>
    <fieldset>
      <legend class="required">Avez-vous pu le faire? <strong class="required">(obligatoire)</strong></legend>
${radios('q1', YES_NO)}
    </fieldset>
    <button type="submit" class="btn btn-primary">Soumettre</button>
  </form>`;
}

/** Keeps the answers as the survey pages do (tss-{field}-{en|fr}, tss-source), then goes to the thank-you page without them in its address. */
const surveyStartScript = `
(function () {
  var form = document.getElementById('tss-form');
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    ['task', 'q1'].forEach(function (name) {
      var chosen = form.querySelector('input[name=' + name + ']:checked');
      if (!chosen) return;
      sessionStorage.setItem('tss-' + name + '-en', chosen.getAttribute('data-en'));
      sessionStorage.setItem('tss-' + name + '-fr', chosen.getAttribute('data-fr'));
    });
    sessionStorage.setItem('tss-source', new URLSearchParams(location.search).get('source') || 'demo');
    location.href = form.getAttribute('action');
  });
})();`;

const survey = [
  ...pair(
    {
      path: '/en/surveys/reason-visit-category.html',
      title: 'Tell us about your visit',
      description: 'The task-success survey: why did you visit Canada.ca today?',
      identifier: 'ESDC-EDSC-demo-survey-start',
      noFeedback: true,
      demonstrates: 'Survey start page: stores the start time (tss-start) at page bottom; the form keeps the answers in session storage.',
      body: surveyStartBody('en'),
      script: surveyStartScript,
    },
    {
      path: '/fr/sondages/raison-visite-categorie.html',
      title: 'Parlez-nous de votre visite',
      description: 'Le sondage sur la réussite des tâches : pourquoi avez-vous visité Canada.ca aujourd’hui?',
      identifier: 'ESDC-EDSC-demo-sondage-debut',
      noFeedback: true,
      demonstrates: 'Page de début du sondage : enregistre l’heure de début (tss-start); le formulaire garde les réponses en stockage de session.',
      body: surveyStartBody('fr'),
      script: surveyStartScript,
    },
  ),
  ...pair(
    {
      path: '/en/surveys/thank-you.html',
      title: 'Thank you for your feedback',
      description: 'The end of the task-success survey.',
      identifier: 'ESDC-EDSC-demo-survey-thanks',
      noFeedback: true,
      demonstrates: 'Survey thank-you page: once per visit, Survey Complete with the time to complete (event 104) and the answers (event 110, eVar60/61).',
      body: `
  <p>Thank you. Your answers help us improve Canada.ca.</p>
  <p><a href="/en.html">Return to the home page</a> or <a href="/en/surveys/reason-visit-category.html">take the survey again</a> (a second completion in the same visit is not reported).</p>`,
    },
    {
      path: '/fr/sondages/merci.html',
      title: 'Merci de vos commentaires',
      description: 'La fin du sondage sur la réussite des tâches.',
      identifier: 'ESDC-EDSC-demo-sondage-merci',
      noFeedback: true,
      demonstrates: 'Page de remerciement : une fois par visite, Survey Complete avec le temps pour terminer (événement 104) et les réponses (événement 110).',
      body: `
  <p>Merci. Vos réponses nous aident à améliorer Canada.ca.</p>
  <p><a href="/fr.html">Retourner à la page d’accueil</a> ou <a href="/fr/sondages/raison-visite-categorie.html">répondre de nouveau</a> (une deuxième fin dans la même visite n’est pas transmise).</p>`,
    },
  ),
];

// ---------------------------------------------------------------------------------------------
// Error pages (ER-1: recognised by their title; the demo server answers with the status)

const errorPage = (status: 404 | 403 | 500) => {
  const en = { 404: 'Not Found', 403: 'Forbidden', 500: 'Internal Server Error' }[status];
  const fr = { 404: 'Pas trouvé', 403: 'Interdit', 500: 'Erreur Interne du Serveur' }[status];
  const enHeading = {
    404: 'We couldn’t find that Web page (Error 404)',
    403: 'You don’t have access to this page (Error 403)',
    500: 'We’re having a problem with that page (Error 500)',
  }[status];
  const frHeading = {
    404: 'Nous ne pouvons trouver cette page Web (Erreur 404)',
    403: 'Vous n’avez pas accès à cette page (Erreur 403)',
    500: 'Nous éprouvons des difficultés avec cette page (Erreur 500)',
  }[status];
  return pair(
    {
      path: `/en/errors/${status}.html`,
      title: en,
      heading: enHeading,
      description: `Error ${status} page of the demo site.`,
      identifier: `ESDC-EDSC-demo-${status}`,
      noFeedback: true,
      status,
      demonstrates: `Error ${status} (HTTP ${status}): recognised by its title "${en}"; pageType errorPage, eVar28 ${status}${status === 404 ? ', page name "Page Not Found"; the server answers any unknown English page with it' : ''}; no survey pop-up.`,
      ...(status === 404
        ? { examples: [['/en/no-such-page.html', 'an unknown address (served with this page and status 404)']] as Array<[string, string]> }
        : {}),
      body: `
  <p>${status === 404 ? 'We’re sorry you ended up here. Sometimes a page gets moved or deleted.' : status === 403 ? 'This page is only available to signed-in users with the right permissions.' : 'Please try again later.'}</p>
  <ul>
    <li><a href="/en.html">Return to the home page</a></li>
    <li><a href="/en/contact.html">Contact us</a></li>
  </ul>`,
    },
    {
      path: `/fr/erreurs/${status}.html`,
      title: fr,
      heading: frHeading,
      description: `Page d’erreur ${status} du site de démonstration.`,
      identifier: `ESDC-EDSC-demo-${status}-fr`,
      noFeedback: true,
      status,
      demonstrates: `Erreur ${status} (HTTP ${status}) : reconnue par son titre « ${fr} »; pageType errorPage, eVar28 ${status}${status === 404 ? '; le serveur répond à toute adresse française inconnue avec cette page' : ''}; pas de sondage.`,
      ...(status === 404
        ? { examples: [['/fr/page-inexistante.html', 'une adresse inconnue (servie avec cette page et le statut 404)']] as Array<[string, string]> }
        : {}),
      body: `
  <p>${status === 404 ? 'Nous sommes désolés que vous ayez abouti ici. Il arrive parfois qu’une page ait été déplacée ou supprimée.' : status === 403 ? 'Cette page n’est accessible qu’aux utilisateurs connectés qui ont les autorisations requises.' : 'Veuillez réessayer plus tard.'}</p>
  <ul>
    <li><a href="/fr.html">Retourner à la page d’accueil</a></li>
    <li><a href="/fr/contact.html">Contactez-nous</a></li>
  </ul>`,
    },
  );
};
// The examples of an error page are whole paths, not a query: see build-demo-site.ts.
const errors = [...errorPage(404), ...errorPage(403), ...errorPage(500)];

// ---------------------------------------------------------------------------------------------
// Contact (SC-3: on the scroll-depth list) and the tariff list (widgets.ts TARIFF_PAGES)

function contactBody(lang: Lang): string {
  const en = lang === 'en';
  const programs = en
    ? [
        ['ei', 'Employment Insurance', '1-800-206-7218', 'ei-ae@servicecanada.gc.ca'],
        ['cpp', 'Canada Pension Plan', '1-800-277-9914', 'cpp-rpc@servicecanada.gc.ca'],
        ['oas', 'Old Age Security', '1-800-277-9914', 'oas-sv@servicecanada.gc.ca'],
        ['sin', 'Social Insurance Number', '1-866-274-6627', 'sin-nas@servicecanada.gc.ca'],
        ['passport', 'Passports', '1-800-567-6868', 'passport-passeport@servicecanada.gc.ca'],
        ['students', 'Student loans and grants', '1-888-815-4514', 'csfa-afec@hrsdc-rhdcc.gc.ca'],
        ['media', 'Media relations', '819-994-6313', 'media@hrsdc-rhdcc.gc.ca'],
        ['tty', 'TTY (teletypewriter)', '1-800-529-3742', 'tty-ats@servicecanada.gc.ca'],
      ]
    : [
        ['ae', 'Assurance-emploi', '1-800-808-6352', 'ei-ae@servicecanada.gc.ca'],
        ['rpc', 'Régime de pensions du Canada', '1-800-277-9915', 'cpp-rpc@servicecanada.gc.ca'],
        ['sv', 'Sécurité de la vieillesse', '1-800-277-9915', 'oas-sv@servicecanada.gc.ca'],
        ['nas', 'Numéro d’assurance sociale', '1-866-274-6627', 'sin-nas@servicecanada.gc.ca'],
        ['passeport', 'Passeports', '1-800-567-6868', 'passport-passeport@servicecanada.gc.ca'],
        ['etudiants', 'Prêts et bourses d’études', '1-888-815-4514', 'csfa-afec@hrsdc-rhdcc.gc.ca'],
        ['medias', 'Relations avec les médias', '819-994-6313', 'media@hrsdc-rhdcc.gc.ca'],
        ['ats', 'ATS (appareil de télécommunication pour sourds)', '1-800-529-3742', 'tty-ats@servicecanada.gc.ca'],
      ];
  const filler = en
    ? 'Agents answer Monday to Friday, 8:30 am to 4:30 pm, your local time. Wait times are longest on Mondays and after holidays. Have your Social Insurance Number and your mailing address ready; the agent will never ask for your password. You can also visit a Service Canada Centre in person; bring one original identity document.'
    : 'Les agents répondent du lundi au vendredi, de 8 h 30 à 16 h 30, heure locale. L’attente est plus longue le lundi et après les jours fériés. Ayez votre numéro d’assurance sociale et votre adresse postale à portée de main; l’agent ne vous demandera jamais votre mot de passe. Vous pouvez aussi vous rendre dans un Centre Service Canada; apportez une pièce d’identité originale.';
  const toc = programs.map(([id, name]) => `    <li><a href="#${id}">${name}</a></li>`).join('\n');
  const sections = programs
    .map(
      ([id, name, phone, mail]) => `
  <section id="${id}">
    <h2>${name}</h2>
    <p>${en ? 'Telephone' : 'Téléphone'}: <a href="tel:+${phone!.replace(/\D/g, '').replace(/^(?!1)/, '1')}">${phone}</a></p>
    <p>${en ? 'E-mail' : 'Courriel'}: <a href="mailto:${mail}">${mail}</a></p>
    <p>${filler}</p>
    <p>${filler}</p>
    <p><a href="#wb-cont">${en ? 'Back to top' : 'Retour en haut'}</a></p>
  </section>`,
    )
    .join('\n');
  return `
  <p>${en ? 'How to reach Employment and Social Development Canada and Service Canada. This long page is on the scroll-depth list: scroll for 3 seconds or more to send the 25, 50, 75 and 100 % beacons.' : 'Comment joindre Emploi et Développement social Canada et Service Canada. Cette longue page est sur la liste de profondeur de défilement : faites défiler pendant 3 secondes ou plus pour envoyer les balises de 25, 50, 75 et 100 %.'}</p>
  <h2>${en ? 'On this page' : 'Sur cette page'}</h2>
  <ul class="toc">
${toc}
    <li><a href="#other">${en ? 'Other ways to reach us' : 'Autres façons de nous joindre'}</a></li>
  </ul>
${sections}
  <section id="other">
    <h2>${en ? 'Other ways to reach us' : 'Autres façons de nous joindre'}</h2>
    <p>${en ? 'A private address (recorded as "non-gc email"):' : 'Une adresse privée (enregistrée comme « non-gc email ») :'} <a href="mailto:my.mp.office@example.org">my.mp.office@example.org</a></p>
    <p>${en ? 'Mail' : 'Courrier'}: Service Canada, P.O. Box 2020, Ottawa ON K1A 0J9</p>${chat(lang)}
  </section>${social(lang, en ? 'Contact us' : 'Contactez-nous')}`;
}

const contact = pair(
  {
    path: '/en/contact.html',
    title: 'Contact Employment and Social Development Canada',
    description: 'Telephone numbers, e-mail and mail addresses.',
    subject: 'Government information;Contact',
    identifier: 'ESDC-EDSC-demo-contact',
    demonstrates:
      'A long page on the scroll-depth list (Custom Scroll Depth 25/50/75 after 3 s, then 100): e-mail (government and not), telephone, same-page anchors, the chat wizard, follow-us.',
    body: contactBody('en'),
  },
  {
    path: '/fr/contact.html',
    title: 'Contactez Emploi et Développement social Canada',
    description: 'Numéros de téléphone, adresses courriel et postales.',
    subject: 'Information gouvernementale;Contact',
    identifier: 'ESDC-EDSC-demo-contact-fr',
    demonstrates:
      'Une longue page sur la liste de profondeur de défilement (25/50/75 après 3 s, puis 100) : courriels, téléphone, ancres, assistant de clavardage, Suivez-nous.',
    body: contactBody('fr'),
  },
);

function tariffBody(lang: Lang): string {
  const en = lang === 'en';
  const rows: Array<[string, string, string]> = en
    ? [
        ['0406.10.10.00', 'Fresh cheese, within access commitment', '3%'],
        ['0901.21.00.00', 'Coffee, roasted, not decaffeinated', 'Free'],
        ['6109.10.00.00', 'T-shirts, of cotton, knitted', '18%'],
        ['8471.30.00.00', 'Portable computers, weighing not more than 10 kg', 'Free'],
        ['8703.23.00.00', 'Motor cars, spark-ignition, 1,500 to 3,000 cc', '6.1%'],
        ['8703.80.00.00', 'Motor cars, electric motor only', '6.1%'],
        ['9503.00.00.00', 'Toys, scale models and puzzles', 'Free'],
      ]
    : [
        ['0406.10.10.00', 'Fromage frais, dans les limites de l’engagement d’accès', '3 %'],
        ['0901.21.00.00', 'Café torréfié, non décaféiné', 'En fr.'],
        ['6109.10.00.00', 'T-shirts, de coton, en bonneterie', '18 %'],
        ['8471.30.00.00', 'Ordinateurs portatifs, d’un poids n’excédant pas 10 kg', 'En fr.'],
        ['8703.23.00.00', 'Voitures, à allumage par étincelles, de 1 500 à 3 000 cm³', '6,1 %'],
        ['8703.80.00.00', 'Voitures, à moteur électrique seulement', '6,1 %'],
        ['9503.00.00.00', 'Jouets, modèles réduits et puzzles', 'En fr.'],
      ];
  return `
  <p>${en ? 'Type a tariff item number (8703.23.00.00 or 8703230000) or a word. On this page the filter text keeps item numbers (the product-code redaction); on every other page long digit runs are removed.' : 'Tapez un numéro tarifaire (8703.23.00.00 ou 8703230000) ou un mot. Sur cette page, le texte du filtre garde les numéros tarifaires; sur les autres pages, les longues suites de chiffres sont retirées.'}</p>
  <div class="wb-filter">
    <label for="tariff-filter">${en ? 'Filter items' : 'Filtrer les numéros'}</label>
    <input id="tariff-filter" class="wb-fltr-inpt" type="search" data-table="#tariff-table" data-status="#tariff-status">
    <p id="tariff-status" class="small" aria-live="polite"></p>
  </div>
  <table id="tariff-table" class="wb-tables table">
    <thead><tr><th>${en ? 'Tariff item' : 'Numéro tarifaire'}</th><th>${en ? 'Description' : 'Description'}</th><th>${en ? 'MFN rate' : 'Taux NPF'}</th></tr></thead>
    <tbody>
${rows.map(([item, text, rate]) => `      <tr><td>${item}</td><td>${text}</td><td>${rate}</td></tr>`).join('\n')}
    </tbody>
  </table>`;
}

const tariff = pair(
  {
    path: '/en/department-finance/programs/tariff-product-list.html',
    title: 'Tariff product list',
    description: 'Tariff items and the rates that apply.',
    creator: FIN.en,
    subject: 'Economics and industry;Trade',
    identifier: 'FIN-demo-tariff',
    crumbs: [['/en/services.html', 'Services']],
    demonstrates:
      'The tariff page of src/rules/widgets.ts: Data Table Filter keeps item numbers; another institution (Finance): the institution-scope demo survey targets it.',
    examples: [['?im_scope=institution&im_nocookiecheck=1', 'with the institution-scope survey invitation (QA parameters)']],
    body: tariffBody('en'),
  },
  {
    path: '/fr/ministere-finances/programmes/liste-produits-tarifaires.html',
    title: 'Liste des produits tarifaires',
    description: 'Numéros tarifaires et taux applicables.',
    creator: FIN.fr,
    subject: 'Économie et industrie;Commerce',
    identifier: 'FIN-demo-tarif',
    crumbs: [['/fr/services.html', 'Services']],
    demonstrates:
      'La page tarifaire de src/rules/widgets.ts : Data Table Filter garde les numéros; une autre institution (Finances) : le sondage de portée « institution » la vise.',
    examples: [['?im_scope=institution&im_nocookiecheck=1', 'avec l’invitation au sondage de portée « institution » (paramètres d’AQ)']],
    body: tariffBody('fr'),
  },
);

// ---------------------------------------------------------------------------------------------
// Personalization pages (demo/target/artifact.json targets them; test/e2e/personalization.e2e.ts)

const pzServicesScript = (comment: string) => `
  // ${comment}
  function showServices() { window.adobe.target.triggerView('services-view'); }
  document.getElementById('gc-pz-show').addEventListener('click', showServices);
  showServices();`;

const personalization = [
  ...pair(
    {
      path: '/en/pz-services.html',
      title: 'Services view',
      description: 'A page that triggers the services-view personalization view.',
      subject: 'Government information;Services',
      identifier: 'ESDC-EDSC-demo-pz-services',
      tagInHead: true,
      crumbs: [['/en/services.html', 'Services']],
      demonstrates: 'Personalization: a single-page-app view (triggerView "services-view") whose offer replaces a box.',
      body: `
  <p>This page triggers the view <code>services-view</code>; its offer replaces the box below.</p>
  <div id="gc-pz-services"><p>Services will be listed here.</p></div>
  <p><button type="button" id="gc-pz-show">Show the view again</button></p>`,
      script: pzServicesScript('A single-page app tells the personalization client which view it shows.'),
    },
    {
      path: '/fr/pz-services.html',
      title: 'Vue des services',
      description: 'Une page qui déclenche la vue de personnalisation services-view.',
      subject: 'Information gouvernementale;Services',
      identifier: 'ESDC-EDSC-demo-pz-services-fr',
      tagInHead: true,
      crumbs: [['/fr/services.html', 'Services']],
      demonstrates: 'Personnalisation : une vue d’application monopage (triggerView « services-view ») dont l’offre remplace un encadré.',
      body: `
  <p>Cette page déclenche la vue <code>services-view</code>; son offre remplace l'encadré ci-dessous.</p>
  <div id="gc-pz-services"><p>Les services seront énumérés ici.</p></div>
  <p><button type="button" id="gc-pz-show">Afficher la vue de nouveau</button></p>`,
      script: pzServicesScript("Une application monopage indique au client de personnalisation la vue qu'elle affiche."),
    },
  ),
  ...pair(
    {
      path: '/en/pz-redirect-test.html',
      title: 'Redirect test',
      description: 'A page the personalization redirect activity sends elsewhere.',
      subject: 'Government information;Services',
      identifier: 'ESDC-EDSC-demo-pz-redirect',
      tagInHead: true,
      crumbs: [['/en/services.html', 'Services']],
      demonstrates: 'Personalization: a redirect offer (you should land on the redirected page).',
      body: `
  <p>If you can read this, the redirect activity did not run.</p>`,
    },
    {
      path: '/fr/pz-redirect-test.html',
      title: 'Test de redirection',
      description: 'Une page que l’activité de redirection envoie ailleurs.',
      subject: 'Information gouvernementale;Services',
      identifier: 'ESDC-EDSC-demo-pz-redirection',
      tagInHead: true,
      crumbs: [['/fr/services.html', 'Services']],
      demonstrates: 'Personnalisation : une offre de redirection (vous devriez arriver sur la page de destination).',
      body: `
  <p>Si vous lisez ceci, l'activité de redirection ne s'est pas appliquée.</p>`,
    },
  ),
  ...pair(
    {
      path: '/en/pz-redirected.html',
      title: 'Redirected',
      description: 'Where the personalization redirect activity sends the visitor.',
      subject: 'Government information;Services',
      identifier: 'ESDC-EDSC-demo-pz-redirected',
      tagInHead: true,
      crumbs: [['/en/services.html', 'Services']],
      demonstrates: 'Personalization: the redirect offer’s destination.',
      body: `
  <p>The redirect activity brought you here from <a href="/en/pz-redirect-test.html">the redirect test page</a>.</p>`,
    },
    {
      path: '/fr/pz-redirected.html',
      title: 'Redirigé',
      description: 'Où l’activité de redirection envoie le visiteur.',
      subject: 'Information gouvernementale;Services',
      identifier: 'ESDC-EDSC-demo-pz-destination',
      tagInHead: true,
      crumbs: [['/fr/services.html', 'Services']],
      demonstrates: 'Personnalisation : la destination de l’offre de redirection.',
      body: `
  <p>L'activité de redirection vous a amené ici depuis <a href="/fr/pz-redirect-test.html">la page de test de redirection</a>.</p>`,
    },
  ),
];

/**
 * A tracked form of the GC Design System's controls, in its conventions (each control's host
 * carries `required` and the collect mark; the components check the form when it is sent).
 */
function designForm(lang: 'en' | 'fr'): string {
  const en = lang === 'en';
  const options = (pairs: Array<[string, string]>, prefix: string) =>
    JSON.stringify(pairs.map(([value, label]) => ({ id: `${prefix}-${value}`, label, value })));
  return `
  <h2>${en ? 'A form of design-system controls' : 'Un formulaire de composants du système de design'}</h2>
  <p>${
    en
      ? 'Sent incomplete, the components show their errors and no <em>Form Submit</em> is sent; complete, the beacon carries the collected answers, scrubbed (a name or an e-mail address, which their <code>autocomplete</code> names, never leaves the page, nor an attached file’s name).'
      : 'Envoyé incomplet, les composants affichent leurs erreurs et aucun <em>Form Submit</em> n’est envoyé; complet, la balise porte les réponses recueillies, nettoyées (un nom ou une adresse courriel, que leur <code>autocomplete</code> désigne, ne quitte jamais la page, ni le nom d’un fichier joint).'
  }</p>
  <form id="design-form" action="#" method="post" novalidate data-gc-analytics-formname="${en ? 'EI contact preferences (demo)' : 'Préférences de contact AE (démo)'}">
    <gcds-input input-id="design-name" name="name" autocomplete="name" label="${en ? 'Full name' : 'Nom complet'}" data-gc-analytics-collect></gcds-input>
    <gcds-input input-id="design-email" name="email" type="email" autocomplete="email" label="${en ? 'E-mail address' : 'Adresse courriel'}" required data-gc-analytics-collect></gcds-input>
    <gcds-select select-id="design-province" name="province" label="${en ? 'Province or territory' : 'Province ou territoire'}" default-value="${en ? 'Select an option' : 'Sélectionnez une option'}" required data-gc-analytics-collect>
      <option value="on">Ontario</option><option value="qc">${en ? 'Quebec' : 'Québec'}</option><option value="ns">${en ? 'Nova Scotia' : 'Nouvelle-Écosse'}</option>
    </gcds-select>
    <gcds-radios name="contact" legend="${en ? 'How should we contact you?' : 'Comment devrions-nous vous joindre?'}" required data-gc-analytics-collect options='${options(
      en
        ? [
            ['email', 'By e-mail'],
            ['mail', 'By mail'],
          ]
        : [
            ['email', 'Par courriel'],
            ['mail', 'Par la poste'],
          ],
      'design-contact',
    )}'></gcds-radios>
    <gcds-checkboxes name="topics" legend="${en ? 'Topics' : 'Sujets'}" data-gc-analytics-collect options='${options(
      en
        ? [
            ['payments', 'Payments'],
            ['reports', 'Reports'],
          ]
        : [
            ['payments', 'Paiements'],
            ['reports', 'Déclarations'],
          ],
      'design-topics',
    )}'></gcds-checkboxes>
    <gcds-file-uploader uploader-id="design-document" name="document" label="${en ? 'A supporting document' : 'Un document à l’appui'}" accept=".pdf" data-gc-analytics-collect></gcds-file-uploader>
    <gcds-textarea textarea-id="design-comments" name="comments" label="${en ? 'Comments' : 'Commentaires'}" data-gc-analytics-collect></gcds-textarea>
    <gcds-button type="submit">${en ? 'Send' : 'Envoyer'}</gcds-button>
  </form>
  <p id="design-form-done" role="status" hidden>${en ? 'Thank you: your (demo) preferences were received.' : 'Merci : vos préférences (démo) ont été reçues.'}</p>`;
}

/** The design system's data table with its filter (Data Table Filter: the filter a visitor applies, scrubbed). */
function designTable(lang: 'en' | 'fr'): string {
  const en = lang === 'en';
  const columns = [
    { field: 'city', header: en ? 'City' : 'Ville' },
    { field: 'province', header: 'Province' },
    { field: 'hours', header: en ? 'Hours' : 'Heures' },
  ];
  const offices = [
    ['Ottawa', 'Ontario'],
    ['Toronto', 'Ontario'],
    ['Montréal', en ? 'Quebec' : 'Québec'],
    ['Québec', en ? 'Quebec' : 'Québec'],
    ['Halifax', en ? 'Nova Scotia' : 'Nouvelle-Écosse'],
  ].map(([city, province]) => ({ city, province, hours: en ? '8:30 am to 4:00 pm' : '8 h 30 à 16 h' }));
  return `
  <h2>${en ? 'A design-system data table' : 'Un tableau de données du système de design'}</h2>
  <gcds-table filter columns='${JSON.stringify(columns)}' data='${JSON.stringify(offices)}'><span slot="caption">${en ? 'Service Canada Centres (demo)' : 'Centres Service Canada (démo)'}</span></gcds-table>`;
}

/** The design form is a demo: nothing is sent anywhere, and the page says when the components let it through. */
const DESIGN_FORM_SCRIPT = `
document.getElementById('design-form').addEventListener('submit', function (e) {
  e.preventDefault();
  document.getElementById('design-form-done').hidden = !this.checkValidity();
});`;

const components = pair(
  {
    path: '/en/services/demo-components.html',
    title: 'Design system and inserted content (demo)',
    description: 'GC Design System components, content inserted after load, and clicks that two rules could claim.',
    identifier: 'ESDC-EDSC-demo-components',
    designSystem: true,
    crumbs: [['/en/services.html', 'Services']],
    demonstrates:
      'The real GC Design System components (gcds-link, gcds-details, gcds-card): their clicks are tracked through their shadow DOM; a tracked form of design-system controls (Form Submit only when the components let it through, its answers scrubbed) and a gcds-table filter (Data Table Filter); content a script inserts after load (as WET ajax includes do) is tracked; one click is one beacon (a custom click that leaves the site, an RSS feed link).',
    body: `
  <p>Links and expandable content from the <gcds-link href="https://design-system.alpha.canada.ca/en/" external>GC Design System</gcds-link>:</p>
  <ul>
    <li><gcds-link href="/en/services/benefits/ei.html">Employment Insurance</gcds-link></li>
    <li><gcds-link href="https://www.w3.org/WAI/" external>Web Accessibility Initiative (W3C)</gcds-link></li>
  </ul>
  <gcds-details details-title="What is Employment Insurance?"><p>Employment Insurance provides temporary income support while you look for work.</p></gcds-details>
  <gcds-card card-title="Apply for EI" href="/en/services/benefits/ei/apply.html" description="A GC Design System card (GCDS Card Click)."></gcds-card>
  <h2>One click, one beacon</h2>
  <ul>
    <li><a id="custom-exit" href="https://www.w3.org/" data-gc-analytics-customclick="W3C home (custom)">W3C home page</a> (a custom click that leaves the site)</li>
  </ul>
  <section class="gc-followus"><h2>Follow us</h2><ul><li><a class="rss" href="/en/news/feed.xml">RSS</a></li></ul></section>${designForm('en')}${designTable('en')}
  <h2>Content added after load</h2>
  <p><button type="button" id="load-more" class="btn btn-default">Show more (inserted by a script)</button></p>
  <div id="more"></div>
  <template id="more-content"><section class="gc-most-requested"><div class="container"><h2>Most requested</h2><ul><li><a href="/en/services/jobs.html">Find a job</a></li></ul></div></section>
<details id="inserted-details"><summary>Inserted details</summary><p>This block was added after the page loaded.</p></details></template>`,
    script: `
document.getElementById('load-more').addEventListener('click', function () {
  var more = document.getElementById('more');
  if (!more.firstChild) more.appendChild(document.getElementById('more-content').content.cloneNode(true));
});${DESIGN_FORM_SCRIPT}`,
  },
  {
    path: '/fr/services/demo-composantes.html',
    title: 'Système de design et contenu inséré (démo)',
    description: 'Composants du Système de design GC, contenu inséré après le chargement et clics que deux règles pourraient réclamer.',
    identifier: 'ESDC-EDSC-demo-components-fr',
    designSystem: true,
    crumbs: [['/fr/services.html', 'Services']],
    demonstrates:
      'Les vrais composants du Système de design GC (gcds-link, gcds-details, gcds-card) : leurs clics sont suivis à travers leur DOM fantôme; un formulaire suivi de composants du système de design (Form Submit seulement quand les composants le laissent passer, ses réponses nettoyées) et le filtre d’un gcds-table (Data Table Filter); le contenu inséré après le chargement est suivi; un clic donne une balise.',
    body: `
  <ul>
    <li><gcds-link href="/fr/services/prestations/ae.html">Assurance-emploi</gcds-link></li>
    <li><gcds-link href="https://www.w3.org/WAI/fr" external>Initiative pour l’accessibilité du Web (W3C)</gcds-link></li>
  </ul>
  <gcds-details details-title="Qu’est-ce que l’assurance-emploi?"><p>L’assurance-emploi offre un soutien du revenu temporaire pendant la recherche d’un emploi.</p></gcds-details>
  <gcds-card card-title="Demander l’AE" href="/fr/services/prestations/ae/demande.html" description="Une carte du Système de design GC."></gcds-card>${designForm('fr')}${designTable('fr')}
  <h2>Contenu ajouté après le chargement</h2>
  <p><button type="button" id="load-more" class="btn btn-default">Afficher plus (inséré par un script)</button></p>
  <div id="more"></div>
  <template id="more-content"><details id="inserted-details"><summary>Détails insérés</summary><p>Ce bloc a été ajouté après le chargement.</p></details></template>`,
    script: `
document.getElementById('load-more').addEventListener('click', function () {
  var more = document.getElementById('more');
  if (!more.firstChild) more.appendChild(document.getElementById('more-content').content.cloneNode(true));
});${DESIGN_FORM_SCRIPT}`,
  },
);

const gcdsLayout = pair(
  {
    path: '/en/services/benefits/ei/eligibility.html',
    title: 'EI regular benefits: Eligibility',
    description: 'Find out if you’re eligible for Employment Insurance (EI) regular benefits.',
    identifier: 'ESDC-EDSC-EI-AE-0012',
    subject: 'Employment insurance;Unemployment',
    layout: 'gcds',
    crumbs: [
      ['/en/services/benefits.html', 'Benefits'],
      ['/en/services/benefits/ei.html', 'Employment Insurance'],
    ],
    contextual: [
      'Employment Insurance',
      [
        ['Job Bank', 'https://www.jobbank.gc.ca/home'],
        ['Apply for EI', '/en/services/benefits/ei/apply.html'],
      ],
    ],
    demonstrates:
      'GCWeb’s GC Design System layout: the design system’s header (search, topic menu, breadcrumbs: topicLevel) and footer; the topic menu’s button and links and the footer’s links are tracked in their shadow DOM.',
    body: `
  <p>You may be eligible for EI regular benefits if you lost your job through no fault of your own and you’re available for and able to work, but can’t find a job.</p>
  <h2>Who is eligible</h2>
  <ul>
    <li>you were employed in insurable employment</li>
    <li>you lost your job through no fault of your own</li>
    <li>you have been without work and without pay for at least 7 consecutive days in the last 52 weeks</li>
  </ul>
  <p><gcds-link href="/en/services/benefits/ei/apply.html">Apply for EI</gcds-link></p>`,
  },
  {
    path: '/fr/services/prestations/ae/admissibilite.html',
    title: 'Prestations régulières d’AE : Admissibilité',
    description: 'Découvrez si vous êtes admissible aux prestations régulières d’assurance-emploi (AE).',
    identifier: 'ESDC-EDSC-EI-AE-0012-fr',
    subject: 'Assurance-emploi;Chômage',
    layout: 'gcds',
    crumbs: [
      ['/fr/services/prestations.html', 'Prestations'],
      ['/fr/services/prestations/ae.html', 'Assurance-emploi'],
    ],
    contextual: [
      'Assurance-emploi',
      [
        ['Guichet-Emplois', 'https://www.guichetemplois.gc.ca/accueil'],
        ['Demander l’AE', '/fr/services/prestations/ae/demande.html'],
      ],
    ],
    demonstrates:
      'La mise en page du Système de design GC de GCWeb : l’en-tête (recherche, menu thématique, fil d’Ariane : topicLevel) et le pied de page du système de design; le bouton et les liens du menu et les liens du pied de page sont suivis dans leur DOM fantôme.',
    body: `
  <p>Vous pourriez être admissible aux prestations régulières d’AE si vous avez perdu votre emploi sans en être responsable et que vous êtes disponible et capable de travailler, mais incapable de trouver un emploi.</p>
  <h2>Qui est admissible</h2>
  <ul>
    <li>vous occupiez un emploi assurable</li>
    <li>vous avez perdu votre emploi sans en être responsable</li>
    <li>vous avez été sans travail et sans salaire pendant au moins 7 jours consécutifs au cours des 52 dernières semaines</li>
  </ul>
  <p><gcds-link href="/fr/services/prestations/ae/demande.html">Demander l’AE</gcds-link></p>`,
  },
);

/** Every generated page, in the order the index lists them (English first within each pair). */
export const PAGES: PageDef[] = [
  ...home,
  ...news,
  ...newsRelease,
  ...services,
  ...demo,
  ...components,
  ...benefits,
  ...ei,
  ...gcdsLayout,
  ...apply,
  ...guide,
  ...video,
  ...jobs,
  ...training,
  ...infoShare,
  ...infoShareDashboard,
  ...newsSearch,
  ...searchResults,
  ...advancedSearch,
  ...survey,
  ...errors,
  ...contact,
  ...tariff,
  ...personalization,
];
