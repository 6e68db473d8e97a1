-- Issue 26 (docs/performance.md, 'Search at 100,000 again'; docs/decisions/0044-search-file-owners.md):
-- the global search ranked every action and training holding a word to keep its best 1,001
-- (34,000 actions for a common word at 100,000), because a match in the name ranks above one in
-- the description and only the whole vector was indexed. The name is the vector's weight 'A'
-- (0025_search.sql); indexing that part alone lets the name tier be read and ranked from its own
-- index, and the other fields' tier be taken as read, capped. Expression indexes, as the trigram
-- indexes of the names are: nothing to store or backfill.
CREATE INDEX actions_search_name_idx ON actions USING gin (organization_id, ts_filter(search_vector, '{a}'));
CREATE INDEX training_records_search_name_idx ON training_records
  USING gin (organization_id, ts_filter(search_vector, '{a}'));
