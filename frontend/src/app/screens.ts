/**
 * The signed-in screens of spec section 2, in the sidebar's order: route, sidebar label, page title
 * and subtitle. The subtitles the spec does not word are written in the same voice as the dashboard's.
 */
export interface Screen {
  path: string;
  /** The sidebar entry. */
  label: string;
  /** The page header. */
  title: string;
  subtitle: string;
}

export const mainScreens: readonly Screen[] = [
  {
    path: '/',
    label: 'Tableau de bord',
    title: 'Tableau de Bord',
    subtitle: "Vue d'ensemble de votre activité",
  },
  { path: '/clients', label: 'Clients', title: 'Clients', subtitle: 'Gestion de vos clients' },
  {
    path: '/suppliers',
    label: 'Fournisseurs',
    title: 'Fournisseurs',
    subtitle: 'Gestion des fournisseurs et sous-traitants',
  },
  { path: '/projects', label: 'Projets', title: 'Projets', subtitle: 'Suivi de vos chantiers' },
  { path: '/quotes', label: 'Devis', title: 'Devis', subtitle: 'Devis de vos clients' },
  { path: '/purchases', label: 'Achats', title: 'Achats', subtitle: 'Demandes de prix et commandes' },
  {
    path: '/work-tracking',
    label: 'Suivi Travaux',
    title: 'Suivi Travaux',
    subtitle: "États d'avancement des chantiers",
  },
  { path: '/invoicing', label: 'Facturation', title: 'Facturation', subtitle: 'Factures de vos clients' },
  {
    path: '/documents',
    label: 'Documents',
    title: 'Documents',
    subtitle: 'Plans, photos, contrats et devis',
  },
  { path: '/finances', label: 'Finances', title: 'Finances', subtitle: 'Recettes, dépenses et rentabilité' },
];

/** Under the 'Administration' heading, for super administrators only (spec section 6). */
export const adminScreen: Screen = {
  path: '/admin',
  label: 'Système Admin',
  title: 'Système Admin',
  subtitle: 'Utilisateurs et entreprises de toute la plateforme',
};

/** The screen of a route of spec section 2 (its title and subtitle). */
export function screenOf(path: string): Screen {
  const screen = mainScreens.find((candidate) => candidate.path === path);
  if (!screen) throw new Error(`Unknown screen ${path}`);
  return screen;
}
