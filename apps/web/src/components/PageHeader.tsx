import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <header className="qualis-page-header">
      <Typography.Title level={1}>{title}</Typography.Title>
      {extra && <div className="qualis-page-header__extra">{extra}</div>}
    </header>
  );
}
