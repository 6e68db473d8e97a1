/** Admins and Users of an organization, access codes (spec 02 sections 4, 5, 8). */
export const peopleMessages = {
  adminCreated: 'Admin has been successfully created',
  userCreated: 'User has been successfully created',
  adminsAdded: 'Admin(s) have been successfully added',
  usersAdded: 'User(s) have been successfully added',
  adminDeleted: 'Admin has been successfully deleted',
  userDeleted: 'User has been successfully deleted',
  choosePeople: 'Please, choose at least one person.',
  chooseOrganizations: 'Please, choose at least one organization.',
  personNotDeletable: 'Only a person who is inactive and has not confirmed the e-mail can be deleted.',
  personHasRecords:
    'This person is named in records (such as actions) and cannot be deleted. Please, keep them inactive.',
  accessCodeSent: 'The access code has been sent to {email}',
  accessCodeStillValid:
    'Your access code is still valid: please, use the code sent to you by e-mail. If you have lost it, ask an Admin of your organization to generate a new one.',
  accessCodeSendLimit: 'An access code can be sent once in 5 minutes. Please, check your e-mail or try again later.',
} as const;
