import { AUTH_PRELUDE } from '../shared'
import { joinSql, sql, type Snippet } from '../types'

export const stripeSubscriptions: Snippet = {
  id: 25,
  type: 'quickstart',
  title: 'Stripe Subscriptions',
  description:
    'Products, prices and subscriptions kept in step with Stripe: catalogue public, each subscription visible to its user only, currencies as 3-letter codes.',
  sql: joinSql(
    AUTH_PRELUDE,
    sql`
      -- Which Stripe customer each user is. Private: written and read by your server only.
      create table public.customers (
        user_id uuid primary key references auth.users (id) on delete cascade,
        stripe_customer_id text not null unique
      );
      alter table public.customers enable row level security;

      -- Products and prices mirror the Stripe objects of the same ids (e.g. from webhooks).
      create table public.products (
        id text primary key,
        active boolean not null default true,
        name text not null,
        description text,
        image text,
        metadata jsonb not null default '{}'::jsonb
      );

      create type public.pricing_type as enum ('one_time', 'recurring');
      create type public.pricing_interval as enum ('day', 'week', 'month', 'year');

      create table public.prices (
        id text primary key,
        product_id text not null references public.products (id) on delete cascade,
        active boolean not null default true,
        -- In the currency's smallest unit (cents for USD).
        unit_amount bigint check (unit_amount >= 0),
        -- ISO 4217, as Stripe writes it: 'usd', 'eur'.
        currency text not null,
        type public.pricing_type not null,
        billing_interval public.pricing_interval,
        interval_count integer check (interval_count > 0),
        trial_period_days integer check (trial_period_days >= 0),
        metadata jsonb not null default '{}'::jsonb,
        constraint prices_currency_length check (char_length(currency) = 3),
        constraint prices_recurring_interval check ((type = 'recurring') = (billing_interval is not null))
      );

      create type public.subscription_status as enum (
        'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'
      );

      create table public.subscriptions (
        id text primary key,
        user_id uuid not null references auth.users (id) on delete cascade,
        price_id text not null references public.prices (id),
        status public.subscription_status not null,
        quantity integer not null default 1 check (quantity > 0),
        cancel_at_period_end boolean not null default false,
        current_period_start timestamptz not null,
        current_period_end timestamptz not null,
        trial_end timestamptz,
        canceled_at timestamptz,
        ended_at timestamptz,
        metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now()
      );

      alter table public.products enable row level security;
      alter table public.prices enable row level security;
      alter table public.subscriptions enable row level security;

      create policy "Everyone can see products" on public.products
        for select using (true);
      create policy "Everyone can see prices" on public.prices
        for select using (true);
      create policy "Users see their own subscriptions" on public.subscriptions
        for select using (auth.uid() = user_id);

      -- What a user is subscribed to right now.
      create or replace view public.active_subscriptions
      with (security_invoker = on)
      as
      select s.user_id, s.id as subscription_id, p.name as product, pr.unit_amount, pr.currency,
             pr.billing_interval, s.status, s.current_period_end
      from public.subscriptions s
      join public.prices pr on pr.id = s.price_id
      join public.products p on p.id = pr.product_id
      where s.status in ('trialing', 'active');
    `
  ),
}
