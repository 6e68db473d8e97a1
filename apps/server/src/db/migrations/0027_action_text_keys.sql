-- Automatic actions in the reader's language (docs/decisions/0016-automatic-actions.md): an
-- automatic action keeps its English name and description (API clients, CSV exports, search) and
-- the key of its text in the contract's ACTION_TEXTS with the values of its placeholders, so the
-- web and the e-mails show it in each person's language. Editing the name or the description
-- clears its key: the person's words are shown as they wrote them.
ALTER TABLE actions
  ADD COLUMN name_key text NULL
    CHECK (name_key IN ('reviewDocument', 'approveDocument', 'releaseDocument', 'linkTraining', 'passTraining')),
  ADD COLUMN name_params jsonb NULL,
  ADD COLUMN description_key text NULL
    CHECK (description_key IN ('reviewDocument', 'approveDocument', 'releaseDocument', 'linkTraining', 'passTraining')),
  ADD CONSTRAINT actions_name_params_check CHECK ((name_key IS NULL) = (name_params IS NULL));

-- Actions made before keep their English name (their key stays null). Their link gets the
-- record's name, as new ones get it, so the Link column reads a name and not a path.
UPDATE actions a
SET link_description = concat_ws(' ', coalesce(r.type_description, '#' || d.number), r.name)
FROM documents d
JOIN document_revisions r ON r.organization_id = d.organization_id AND r.document_id = d.id
WHERE a.source_type = 'document'
  AND a.link_description IS NULL
  AND d.organization_id = a.organization_id
  AND d.id = a.source_id
  AND r.revision = coalesce(substring(a.link FROM '\?revision=([0-9]+)$')::integer, d.latest_revision);

UPDATE actions a
SET link_description = '#' || t.number || ' ' || t.name
FROM training_records t
WHERE a.source_type = 'training-record'
  AND a.link_description IS NULL
  AND t.organization_id = a.organization_id
  AND t.id = a.source_id;
