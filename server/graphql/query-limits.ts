/**
 * Limits on the shape of a GraphQL operation, checked before it is planned: how deep selections
 * nest and how many fields it selects once fragments are spread. A 100 KB query can otherwise ask
 * for thousands of aliased lists or nest relations a hundred levels deep. Introspection (fields
 * named `__…`) is not counted: GraphiQL's own schema query nests type references deeply, and it
 * reads the schema, not the database.
 */
import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext, ValidationRule } from 'graphql'
import type { GraphqlModule } from './graphql-module'

export const MAX_QUERY_DEPTH = 15
export const MAX_QUERY_FIELDS = 1_000

type Cost = { depth: number; fields: number }

/**
 * A validation rule (graphql's `validate`) refusing operations beyond the limits, with a message
 * saying which; made with the `graphql` module the schema comes from (graphql-module.ts).
 */
export const queryLimitsRule =
  ({ GraphQLError, Kind }: Pick<GraphqlModule, 'GraphQLError' | 'Kind'>): ValidationRule =>
  (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    // A fragment costs the same wherever it is spread: measured once. `null` marks one being measured (a cycle, which graphql's own rules report).
    const fragmentCosts = new Map<string, Cost | null>()

    function measure(selectionSet: SelectionSetNode): Cost {
      let depth = 0
      let fields = 0
      for (const selection of selectionSet.selections) {
        let inner: Cost = { depth: 0, fields: 0 }
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue
          inner = selection.selectionSet ? measure(selection.selectionSet) : inner
          inner = { depth: inner.depth + 1, fields: inner.fields + 1 }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = measure(selection.selectionSet)
        } else {
          inner = fragmentCost(selection.name.value)
        }
        depth = Math.max(depth, inner.depth)
        // Saturating: a chain of fragments each spread twice doubles at every step.
        fields = Math.min(fields + inner.fields, Number.MAX_SAFE_INTEGER)
      }
      return { depth, fields }
    }

    function fragmentCost(name: string): Cost {
      const known = fragmentCosts.get(name)
      if (known) return known
      const fragment = fragments.get(name)
      if (known === null || !fragment) return { depth: 0, fields: 0 }
      fragmentCosts.set(name, null)
      const cost = measure(fragment.selectionSet)
      fragmentCosts.set(name, cost)
      return cost
    }

    return {
      OperationDefinition(operation) {
        const { depth, fields } = measure(operation.selectionSet)
        const name = operation.name ? ` ${operation.name.value}` : ''
        if (depth > MAX_QUERY_DEPTH)
          context.reportError(
            new GraphQLError(`The operation${name} nests ${depth} levels deep; at most ${MAX_QUERY_DEPTH} are allowed.`, { nodes: operation })
          )
        else if (fields > MAX_QUERY_FIELDS)
          context.reportError(
            new GraphQLError(`The operation${name} selects ${fields} fields (fragments spread); at most ${MAX_QUERY_FIELDS} are allowed.`, { nodes: operation })
          )
        return false
      },
    }
  }
