/**
 * The demo's results page works as Canada.ca's GC Search application (ServiceCanada/search-ui,
 * on Coveo) does: it renders results in the browser from the address into its mount element
 * (`[data-gc-search]`: `section#wb-land` with `#query-summary`, `#result-list` of
 * `a.result-link[data-dtm-srchlnknm]`, and the pager `ul#pager` of `button.page-button`), and
 * announces each analytics call with a `searchEvent` CustomEvent on that element (not bubbling):
 * actionCause 'interfaceLoad' (or 'searchFromLink' when the header's search box sent the visitor)
 * for the set the page opened with, eventType 'getMoreResults' for a page of the pager,
 * actionCause 'documentOpen' for a result click. An empty set shows the 'No results' /
 * 'Aucun résultat' warning. The news search pushes its result set to the data layer instead
 * (`{ event: 'searchResult', searchResult: {…} }`). The search index is a fixed list of demo pages.
 */
import type { Lang } from './layout';

export interface SearchEntry {
  title: string;
  url: string;
  description: string;
}

export const SEARCH_INDEX: Record<Lang, SearchEntry[]> = {
  en: [
    {
      title: 'Employment Insurance (EI)',
      url: '/en/services/benefits/ei.html',
      description: 'Employment Insurance regular benefits: who can get them, how much and for how long.',
    },
    {
      title: 'Apply for Employment Insurance',
      url: '/en/services/benefits/ei/apply.html',
      description: 'Apply online for Employment Insurance benefits: the application form and what you need.',
    },
    {
      title: 'EI guide: eligibility, benefit amounts and reporting',
      url: '/en/services/benefits/ei/guide.html',
      description: 'A guide to Employment Insurance: eligibility, how much you could receive, reporting while on claim.',
    },
    {
      title: 'How to apply for EI (video)',
      url: '/en/services/benefits/ei/video.html',
      description: 'A short video on applying for Employment Insurance benefits online.',
    },
    {
      title: 'Benefits',
      url: '/en/services/benefits.html',
      description: 'Employment Insurance, family and sickness leave, pensions, housing, student aid, disability benefits.',
    },
    {
      title: 'Contact Employment and Social Development Canada',
      url: '/en/contact.html',
      description: 'Telephone numbers and addresses for Employment Insurance, pensions and other programs.',
    },
    {
      title: 'Government announces demo changes to Employment Insurance',
      url: '/en/news/2025/09/demo-news-release.html',
      description: 'News release: changes to Employment Insurance reporting, for the demo.',
    },
    {
      title: 'Guide to the demo site (PDF)',
      url: '/content/dam/demo/demo-guide.pdf',
      description: 'A printable guide to the demo site and its tag, including Employment Insurance pages.',
    },
    { title: 'Jobs and the workplace', url: '/en/services/jobs.html', description: 'Find a job, training, hiring programs, workplace standards.' },
    {
      title: 'Training and skills development',
      url: '/en/services/jobs/training.html',
      description: 'Apprenticeship, skills training and funding for workers.',
    },
    {
      title: 'Tariff product list',
      url: '/en/department-finance/programs/tariff-product-list.html',
      description: 'Tariff items and the rates that apply, from the Department of Finance Canada.',
    },
    { title: 'MP Service Portal', url: '/en/info-share.html', description: 'Sign in to the service portal for members of Parliament and their staff.' },
    { title: 'News', url: '/en/news.html', description: 'News releases, statements, speeches and media advisories.' },
  ],
  fr: [
    {
      title: 'Assurance-emploi (AE)',
      url: '/fr/services/prestations/ae.html',
      description: 'Prestations régulières d’assurance-emploi : qui peut les recevoir, combien et pendant combien de temps.',
    },
    {
      title: 'Demander des prestations d’assurance-emploi',
      url: '/fr/services/prestations/ae/demande.html',
      description: 'Présenter une demande d’assurance-emploi en ligne : le formulaire et ce qu’il vous faut.',
    },
    {
      title: 'Guide de l’AE : admissibilité, montants et déclarations',
      url: '/fr/services/prestations/ae/guide.html',
      description: 'Un guide de l’assurance-emploi : admissibilité, montant que vous pourriez recevoir, déclarations.',
    },
    {
      title: 'Comment présenter une demande d’AE (vidéo)',
      url: '/fr/services/prestations/ae/video.html',
      description: 'Une courte vidéo sur la demande de prestations d’assurance-emploi en ligne.',
    },
    {
      title: 'Prestations',
      url: '/fr/services/prestations.html',
      description: 'Assurance-emploi, congés familiaux et de maladie, pensions, logement, aide aux étudiants, invalidité.',
    },
    {
      title: 'Contactez Emploi et Développement social Canada',
      url: '/fr/contact.html',
      description: 'Numéros de téléphone et adresses pour l’assurance-emploi, les pensions et d’autres programmes.',
    },
    {
      title: 'Le gouvernement annonce des changements à l’assurance-emploi (démo)',
      url: '/fr/nouvelles/2025/09/communique-demo.html',
      description: 'Communiqué : changements aux déclarations d’assurance-emploi, pour la démo.',
    },
    {
      title: 'Guide du site de démonstration (PDF)',
      url: '/content/dam/demo/demo-guide.pdf',
      description: 'Un guide imprimable du site de démonstration et de sa balise, y compris les pages d’assurance-emploi.',
    },
    {
      title: 'Emplois et milieu de travail',
      url: '/fr/services/emplois.html',
      description: 'Trouver un emploi, formation, programmes d’embauche, normes du travail.',
    },
    {
      title: 'Formation et perfectionnement des compétences',
      url: '/fr/services/emplois/formation.html',
      description: 'Apprentissage, formation professionnelle et financement pour les travailleurs.',
    },
    {
      title: 'Liste des produits tarifaires',
      url: '/fr/ministere-finances/programmes/liste-produits-tarifaires.html',
      description: 'Numéros tarifaires et taux applicables, du ministère des Finances Canada.',
    },
    {
      title: 'Portail de services des députés',
      url: '/fr/partage-info.html',
      description: 'Connectez-vous au portail de services des députés et de leur personnel.',
    },
    { title: 'Nouvelles', url: '/fr/nouvelles.html', description: 'Communiqués, déclarations, discours et avis aux médias.' },
  ],
};

