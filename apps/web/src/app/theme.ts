import type { ThemeConfig } from 'antd';

export const SIDEBAR_BG = '#0f1e33';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5fd1',
    colorInfo: '#1f5fd1',
    colorBgLayout: '#f3f5f9',
    borderRadius: 6,
    // WCAG 2.1 AA: secondary and descriptive texts at 4.5:1 or more on white and on the page background.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // Select placeholders ('Choose a document type') and the red of errors and danger buttons at 4.5:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 24px', siderBg: SIDEBAR_BG },
    Menu: {
      darkItemBg: SIDEBAR_BG,
      darkSubMenuItemBg: '#0b1728',
      darkItemSelectedBg: '#1f5fd1',
    },
    Table: { headerBg: '#f7f8fb' },
    // The 'No' of an off switch is white on its track: a darker track for 4.5:1.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  },
};

/** The same theme for people whose system asks for reduced motion (WCAG 2.3.3): antd animates nothing. */
export const withoutMotion: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
