/** The panel's words in the page's language. What the tag logs (rule names, log lines) stays as the tag wrote it. */
import type { BeaconState, EntryKind, RuleOutcome } from './model';

export type Language = 'en' | 'fr';

export interface Labels {
  panel: string;
  collapse: string;
  expand: string;
  close: string;
  closeHint: string;
  show: string;
  search: string;
  exportJson: string;
  copyRequest: string;
  copyJson: string;
  copied: string;
  copyFailed: string;
  exported: string;
  nothing: string;
  shown: (count: number, total: number) => string;
  kinds: Record<EntryKind, string>;
  states: Record<BeaconState, string>;
  earlier: string;
  /** A rule's outcome, with the condition that stopped it or the part that failed. */
  rule: (outcome: RuleOutcome, condition?: string) => string;
  parameter: string;
  slot: string;
  reportName: string;
  value: string;
}

export const LABELS: Record<Language, Labels> = {
  en: {
    panel: 'Tag QA panel',
    collapse: 'Collapse',
    expand: 'Expand',
    close: 'Close',
    closeHint: 'Closes it on this page; ?logdtm=false turns it off for the visit.',
    show: 'Show',
    search: 'Search',
    exportJson: 'Export JSON',
    copyRequest: 'Copy request',
    copyJson: 'Copy JSON',
    copied: 'Copied.',
    copyFailed: 'The browser did not allow copying.',
    exported: 'Exported.',
    nothing: 'Nothing matches.',
    shown: (count, total) => `${count} of ${total} shown`,
    kinds: { beacon: 'Beacons', rule: 'Rules', personalization: 'Personalization', survey: 'Survey', dataLayer: 'Data layer', log: 'Other log lines' },
    states: { sending: 'sending', waiting: 'waiting', queued: 'queued', sent: 'sent', refused: 'refused' },
    earlier: 'from an earlier page',
    rule: (outcome, condition) =>
      outcome === 'fired' ? 'fired' : outcome === 'notMet' ? `did not fire: condition “${condition}” not met` : `failed: ${condition}`,
    parameter: 'Parameter',
    slot: 'Slot',
    reportName: 'Report name',
    value: 'Value',
  },
  fr: {
    panel: 'Panneau d’AQ de la balise',
    collapse: 'Réduire',
    expand: 'Agrandir',
    close: 'Fermer',
    closeHint: 'Le ferme sur cette page; ?logdtm=false le désactive pour la visite.',
    show: 'Afficher',
    search: 'Rechercher',
    exportJson: 'Exporter en JSON',
    copyRequest: 'Copier la requête',
    copyJson: 'Copier le JSON',
    copied: 'Copié.',
    copyFailed: 'Le navigateur n’a pas permis la copie.',
    exported: 'Exporté.',
    nothing: 'Aucun résultat.',
    shown: (count, total) => `${count} sur ${total} affichés`,
    kinds: {
      beacon: 'Balises',
      rule: 'Règles',
      personalization: 'Personnalisation',
      survey: 'Sondage',
      dataLayer: 'Couche de données',
      log: 'Autres lignes du journal',
    },
    states: { sending: 'en cours d’envoi', waiting: 'en attente', queued: 'en file', sent: 'envoyée', refused: 'refusée' },
    earlier: 'd’une page précédente',
    rule: (outcome, condition) =>
      outcome === 'fired'
        ? 'déclenchée'
        : outcome === 'notMet'
          ? `non déclenchée\u00a0: condition «\u00a0${condition}\u00a0» non remplie`
          : `en échec\u00a0: ${condition}`,
    parameter: 'Paramètre',
    slot: 'Variable',
    reportName: 'Nom du rapport',
    value: 'Valeur',
  },
};

/** The page's language, as GCWeb pages declare it: `<html lang="fr">` or `fr-CA`. */
export const pageLanguage = (lang: string): Language => (/^fr\b/i.test(lang) ? 'fr' : 'en');
