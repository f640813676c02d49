-- The hosted staff editor: who may edit the website, and each editor's unpublished draft.
--
-- The site-editor function reads and writes these tables as the signed-in person: for each request it switches to the
-- "authenticated" role and sets that person's verified sign-in claims (request.jwt.claims) for its transaction, so row
-- level security, not the function's code, decides what a person sees: their own editor row, their own draft and its
-- files, and nothing of anyone else's. A fault in the function cannot hand one person another's draft.
--
-- Being an editor is decided by the email address in the sign-in. That is only as trustworthy as the sign-in itself:
-- the Supabase project must let nobody sign up with an address they do not control (sign-ups off and staff invited,
-- or email confirmation on).
--
-- The same file runs on Supabase (`supabase db push`) and on the local PGlite database, where
-- server/local/feedbackStore.ts defines auth.uid() and auth.jwt() as Supabase does.

-- Rows are added and removed by the person who sets the site up (Supabase's SQL editor or table editor), never by the
-- editor itself: nobody can make themselves an editor through the website.
create table public.editors (
  email text primary key,
  name text not null,
  created_at timestamptz not null default now(),
  -- Sign-in addresses are compared in lower case; a mixed-case row would never match anyone.
  constraint editors_email_lower_case check (email = lower(email)),
  constraint editors_email_shape check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$' and char_length(email) <= 320),
  -- The name goes into commit messages and the editor's page: one short line.
  constraint editors_name_length check (char_length(name) between 1 and 100 and btrim(name) <> ''),
  constraint editors_name_single_line check (name !~ '[[:cntrl:]]')
);

comment on table public.editors is
  'People who may edit the website, by their sign-in email (lower case). Added by whoever sets the site up, in the SQL editor or the table editor.';

-- One draft per person, replaced whole on every save. version goes up by one with each save: a save names the
-- version it started from and is refused when another save (another tab, another device) came first.
create table public.editor_drafts (
  user_id uuid primary key,
  email text not null,
  base text not null,
  text text not null,
  ops jsonb not null default '[]',
  version integer not null,
  updated_at timestamptz not null default now(),
  constraint editor_drafts_email_lower_case check (email = lower(email)),
  -- The commit the draft was started on: a full SHA-1 as git gives it.
  constraint editor_drafts_base_commit check (base ~ '^[0-9a-f]{40}$'),
  -- site.yaml is far smaller; the bound keeps one person from filling the database.
  constraint editor_drafts_text_size check (octet_length(text) <= 2097152),
  constraint editor_drafts_ops_list check (jsonb_typeof(ops) = 'array'),
  constraint editor_drafts_version_positive check (version >= 1)
);

comment on table public.editor_drafts is 'Each editor''s unpublished draft of site.yaml, one row per person, removed when it is published.';

-- Files uploaded into a draft (pictures, documents), committed with it when it is published. The path becomes a path
-- in the repository, so only the two folders the website serves files from, and only plain names: no "..", no empty
-- or "." part, nothing that could reach the site's code or configuration.
create table public.editor_draft_files (
  user_id uuid not null,
  path text not null,
  content bytea not null,
  primary key (user_id, path),
  constraint editor_draft_files_path_folder check (path ~ '^(public|documents)/[A-Za-z0-9._/-]+$'),
  constraint editor_draft_files_path_parts check (path !~ '(\.\.|//|/\./|/\.?$)'),
  constraint editor_draft_files_path_length check (char_length(path) <= 300),
  constraint editor_draft_files_content_size check (octet_length(content) <= 20971520)
);

comment on table public.editor_draft_files is 'Files uploaded into an editor''s draft (under public/ or documents/), removed with the draft.';

alter table public.editors enable row level security;
alter table public.editor_drafts enable row level security;
alter table public.editor_draft_files enable row level security;

-- Supabase grants every new table to anon, authenticated and service_role by default: take all of that back, then
-- give the signed-in role only what the editor does. anon (the website's public key) gets nothing, and service_role
-- gets nothing either: the function acts as the person, never with the key that bypasses row level security.
revoke all on table public.editors, public.editor_drafts, public.editor_draft_files from public, anon, authenticated, service_role;
grant select on table public.editors to authenticated;
grant select, insert, update, delete on table public.editor_drafts, public.editor_draft_files to authenticated;

-- The (select ...) wrappers let Postgres read the claims once per statement instead of once per row.
create policy editors_own_row on public.editors
  for select to authenticated
  using (email = lower((select auth.jwt()) ->> 'email'));

-- The editors subquery is itself filtered by editors_own_row, so it finds a row only for the person's own address.
-- Removing someone from public.editors shuts them out of their draft at once, without deleting it. A policy for all
-- commands without WITH CHECK applies its USING to the rows written too: nobody can write a row they could not read.
create policy editor_drafts_own on public.editor_drafts
  for all to authenticated
  using (
    user_id = (select auth.uid())
    and email = lower((select auth.jwt()) ->> 'email')
    and exists (select from public.editors e where e.email = lower((select auth.jwt()) ->> 'email'))
  );

create policy editor_draft_files_own on public.editor_draft_files
  for all to authenticated
  using (
    user_id = (select auth.uid())
    and exists (select from public.editors e where e.email = lower((select auth.jwt()) ->> 'email'))
  );
