export const siteKeys = {
  testimonials: () => ['site', 'testimonials'] as const,
}
