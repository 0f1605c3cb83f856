export const configKeys = {
  runtime: () => ['config'] as const,
}
