export const actionsPath = (organizationId: string) => `/organizations/${organizationId}/tasks`;
export const actionPath = (organizationId: string, taskId: string) => `${actionsPath(organizationId)}/${taskId}`;

/** The navigation state the list passes to the detail: the name for the breadcrumb at once, and edit mode. */
export interface ActionNavigationState {
  name?: string;
  edit?: boolean;
}

/** The time of day of an ISO instant, as the person's locale writes it. */
export function creationTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(language);
}

/** Today in the browser's time zone, as YYYY-MM-DD (the default due date). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
