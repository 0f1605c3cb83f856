-- One plan per organization: a project is on its organization's plan. Before this, a project
-- chose its own plan at creation, so a Free organization may hold active paid projects. Such an
-- organization moves to the highest plan among them (what its projects were already on), with a
-- row in its tier history; then every project's plan column is set to its organization's plan.
-- The column stays, kept in step by plan changes (server/billing/subscription.ts); the platform
-- reads the organization's plan.
with highest as (
  select organization_id,
         (array['pro', 'team', 'enterprise'])[max(case plan when 'pro' then 1 when 'team' then 2 when 'enterprise' then 3 end)] as plan
    from projects
   where plan <> 'free' and status not in ('INACTIVE', 'REMOVED', 'GOING_DOWN')
   group by organization_id
),
raised as (
  update organizations o
     set plan = h.plan, tier = 'tier_' || h.plan
    from highest h
   where h.organization_id = o.id and o.plan = 'free' and h.plan is not null
  returning o.id, o.tier
)
insert into organization_subscriptions (organization_id, tier) select id, tier from raised;

update projects p set plan = o.plan from organizations o where o.id = p.organization_id and p.plan <> o.plan;
