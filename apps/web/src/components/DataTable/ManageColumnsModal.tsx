import { Button, Checkbox, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  columns: readonly { key: string; title: string }[];
  visible: readonly string[];
  onSave: (visible: string[]) => void;
  onCancel: () => void;
}

/** "Display Columns": mounted while open, so every opening starts from the table's current columns. */
export function ManageColumnsModal({ columns, visible, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<string[]>(() => [...visible]);

  return (
    <Modal
      open
      title={t('table.displayColumns')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: checked.length === 0 }}
      onOk={() => onSave(checked)}
      onCancel={onCancel}
    >
      <Space className="qualis-columns-actions">
        <Button size="small" onClick={() => setChecked(columns.map((c) => c.key))}>
          {t('table.selectAll')}
        </Button>
        <Button size="small" onClick={() => setChecked([])}>
          {t('table.unselectAll')}
        </Button>
      </Space>
      <Checkbox.Group
        className="qualis-columns-list"
        value={checked}
        onChange={(keys) => setChecked(keys)}
        options={columns.map((c) => ({ label: c.title, value: c.key }))}
      />
    </Modal>
  );
}
