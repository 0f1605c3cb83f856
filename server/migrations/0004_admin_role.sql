-- The roles are named as the product names them (SPEC §6): Owner, Admin, Developer, Read-only.
alter table organization_members drop constraint organization_members_role_check;
update organization_members set role = 'Admin' where role = 'Administrator';
alter table organization_members add constraint organization_members_role_check
  check (role in ('Owner', 'Admin', 'Developer', 'Read-only'));
