-- Colleagues are added and taken off in the editor itself, by the people allowed to manage people, instead of in
-- Supabase's SQL editor.
--
-- Each editor may now also manage people (manages_people: invite, change and take off colleagues). The people already
-- on the list were put there by whoever set the site up: they may manage people, so nobody is locked out by this.
--
-- Row level security still decides everything, for the function's role with the signed-in person's claims: a person
-- who manages people reads and writes every editor row, except that nobody changes or removes their own (so the last
-- person who manages people cannot lock everyone out by accident); everyone else still reads only their own row.
-- Removing someone keeps their draft and files, as before: they are only no longer shown to anyone.

alter table public.editors add column manages_people boolean not null default false;
-- Who invited the person (their address), for the record; empty for the people added when the site was set up.
alter table public.editors add column invited_by text;
update public.editors set manages_people = true;

comment on table public.editors is
  'People who may edit the website, by their sign-in email (lower case), with their rights. Read and written only by the site-editor function, as the signed-in person.';

-- Whether the signed-in person manages people. It reads public.editors as the table's owner (security definer), past
-- row level security: a policy on editors that read editors through its own policies would never finish.
create or replace function site_editor_private.manages_people() returns boolean
  language sql stable security definer set search_path = '' as $fn$
  select exists (
    select from public.editors e where e.email = site_editor_private.person_email() and e.manages_people
  )
$fn$;

-- The first person of a new site: an account invited from Supabase's dashboard (the function checks the invitation
-- before it calls this) becomes the first editor, with every right, while the list is empty, and only then. The lock
-- makes two first sign-ins at the same moment one after the other: the second finds the list no longer empty.
create or replace function site_editor_private.admit_first(person_name text) returns boolean
  language plpgsql volatile security definer set search_path = '' as $fn$
begin
  lock table public.editors in exclusive mode;
  if exists (select from public.editors) or site_editor_private.person_email() is null then
    return false;
  end if;
  insert into public.editors (email, name, manages_people)
    values (site_editor_private.person_email(), person_name, true);
  return true;
end
$fn$;

revoke all on function site_editor_private.manages_people(), site_editor_private.admit_first(text) from public;
grant execute on function site_editor_private.manages_people(), site_editor_private.admit_first(text) to site_editor_function;

grant insert, update, delete on table public.editors to site_editor_function;

create policy editors_managed_read on public.editors
  for select to site_editor_function
  using ((select site_editor_private.manages_people()));

create policy editors_managed_add on public.editors
  for insert to site_editor_function
  with check ((select site_editor_private.manages_people()));

create policy editors_managed_change on public.editors
  for update to site_editor_function
  using ((select site_editor_private.manages_people()) and email <> (select site_editor_private.person_email()))
  with check ((select site_editor_private.manages_people()) and email <> (select site_editor_private.person_email()));

create policy editors_managed_remove on public.editors
  for delete to site_editor_function
  using ((select site_editor_private.manages_people()) and email <> (select site_editor_private.person_email()));
