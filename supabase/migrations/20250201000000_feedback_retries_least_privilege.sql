-- Retries that never store twice, and the least privilege for everything the feedback migrations create.
--
-- 1. Each submission carries the id the website's form made for it (submission_id, a UUID kept across the form's
--    retries). It is unique: when the answer to a stored submission is lost on the way back and the visitor sends
--    again, nothing new is stored and the same success is answered.
-- 2. Supabase's default privileges grant anon, authenticated and service_role every new table, sequence and function
--    in public. The first migration took the tables back but not the identity sequence behind feedback.id: with the
--    public key anyone could call nextval or setval on it (after a setval every submission fails as a duplicate).
--    Here every table, sequence and function of the feedback migrations is revoked from public, anon and
--    authenticated.
-- 3. feedback_writer: a role that can log in nowhere and do one thing, call submit_feedback. The send-feedback
--    function connects with the database URL Supabase gives it and narrows itself to this role for each transaction
--    (SET LOCAL ROLE feedback_writer), so a fault in the function cannot read, change or delete feedback.

alter table public.feedback add column submission_id uuid;
alter table public.feedback add constraint feedback_submission_id_unique unique (submission_id);
comment on column public.feedback.submission_id is 'The id the form made for this submission, kept across its retries: a repeat stores nothing new.';

drop function public.submit_feedback(public.feedback_type, text, text, text, text, text, integer, integer);

-- Stores one submission, atomically: the rate-limit check, its bookkeeping and the feedback row commit together or not
-- at all. Returns {"stored": true} (with "duplicate": true when this submission id was stored before), or
-- {"stored": false, "retryAfter": seconds} when the client is over the limit. p_limit 0 (or no client hash) turns the
-- limit off. SECURITY DEFINER: it runs with its owner's rights, so its callers need no right on the tables; the empty
-- search_path and the schema-qualified names keep a caller from substituting objects of their own.
create function public.submit_feedback(
  p_feedback_type public.feedback_type,
  p_name text,
  p_email text,
  p_phone text,
  p_message text,
  p_submission_id uuid default null,
  p_client_hash text default null,
  p_limit integer default 0,
  p_window_seconds integer default 3600
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  window_start timestamptz := now() - make_interval(secs => p_window_seconds);
  recent integer;
  oldest timestamptz;
  new_id bigint;
begin
  -- A repeat of a stored submission: the same success, nothing new, and it does not count against the limit.
  if p_submission_id is not null and exists (select from public.feedback where submission_id = p_submission_id) then
    return jsonb_build_object('stored', true, 'duplicate', true);
  end if;
  if p_client_hash is not null and p_limit > 0 then
    -- Two submissions from one client wait for each other here, so neither can slip past the limit.
    perform pg_advisory_xact_lock(hashtextextended('feedback_rate_limit:' || p_client_hash, 0));
    delete from public.feedback_rate_limit where created_at < window_start;
    select count(*), min(created_at) into recent, oldest
      from public.feedback_rate_limit
     where client_hash = p_client_hash and created_at >= window_start;
    if recent >= p_limit then
      return jsonb_build_object(
        'stored', false,
        'retryAfter', greatest(1, ceil(extract(epoch from (oldest + make_interval(secs => p_window_seconds) - now()))))::integer
      );
    end if;
  end if;
  insert into public.feedback (feedback_type, name, email, phone, message, submission_id)
  values (p_feedback_type, p_name, p_email, p_phone, p_message, p_submission_id)
  on conflict (submission_id) do nothing
  returning id into new_id;
  if new_id is null then
    -- The same submission arrived twice at the same moment and the other copy was stored first.
    return jsonb_build_object('stored', true, 'duplicate', true);
  end if;
  if p_client_hash is not null and p_limit > 0 then
    insert into public.feedback_rate_limit (client_hash) values (p_client_hash);
  end if;
  return jsonb_build_object('stored', true);
end;
$$;

revoke all on table public.feedback, public.feedback_rate_limit from public, anon, authenticated;
revoke all on sequence public.feedback_id_seq from public, anon, authenticated;
revoke all on function public.submit_feedback(public.feedback_type, text, text, text, text, uuid, text, integer, integer) from public, anon, authenticated;
grant execute on function public.submit_feedback(public.feedback_type, text, text, text, text, uuid, text, integer, integer) to service_role;

do $$
begin
  if not exists (select from pg_roles where rolname = 'feedback_writer') then
    create role feedback_writer nologin noinherit;
  end if;
end $$;
comment on role feedback_writer is 'The send-feedback function: may only call public.submit_feedback.';
grant usage on schema public to feedback_writer;
grant execute on function public.submit_feedback(public.feedback_type, text, text, text, text, uuid, text, integer, integer) to feedback_writer;
-- The role that runs the migrations is the one SUPABASE_DB_URL logs in as: it may switch to feedback_writer.
grant feedback_writer to current_user;
