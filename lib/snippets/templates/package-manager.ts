/**
 * A package manager that lives in the database and needs no extension: a package is a SQL script
 * published under a name and version; installing it runs the script in a schema named after the
 * package, so its objects stay together and uninstalling drops them all.
 */
import { sql, type Snippet } from '../types'

export const installPackageManager: Snippet = {
  id: 15,
  type: 'template',
  title: 'Install package manager',
  description:
    'Creates pkg, a package manager inside the database: publish SQL packages by name and version, install one into a schema of its own, uninstall it again.',
  sql: sql`
    create schema if not exists pkg;

    create table if not exists pkg.packages (
      name text not null check (name ~ '^[a-z][a-z0-9_]*$'),
      version text not null check (version ~ '^\d+\.\d+\.\d+$'),
      description text not null default '',
      script text not null,
      published_at timestamptz not null default now(),
      primary key (name, version)
    );

    create table if not exists pkg.installed (
      name text primary key,
      version text not null,
      installed_at timestamptz not null default now(),
      foreign key (name, version) references pkg.packages (name, version)
    );

    -- Publishes a package version. Versions are immutable: publish a new one instead.
    create or replace function pkg.publish(package text, version text, script text, description text default '')
    returns void
    language sql
    as $$
      insert into pkg.packages (name, version, script, description)
      values (package, version, script, description);
    $$;

    -- Installs the newest version, or the one asked for, into schema <package>. The script runs
    -- with that schema first on the search path, so its unqualified names land there.
    create or replace function pkg.install(package text, wanted_version text default null)
    returns text
    language plpgsql
    set search_path = pkg
    as $$
    declare
      chosen pkg.packages;
    begin
      if exists (select 1 from pkg.installed i where i.name = package) then
        raise exception 'package "%" is already installed', package
          using hint = 'Uninstall it first: select pkg.uninstall(''' || package || ''');';
      end if;

      select p.* into chosen
      from pkg.packages p
      where p.name = package and (wanted_version is null or p.version = wanted_version)
      order by string_to_array(p.version, '.')::integer[] desc
      limit 1;
      if not found then
        raise exception 'package "%" version % is not published', package, coalesce(wanted_version, '(any)')
          using errcode = 'undefined_object';
      end if;

      execute format('create schema %I', chosen.name);
      -- Local to this call: the function's own search_path comes back when it returns.
      perform set_config('search_path', format('%I, public', chosen.name), true);
      execute chosen.script;
      insert into pkg.installed (name, version) values (chosen.name, chosen.version);
      return format('%s %s installed in schema %s', chosen.name, chosen.version, chosen.name);
    end;
    $$;

    -- Removes an installed package and everything it created in its schema.
    create or replace function pkg.uninstall(package text)
    returns text
    language plpgsql
    as $$
    begin
      delete from pkg.installed i where i.name = package;
      if not found then
        raise exception 'package "%" is not installed', package using errcode = 'undefined_object';
      end if;
      execute format('drop schema %I cascade', package);
      return format('%s uninstalled', package);
    end;
    $$;

    -- What is available and what is installed.
    create or replace view pkg.available
    with (security_invoker = on)
    as
    select p.name, p.version, p.description, i.version is not null as installed
    from pkg.packages p
    left join pkg.installed i on i.name = p.name and i.version = p.version
    order by p.name, string_to_array(p.version, '.')::integer[] desc;

    -- Try it:
    --   select pkg.publish('greetings', '1.0.0', $pkg$ create function hello(who text) returns text language sql as 'select ''Hello, '' || who'; $pkg$);
    --   select pkg.install('greetings');
    --   select greetings.hello('world');
  `,
}
