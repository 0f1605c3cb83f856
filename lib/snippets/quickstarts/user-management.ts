import { AUTH_PRELUDE } from '../shared'
import { joinSql, sql, type Snippet } from '../types'

export const userManagementStarter: Snippet = {
  id: 26,
  type: 'quickstart',
  title: 'User Management Starter',
  description:
    'Public profiles for your users, made at sign-up: readable by everyone, editable by their owner, usernames at least 3 characters; an avatars bucket for their pictures.',
  sql: joinSql(
    AUTH_PRELUDE,
    sql`
      create table public.profiles (
        id uuid primary key references auth.users (id) on delete cascade,
        username text unique,
        full_name text,
        avatar_url text,
        website text,
        updated_at timestamptz,
        constraint profiles_username_length check (char_length(username) >= 3)
      );

      alter table public.profiles enable row level security;

      create policy "Profiles are public" on public.profiles
        for select using (true);

      create policy "Users create their own profile" on public.profiles
        for insert with check (auth.uid() = id);

      create policy "Users edit their own profile" on public.profiles
        for update using (auth.uid() = id) with check (auth.uid() = id);

      -- Every new user gets a profile, filled from the metadata given at sign-up. Runs as the
      -- function's owner: the signing-up user may not write profiles yet.
      create or replace function public.create_profile_for_new_user()
      returns trigger
      language plpgsql
      security definer
      set search_path = ''
      as $$
      begin
        insert into public.profiles (id, username, full_name, avatar_url)
        values (
          new.id,
          new.raw_user_meta_data ->> 'username',
          new.raw_user_meta_data ->> 'full_name',
          new.raw_user_meta_data ->> 'avatar_url'
        );
        return new;
      end;
      $$;

      create trigger create_profile_after_sign_up
        after insert on auth.users
        for each row execute function public.create_profile_for_new_user();

      -- An avatars bucket for the pictures (Storage → Buckets): read by everyone, uploaded by
      -- signed-in users. Kept when it is there already; skipped in a database without storage.
      do $storage$
      begin
        if to_regclass('storage.buckets') is not null then
          insert into storage.buckets (id, name) values ('avatars', 'avatars') on conflict (id) do nothing;
          drop policy if exists "Avatar images are public" on storage.objects;
          create policy "Avatar images are public" on storage.objects
            for select using (bucket_id = 'avatars');
          drop policy if exists "Signed-in users upload avatars" on storage.objects;
          create policy "Signed-in users upload avatars" on storage.objects
            for insert to authenticated with check (bucket_id = 'avatars');
        end if;
      end
      $storage$;
    `
  ),
}
