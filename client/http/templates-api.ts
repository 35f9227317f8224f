import { PAGE_SIZE } from '../../lib/constants';
import type { CreateTemplateBody, UpdateTemplateBody } from '../../lib/contract/templates';
import { call } from './api';

/** The active hub's form templates (hub settings, new record tables). */
export const templatesApi = {
  list: (page = 1, archived = false) =>
    call('GET form-templates/', { query: { page, page_size: PAGE_SIZE, archived: archived ? 'true' : 'false' } }),
  get: (templateId: string) => call('GET form-templates/:template_id/', { params: { template_id: templateId } }),
  create: (body: CreateTemplateBody) => call('POST form-templates/', { body }),
  update: (templateId: string, body: UpdateTemplateBody) => call('PATCH form-templates/:template_id/', { params: { template_id: templateId }, body }),
};
