/*
 * A small stand-in for the behaviour of WET/GCWeb widgets on the demo site: the menu, the page
 * feedback tool, report a problem, tabs and carousels, expand all, table filters, the chat
 * wizard (the GC Design System components are the real ones, from /gcds/). It never talks to the analytics tag: the tag sees these
 * widgets through their markup, as on Canada.ca. No dependencies; runs offline.
 */
(function () {
  'use strict';
  var $ = function (selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); };
  var fr = document.documentElement.lang === 'fr';

  // The menu: its button opens and closes the list.
  $('.gcweb-menu').forEach(function (nav) {
    var button = nav.querySelector('button');
    var list = nav.querySelector('[role=menu]');
    if (!button || !list) return;
    var set = function (open) {
      button.setAttribute('aria-expanded', String(open));
      list.hidden = !open;
    };
    button.addEventListener('click', function () { set(button.getAttribute('aria-expanded') !== 'true'); });
    document.addEventListener('keydown', function (e) { if (e.key === 'Escape') set(false); });
    document.addEventListener('click', function (e) { if (!nav.contains(e.target)) set(false); });
  });

  // The page feedback tool, as GCWeb's: No opens the follow-up comment; Yes, or the comment, is
  // sent (here: thanked). Like wet-boew's pii-scrub, a comment with what looks like personal
  // information (a run of digits, an @) opens the modal appended to <body> instead of being sent.
  $('#gc-pft').forEach(function (pft) {
    var form = pft.querySelector('form');
    var no = pft.querySelector('.gc-pft-no');
    var buttons = pft.querySelector('.gc-pft-btns');
    var thanks = pft.querySelector('.gc-pft-thnk');
    var opener = pft.querySelector('[data-wb-doaction]');
    if (!form || !no || !buttons || !thanks || !opener) return;
    opener.addEventListener('click', function () {
      no.classList.remove('nojs-show');
      buttons.classList.add('hide');
    });
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var comment = form.querySelector('[data-scrub-field]');
      var template = form.querySelector('template[data-pft-scrub-modal]');
      if (comment && template && /\d{3}|@/.test(comment.value) && e.submitter && e.submitter.value === 'No-Non') {
        var modal = document.createElement('section');
        modal.id = 'wb-pii-scrub-modal';
        modal.className = 'modal-dialog modal-content overlay-def';
        modal.setAttribute('data-form', form.id);
        modal.appendChild(template.content.cloneNode(true));
        document.body.appendChild(modal);
        modal.querySelector('.popup-modal-dismiss').addEventListener('click', function () {
          modal.remove();
          comment.focus();
        });
        return;
      }
      form.classList.add('hide');
      thanks.classList.remove('hide');
    });
  });

  // WET's randomizer (data-wb-randomize, toggle "hide"), as GCWeb's home features use it: of the
  // tiles of each group, one is shown at random and the others keep their `hide` class.
  $('[data-wb-randomize]').forEach(function (group) {
    var tiles = Array.prototype.slice.call(group.children);
    var shown = tiles[Math.floor(Math.random() * tiles.length)];
    if (shown) shown.classList.remove('hide');
  });

  // Report a problem: the form stays on the page (the demo has nowhere to send it).
  $('.gc-rprt-prblm form').forEach(function (form) {
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      form.hidden = true;
      var thanks = form.closest('.gc-rprt-prblm').querySelector('.gc-rprt-prblm-thanks');
      if (thanks) thanks.hidden = false;
    });
  });

  // Tabs and carousels: a tab shows its panel. Tab links do not change the address.
  var selectTab = function (widget, tab) {
    $('[role=tab]', widget).forEach(function (other) {
      var active = other === tab;
      other.setAttribute('aria-selected', String(active));
      other.setAttribute('tabindex', active ? '0' : '-1');
      if (other.parentElement) other.parentElement.classList.toggle('active', active);
      var panel = document.getElementById(other.getAttribute('aria-controls'));
      if (panel) panel.hidden = !active;
    });
  };
  $('.wb-tabs').forEach(function (widget) {
    widget.addEventListener('click', function (e) {
      var tab = e.target.closest('[role=tab]');
      if (tab && widget.contains(tab)) {
        e.preventDefault();
        selectTab(widget, tab);
        return;
      }
      var step = e.target.closest('[data-carousel-step]');
      if (!step) return;
      var tabs = $('[role=tab]', widget);
      var current = tabs.findIndex(function (t) { return t.getAttribute('aria-selected') === 'true'; });
      var next = (current + Number(step.getAttribute('data-carousel-step')) + tabs.length) % tabs.length;
      selectTab(widget, tabs[next]);
    });
  });

  // Expand all / collapse all (WET's wb-toggle with type "on" or "off").
  $('.wb-toggle[data-toggle]').forEach(function (toggle) {
    toggle.addEventListener('click', function () {
      var options = {};
      try { options = JSON.parse(toggle.getAttribute('data-toggle')); } catch (error) { return; }
      $(options.selector || 'details').forEach(function (details) {
        if (options.type === 'on') details.setAttribute('open', '');
        else if (options.type === 'off') details.removeAttribute('open');
      });
    });
  });

  // Table filters: rows whose text does not contain the filter text are hidden.
  $('input.wb-fltr-inpt').forEach(function (input) {
    var table = document.querySelector(input.getAttribute('data-table'));
    var status = document.querySelector(input.getAttribute('data-status'));
    if (!table) return;
    var apply = function () {
      var wanted = input.value.trim().toLowerCase();
      var shown = 0;
      $('tbody tr', table).forEach(function (row) {
        var match = row.textContent.toLowerCase().indexOf(wanted) !== -1;
        row.hidden = !match;
        if (match) shown += 1;
      });
      if (status) status.textContent = fr ? shown + ' ligne(s) affichée(s)' : 'Showing ' + shown + ' row(s)';
    };
    input.addEventListener('input', apply);
    apply();
  });

  // The chat wizard's bubble opens a (demo) chat panel.
  $('.wb-chtwzrd-link').forEach(function (link) {
    link.addEventListener('click', function (e) {
      e.preventDefault();
      var panel = document.getElementById(link.getAttribute('aria-controls'));
      if (panel) panel.hidden = false;
    });
  });
  $('[data-chtwzrd-close]').forEach(function (button) {
    button.addEventListener('click', function () {
      var panel = button.closest('[role=dialog]');
      if (panel) panel.hidden = true;
    });
  });
})();
