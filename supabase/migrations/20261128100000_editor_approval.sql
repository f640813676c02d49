-- Approval where the practice wants it: a person who may not publish (may_publish false) asks for approval of their
-- draft with a description; anyone who may publish sees the request, and publishes it with both names or sends it
-- back with a note. Everyone on the list before this may publish, as before.
--
-- A request is a mark on the draft itself (asked_at, with the description and the author's name as the People list
-- has it); editing the draft after asking takes the request back (the function clears the mark on each save), so an
-- approver publishes exactly what was asked. Sending back clears the mark and leaves a note (returned_note,
-- returned_by) beside the draft.
--
-- Row level security, for the function's role with the signed-in person's claims: a person who may publish reads the
-- drafts that ask for approval, and their files, and removes them once published; nobody else sees anyone's draft.
-- Sending back goes through a function that writes only the mark and the note, so no approver can change the text of
-- someone else's draft.

alter table public.editors add column may_publish boolean not null default true;

alter table public.editor_drafts add column asked_at timestamptz;
alter table public.editor_drafts add column asked_message text;
alter table public.editor_drafts add column asked_by_name text;
alter table public.editor_drafts add column returned_note text;
alter table public.editor_drafts add column returned_by text;
alter table public.editor_drafts add constraint editor_drafts_asked_whole
  check ((asked_at is null) = (asked_message is null) and (asked_at is null) = (asked_by_name is null));
alter table public.editor_drafts add constraint editor_drafts_asked_message_length
  check (asked_message is null or char_length(asked_message) between 1 and 200);
alter table public.editor_drafts add constraint editor_drafts_returned_note_length
  check (returned_note is null or char_length(returned_note) <= 1000);

-- Whether the signed-in person may publish: read as the table's owner, past row level security (see manages_people).
create or replace function site_editor_private.may_publish() returns boolean
  language sql stable security definer set search_path = '' as $fn$
  select exists (
    select from public.editors e where e.email = site_editor_private.person_email() and e.may_publish
  )
$fn$;

-- Sends a request back with a note: only by a person who may publish, only a draft that asks, and only the mark and
-- the note are written. True when a request was sent back.
create or replace function site_editor_private.send_back(author uuid, note text) returns boolean
  language plpgsql volatile security definer set search_path = '' as $fn$
declare
  approver text;
begin
  if not site_editor_private.may_publish() then
    return false;
  end if;
  select e.name into approver from public.editors e where e.email = site_editor_private.person_email();
  update public.editor_drafts
    set asked_at = null, asked_message = null, asked_by_name = null, returned_note = note, returned_by = approver
    where user_id = author and asked_at is not null;
  return found;
end
$fn$;

revoke all on function site_editor_private.may_publish(), site_editor_private.send_back(uuid, text) from public;
grant execute on function site_editor_private.may_publish(), site_editor_private.send_back(uuid, text) to site_editor_function;

create policy editor_drafts_asked_read on public.editor_drafts
  for select to site_editor_function
  using (asked_at is not null and (select site_editor_private.may_publish()));

create policy editor_drafts_asked_settle on public.editor_drafts
  for delete to site_editor_function
  using (asked_at is not null and (select site_editor_private.may_publish()));

-- The files of a draft that asks: its editor_drafts row is itself read through the policies above.
create policy editor_draft_files_asked_read on public.editor_draft_files
  for select to site_editor_function
  using ((select site_editor_private.may_publish())
    and exists (select from public.editor_drafts d where d.user_id = editor_draft_files.user_id and d.asked_at is not null));

create policy editor_draft_files_asked_settle on public.editor_draft_files
  for delete to site_editor_function
  using ((select site_editor_private.may_publish())
    and exists (select from public.editor_drafts d where d.user_id = editor_draft_files.user_id and d.asked_at is not null));
