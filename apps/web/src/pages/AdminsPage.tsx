import { PeoplePage } from '../features/people/PeoplePage';

/** /organizations/{id}/admins (spec 02 section 2, "Admins list"); the SuperAdmin's only. */
export default function AdminsPage() {
  return <PeoplePage kind="admins" />;
}
