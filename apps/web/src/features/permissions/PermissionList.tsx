import { QuestionCircleOutlined } from '@ant-design/icons';
import { missingParentOf } from '@qualis/contract';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionText } from '../../shared/i18n';
import { permissionTree, type PermissionNode } from './permission-tree';
import './PermissionList.css';

export interface PermissionListProps {
  /** The switched-on permission types. */
  on: readonly number[];
  /** The sub-tab (1 Documents, 2 Actions, 3 Training Records, 4 Organization Settings). */
  tab: 1 | 2 | 3 | 4;
  /** False on a person's read-only access page: every switch is disabled. */
  editable: boolean;
  /** 'user': first person ('Allows you ...'); 'admin': third person ('Allows the user ...'). */
  tooltipStyle: 'user' | 'admin';
  onToggle?: (type: number, on: boolean) => void;
  /**
   * A toggle is on its way: further toggles wait for the answer. The switches stay enabled (a
   * disabled switch would drop a keyboard user's focus) and say they are busy instead.
   */
  pending?: boolean;
}

/**
 * The permission switches of one area (spec 02 sections 2 and 4), each nested under the option it
 * depends on. A switch whose parent is off is disabled, as the server refuses it.
 */
export function PermissionList({ on, tab, editable, tooltipStyle, onToggle, pending }: PermissionListProps) {
  // Re-render on a language switch; the texts come from the catalogue's translation keys.
  useTranslation();
  const render = (nodes: PermissionNode[], depth: number) => (
    <ul className={depth === 0 ? 'qualis-permissions' : 'qualis-permissions__children'} role="list">
      {nodes.map(({ permission, children }) => {
        const { type } = permission;
        const label = permissionText(type, 'label');
        const tooltip = permissionText(type, tooltipStyle === 'user' ? 'you' : 'user');
        const checked = on.includes(type);
        const blocked = !checked && missingParentOf(on, type) !== null;
        return (
          <li key={type} className="qualis-permissions__item" data-type={type}>
            <span className="qualis-permissions__row">
              <Switch
                size="small"
                checked={checked}
                disabled={!editable || blocked}
                aria-label={label}
                aria-busy={pending || undefined}
                onChange={(value) => {
                  if (!pending) onToggle?.(type, value);
                }}
              />
              <span className="qualis-permissions__label">{label}</span>
              <Tooltip title={tooltip}>
                <QuestionCircleOutlined className="qualis-permissions__hint" aria-label={tooltip} />
              </Tooltip>
            </span>
            {children.length > 0 && render(children, depth + 1)}
          </li>
        );
      })}
    </ul>
  );

  return render(permissionTree(tab), 0);
}
