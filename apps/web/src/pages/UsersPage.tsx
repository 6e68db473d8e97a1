import { PeoplePage } from '../features/people/PeoplePage';

/** /organizations/{id}/users (spec 02 section 2, "Users list"). */
export default function UsersPage() {
  return <PeoplePage kind="users" />;
}
