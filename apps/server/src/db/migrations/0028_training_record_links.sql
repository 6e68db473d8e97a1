-- A training's link and extra link may be the path of a record, as an action's may (migration
-- 0015): Create & Link Training fills the link with the document revision's path.
ALTER TABLE training_records
  DROP CONSTRAINT training_records_link_check,
  DROP CONSTRAINT training_records_extra_link_check;
ALTER TABLE training_records
  ADD CONSTRAINT training_records_link_check CHECK (
    link ~* '^https?://'
    OR link ~ '^/organizations/[0-9a-f-]{36}/(documents|tasks|training-records|human-resources)/[0-9a-f-]{36}(\?revision=[0-9]+)?$'
  ),
  ADD CONSTRAINT training_records_extra_link_check CHECK (
    extra_link ~* '^https?://'
    OR extra_link ~ '^/organizations/[0-9a-f-]{36}/(documents|tasks|training-records|human-resources)/[0-9a-f-]{36}(\?revision=[0-9]+)?$'
  );
