/**
 * The database webhooks page: triggers whose function sends an HTTP request through pg_net
 * (`net.http_post`, `net.http_get`, `net.http_delete`) or the `supabase_functions.http_request`
 * trigger function some projects carry. Read from the catalog; one SELECT.
 */
import { z } from 'zod'
import { jsonColumn } from './sql-text'

export const HOOKS_SQL = `select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
  'schema', n.nspname,
  'table', c.relname,
  'name', t.tgname,
  'function', pg_catalog.format('%I.%I', pn.nspname, p.proname),
  'timing', case when t.tgtype & 2 <> 0 then 'before' when t.tgtype & 64 <> 0 then 'instead of' else 'after' end,
  'events', pg_catalog.array_to_string(array_remove(array[
    case when t.tgtype & 4 <> 0 then 'insert' end,
    case when t.tgtype & 16 <> 0 then 'update' end,
    case when t.tgtype & 8 <> 0 then 'delete' end,
    case when t.tgtype & 32 <> 0 then 'truncate' end
  ], null), ', '),
  'enabled', t.tgenabled <> 'D',
  'definition', pg_catalog.pg_get_triggerdef(t.oid, true)
) order by n.nspname, c.relname, t.tgname), '[]'::json) as hooks
from pg_catalog.pg_trigger t
join pg_catalog.pg_class c on c.oid = t.tgrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_proc p on p.oid = t.tgfoid
join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
where not t.tgisinternal
  and (p.prosrc ~* '\\mnet\\.http_(post|get|delete)\\M' or (pn.nspname = 'supabase_functions' and p.proname = 'http_request'))`

const hookSchema = z.object({
  schema: z.string(),
  table: z.string(),
  name: z.string(),
  function: z.string(),
  timing: z.string(),
  events: z.string(),
  enabled: z.boolean(),
  definition: z.string(),
})
export type DatabaseHook = z.infer<typeof hookSchema>

export function hooksFromRows(rows: unknown): DatabaseHook[] {
  const parsed = z.array(hookSchema).safeParse(jsonColumn(rows, 'hooks'))
  if (!parsed.success) throw new Error('The database webhooks answered something unexpected')
  return parsed.data
}

/** What the page suggests: a trigger function posting the new row with pg_net. */
export const HOOK_EXAMPLE_SQL = `create function public.notify_order() returns trigger
language plpgsql as $$
begin
  perform net.http_post(
    url := 'https://example.com/hooks/orders',
    body := pg_catalog.to_jsonb(new)
  );
  return new;
end $$;

create trigger orders_webhook after insert on public.orders
  for each row execute function public.notify_order();`
