// Import cycles (DESIGN: no import cycles), checked by dependency-cruiser in its own phase of
// `npm test` (`npm run cycles`) rather than by ESLint's import/no-cycle, which took most of the
// lint time. Same rule as that one: imports between the project's own files, `import()` and
// `export … from` included; `import type` and imports of types alone (`import { type A }`) are
// left out, since they vanish from the compiled code. Within server/, type imports count too:
// a type circle there made every module depend on every other.
/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'This import closes a cycle: move what both sides need into a file of its own.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-types-in-server',
      severity: 'error',
      comment:
        "server/ has no cycle even through types: the types every module needs (server/kernel/: the Platform, the handlers' context, the errors) import nothing that imports them back. Move the shared type into a file of its own.",
      from: { path: '^server/' },
      to: { circular: true, viaOnly: { path: '^server/' } },
    },
  ],
  options: {
    exclude: { path: '^(node_modules|\\.next|\\.data|test-results|playwright-report|bench/out)/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports must be seen to be told apart; the tsconfig gives the `@/` paths.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json'] },
    progress: { type: 'none' },
  },
}

export default config
