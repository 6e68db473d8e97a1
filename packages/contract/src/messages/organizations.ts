/** Organizations and their logs export (spec 01 sections 4, 5). */
export const organizationsMessages = {
  organizationCreated: 'Organization has been successfully created!',
  organizationRenamed: 'Organization name has been edited successfully',
  organizationStatusChanged: 'Status has been successfully changed',
  organizationDeleted: 'Organization has been deleted successfully',
  invalidInfoType: 'Unknown info type',
  logsExportSelectionRequired: 'Please, choose organizations and info types, or include organization changes',
  logsExportDateRangeRequired: 'Please, choose a date range',
  logsExportDateRangeOrder: 'The start date must not be after the end date',
  logsExportDateRangeLimit: 'The date range must lie between three months ago and today',
} as const;
