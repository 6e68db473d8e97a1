import type { ThemeConfig } from 'antd';

export const SIDEBAR_BG = '#0f1e33';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5fd1',
    colorInfo: '#1f5fd1',
    colorBgLayout: '#f3f5f9',
    borderRadius: 6,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 24px', siderBg: SIDEBAR_BG },
    Menu: {
      darkItemBg: SIDEBAR_BG,
      darkSubMenuItemBg: '#0b1728',
      darkItemSelectedBg: '#1f5fd1',
    },
    Table: { headerBg: '#f7f8fb' },
  },
};
