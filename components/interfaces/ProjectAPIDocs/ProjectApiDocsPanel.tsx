/** Placeholder until the feature lands; mounted by the project layout. */
export function ProjectApiDocsPanel({ projectRef }: { projectRef: string }): null {
  void projectRef
  return null
}
