-- Global search (spec 03; docs/decisions/0021-global-search.md): full-text vectors with GIN
-- indexes for words and phrases, trigram indexes for partial names and numbers, and the text of
-- organization files, extracted by a background job. Accents and case do not matter: the
-- configuration folds accents, the 'simple' dictionary folds case and does not stem (the
-- organizations write in several languages).

CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE TEXT SEARCH CONFIGURATION qualis_search (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION qualis_search
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, simple;

-- unaccent() is STABLE (its dictionary could change); this fixed form may be indexed. Names are
-- schema-qualified: index builds run with a search_path of pg_catalog only.
CREATE FUNCTION qualis_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- Documents: what the row shows (Document ID and name) apart from the General section's text
-- (revision name and description), which only people who may open that section search.
ALTER TABLE document_revisions
  ADD COLUMN search_name tsvector GENERATED ALWAYS AS (
    to_tsvector('qualis_search', coalesce(type_description, '') || ' ' || name)) STORED,
  ADD COLUMN search_details tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('qualis_search', coalesce(revision_name, '')), 'B')
    || setweight(to_tsvector('qualis_search', revision_description), 'C')) STORED;
CREATE INDEX document_revisions_search_name_idx ON document_revisions USING gin (search_name);
CREATE INDEX document_revisions_search_details_idx ON document_revisions USING gin (search_details);
CREATE INDEX document_revisions_name_trgm_idx ON document_revisions
  USING gin (qualis_fold(coalesce(type_description, '') || ' ' || name) public.gin_trgm_ops);
-- Documents by the controlled file (the extra files have their own table's key).
CREATE INDEX document_revisions_file_idx ON document_revisions (organization_id, file_id);
CREATE INDEX document_revision_files_file_idx ON document_revision_files (organization_id, file_id);

ALTER TABLE actions
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('qualis_search', name), 'A')
    || setweight(to_tsvector('qualis_search', description), 'B')) STORED;
CREATE INDEX actions_search_idx ON actions USING gin (search_vector);
CREATE INDEX actions_name_trgm_idx ON actions USING gin (qualis_fold(name) public.gin_trgm_ops);

ALTER TABLE training_records
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('qualis_search', name), 'A')
    || setweight(to_tsvector('qualis_search', description), 'B')) STORED;
CREATE INDEX training_records_search_idx ON training_records USING gin (search_vector);
CREATE INDEX training_records_name_trgm_idx ON training_records USING gin (qualis_fold(name) public.gin_trgm_ops);

ALTER TABLE training_questions
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('qualis_search', name), 'C')) STORED;
CREATE INDEX training_questions_search_idx ON training_questions USING gin (search_vector);
CREATE INDEX training_record_files_file_idx ON training_record_files (organization_id, file_id);
CREATE INDEX hr_records_file_idx ON hr_records (organization_id, file_id) WHERE file_id IS NOT NULL;

CREATE INDEX tags_name_trgm_idx ON tags USING gin (qualis_fold(name) public.gin_trgm_ops);

-- The text of an organization file, once per file (a changed file is a new file). Its name is
-- searchable at once; its text when the job 'extract-file-text' has read it. A file whose text
-- cannot be read stays findable by its name.
CREATE TABLE file_texts (
  organization_id uuid NOT NULL,
  file_id uuid NOT NULL,
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'extracted', 'unreadable', 'unsupported')),
  content text NULL,
  -- Extracted text beyond the stored limit was cut off (see modules/search/file-text.ts).
  truncated boolean NOT NULL DEFAULT false,
  extracted_at timestamptz NULL,
  error text NULL,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('qualis_search', file_name), 'B')
    || setweight(to_tsvector('qualis_search', coalesce(content, '')), 'D')) STORED,
  PRIMARY KEY (organization_id, file_id),
  FOREIGN KEY (organization_id, file_id) REFERENCES organization_files (organization_id, id) ON DELETE CASCADE,
  CHECK ((status = 'pending') = (extracted_at IS NULL))
);
CREATE INDEX file_texts_search_idx ON file_texts USING gin (search_vector);

-- Files stored before search existed are read too.
INSERT INTO file_texts (organization_id, file_id, file_name)
  SELECT organization_id, id, original_name FROM organization_files;
INSERT INTO jobs (id, organization_id, kind, payload)
  SELECT gen_random_uuid(), organization_id, 'extract-file-text',
    jsonb_build_object('organizationId', organization_id, 'fileId', id)
  FROM organization_files;
