// @vitest-environment node
/**
 * The snippet library runs as written: every snippet, as the project's owner, through the SQL API
 * (`POST /platform/pg-meta/{ref}/query?results=all`). One project; before each snippet its database is put back to the state of a new project (every schema the
 * snippets made dropped, `public` remade, large objects removed) and compared with the
 * fingerprint taken when the project was new, so each snippet runs as if in a database of its own.
 *
 * A snippet that needs an extension the database cannot create must fail with the very error
 * CREATE EXTENSION gives for it (naming the extension) and leave nothing behind; where the
 * extension can be created, the snippet must run.
 *
 * Then the rules the samples promise: check constraints (todo task, username, currency), the
 * attempt-limit hooks' 429, the Slack Clone's app roles under row-level security, and what the
 * other templates say they do.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, runSql } from '../helpers/project-backends'
import { RATE_LIMIT_MESSAGE, SNIPPETS, type Snippet } from '@/lib/snippets'

type Result = { command: string; rowCount: number | null; rows: Record<string, unknown>[] }

const snippet = (title: string): Snippet => {
  const found = SNIPPETS.find((s) => s.title === title)
  if (!found) throw new Error(`no snippet titled ${title}`)
  return found
}

/** The extensions a snippet creates. */
const extensionsOf = (sql: string): string[] => [...sql.matchAll(/create extension if not exists (\w+)/gi)].map((m) => m[1])

/** What a new project's database looks like, as far as snippets can change it. */
const FINGERPRINT = `
  select
    (select json_agg(nspname order by nspname) from pg_namespace) as schemas,
    (select json_agg(extname order by extname) from pg_extension) as extensions,
    (select count(*) from pg_class where relnamespace = 'public'::regnamespace) as relations,
    (select count(*) from pg_proc where pronamespace = 'public'::regnamespace) as functions,
    (select count(*) from pg_type where typnamespace = 'public'::regnamespace) as types,
    (select count(*) from pg_largeobject_metadata) as large_objects,
    (select count(*) from pg_event_trigger) as event_triggers,
    (select count(*) from pg_publication) as publications,
    -- Roles are server-wide (other projects' are there too): the project's are the ones its own
    -- role is a member of, which includes every role it created (it administers those).
    (select json_agg(rolname order by rolname) from pg_roles r where pg_has_role(current_user, r.oid, 'MEMBER')) as roles`