const WORDS = {
  en: {
    one: '1 search result for “{q}”',
    many: '{n} search results for “{q}”',
    none: 'No results',
    noneHelp: 'Check the spelling, or try fewer or more general words.',
    pager: 'Search results pages',
    next: 'Next',
    previous: 'Previous',
    page: 'Page',
  },
  fr: {
    one: '1 résultat de recherche pour « {q} »',
    many: '{n} résultats de recherche pour « {q} »',
    none: 'Aucun résultat',
    noneHelp: 'Vérifiez l’orthographe ou essayez des mots moins nombreux ou plus généraux.',
    pager: 'Pages de résultats de recherche',
    next: 'Suivante',
    previous: 'Précédente',
    page: 'Page',
  },
};

/**
 * The results page's script: the phrase from `q` or from the advanced form's fields (all, exact,
 * any and none of the words), the matching entries five per page, the pager, and a `searchEvent`
 * per analytics call. Everything from the address is written with textContent.
 */
export function searchResultsScript(lang: Lang): string {
  const w = WORDS[lang];
  return `
(function () {
  var INDEX = ${JSON.stringify(SEARCH_INDEX[lang])};
  var countText = function (n, q) { return (n === 1 ? ${JSON.stringify(w.one)} : ${JSON.stringify(w.many)}).replace('{n}', String(n)).replace('{q}', function () { return q; }); };
  var PER_PAGE = 5;
  var params = new URLSearchParams(location.search);
  var p = function (name) { return (params.get(name) || '').replace(/\\s+/g, ' ').trim(); };
  var exact = p('exctq');
  var phrase = (p('q') || [p('allq'), exact && '"' + exact + '"', p('anyq'), p('noneq').replace(/\\S+/g, '-$&')].join(' ')).replace(/\\s+/g, ' ').trim();
  var box = document.getElementById('sr-q');
  if (box) box.value = p('q');
  if (!phrase) return;
  var words = function (text) { return text.toLowerCase().split(/\\s+/).filter(Boolean); };
  var must = words([p('q'), p('allq'), exact].join(' '));
  var any = words(p('anyq'));
  var none = words(p('noneq'));
  var results = INDEX.filter(function (entry) {
    var text = (entry.title + ' ' + entry.description).toLowerCase();
    var has = function (word) { return text.indexOf(word) !== -1; };
    return must.every(has) && (!any.length || any.some(has)) && !none.some(has);
  });
  var mount = document.querySelector('[data-gc-search]');
  var summary = document.getElementById('query-summary');
  var list = document.getElementById('result-list');
  var pagerBox = document.querySelector('.wb-paginate-pager');
  var el = function (tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    return node;
  };
  var announce = function (detail) {
    mount.dispatchEvent(new CustomEvent('searchEvent', { detail: Object.assign({ language: ${JSON.stringify(lang)}, originLevel1: 'canada-gouv-public-websites', originLevel3: location.pathname }, detail) }));
  };
  var pages = Math.ceil(results.length / PER_PAGE);
  function render(pageNumber) {
    summary.textContent = '';
    list.textContent = '';
    pagerBox.textContent = '';
    if (!results.length) {
      var warning = el('div', '', { 'class': 'alert alert-warning' });
      warning.appendChild(el('h2', ${JSON.stringify(w.none)}));
      warning.appendChild(el('p', ${JSON.stringify(w.noneHelp)}));
      summary.appendChild(warning);
      return;
    }
    var count = el('h2', countText(results.length, phrase));
    summary.appendChild(count);
    results.slice((pageNumber - 1) * PER_PAGE, pageNumber * PER_PAGE).forEach(function (entry, i) {
      var section = el('section');
      var heading = el('h3');
      heading.appendChild(el('a', entry.title, { 'class': 'result-link', href: entry.url, 'data-dtm-srchlnknm': String((pageNumber - 1) * PER_PAGE + i + 1) }));
      section.appendChild(heading);
      var where = el('ol', '', { 'class': 'location' });
      where.appendChild(el('li', location.host + entry.url));
      section.appendChild(where);
      section.appendChild(el('p', entry.description));
      list.appendChild(section);
    });
    if (pages < 2) return;
    pagerBox.appendChild(el('p', ${JSON.stringify(w.pager)}, { 'class': 'wb-inv' }));
    var pager = el('ul', '', { id: 'pager', 'class': 'pagination' });
    var button = function (label, target, current, kind) {
      var item = el('li', '', current ? { 'class': 'active' } : {});
      var b = el('button', label, { type: 'button', 'class': 'page-button' + (kind ? ' paginate-' + kind : ''), 'data-page': String(target) });
      if (current) b.setAttribute('aria-current', 'page');
      item.appendChild(b);
      pager.appendChild(item);
    };
    if (pageNumber > 1) button(${JSON.stringify(w.previous)}, pageNumber - 1, false, 'prev');
    for (var n = 1; n <= pages; n += 1) button(String(n), n, n === pageNumber);
    if (pageNumber < pages) button(${JSON.stringify(w.next)}, pageNumber + 1, false, 'next');
    pagerBox.appendChild(pager);
  }
  pagerBox.addEventListener('click', function (e) {
    var b = e.target.closest('button.page-button');
    if (!b) return;
    render(Number(b.getAttribute('data-page')));
    announce({ eventType: 'getMoreResults', eventValue: 'pagerNumber' });
    mount.scrollIntoView();
  });
  list.addEventListener('click', function (e) {
    var link = e.target.closest('a.result-link');
    if (link) announce({ actionCause: 'documentOpen', documentPosition: Number(link.getAttribute('data-dtm-srchlnknm')), documentTitle: link.textContent, documentUrl: link.href });
  });
  // The application renders and announces the first result set when its search service answers,
  // a network round trip after the page has loaded (here, a simulated 40 ms after load).
  var answered = function () { setTimeout(function () {
    render(1);
    // Reached from another page's search box: the application says so (its URL parameter).
    var fromLink = document.referrer && new URL(document.referrer).pathname !== location.pathname;
    announce({ queryText: phrase, numberOfResults: results.length, actionCause: fromLink ? 'searchFromLink' : 'interfaceLoad', responseTime: 40 });
  }, 40); };
  if (document.readyState === 'complete') answered();
  else addEventListener('load', answered);
})();`;
}

