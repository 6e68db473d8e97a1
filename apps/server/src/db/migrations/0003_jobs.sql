-- Background work that must survive a restart: queued jobs, and recurring schedules.
CREATE TABLE jobs (
  id uuid PRIMARY KEY,
  organization_id uuid NULL,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL DEFAULT now(),
  last_error text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz NULL
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'pending';

CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL
);
