// Error bodies these routes answer: the shared { message, code } plus the extra fields some errors carry
// (a response schema strips anything it does not list).
import { ErrorBody } from '@mailwright/contracts';
import { Type } from '@sinclair/typebox';

export const TemplateErrorBody = Type.Object({
  ...ErrorBody.properties,
  /** 400 on render: every placeholder without a value. */
  missing: Type.Optional(Type.Array(Type.String())),
  /** 403 PLAN_LIMIT: the plan's template limit. */
  limit: Type.Optional(Type.Integer()),
});

export const errorResponses = {
  400: TemplateErrorBody,
  401: TemplateErrorBody,
  403: TemplateErrorBody,
  404: TemplateErrorBody,
  413: TemplateErrorBody,
  415: TemplateErrorBody,
  503: TemplateErrorBody,
};
