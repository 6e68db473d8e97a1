-- Training records (spec 03 sections 2-5, 7 and 9; spec 02 group trainings; docs/decisions/0020-training-records.md).
--
-- A training record is evidence in an audit (ISO 13485 6.2, Part 11): who was trained on what
-- version, when, and how they showed it. Questions are versioned and never changed in place;
-- every attempt is an append-only row. organization_id leads every key and every foreign key
-- between organization-owned tables, so no row can point into another organization.

CREATE TABLE training_records (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  -- The organization's counter 'training' (core/counters.ts): never reused, also after a delete.
  number integer NOT NULL CHECK (number > 0),
  name text NOT NULL CHECK (length(btrim(name)) >= 1),
  description text NOT NULL CHECK (length(btrim(description)) >= 1),
  due_date date NOT NULL,
  assigner_id uuid NOT NULL REFERENCES users (id),
  creator_id uuid NOT NULL REFERENCES users (id),
  link text NULL CHECK (link ~* '^https?://'),
  link_description text NULL,
  extra_link text NULL CHECK (extra_link ~* '^https?://'),
  extra_link_description text NULL,
  -- The questions in force: changing the questions writes version + 1 (the old rows stay, the
  -- attempts made on them keep pointing at them); pending people take the current version.
  quiz_version integer NOT NULL DEFAULT 1 CHECK (quiz_version >= 1),
  -- The round of passes that counts: it starts again (cycle + 1) when a document revision linked
  -- to the training is approved, so every assignee passes it for that revision; passes of
  -- earlier rounds stay, labelled with the revision they were for.
  cycle integer NOT NULL DEFAULT 1 CHECK (cycle >= 1),
  cycle_document_id uuid NULL,
  cycle_revision integer NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  CHECK ((cycle_document_id IS NULL) = (cycle_revision IS NULL))
);
CREATE UNIQUE INDEX training_records_number_key ON training_records (organization_id, number);
CREATE INDEX training_records_assigner_idx ON training_records (organization_id, assigner_id, number);
CREATE INDEX training_records_creator_idx ON training_records (organization_id, creator_id, number);
CREATE INDEX training_records_name_idx ON training_records (organization_id, lower(name));

CREATE TABLE training_record_files (
  organization_id uuid NOT NULL,
  training_id uuid NOT NULL,
  file_id uuid NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (organization_id, training_id, file_id),
  FOREIGN KEY (organization_id, training_id) REFERENCES training_records (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, file_id) REFERENCES organization_files (organization_id, id)
);

CREATE TABLE training_record_tags (
  organization_id uuid NOT NULL,
  training_id uuid NOT NULL,
  tag_id uuid NOT NULL,
  PRIMARY KEY (organization_id, training_id, tag_id),
  FOREIGN KEY (organization_id, training_id) REFERENCES training_records (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, tag_id) REFERENCES tags (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX training_record_tags_tag_idx ON training_record_tags (organization_id, tag_id);

-- The quiz: questions of every version, lettered answers. Never updated; a change is a new version.
CREATE TABLE training_questions (
  organization_id uuid NOT NULL,
  id uuid NOT NULL,
  training_id uuid NOT NULL,
  quiz_version integer NOT NULL,
  number integer NOT NULL CHECK (number >= 1),
  name text NOT NULL CHECK (length(btrim(name)) >= 1),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, training_id) REFERENCES training_records (organization_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX training_questions_order_key ON training_questions (organization_id, training_id, quiz_version, number);

CREATE TABLE training_answers (
  organization_id uuid NOT NULL,
  id uuid NOT NULL,
  question_id uuid NOT NULL,
  number integer NOT NULL CHECK (number >= 1),
  name text NOT NULL CHECK (length(btrim(name)) >= 1),
  is_correct boolean NOT NULL,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, question_id) REFERENCES training_questions (organization_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX training_answers_order_key ON training_answers (organization_id, question_id, number);

-- The assignees as chosen on the form: people and user groups.
CREATE TABLE training_assignee_users (
  organization_id uuid NOT NULL,
  training_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  PRIMARY KEY (organization_id, training_id, user_id),
  FOREIGN KEY (organization_id, training_id) REFERENCES training_records (organization_id, id) ON DELETE CASCADE
);

CREATE TABLE training_assignee_groups (
  organization_id uuid NOT NULL,
  training_id uuid NOT NULL,
  group_id uuid NOT NULL,
  PRIMARY KEY (organization_id, training_id, group_id),
  FOREIGN KEY (organization_id, training_id) REFERENCES training_records (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, group_id) REFERENCES user_groups (organization_id, id) ON DELETE CASCADE
);
-- assignedToTrainings of a group, and the group's trainings for the add-person wizard.
CREATE INDEX training_assignee_groups_group_idx ON training_assignee_groups (organization_id, group_id);

-- Who has to pass the training: the direct assignees, the members of its groups when the group
-- was assigned, and the people added to a group later with this training chosen in the wizard.
-- A person who leaves the organization is no longer pending; their attempts stay.
CREATE TABLE training_assignments (
  organization_id uuid NOT NULL,
  training_id uuid NOT NULL,
  user_id uuid NOT NULL,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, training_id, user_id),
  FOREIGN KEY (organization_id, training_id) REFERENCES training_records (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, user_id) REFERENCES memberships (organization_id, user_id) ON DELETE CASCADE
);
-- The "related" predicate, the dashboard card, the HR record's trainings.
CREATE INDEX training_assignments_user_idx ON training_assignments (organization_id, user_id, training_id);

-- Every attempt to pass (append-only): the answers chosen, the result, the time, the quiz version
-- and round it was for, and the document revision that round was for.
CREATE TABLE training_attempts (
  organization_id uuid NOT NULL,
  id uuid NOT NULL,
  training_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  cycle integer NOT NULL,
  quiz_version integer NOT NULL,
  document_id uuid NULL,
  revision integer NULL,
  -- [{ "questionId": uuid, "answerIds": [uuid, ...] }, ...]
  answers jsonb NOT NULL,
  passed boolean NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  request_id text NULL,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, training_id) REFERENCES training_records (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX training_attempts_training_idx ON training_attempts (organization_id, training_id, user_id, attempted_at);
CREATE INDEX training_attempts_user_idx ON training_attempts (organization_id, user_id, attempted_at);
-- One pass per person and round.
CREATE UNIQUE INDEX training_attempts_pass_key ON training_attempts (organization_id, training_id, user_id, cycle) WHERE passed;

-- An attempt is never changed. It is deleted only by the cascade of its training's delete (the
-- training row is gone by then, and its delete wrote the attempts into the audit trail).
CREATE FUNCTION training_attempts_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (
    SELECT 1 FROM training_records t WHERE t.organization_id = OLD.organization_id AND t.id = OLD.training_id
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'training attempts are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER training_attempts_append_only
  BEFORE UPDATE OR DELETE ON training_attempts
  FOR EACH ROW EXECUTE FUNCTION training_attempts_refuse_change();

-- A document revision links to at most one training; deleting the training unlinks it.
ALTER TABLE document_revisions
  ADD CONSTRAINT document_revisions_training_fkey FOREIGN KEY (organization_id, training_record_id)
    REFERENCES training_records (organization_id, id) ON DELETE SET NULL (training_record_id);
CREATE INDEX document_revisions_training_idx ON document_revisions (organization_id, training_record_id)
  WHERE training_record_id IS NOT NULL;
