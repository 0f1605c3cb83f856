/**
 * Limits on a GraphQL operation, checked before it is planned: how deep selections nest, how many
 * fields it selects once fragments are spread, how many rows each list may read, and how many
 * values the whole answer may hold. A 100 KB query can otherwise ask for thousands of aliased
 * lists, nest relations a hundred levels deep, or read a whole large table: PostGraphile reads
 * every row of a connection that is given no `first` or `last`.
 *
 * Every field taking `first` (PostGraphile's connections and lists) reads at most
 * `MAX_PAGE_SIZE` rows; one given neither `first` nor `last` gets `first: DEFAULT_PAGE_SIZE`
 * (withDefaultPageSize). The cost of an operation counts each field once per row it can be read
 * for (a column inside `allTodos(first: 100) { nodes { … } }` costs 100). Introspection (fields
 * named `__…`) is not counted: GraphiQL's own schema query nests type references deeply, and it
 * reads the schema, not the database.
 */
import type {
  ArgumentNode,
  ASTVisitor,
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
} from 'graphql'
import type { GraphqlModule } from './graphql-module'

export const MAX_QUERY_DEPTH = 15
export const MAX_QUERY_FIELDS = 1_000
/** Rows a list reads when the query does not say. */
export const DEFAULT_PAGE_SIZE = 100
/** Rows one list may read (`first` / `last`). */
export const MAX_PAGE_SIZE = 1_000
/** Values (fields × the rows they are read for) an operation may ask for. */
export const MAX_QUERY_COST = 100_000

type Cost = { depth: number; fields: number; cost: number }

const PAGE_ARGUMENTS = ['first', 'last']

const takesPageSize = (field: Pick<GraphQLField<unknown, unknown>, 'args'> | null | undefined): boolean =>
  Boolean(field?.args?.some((arg) => arg.name === 'first'))

const saturating = (n: number): number => Math.min(n, Number.MAX_SAFE_INTEGER)

/**
 * The document with `first: DEFAULT_PAGE_SIZE` added to every field that takes `first` and was
 * given neither `first` nor `last` (in fragments too). Fields the schema does not know are left
 * as they are, for validation to report.
 */
export function withDefaultPageSize(
  { Kind, TypeInfo, visit, visitWithTypeInfo }: Pick<GraphqlModule, 'Kind' | 'TypeInfo' | 'visit' | 'visitWithTypeInfo'>,
  schema: GraphQLSchema,
  document: DocumentNode
): DocumentNode {
  const typeInfo = new TypeInfo(schema)
  return visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field: {
        leave(node: FieldNode) {
          if (!takesPageSize(typeInfo.getFieldDef())) return undefined
          if (node.arguments?.some((arg) => PAGE_ARGUMENTS.includes(arg.name.value))) return undefined
          const first: ArgumentNode = {
            kind: Kind.ARGUMENT,
            name: { kind: Kind.NAME, value: 'first' },
            value: { kind: Kind.INT, value: String(DEFAULT_PAGE_SIZE) },
          }
          return { ...node, arguments: [...(node.arguments ?? []), first] }
        },
      },
    })
  )
}

/**
 * A validation rule (graphql's `validate`) refusing operations beyond the limits, with a message
 * saying which; made with the `graphql` module the schema comes from (graphql-module.ts) and the
 * request's variables (a page size may come from one). Run it on the document withDefaultPageSize
 * made: a list field without `first` or `last` left is refused.
 */
