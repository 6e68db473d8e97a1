/** Actions and notifications (spec 03 sections 2, 5, 7, 8). */
export const actionsMessages = {
  actionCreated: 'Your action is created',
  actionUpdated: 'The action is updated successfully',
  actionDeleted: 'The action is deleted',
  actionStatusInvalid: 'Please, choose a status: To do (0) or Complete (1).',
  actionAssigneeNotMember: 'The assignee must be an active member of this organization.',
  actionAssignerNotMember: 'The assigner must be an active member of this organization.',
  actionStatusOnly: 'You may change only the status of this action.',
  chooseActions: 'Please, choose at least one action.',
  actionAssigneeFilterInvalid: 'Please, choose the assignee to filter by from the list.',
  actionDueDateRangeOrder: 'The due date "from" must not be after the due date "to".',
  automaticActionStatus: 'This action completes itself when the work it asks for is done.',
  automaticActionAssignee: 'The assignee of this action is chosen on the record it belongs to.',
  notificationDismissed: 'The notification is dismissed',
  notificationsDismissed: 'All notifications are dismissed',
  notificationAlreadyDismissed: 'This notification is already dismissed.',
} as const;
