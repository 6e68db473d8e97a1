import { Spin } from 'antd';

export function PageSpinner() {
  return (
    <div className="qualis-page-spinner">
      <Spin size="large" />
    </div>
  );
}