export const queryLimitsRule =
  (
    { GraphQLError, Kind, getNamedType, getNullableType, isListType }: Pick<GraphqlModule, 'GraphQLError' | 'Kind' | 'getNamedType' | 'getNullableType' | 'isListType'>,
    variables: Record<string, unknown> = {}
  ): ValidationRule =>
  (context: ValidationContext): ASTVisitor => {
    const schema = context.getSchema()
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    // Per operation (its variables' defaults differ): a fragment costs the same wherever it is spread under the same page size, measured once. `null` marks one being measured (a cycle, which graphql's own rules report).
    let fragmentCosts = new Map<string, Cost | null>()
    let operation: OperationDefinitionNode
    const pageErrors = new Map<FieldNode, string>()

    // Object and interface types: what a selection set selects from (input types never are).
    const fieldsOf = (type: GraphQLNamedType | null | undefined) =>
      type && 'getInterfaces' in type ? (type.getFields() as Record<string, GraphQLField<unknown, unknown>>) : undefined

    /**
     * The value of an Int argument: a literal, or a variable of the request (or its default).
     * `null` when none is given; `undefined` for a value of another kind, which graphql refuses
     * when it coerces it.
     */
    function intArgument(node: FieldNode, name: string): number | null | undefined {
      const argument = node.arguments?.find((arg) => arg.name.value === name)
      if (!argument || argument.value.kind === Kind.NULL) return null
      const { value } = argument
      if (value.kind === Kind.INT) return Number(value.value)
      if (value.kind !== Kind.VARIABLE) return undefined
      const variable = value.name.value
      const given = Object.hasOwn(variables, variable) ? variables[variable] : undefined
      if (typeof given === 'number') return given
      if (given !== undefined && given !== null) return undefined
      const defaultValue = operation.variableDefinitions?.find((definition) => definition.variable.name.value === variable)?.defaultValue
      if (given === undefined && defaultValue?.kind === Kind.INT) return Number(defaultValue.value)
      return null
    }

    /** Rows the field reads: its `first` or `last`, checked against the limit. */
    function pageSize(node: FieldNode): number {
      const label = node.alias ? `${node.alias.value}: ${node.name.value}` : node.name.value
      const sizes = PAGE_ARGUMENTS.map((name) => intArgument(node, name))
      if (sizes.every((size) => size === null)) {
        pageErrors.set(node, `The list ${label} needs \`first\` or \`last\` (at most ${MAX_PAGE_SIZE} rows).`)
        return MAX_PAGE_SIZE
      }
      const given = sizes.filter((size): size is number => typeof size === 'number')
      const largest = Math.max(0, ...given)
      if (largest > MAX_PAGE_SIZE)
        pageErrors.set(node, `The list ${label} asks for ${largest} rows; at most ${MAX_PAGE_SIZE} are allowed per list (\`first\` / \`last\`).`)
      return given.length > 0 ? largest : MAX_PAGE_SIZE
    }

    /** `pageLimit`: the page size of the connection this selection belongs to, which its lists (`nodes`, `edges`) are read for. */
    function measure(selectionSet: SelectionSetNode, parentType: GraphQLNamedType | null | undefined, pageLimit: number | undefined): Cost {
      let depth = 0
      let fields = 0
      let cost = 0
      for (const selection of selectionSet.selections) {
        let inner: Cost = { depth: 0, fields: 0, cost: 0 }
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue
          const definition = fieldsOf(parentType)?.[selection.name.value]
          const ownLimit = takesPageSize(definition) ? pageSize(selection) : undefined
          const isList = definition ? isListType(getNullableType(definition.type)) : false
          if (selection.selectionSet) inner = measure(selection.selectionSet, definition && getNamedType(definition.type), isList ? undefined : ownLimit)
          const rows = isList ? (ownLimit ?? pageLimit ?? 1) : 1
          inner = { depth: inner.depth + 1, fields: inner.fields + 1, cost: saturating(rows * (inner.cost + 1)) }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType
          inner = measure(selection.selectionSet, type, pageLimit)
        } else {
          inner = fragmentCost(selection.name.value, pageLimit)
        }
        depth = Math.max(depth, inner.depth)
        // Saturating: a chain of fragments each spread twice doubles at every step.
        fields = saturating(fields + inner.fields)
        cost = saturating(cost + inner.cost)
      }
      return { depth, fields, cost }
    }

    function fragmentCost(name: string, pageLimit: number | undefined): Cost {
      const key = `${name}:${pageLimit ?? ''}`
      const known = fragmentCosts.get(key)
      if (known) return known
      const fragment = fragments.get(name)
      if (known === null || !fragment) return { depth: 0, fields: 0, cost: 0 }
      fragmentCosts.set(key, null)
      const cost = measure(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), pageLimit)
      fragmentCosts.set(key, cost)
      return cost
    }

    return {
      OperationDefinition(node) {
        operation = node
        fragmentCosts = new Map()
        pageErrors.clear()
        const rootType = schema.getRootType(node.operation)
        const { depth, fields, cost } = measure(node.selectionSet, rootType, undefined)
        const name = node.name ? ` ${node.name.value}` : ''
        for (const [field, message] of pageErrors) context.reportError(new GraphQLError(message, { nodes: field }))
        if (depth > MAX_QUERY_DEPTH)
          context.reportError(new GraphQLError(`The operation${name} nests ${depth} levels deep; at most ${MAX_QUERY_DEPTH} are allowed.`, { nodes: node }))
        else if (fields > MAX_QUERY_FIELDS)
          context.reportError(
            new GraphQLError(`The operation${name} selects ${fields} fields (fragments spread); at most ${MAX_QUERY_FIELDS} are allowed.`, { nodes: node })
          )
        else if (pageErrors.size === 0 && cost > MAX_QUERY_COST)
          context.reportError(
            new GraphQLError(
              `The operation${name} may read ${cost} values (each field counted once per row its lists may read); at most ${MAX_QUERY_COST} are allowed: ask for fewer rows (\`first\`) or fewer fields.`,
              { nodes: node }
            )
          )
        return false
      },
    }
  }