/** One item of the demo news index: type, department and minister values are the filters' option values. */
interface NewsItem {
  title: string;
  url: string;
  date: string;
  typ: string;
  dprtmnt: string;
  mnstr: string;
}

export const NEWS_ITEMS: Record<Lang, NewsItem[]> = {
  en: [
    {
      title: 'Government announces demo changes to Employment Insurance',
      url: '/en/news/2025/09/demo-news-release.html',
      date: '2025-09-10',
      typ: 'newsreleases',
      dprtmnt: 'esdc',
      mnstr: 'employment',
    },
    {
      title: 'Statement by the Minister of Employment on Labour Day',
      url: '/en/news.html#news-statement',
      date: '2025-09-01',
      typ: 'statements',
      dprtmnt: 'esdc',
      mnstr: 'employment',
    },
    {
      title: 'Backgrounder: updates to the tariff product list',
      url: '/en/news.html#news-backgrounder',
      date: '2025-06-15',
      typ: 'backgrounders',
      dprtmnt: 'fin',
      mnstr: 'finance',
    },
    {
      title: 'Speech: skills for the jobs of the future',
      url: '/en/news.html#news-speech',
      date: '2025-05-05',
      typ: 'speeches',
      dprtmnt: 'esdc',
      mnstr: 'employment',
    },
    {
      title: 'Media advisory: technical briefing on the federal budget',
      url: '/en/news.html#news-advisory',
      date: '2025-03-20',
      typ: 'mediaadvisories',
      dprtmnt: 'fin',
      mnstr: 'finance',
    },
  ],
  fr: [
    {
      title: 'Le gouvernement annonce des changements à l’assurance-emploi (démo)',
      url: '/fr/nouvelles/2025/09/communique-demo.html',
      date: '2025-09-10',
      typ: 'communiques',
      dprtmnt: 'edsc',
      mnstr: 'emploi',
    },
    {
      title: 'Déclaration du ministre de l’Emploi à l’occasion de la fête du Travail',
      url: '/fr/nouvelles.html#news-statement',
      date: '2025-09-01',
      typ: 'declarations',
      dprtmnt: 'edsc',
      mnstr: 'emploi',
    },
    {
      title: 'Document d’information : mise à jour de la liste des produits tarifaires',
      url: '/fr/nouvelles.html#news-backgrounder',
      date: '2025-06-15',
      typ: 'documentsinformation',
      dprtmnt: 'fin',
      mnstr: 'finances',
    },
    {
      title: 'Discours : les compétences pour les emplois de demain',
      url: '/fr/nouvelles.html#news-speech',
      date: '2025-05-05',
      typ: 'discours',
      dprtmnt: 'edsc',
      mnstr: 'emploi',
    },
    {
      title: 'Avis aux médias : séance d’information technique sur le budget fédéral',
      url: '/fr/nouvelles.html#news-advisory',
      date: '2025-03-20',
      typ: 'avisauxmedias',
      dprtmnt: 'fin',
      mnstr: 'finances',
    },
  ],
};

