-- Feedback, compliments and complaints sent through the website's form.
--
-- Only the send-feedback function writes here (through public.submit_feedback). The public ("anon") and signed-in
-- ("authenticated") roles can neither read, change nor delete anything: their privileges are revoked and row level
-- security is on with no policy for them, so even a privilege granted by mistake shows them no rows.
-- The same file runs on Supabase (`supabase db push`) and on the local PGlite database (`npm start`, `npm run dev`).

create type public.feedback_type as enum ('general', 'compliment', 'complaint');

create table public.feedback (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  feedback_type public.feedback_type not null default 'general',
  name text not null default '',
  email text not null default '',
  phone text not null default '',
  message text not null,
  -- The same bounds as the form and the function (src/content/feedbackRules.ts); char_length counts characters.
  constraint feedback_name_length check (char_length(name) <= 200),
  constraint feedback_email_length check (char_length(email) <= 320),
  constraint feedback_phone_length check (char_length(phone) <= 40),
  constraint feedback_message_length check (char_length(message) between 1 and 5000),
  constraint feedback_message_not_blank check (btrim(message, E' \t\r\n') <> ''),
  constraint feedback_email_shape check (email = '' or email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  constraint feedback_single_lines check (name !~ '[[:cntrl:]]' and email !~ '[[:cntrl:]]' and phone !~ '[[:cntrl:]]'),
  constraint feedback_message_controls check (message !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]')
);

comment on table public.feedback is 'Feedback, compliments and complaints from the website form. Written only by the send-feedback function.';

create index feedback_created_at_idx on public.feedback (created_at);

-- One row per accepted submission in the last hour, keyed by a salted SHA-256 of the client's address (never the address).
create table public.feedback_rate_limit (
  client_hash text not null,
  created_at timestamptz not null default now(),
  constraint feedback_rate_limit_hash check (client_hash ~ '^[0-9a-f]{64}$')
);

comment on table public.feedback_rate_limit is 'Recent submissions per client (salted hash of the address) for the send-feedback rate limit.';

create index feedback_rate_limit_client_idx on public.feedback_rate_limit (client_hash, created_at);
create index feedback_rate_limit_created_at_idx on public.feedback_rate_limit (created_at);

alter table public.feedback enable row level security;
alter table public.feedback_rate_limit enable row level security;

-- Supabase grants every new table to anon and authenticated by default: take that back.
revoke all on table public.feedback, public.feedback_rate_limit from public, anon, authenticated;
grant select, insert on table public.feedback to service_role;
grant select, insert, delete on table public.feedback_rate_limit to service_role;

-- Stores one submission, atomically: the rate-limit check, its bookkeeping and the feedback row commit together or not
-- at all. Returns {"stored": true}, or {"stored": false, "retryAfter": seconds} when the client is over the limit.
-- p_limit 0 (or no client hash) turns the limit off.
create function public.submit_feedback(
  p_feedback_type public.feedback_type,
  p_name text,
  p_email text,
  p_phone text,
  p_message text,
  p_client_hash text default null,
  p_limit integer default 0,
  p_window_seconds integer default 3600
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  window_start timestamptz := now() - make_interval(secs => p_window_seconds);
  recent integer;
  oldest timestamptz;
begin
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
    insert into public.feedback_rate_limit (client_hash) values (p_client_hash);
  end if;
  insert into public.feedback (feedback_type, name, email, phone, message)
  values (p_feedback_type, p_name, p_email, p_phone, p_message);
  return jsonb_build_object('stored', true);
end;
$$;

revoke all on function public.submit_feedback(public.feedback_type, text, text, text, text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.submit_feedback(public.feedback_type, text, text, text, text, text, integer, integer) to service_role;
