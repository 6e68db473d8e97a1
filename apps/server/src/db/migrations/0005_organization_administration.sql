-- Organization administration: mails may carry attachments (the organization logs export is
-- e-mailed as a CSV). Each entry is { fileName, storageKey, contentType, removeAfterSend }; the
-- bytes live in the file storage, the worker reads them when it sends.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The logs export reads an organization's events of some info types in a date range.
CREATE INDEX audit_events_org_info_time_idx ON audit_events (organization_id, info_type, occurred_at);
