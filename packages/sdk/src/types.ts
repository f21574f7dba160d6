// The public API's resource types, named as the OpenAPI document names them (generated; see scripts/generate-types.mts).
import type { components } from './generated/api-schemas';

type Schemas = components['schemas'];

export type Email = Schemas['Email'];
export type EmailStatus = Schemas['EmailStatus'];
export type EmailTag = Schemas['EmailTag'];
export type ApiAttachment = Schemas['Attachment'];
export type SendEmailBody = Schemas['SendEmailBody'];
export type BatchItemResult = Schemas['BatchItemResult'];
export type BatchSendResponse = Schemas['BatchSendResponse'];
export type Pagination = Schemas['Pagination'];
export type EmailListResponse = Schemas['EmailListResponse'];
export type Template = Schemas['Template'];
export type ApiKey = Schemas['ApiKey'];
export type ErrorCode = Schemas['ErrorCode'];
