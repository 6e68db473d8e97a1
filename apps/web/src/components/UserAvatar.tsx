import { UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '@qualis/contract';
import { Avatar } from 'antd';

type Person = Pick<SessionUser, 'firstName' | 'lastName' | 'avatar'>;

export function fullName(person: Pick<SessionUser, 'firstName' | 'lastName'>) {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** The person's picture, else their initials, else a silhouette. */
export function UserAvatar({ person, size }: { person: Person; size?: number }) {
  const initials = [person.firstName, person.lastName]
    .map((part) => part?.trim()[0] ?? '')
    .join('')
    .toUpperCase();
  // Always shown beside the name, so the picture itself is decorative (no redundant alt text).
  if (person.avatar) return <Avatar size={size} src={person.avatar.compactPath} alt="" />;
  return (
    <Avatar size={size} icon={initials ? undefined : <UserOutlined />} className="qualis-avatar" aria-hidden>
      {initials || undefined}
    </Avatar>
  );
}
