export const aiKeys = {
  status: () => ['ai', 'status'] as const,
}
