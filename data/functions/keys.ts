/** A project's edge functions and its secrets. */
export const functionKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'functions'] as const,
  list: (projectRef: string | undefined) => ['projects', projectRef, 'functions', 'list'] as const,
  detail: (projectRef: string | undefined, slug: string | undefined) => ['projects', projectRef, 'functions', 'detail', slug] as const,
  body: (projectRef: string | undefined, slug: string | undefined) => ['projects', projectRef, 'functions', 'body', slug] as const,
  secrets: (projectRef: string | undefined) => ['projects', projectRef, 'functions', 'secrets'] as const,
}