/**
 * The news search's script: the form keeps the address's filters; items matching the words (q)
 * and every filter given (typ, dprtmnt, mnstr, start, end) are listed, and the result set is
 * pushed once when the address searched anything.
 */
export function newsSearchScript(lang: Lang): string {
  const w = WORDS[lang];
  return `
(function () {
  var ITEMS = ${JSON.stringify(NEWS_ITEMS[lang])};
  var countText = function (n, q) { return (n === 1 ? ${JSON.stringify(w.one)} : ${JSON.stringify(w.many)}).replace('{n}', String(n)).replace('{q}', function () { return q; }); };
  var params = new URLSearchParams(location.search);
  var p = function (name) { return (params.get(name) || '').replace(/\\s+/g, ' ').trim(); };
  ['q', 'typ', 'dprtmnt', 'mnstr', 'start', 'end'].forEach(function (name) {
    var field = document.getElementById('news-' + name);
    if (field && p(name)) field.value = p(name);
  });
  var searched = ['q', 'typ', 'dprtmnt', 'mnstr', 'start', 'end'].some(function (name) { return p(name) !== ''; });
  var words = p('q').toLowerCase().split(/\\s+/).filter(Boolean);
  var items = ITEMS.filter(function (item) {
    var title = item.title.toLowerCase();
    return words.every(function (word) { return title.indexOf(word) !== -1; }) &&
      (!p('typ') || item.typ === p('typ')) && (!p('dprtmnt') || item.dprtmnt === p('dprtmnt')) && (!p('mnstr') || item.mnstr === p('mnstr')) &&
      (!p('start') || item.date >= p('start')) && (!p('end') || item.date <= p('end'));
  });
  var area = document.getElementById('news-results');
  var el = function (tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    return node;
  };
  if (!items.length) {
    area.appendChild(el('h2', ${JSON.stringify(w.none)}));
    area.appendChild(el('p', ${JSON.stringify(w.noneHelp)}, { 'class': 'result-count', 'data-result-count': '0' }));
  } else {
    if (searched) area.appendChild(el('p', countText(items.length, p('q') || '*'), { 'class': 'result-count', 'data-result-count': String(items.length) }));
    var list = el('ul', '', { 'class': 'news-list' });
    items.forEach(function (item, i) {
      var li = el('li');
      li.appendChild(el('a', item.title, searched ? { href: item.url, 'data-dtm-srchlnknm': String(i + 1) } : { href: item.url }));
      li.appendChild(el('span', ' ' + item.date, { 'class': 'small' }));
      list.appendChild(li);
    });
    area.appendChild(list);
  }
  if (searched) {
    (window.adobeDataLayer = window.adobeDataLayer || []).push({
      event: 'searchResult',
      searchResult: { queryText: p('q'), numberOfResults: items.length, eventType: 'search', actionCause: 'interfaceLoad' },
    });
  }
})();`;
}
