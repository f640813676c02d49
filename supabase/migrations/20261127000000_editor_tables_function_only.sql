-- The editor's tables become reachable only through the site-editor function.
--
-- Until now the signed-in role (authenticated) held the rights on them and row level security kept each person to
-- their own rows. But Supabase's REST API acts as that same role with a person's own sign-in, so an editor could write
-- a row of editor_draft_files directly (POST /rest/v1/editor_draft_files), past every check of the function's upload
-- (a page or a script under public/ that Publish then committed to the website).
--
-- Two ways out were possible: keep the tables out of the schemas the REST API exposes, or give the signed-in role
-- nothing and let the function act in a role of its own. The second is chosen: which schemas the API exposes is a
-- setting of the project (its dashboard, config.toml), easily widened later and not visible here, while a role's
-- rights are in this file and proven by the tests on PGlite. The REST API can only take the roles anon,
-- authenticated and service_role (its own login role is a member of those alone), so no sign-in reaches
-- site_editor_function; the function's database login (postgres) is made a member of it below.
--
-- Row level security stays as before, now for the function's role: each statement runs with the verified claims of
-- the person the function acts for, so a fault in the function still cannot hand one person another's draft.

do $$
begin
  if not exists (select from pg_roles where rolname = 'site_editor_function') then
    create role site_editor_function nologin noinherit;
  end if;
end $$;
grant site_editor_function to current_user;

-- Whose request it is, from the claims the function sets for its transaction (request.jwt.claims, as Supabase's own
-- API sets them), in a schema of the function's own: it depends on nothing of Supabase's auth schema.
create schema if not exists site_editor_private;
revoke all on schema site_editor_private from public;
grant usage on schema site_editor_private to site_editor_function;

create or replace function site_editor_private.person_id() returns uuid language sql stable as $fn$
  select (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')::uuid
$fn$;
create or replace function site_editor_private.person_email() returns text language sql stable as $fn$
  select lower(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
$fn$;
revoke all on function site_editor_private.person_id(), site_editor_private.person_email() from public;
grant execute on function site_editor_private.person_id(), site_editor_private.person_email() to site_editor_function;

revoke all on table public.editors, public.editor_drafts, public.editor_draft_files from public, anon, authenticated, service_role;
grant usage on schema public to site_editor_function;
grant select on table public.editors to site_editor_function;
grant select, insert, update, delete on table public.editor_drafts, public.editor_draft_files to site_editor_function;

drop policy if exists editors_own_row on public.editors;
drop policy if exists editor_drafts_own on public.editor_drafts;
drop policy if exists editor_draft_files_own on public.editor_draft_files;

-- A file's row names the person by e-mail too, as a draft's does, so both rules ask the same of a row.
alter table public.editor_draft_files add column if not exists email text;
update public.editor_draft_files f set email = d.email from public.editor_drafts d where d.user_id = f.user_id and f.email is null;
delete from public.editor_draft_files where email is null;
alter table public.editor_draft_files alter column email set not null;
alter table public.editor_draft_files add constraint editor_draft_files_email_lower_case check (email = lower(email));

-- An upload's path has the upload's shape only: its folder (pictures under images/, PDFs under downloads/), a name the
-- function made (lower-case words and six hexadecimal digits), and a picture's or a PDF's extension. Nothing else can
-- be published from a draft: no page, no script, no service worker, no file of the site's code or settings. Rows of
-- another shape could only have been written past the function: they go.
delete from public.editor_draft_files
  where path !~ '^public/(images/[a-z0-9][a-z0-9-]{0,59}-[0-9a-f]{6}\.(jpg|png|webp|avif)|downloads/[a-z0-9][a-z0-9-]{0,59}-[0-9a-f]{6}\.pdf)$';
alter table public.editor_draft_files drop constraint if exists editor_draft_files_path_folder;
alter table public.editor_draft_files drop constraint if exists editor_draft_files_path_parts;
alter table public.editor_draft_files drop constraint if exists editor_draft_files_path_length;
alter table public.editor_draft_files add constraint editor_draft_files_path_upload check (
  path ~ '^public/(images/[a-z0-9][a-z0-9-]{0,59}-[0-9a-f]{6}\.(jpg|png|webp|avif)|downloads/[a-z0-9][a-z0-9-]{0,59}-[0-9a-f]{6}\.pdf)$'
);

comment on table public.editors is
  'People who may edit the website, by their sign-in email (lower case). Read only by the site-editor function.';
comment on table public.editor_drafts is
  'Each editor''s unpublished draft of site.yaml, one row per person. Read and written only by the site-editor function.';
comment on table public.editor_draft_files is
  'Pictures and PDFs uploaded into an editor''s draft, by the site-editor function only.';

-- The (select ...) wrappers let Postgres read the claims once per statement instead of once per row. Removing someone
-- from public.editors shuts them out of their draft at once, without deleting it. A policy for all commands without
-- WITH CHECK applies its USING to the rows written too: nobody can write a row they could not read.
create policy editors_own_row on public.editors
  for select to site_editor_function
  using (email = (select site_editor_private.person_email()));

create policy editor_drafts_own on public.editor_drafts
  for all to site_editor_function
  using (
    user_id = (select site_editor_private.person_id())
    and email = (select site_editor_private.person_email())
    and exists (select from public.editors e where e.email = (select site_editor_private.person_email()))
  );

create policy editor_draft_files_own on public.editor_draft_files
  for all to site_editor_function
  using (
    user_id = (select site_editor_private.person_id())
    and email = (select site_editor_private.person_email())
    and exists (select from public.editors e where e.email = (select site_editor_private.person_email()))
  );

-- A name goes into commit messages: no mark that hides text or turns a line round (bidirectional controls, zero-width
-- spaces), as control characters are already refused. Rows made before are left as they are (not valid).
alter table public.editors add constraint editors_name_no_hidden_marks
  check (name !~ '[\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]') not valid;
