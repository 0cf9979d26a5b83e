/**
 * The signed-in screens of spec section 2, declared once: route, sidebar label, page title and
 * subtitle. The router, the sidebar and the build's route preloading (route-modules.ts) read them.
 * The subtitles the spec does not word are written in the same voice as the dashboard's.
 * Plain data, no import: vite.config.ts and `npm run bench:web` read it outside Vite.
 */
export interface Screen {
  path: string;
  /** The sidebar entry. */
  label: string;
  /** The page header. */
  title: string;
  subtitle: string;
}

/** What a screen module's `Screen` component receives: its page header's title and subtitle. */
export type ScreenTitles = Pick<Screen, 'title' | 'subtitle'>;

/** A screen of the main menu, whose code is the lazily loaded module `./screens/<module>-screen.tsx`. */
export interface MainScreen extends Screen {
  module: string;
}

/** The main menu, in the sidebar's order. */
export const mainScreens: readonly MainScreen[] = [
  {
    path: '/',
    module: 'dashboard',
    label: 'Tableau de bord',
    title: 'Tableau de Bord',
    subtitle: "Vue d'ensemble de votre activité",
  },
  {
    path: '/clients',
    module: 'clients',
    label: 'Clients',
    title: 'Clients',
    subtitle: 'Gestion de vos clients',
  },
  {
    path: '/suppliers',
    module: 'suppliers',
    label: 'Fournisseurs',
    title: 'Fournisseurs',
    subtitle: 'Gestion des fournisseurs et sous-traitants',
  },
  {
    path: '/projects',
    module: 'projects',
    label: 'Projets',
    title: 'Projets',
    subtitle: 'Suivi de vos chantiers',
  },
  { path: '/quotes', module: 'quotes', label: 'Devis', title: 'Devis', subtitle: 'Devis de vos clients' },
  {
    path: '/library',
    module: 'library',
    label: 'Bibliothèque',
    title: 'Bibliothèque',
    subtitle: 'Articles, ouvrages et tarifs fournisseurs',
  },
  {
    path: '/purchases',
    module: 'purchases',
    label: 'Achats',
    title: 'Achats',
    subtitle: 'Demandes de prix et commandes',
  },
  {
    path: '/work-tracking',
    module: 'work-tracking',
    label: 'Suivi Travaux',
    title: 'Suivi Travaux',
    subtitle: "États d'avancement des chantiers",
  },
  {
    path: '/invoicing',
    module: 'invoicing',
    label: 'Facturation',
    title: 'Facturation',
    subtitle: 'Factures de vos clients',
  },
  {
    path: '/documents',
    module: 'documents',
    label: 'Documents',
    title: 'Documents',
    subtitle: 'Plans, photos, contrats et devis',
  },
  {
    path: '/finances',
    module: 'finances',
    label: 'Finances',
    title: 'Finances',
    subtitle: 'Recettes, dépenses et rentabilité',
  },
];

/**
 * A client's page (issue 21): its contact, projects, quotes, invoices, payments and documents. Not
 * in the sidebar (where Clients stays highlighted); reached from the client's card on Clients.
 */
export const clientScreen: MainScreen = {
  path: '/clients/:id',
  module: 'client',
  label: 'Fiche client',
  title: 'Fiche client',
  subtitle: 'Coordonnées, projets, devis, factures, paiements et documents du client',
};

/**
 * Under the 'Administration' heading, for every user of a company (issue 13): its administrator
 * edits the company's legal profile and manages its users, the others read the profile.
 */
export const settingsScreen: MainScreen = {
  path: '/settings',
  module: 'settings',
  label: 'Paramètres',
  title: "Paramètres de l'entreprise",
  subtitle: 'Identité légale, coordonnées, banque, assurance et utilisateurs',
};

/** Under the 'Administration' heading, for super administrators only (spec section 6). */
export const adminScreen: Screen = {
  path: '/admin',
  label: 'Système Admin',
  title: 'Système Admin',
  subtitle: 'Utilisateurs et entreprises de toute la plateforme',
};