/** Back to a new project's state: drops what snippets create, keeps what the platform made. */
const resetSql = (keepSchemas: string[]) => `
  do $reset$
  declare s name;
  begin
    for s in
      select nspname from pg_namespace
      where nspowner = (select oid from pg_roles where rolname = current_user)
        and nspname <> all (array[${keepSchemas.map((n) => `'${n}'`).join(', ')}]::name[])
    loop
      execute format('drop schema %I cascade', s);
    end loop;
    -- A new project's users table is empty (samples insert users of their own).
    if to_regclass('auth.users') is not null then
      truncate auth.users cascade;
    end if;
  end
  $reset$;
  drop schema public cascade;
  create schema public;
  grant usage on schema public to public;
  select lo_unlink(oid) from pg_largeobject_metadata;`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`snippet library: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let ref: string
    let pristine: Record<string, unknown>
    let keepSchemas: string[]
    /** Per extension a snippet creates: null when it can be created here, else CREATE EXTENSION's error. */
    const extensionError = new Map<string, string | null>()

    const run = (query: string) => runSql(tp, owner, ref, query)

    async function ok(query: string): Promise<Result[]> {
      const res = await run(query)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.results
    }

    async function refused(query: string): Promise<{ message: string; pg: { code: string } }> {
      const res = await run(query)
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      return res.body
    }

    async function fingerprint() {
      return (await ok(FINGERPRINT))[0].rows[0]
    }

    async function fresh() {
      await ok(resetSql(keepSchemas))
      expect(await fingerprint()).toEqual(pristine)
    }

    async function install(title: string) {
      await fresh()
      return ok(snippet(title).sql)
    }

    /** The first row of the last statement. */
    async function one<T = Record<string, unknown>>(query: string): Promise<T> {
      const results = await ok(query)
      return results[results.length - 1].rows[0] as T
    }

    /**
     * SQL as a signed-in user of the samples: the JWT claims auth.uid() reads, for this request
     * only. The caller's statements follow the first.
     */
    const asUser = (id: string, query: string) =>
      `select set_config('request.jwt.claims', '${JSON.stringify({ sub: id, role: 'authenticated' })}', true);\n${query}`

    /**
     * Holds asUser() to the policies of the given tables, as a client of the API would be: the
     * owner (no BYPASSRLS) is held to them by FORCE ROW LEVEL SECURITY.
     */
    async function underPolicies(tables: string[]) {
      await ok(tables.map((t) => `alter table ${t} force row level security`).join(';\n'))
    }

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const o = await ownerWithOrg(tp, 'Snippet Org')
      owner = o.token
      ref = await activeProject(tp, owner, o.org.slug, { plan: 'pro' })
      // FORCE ROW LEVEL SECURITY holds the owner to the policies only if it cannot bypass them.
      expect(await one('select rolbypassrls as bypass from pg_roles where rolname = current_user')).toEqual({ bypass: false })
      pristine = await fingerprint()
      keepSchemas = pristine.schemas as string[]
      for (const extension of new Set(SNIPPETS.flatMap((s) => extensionsOf(s.sql)))) {
        const res = await run(`create extension if not exists ${extension}`)
        extensionError.set(extension, res.status === 200 ? null : res.body.message)
        await fresh()
      }
    })
    afterAll(async () => stop?.())

    it('puts the database back to new between snippets', async () => {
      await install('Slack Clone')
      expect(await fingerprint()).not.toEqual(pristine)
      await fresh()
    })

    describe('every snippet, in a new database', () => {
      it.each(SNIPPETS.map((s) => [s.id, s.title, s] as const))('#%i %s', async (_id, _title, s) => {
        await fresh()
        const missing = extensionsOf(s.sql).find((e) => extensionError.get(e) !== null)
        const res = await run(s.sql)
        if (missing) {
          expect(res.status).toBe(400)
          expect(res.body.message).toBe(extensionError.get(missing))
          expect(res.body.message).toContain(`"${missing}"`)
          // The batch is one transaction: nothing of it stays.
          expect(await fingerprint()).toEqual(pristine)
        } else {
          expect(res.status, JSON.stringify(res.body)).toBe(200)
          expect(res.body.results.length).toBeGreaterThan(0)
        }
      })
    })

    describe('sample rules (check constraints)', () => {
      it('Todo List: a task of 3 characters is refused, 4 are accepted; users see only their own todos', async () => {
        await install('Todo List')
        const [ann, bob] = [randomUUID(), randomUUID()]
        await ok(`insert into auth.users (id, email) values ('${ann}', 'ann@example.com'), ('${bob}', 'bob@example.com')`)
        const error = await refused(`insert into public.todos (user_id, task) values ('${ann}', 'abc')`)
        expect(error.pg.code).toBe('23514')
        expect(error.message).toContain('todos_task_length')
        await ok(`insert into public.todos (user_id, task) values ('${ann}', 'abcd'), ('${bob}', 'walk the dog')`)

        await underPolicies(['public.todos'])
        const seen = await ok(asUser(ann, 'select task from public.todos'))
        expect(seen[1].rows).toEqual([{ task: 'abcd' }])
        const added = await ok(asUser(bob, "insert into public.todos (task) values ('buy bread') returning user_id"))
        expect(added[1].rows).toEqual([{ user_id: bob }])
        expect((await refused(asUser(bob, `insert into public.todos (user_id, task) values ('${ann}', 'not mine')`))).pg.code).toBe('42501')
      })

      it('User Management Starter: a username of 2 characters is refused, 3 are accepted; sign-up makes the profile', async () => {
        await install('User Management Starter')
        const [ann, bo, cy] = [randomUUID(), randomUUID(), randomUUID()]
        await ok(`insert into auth.users (id, email, raw_user_meta_data) values ('${ann}', 'ann@example.com', '{"username": "ann", "full_name": "Ann Example"}')`)
        expect(await one(`select username, full_name from public.profiles where id = '${ann}'`)).toEqual({ username: 'ann', full_name: 'Ann Example' })

        const error = await refused(`insert into auth.users (id, email, raw_user_meta_data) values ('${bo}', 'bo@example.com', '{"username": "bo"}')`)
        expect(error.pg.code).toBe('23514')
        expect(error.message).toContain('profiles_username_length')
        expect(await one(`select count(*)::int as n from auth.users where id = '${bo}'`)).toEqual({ n: 0 })

        await ok(`insert into auth.users (id, email) values ('${cy}', 'cy@example.com')`)
        expect((await refused(`update public.profiles set username = 'cy' where id = '${cy}'`)).message).toContain('profiles_username_length')
        await ok(`update public.profiles set username = 'cyd' where id = '${cy}'`)

        // Its avatars bucket and policies, there after a second run too (the library's run made them first).
        expect(await one(`select name, public from storage.buckets where id = 'avatars'`)).toEqual({ name: 'avatars', public: false })
        const policies = await ok(`select policyname, cmd, array_to_string(roles, ',') as roles from pg_policies where schemaname = 'storage' and tablename = 'objects' order by policyname`)
        expect(policies.at(-1)!.rows).toEqual([
          { policyname: 'Avatar images are public', cmd: 'SELECT', roles: 'public' },
          { policyname: 'Signed-in users upload avatars', cmd: 'INSERT', roles: 'authenticated' },
        ])
      })

      it('Stripe Subscriptions: a currency must be a 3-letter code', async () => {
        await install('Stripe Subscriptions')
        await ok("insert into public.products (id, name) values ('prod_1', 'Pro')")
        const price = (id: string, currency: string) =>
          `insert into public.prices (id, product_id, unit_amount, currency, type, billing_interval) values ('${id}', 'prod_1', 2500, '${currency}', 'recurring', 'month')`
        const error = await refused(price('price_eur4', 'euro'))
        expect(error.pg.code).toBe('23514')
        expect(error.message).toContain('prices_currency_length')
        expect((await refused(price('price_us', 'us'))).message).toContain('prices_currency_length')
        await ok(price('price_usd', 'usd'))

        const user = randomUUID()
        await ok(`insert into auth.users (id, email) values ('${user}', 'pay@example.com');
          insert into public.subscriptions (id, user_id, price_id, status, current_period_start, current_period_end)
          values ('sub_1', '${user}', 'price_usd', 'active', now(), now() + interval '1 month')`)
        expect(await one('select product, unit_amount, currency from public.active_subscriptions')).toEqual({ product: 'Pro', unit_amount: 2500, currency: 'usd' })
      })
    })

    describe('auth hooks', () => {
      it('MFA verification attempt limit: a second attempt within 2 seconds gets 429', async () => {
        await install('MFA verification attempt limit')
        const [user, factor, other] = [randomUUID(), randomUUID(), randomUUID()]
        const attempt = (factorId: string) =>
          one<{ answer: unknown }>(`select public.mfa_verification_attempt_limit('${JSON.stringify({ user_id: user, factor_id: factorId, valid: false })}') as answer`)

        expect((await attempt(factor)).answer).toEqual({ decision: 'continue' })
        expect((await attempt(factor)).answer).toEqual({ error: { http_code: 429, message: RATE_LIMIT_MESSAGE } })
        // The limit is per factor.
        expect((await attempt(other)).answer).toEqual({ decision: 'continue' })
        // Two seconds after the last accepted attempt, the next one goes through.
        await ok(`update public.mfa_verification_attempts set last_attempt_at = last_attempt_at - interval '2 seconds' where factor_id = '${factor}'`)
        expect((await attempt(factor)).answer).toEqual({ decision: 'continue' })
      })

      it('Password verification attempt limit: within 10 seconds of a wrong password every attempt gets 429', async () => {
        await install('Password verification attempt limit')
        const user = randomUUID()
        const attempt = (valid: boolean) =>
          one<{ answer: unknown }>(`select public.password_verification_attempt_limit('${JSON.stringify({ user_id: user, valid })}') as answer`)
        const tooSoon = { error: { http_code: 429, message: RATE_LIMIT_MESSAGE } }

        expect((await attempt(true)).answer).toEqual({ decision: 'continue' })
        expect((await attempt(false)).answer).toEqual({ decision: 'continue' })
        expect((await attempt(false)).answer).toEqual(tooSoon)
        expect((await attempt(true)).answer).toEqual(tooSoon)

        await ok(`update public.password_failed_verification_attempts set last_failed_at = last_failed_at - interval '10 seconds'`)
        expect((await attempt(true)).answer).toEqual({ decision: 'continue' })
        // A right password clears the record: the next attempt is not held back.
        expect(await one('select count(*)::int as n from public.password_failed_verification_attempts')).toEqual({ n: 0 })
        expect((await attempt(true)).answer).toEqual({ decision: 'continue' })
      })

      it('Custom access token hook: adds app_role from account_roles, member when none, keeps the other claims', async () => {
        await install('Custom access token hook')
        const [admin, someone] = [randomUUID(), randomUUID()]
        await ok(`insert into public.account_roles (user_id, role) values ('${admin}', 'admin')`)
        const issue = (userId: string) =>
          one<{ answer: { claims: Record<string, unknown> } }>(
            `select public.custom_access_token('${JSON.stringify({ user_id: userId, claims: { sub: userId, aud: 'authenticated' }, authentication_method: 'password' })}') as answer`
          )
        expect((await issue(admin)).answer.claims).toEqual({ sub: admin, aud: 'authenticated', app_role: 'admin' })
        expect((await issue(someone)).answer.claims).toEqual({ sub: someone, aud: 'authenticated', app_role: 'member' })
        expect((await refused(`insert into public.account_roles (user_id, role) values ('${someone}', 'owner')`)).pg.code).toBe('23514')
      })

      it('General auth hook: refuses listed email domains with 403, lets others through', async () => {
        await install('General auth hook')
        await ok("insert into public.blocked_email_domains (domain) values ('spam.example')")
        const signUp = (email: string) => one<{ answer: unknown }>(`select public.auth_hook('${JSON.stringify({ user: { email } })}') as answer`)
        expect((await signUp('Someone@SPAM.example')).answer).toEqual({
          error: { http_code: 403, message: 'Sign-ups from this email domain are not allowed.' },
        })
        expect((await signUp('ann@example.com')).answer).toEqual({})
      })

      it('hooks may be called by their owner (and the auth service role) only', async () => {
        await install('General auth hook')
        expect(await one("select has_function_privilege('public', 'public.auth_hook(jsonb)', 'execute') as anyone")).toEqual({ anyone: false })
      })
    })

    describe('Slack Clone: app roles under row-level security', () => {
      const [ann, mo, ada, bob] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]

      beforeAll(async () => {
        await install('Slack Clone')
        await ok(`
          insert into auth.users (id, email, raw_user_meta_data) values
            ('${ann}', 'ann@example.com', '{"username": "ann"}'),
            ('${mo}', 'mo@example.com', '{}'),
            ('${ada}', 'ada@example.com', '{}'),
            ('${bob}', 'bob@example.com', '{}');
          insert into public.user_roles (user_id, role) values ('${mo}', 'moderator'), ('${ada}', 'admin')`)
        await underPolicies(['public.channels', 'public.messages'])
        const made = await ok(
          asUser(
            ann,
            `with c as (insert into public.channels (slug, created_by) values ('general', '${ann}') returning id)
             insert into public.messages (message, user_id, channel_id) select m, '${ann}', c.id from c, unnest(array['hello', 'second', 'third']) m`
          )
        )
        expect(made[1].rowCount).toBe(3)
      })

      const deleteMessage = (user: string, text: string) => ok(asUser(user, `delete from public.messages where message = '${text}'`)).then((r) => r[1].rowCount)
      const deleteChannel = (user: string) => ok(asUser(user, "delete from public.channels where slug = 'general'")).then((r) => r[1].rowCount)

      it("adds its tables to the supabase_realtime publication, with their old records, as Supabase's quickstart does", async () => {
        const published = await ok(`select schemaname || '.' || tablename as t from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' order by 1`)
        expect(published[0].rows.map((r) => r.t)).toEqual(['public.channels', 'public.messages', 'public.users'])
        const identity = await ok(`select relname, relreplident from pg_catalog.pg_class where oid in ('public.channels'::regclass, 'public.messages'::regclass) order by relname`)
        expect(identity[0].rows).toEqual([
          { relname: 'channels', relreplident: 'f' },
          { relname: 'messages', relreplident: 'f' },
        ])
      })

      it('makes a chat user for every auth user', async () => {
        const results = await ok('select username from public.users order by username')
        expect(results[0].rows.map((r) => r.username)).toEqual(['ada', 'ann', 'bob', 'mo'])
      })

      it('grants admin both delete permissions and moderator message deletion', async () => {
        const check = "select public.authorize('channels.delete') as channels, public.authorize('messages.delete') as messages"
        expect((await ok(asUser(ada, check)))[1].rows[0]).toEqual({ channels: true, messages: true })
        expect((await ok(asUser(mo, check)))[1].rows[0]).toEqual({ channels: false, messages: true })
        expect((await ok(asUser(bob, check)))[1].rows[0]).toEqual({ channels: false, messages: false })
      })

      it('refuses posting as someone else', async () => {
        const error = await refused(asUser(bob, `insert into public.messages (message, user_id, channel_id) select 'fake', '${ann}', id from public.channels`))
        expect(error.pg.code).toBe('42501')
        expect(error.message).toContain('row-level security')
      })

      it("lets a plain user delete neither others' messages nor their channel", async () => {
        expect(await deleteMessage(bob, 'hello')).toBe(0)
        expect(await deleteChannel(bob)).toBe(0)
      })

      it("lets a moderator delete others' messages but not channels", async () => {
        expect(await deleteMessage(mo, 'hello')).toBe(1)
        expect(await deleteChannel(mo)).toBe(0)
      })

      it('lets an author delete their own message', async () => {
        expect(await deleteMessage(ann, 'second')).toBe(1)
      })

      it('lets an admin delete a channel, and its messages go with it', async () => {
        expect(await deleteChannel(ada)).toBe(1)
        expect(await one('select count(*)::int as n from public.messages')).toEqual({ n: 0 })
      })
    })

    describe('templates do what they say', () => {
      it('Add view sums books per author', async () => {
        await install('Add view')
        await ok("insert into public.books (title, author, published_on) values ('A', 'Lee', '2001-01-01'), ('B', 'Lee', '2005-05-05'), ('C', 'Kim', null)")
        const results = await ok('select author, books from public.books_per_author order by author')
        expect(results[0].rows).toEqual([
          { author: 'Kim', books: 1 },
          { author: 'Lee', books: 2 },
        ])
      })

      it('Automatic timestamps sets updated_at on update', async () => {
        await install('Automatic timestamps')
        await ok("insert into public.books (id, title, updated_at) values (1, 'Old', '2000-01-01')")
        await ok("update public.books set title = 'New' where id = 1")
        expect(await one("select updated_at > now() - interval '1 minute' as fresh from public.books where id = 1")).toEqual({ fresh: true })
      })

      it('Increment field counts up in one statement', async () => {
        await install('Increment field')
        await ok("insert into public.books (id, title) values (7, 'Counted')")
        await ok('select public.increment_view_count(7)')
        expect(await one('select public.increment_view_count(7, 5) as views')).toEqual({ views: 6 })
      })

      it('Large objects lists 25 of them', async () => {
        await fresh()
        await ok('select lo_create(0) from generate_series(1, 30)')
        const results = await ok(snippet('Large objects').sql)
        expect(results[0].rowCount).toBe(25)
      })

      it('Table sizes lists the 100 largest tables', async () => {
        await fresh()
        await ok(`do $$ begin for i in 1..105 loop execute format('create table public.t%s (id int)', i); end loop; end $$`)
        const results = await ok(snippet('Table sizes').sql)
        expect(results[0].rowCount).toBe(100)
      })

      it('Install package manager publishes, installs and uninstalls a package', async () => {
        await install('Install package manager')
        const script = "create function hello(who text) returns text language sql as $f$ select 'Hello, ' || who $f$;"
        await ok(`select pkg.publish('greetings', '1.0.0', $p$${script}$p$, 'Says hello');
          select pkg.publish('greetings', '1.10.0', $p$${script.replace('Hello', 'Hi')}$p$)`)
        expect(await one("select pkg.install('greetings') as done")).toEqual({ done: 'greetings 1.10.0 installed in schema greetings' })
        expect(await one("select greetings.hello('world') as said")).toEqual({ said: 'Hi, world' })
        expect((await refused("select pkg.install('greetings')")).message).toBe('package "greetings" is already installed')
        await ok("select pkg.uninstall('greetings')")
        expect(await one("select to_regnamespace('greetings') is null as gone")).toEqual({ gone: true })
        expect(await one("select pkg.install('greetings', '1.0.0') as done")).toEqual({ done: 'greetings 1.0.0 installed in schema greetings' })
        expect(await one("select greetings.hello('world') as said")).toEqual({ said: 'Hello, world' })
        expect((await refused("select pkg.install('nothing')")).pg.code).toBe('42704')
      })

      it('Colors works out the red, green and blue parts', async () => {
        const results = await install('Colors')
        expect(results[results.length - 1].rowCount).toBe(30)
        expect(await one("select red, green, blue from public.colors where name = 'Crimson'")).toEqual({ red: 220, green: 20, blue: 60 })
        expect((await refused("insert into public.colors (name, hex) values ('Bad', 'red')")).pg.code).toBe('23514')
      })

      it('NextAuth Schema Setup takes users and sessions, and next_auth.uid() reads the claims', async () => {
        await install('NextAuth Schema Setup')
        const id = randomUUID()
        await ok(`insert into next_auth.users (id, email) values ('${id}', 'ann@example.com');
          insert into next_auth.sessions ("sessionToken", "userId", expires) values ('token', '${id}', now() + interval '1 day')`)
        const claims = JSON.stringify({ sub: id })
        expect(await one(`select set_config('request.jwt.claims', '${claims}', true); select next_auth.uid() as uid`)).toEqual({ uid: id })
      })

      it('OpenAI Vector Search and LangChain find the nearest embedding where pgvector exists', async (ctx) => {
        if (extensionError.get('vector') !== null) ctx.skip()
        const vec = (x: number) => `array_fill(${x}::real, array[1536])::vector`
        await install('OpenAI Vector Search')
        await ok(`insert into public.knowledge_chunks (source, content, embedding) values ('a', 'near', ${vec(1)}), ('b', 'far', ${vec(-1)})`)
        expect(await one(`select content from public.match_chunks(${vec(1)}, 0.5, 5)`)).toEqual({ content: 'near' })
        await install('LangChain')
        await ok(`insert into public.documents (content, metadata, embedding) values ('kept', '{"k": 1}', ${vec(1)}), ('filtered', '{"k": 2}', ${vec(1)})`)
        expect((await ok(`select content from public.match_documents(${vec(1)}, 5, '{"k": 1}')`))[0].rows).toEqual([{ content: 'kept' }])
      })
    })
  })
}
