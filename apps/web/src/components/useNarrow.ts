import { Grid } from 'antd';

/** True below antd's `md` breakpoint (768 px): phones, where the shell and the tables take their compact form. */
export function useNarrow(): boolean {
  return !Grid.useBreakpoint().md;
}
