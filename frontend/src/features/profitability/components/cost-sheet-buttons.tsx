/** The chantier's cost sheet exports (PDF, CSV): added with the exports. */
export function CostSheetButtons(_props: { projectId: string }) {
  return null;
}
