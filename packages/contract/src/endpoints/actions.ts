import { z } from 'zod';
import { changedEnvelope, dataEnvelope, listEnvelope } from '../envelopes.js';
import {
  ZAction,
  ZActionDetailQuery,
  ZActionListQuery,
  ZActionOption,
  ZActionOptionsQuery,
  ZActionsExportQuery,
  ZCreateActionRequest,
  ZDeleteActionsQuery,
  ZMemberOption,
  ZMemberOptionsQuery,
  ZUpdateActionRequest,
} from '../actions.js';

import { endpoint, ZFileResponse } from './endpoint.js';

/** The calls of actions (docs/api.md). */
export const actionsEndpoints = {
  actions: {
    list: endpoint({ method: 'GET', path: '/tasks', query: ZActionListQuery, response: listEnvelope(ZAction) }),
    detail: endpoint({
      method: 'GET',
      path: '/tasks/{taskId}/details',
      query: ZActionDetailQuery,
      response: dataEnvelope(ZAction),
    }),
    create: endpoint({
      method: 'POST',
      path: '/tasks',
      body: ZCreateActionRequest,
      response: changedEnvelope(ZAction),
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/tasks/{taskId}/details',
      body: ZUpdateActionRequest,
      response: changedEnvelope(ZAction),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/tasks',
      query: ZDeleteActionsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    exportCsv: endpoint({ method: 'GET', path: '/export/Tasks', query: ZActionsExportQuery, response: ZFileResponse }),
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-task',
      query: ZActionsExportQuery,
      response: ZFileResponse,
    }),
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-Tasks',
      query: ZActionsExportQuery,
      response: ZFileResponse,
    }),
    options: endpoint({
      method: 'GET',
      path: '/tasks/available',
      query: ZActionOptionsQuery,
      response: dataEnvelope(z.array(ZActionOption)),
    }),
    memberOptions: endpoint({
      method: 'GET',
      path: '/organizations/{organizationId}/member-options',
      query: ZMemberOptionsQuery,
      response: dataEnvelope(z.array(ZMemberOption)),
    }),
  },
} as const;
