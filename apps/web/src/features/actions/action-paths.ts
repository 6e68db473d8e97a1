export const actionsPath = (organizationId: string) => `/organizations/${organizationId}/tasks`;
export const actionPath = (organizationId: string, taskId: string) => `${actionsPath(organizationId)}/${taskId}`;

/** The navigation state the list passes to the detail: the name for the breadcrumb at once, and edit mode. */
export interface ActionNavigationState {
  name?: string;
  edit?: boolean;
}

/** Today in the browser's time zone, as YYYY-MM-DD (the default due date). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
