-- The restricted roles of spec 03 section 6 (docs/decisions/0023-restricted-roles.md): a
-- restriction belongs to one membership, so a person can be a client in one organization and an
-- unrestricted member of another.
ALTER TABLE memberships
  ADD COLUMN restriction text NOT NULL DEFAULT 'none'
    CONSTRAINT memberships_restriction_check CHECK (restriction IN ('none', 'client', 'hrLimited'));
