-- Global search (docs/performance.md, "Global search (issue 12)"): the text indexes of 0025 lead
-- with organization_id (btree_gin), so a search reads the index entries of its own organization's
-- rows and visits only those rows. Keyed by the text alone, every organization's matching rows
-- were read from the table and dropped for their organization: a search's time grew with the
-- matches of organizations its person cannot see.

CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;

DROP INDEX document_revisions_search_name_idx;
CREATE INDEX document_revisions_search_name_idx ON document_revisions USING gin (organization_id, search_name);
DROP INDEX document_revisions_search_details_idx;
CREATE INDEX document_revisions_search_details_idx ON document_revisions USING gin (organization_id, search_details);
DROP INDEX document_revisions_name_trgm_idx;
CREATE INDEX document_revisions_name_trgm_idx ON document_revisions
  USING gin (organization_id, qualis_fold(coalesce(type_description, '') || ' ' || name) public.gin_trgm_ops);

DROP INDEX actions_search_idx;
CREATE INDEX actions_search_idx ON actions USING gin (organization_id, search_vector);
DROP INDEX actions_name_trgm_idx;
CREATE INDEX actions_name_trgm_idx ON actions USING gin (organization_id, qualis_fold(name) public.gin_trgm_ops);

DROP INDEX training_records_search_idx;
CREATE INDEX training_records_search_idx ON training_records USING gin (organization_id, search_vector);
DROP INDEX training_records_name_trgm_idx;
CREATE INDEX training_records_name_trgm_idx ON training_records
  USING gin (organization_id, qualis_fold(name) public.gin_trgm_ops);

DROP INDEX training_questions_search_idx;
CREATE INDEX training_questions_search_idx ON training_questions USING gin (organization_id, search_vector);

DROP INDEX tags_name_trgm_idx;
CREATE INDEX tags_name_trgm_idx ON tags USING gin (organization_id, qualis_fold(name) public.gin_trgm_ops);

DROP INDEX file_texts_search_idx;
CREATE INDEX file_texts_search_idx ON file_texts USING gin (organization_id, search_vector);
