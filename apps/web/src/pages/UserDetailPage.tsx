import { useParams } from 'react-router';
import { UserAccessPermissions } from '../features/people/UserAccessPermissions';

/** /organizations/{id}/users/{userId}: a person's read-only Access Permissions page (spec 02 section 2). */
export default function UserDetailPage() {
  const { organizationId = '', userId = '' } = useParams();
  return <UserAccessPermissions key={userId} organizationId={organizationId} userId={userId} />;
}
