import { describe, expect, it } from 'vitest'
import { disableExtensionSql, enableExtensionSql } from './extension-sql'

describe('enableExtensionSql', () => {
  it.each([
    [{ name: 'citext', schema: 'extensions' }, 'create schema if not exists "extensions";\ncreate extension "citext" with schema "extensions";'],
    [{ name: 'uuid-ossp', schema: 'public', cascade: true }, 'create schema if not exists "public";\ncreate extension "uuid-ossp" with schema "public" cascade;'],
    [{ name: 'x"; drop table t; --', schema: 'My "Schema"' }, 'create schema if not exists "My ""Schema""";\ncreate extension "x""; drop table t; --" with schema "My ""Schema""";'],
  ])('%o', (input, expected) => expect(enableExtensionSql(input)).toBe(expected))
})

describe('disableExtensionSql', () => {
  it.each([
    [{ name: 'citext' }, 'drop extension "citext";'],
    [{ name: 'citext', cascade: true }, 'drop extension "citext" cascade;'],
    [{ name: 'a"b' }, 'drop extension "a""b";'],
  ])('%o', (input, expected) => expect(disableExtensionSql(input)).toBe(expected))
})
