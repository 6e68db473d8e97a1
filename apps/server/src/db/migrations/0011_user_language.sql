-- The language of a person's e-mails: set by the web's language switch and at sign-in; a person
-- created by an admin starts with the creator's language. The list matches LANGUAGES in
-- packages/contract/src/languages.ts.
ALTER TABLE users
  ADD COLUMN language text NOT NULL DEFAULT 'en'
  CHECK (language IN ('en', 'el', 'it', 'sr', 'es', 'de', 'ru'));
